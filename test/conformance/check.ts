/**
 * Whether one request the bot sent is one Discord accepts: inside Discord's documented limits (the
 * fake's checks, which read the one table in src/discord/limits.ts), well-formed Unicode, and accepted
 * by discord.js's own builder validators. The builders are fed through their setters, field by field:
 * `new EmbedBuilder(json)` and `new ActionRowBuilder(json)` validate nothing.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ChannelSelectMenuBuilder,
  EmbedBuilder,
  MentionableSelectMenuBuilder,
  RoleSelectMenuBuilder,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
  type SlashCommandSubcommandGroupBuilder,
  StringSelectMenuBuilder,
  StringSelectMenuOptionBuilder,
  TextInputBuilder,
  UserSelectMenuBuilder,
  type APIApplicationCommandOption,
  type APIButtonComponent,
  type APIEmbed,
  type APISelectMenuComponent,
  type APIStringSelectComponent,
  type APITextInputComponent,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { DiscordLimit } from '../../src/discord/limits';
import { checkCommand } from '../../src/fakecord/command-registry';
import { checkChoices, checkMessageBody, checkModal, checkWellFormed } from '../../src/fakecord/message-limits';
import type { SentRequest } from '../../src/fakecord';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const IS_COMPONENTS_V2 = 1 << 15;

/** Runs `build`; a validator's refusal becomes a problem naming `what`. */
function built(problems: string[], what: string, build: () => unknown): void {
  try {
    build();
  } catch (error) {
    problems.push(`${what}: discord.js refuses it: ${error instanceof Error ? error.message.split('\n').slice(0, 6).join(' ') : String(error)}`);
  }
}

function embedThroughSetters(e: APIEmbed): void {
  const b = new EmbedBuilder();
  if (e.title !== undefined) b.setTitle(e.title);
  if (e.description !== undefined) b.setDescription(e.description);
  if (e.url !== undefined) b.setURL(e.url);
  if (e.color !== undefined) b.setColor(e.color);
  if (e.timestamp !== undefined) b.setTimestamp(new Date(e.timestamp));
  if (e.footer) b.setFooter({ text: e.footer.text, ...(e.footer.icon_url ? { iconURL: e.footer.icon_url } : {}) });
  if (e.author)
    b.setAuthor({ name: e.author.name, ...(e.author.icon_url ? { iconURL: e.author.icon_url } : {}), ...(e.author.url ? { url: e.author.url } : {}) });
  if (e.image) b.setImage(e.image.url);
  if (e.thumbnail) b.setThumbnail(e.thumbnail.url);
  if (e.fields) b.addFields(e.fields.map((f) => ({ name: f.name, value: f.value, ...(f.inline !== undefined ? { inline: f.inline } : {}) })));
  b.toJSON();
}

function buttonThroughSetters(c: APIButtonComponent): ButtonBuilder {
  const b = new ButtonBuilder().setStyle(c.style);
  if ('label' in c && c.label !== undefined) b.setLabel(c.label);
  if ('custom_id' in c) b.setCustomId(c.custom_id);
  if ('url' in c) b.setURL(c.url);
  if ('emoji' in c && c.emoji) b.setEmoji(c.emoji);
  if (c.disabled !== undefined) b.setDisabled(c.disabled);
  b.toJSON();
  return b;
}

function selectThroughSetters(c: APISelectMenuComponent) {
  const common = <
    B extends { setCustomId(id: string): B; setPlaceholder(p: string): B; setMinValues(n: number): B; setMaxValues(n: number): B; setDisabled(d: boolean): B },
  >(
    b: B,
  ): B => {
    b.setCustomId(c.custom_id);
    if (c.placeholder !== undefined) b.setPlaceholder(c.placeholder);
    if (c.min_values !== undefined) b.setMinValues(c.min_values);
    if (c.max_values !== undefined) b.setMaxValues(c.max_values);
    if (c.disabled !== undefined) b.setDisabled(c.disabled);
    return b;
  };
  switch (c.type) {
    case 3: {
      const menu = common(new StringSelectMenuBuilder());
      for (const o of (c as APIStringSelectComponent).options) {
        const option = new StringSelectMenuOptionBuilder().setLabel(o.label).setValue(o.value);
        if (o.description !== undefined) option.setDescription(o.description);
        if (o.default !== undefined) option.setDefault(o.default);
        if (o.emoji) option.setEmoji(o.emoji);
        menu.addOptions(option);
      }
      menu.toJSON();
      return menu;
    }
    case 5:
      return common(new UserSelectMenuBuilder());
    case 6:
      return common(new RoleSelectMenuBuilder());
    case 7:
      return common(new MentionableSelectMenuBuilder());
    default:
      return common(new ChannelSelectMenuBuilder());
  }
}

function rowThroughSetters(row: Json): void {
  const builder = new ActionRowBuilder<ButtonBuilder | ReturnType<typeof selectThroughSetters>>();
  for (const c of list(row.components)) {
    if (!isObject(c)) continue;
    builder.addComponents(
      c.type === 2 ? buttonThroughSetters(c as unknown as APIButtonComponent) : selectThroughSetters(c as unknown as APISelectMenuComponent),
    );
  }
  builder.toJSON();
}

/** A message body (create, edit, follow-up, callback data) against the limits and the builders. */
function messageProblems(body: Json, problems: string[]): void {
  const flags = typeof body.flags === 'number' ? body.flags : 0;
  for (const p of checkMessageBody(body, flags)) problems.push(`${p.path}: ${p.message}`);
  list(body.embeds).forEach((e, i) => built(problems, `embeds.${i}`, () => embedThroughSetters(e as APIEmbed)));
  if ((flags & IS_COMPONENTS_V2) === 0)
    list(body.components).forEach((row, i) => built(problems, `components.${i}`, () => rowThroughSetters(isObject(row) ? row : {})));
  list(body.attachments).forEach((a, i) => {
    const description = isObject(a) ? a.description : undefined;
    if (typeof description === 'string' && description.length > DiscordLimit.altText)
      problems.push(`attachments.${i}.description: longer than ${DiscordLimit.altText}`);
  });
}

// biome-ignore lint/suspicious/noExplicitAny: the builders' option mixins share these setters but no common type.
type AnyOptionBuilder = any;

function optionThroughSetters(target: AnyOptionBuilder, o: APIApplicationCommandOption): void {
  const base = (b: AnyOptionBuilder) => {
    b.setName(o.name).setDescription(o.description);
    if ('required' in o && o.required !== undefined) b.setRequired(o.required);
    return b;
  };
  const values = (b: AnyOptionBuilder) => {
    const x = o as unknown as Json;
    if (x.autocomplete === true) b.setAutocomplete(true);
    if (Array.isArray(x.choices) && x.choices.length > 0) b.addChoices(...(x.choices as { name: string; value: string | number }[]));
    if (typeof x.min_value === 'number') b.setMinValue(x.min_value);
    if (typeof x.max_value === 'number') b.setMaxValue(x.max_value);
    if (typeof x.min_length === 'number') b.setMinLength(x.min_length);
    if (typeof x.max_length === 'number') b.setMaxLength(x.max_length);
    return b;
  };
  switch (o.type) {
    case 1:
      target.addSubcommand((s: SlashCommandSubcommandBuilder) => {
        s.setName(o.name).setDescription(o.description);
        for (const inner of o.options ?? []) optionThroughSetters(s, inner);
        return s;
      });
      return;
    case 2:
      target.addSubcommandGroup((g: SlashCommandSubcommandGroupBuilder) => {
        g.setName(o.name).setDescription(o.description);
        for (const inner of o.options ?? []) optionThroughSetters(g, inner);
        return g;
      });
      return;
    case 3:
      target.addStringOption((b: AnyOptionBuilder) => values(base(b)));
      return;
    case 4:
      target.addIntegerOption((b: AnyOptionBuilder) => values(base(b)));
      return;
    case 10:
      target.addNumberOption((b: AnyOptionBuilder) => values(base(b)));
      return;
    case 5:
      target.addBooleanOption(base);
      return;
    case 6:
      target.addUserOption(base);
      return;
    case 7:
      target.addChannelOption((b: AnyOptionBuilder) => {
        base(b);
        if (o.channel_types) b.addChannelTypes(...o.channel_types);
        return b;
      });
      return;
    case 8:
      target.addRoleOption(base);
      return;
    case 9:
      target.addMentionableOption(base);
      return;
    default:
      target.addAttachmentOption(base);
  }
}

function commandThroughSetters(c: RESTPostAPIChatInputApplicationCommandsJSONBody): void {
  const b = new SlashCommandBuilder().setName(c.name).setDescription(c.description);
  if (c.default_member_permissions !== undefined) b.setDefaultMemberPermissions(c.default_member_permissions);
  if (c.contexts) b.setContexts(...c.contexts);
  for (const o of c.options ?? []) optionThroughSetters(b, o);
  b.toJSON();
}

function commandProblems(command: unknown, at: string, problems: string[]): void {
  for (const p of checkCommand(command, at)) problems.push(`${p.path}: ${p.message}`);
  if (isObject(command) && (command.type === undefined || command.type === 1)) {
    built(problems, `${at || 'command'} ${String(command.name)}`, () =>
      commandThroughSetters(command as unknown as RESTPostAPIChatInputApplicationCommandsJSONBody),
    );
  }
}

function threadNameProblems(body: Json, problems: string[]): void {
  if (body.name === undefined) return;
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (name.length < 1 || name.length > DiscordLimit.threadName) problems.push(`name: must be 1 to ${DiscordLimit.threadName} characters, is ${name.length}`);
}

/** Every way `request` breaks what Discord and discord.js accept; empty when it conforms. */
export function conformanceProblems(request: SentRequest): string[] {
  const problems = checkWellFormed(request.body).map((p) => `${p.path}: ${p.message}`);
  const body = isObject(request.body) ? request.body : {};
  const route = request.route;
  if (/ \/applications\/:app(\/guilds\/:guild)?\/commands(\/:command)?$/.test(route) && request.method !== 'GET' && request.method !== 'DELETE') {
    if (Array.isArray(request.body)) request.body.forEach((c, i) => commandProblems(c, String(i), problems));
    else commandProblems(body, '', problems);
  } else if (
    route === 'POST /channels/:channel/messages' ||
    route === 'PATCH /channels/:channel/messages/:message' ||
    route === 'POST /webhooks/:app/:token' ||
    route === 'PATCH /webhooks/:app/:token/messages/:message'
  ) {
    messageProblems(body, problems);
  } else if (route === 'POST /interactions/:id/:token/callback') {
    const data = isObject(body.data) ? body.data : {};
    if (body.type === 4 || body.type === 7) messageProblems(data, problems);
    else if (body.type === 8) for (const p of checkChoices(data)) problems.push(`${p.path}: ${p.message}`);
    else if (body.type === 9) {
      for (const p of checkModal(data)) problems.push(`${p.path}: ${p.message}`);
      for (const row of list(data.components)) {
        const input = isObject(row) ? (list(row.components)[0] ?? row.component) : undefined;
        if (isObject(input) && input.type === 4)
          built(problems, 'modal text input', () => textInputThroughSetters(input as unknown as APITextInputComponent, row as Json));
      }
    }
  } else if (
    route === 'POST /channels/:channel/threads' ||
    route === 'POST /channels/:channel/messages/:message/threads' ||
    route === 'PATCH /channels/:channel'
  ) {
    threadNameProblems(body, problems);
  }
  return problems;
}

function textInputThroughSetters(c: APITextInputComponent, row: Json): void {
  const b = new TextInputBuilder().setCustomId(c.custom_id).setStyle(c.style);
  const label = typeof row.label === 'string' ? row.label : c.label;
  if (label !== undefined) b.setLabel(label);
  if (c.placeholder !== undefined) b.setPlaceholder(c.placeholder);
  if (c.min_length !== undefined) b.setMinLength(c.min_length);
  if (c.max_length !== undefined) b.setMaxLength(c.max_length);
  if (c.value !== undefined) b.setValue(c.value);
  if (c.required !== undefined) b.setRequired(c.required);
  b.toJSON();
}
