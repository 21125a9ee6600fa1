/**
 * Playing the users: slash commands, autocomplete, button clicks, menu picks, modal submissions and
 * plain messages. Each checks what the Discord client would check (the command exists and the user
 * may see it, the button is on a message they can see and is enabled), then sends the bot the same
 * INTERACTION_CREATE Discord would.
 */
import { randomBytes } from 'node:crypto';
import type { APIMessageComponentInteractionData, APIModalSubmission, ComponentType } from 'discord.js';
import { postMessage } from './channel-messages';
import { commandData, splitCommandName } from './command-options';
import type { CommandRegistry } from './command-registry';
import { customIds, findComponent, isSelect, pickedLabels, selectionData } from './components';
import { FakeDiscordError } from './errors';
import type { Gateway } from './gateway';
import { autocompleteInteraction, chatInputInteraction, componentInteraction, modalSubmitInteraction, type InteractionTarget } from './interaction-payload';
import type { InteractionRecord, InteractionSpec, InteractionTracker } from './interactions';
import type { IncomingFile } from './message-content';
import { apiMessage } from './payloads';
import { mayUseCommand } from './permissions';
import type { SnowflakeMint } from './snowflakes';
import type {
  AutocompleteChoice,
  AutocompleteInput,
  ClickInput,
  CommandInput,
  FakeMessage,
  InteractionOutcome,
  ModalSubmitInput,
  PostInput,
  SelectInput,
} from './types';
import { fakeMessage } from './views';
import { ChannelType, MessageFlag, type ChannelRecord, type MessageRecord, type UserRecord, type World } from './world';
import { isObject, type Json } from './json';

/** discord.js's enums are runtime values; the fake imports its types only, so it names this one itself. */
const BUTTON = 2 as ComponentType.Button;

export interface DriverParts {
  readonly world: World;
  readonly commands: CommandRegistry;
  readonly tracker: InteractionTracker;
  readonly gateway: Gateway;
  readonly mint: SnowflakeMint;
  readonly attachmentSizeLimit: number;
}

export class Driver {
  constructor(private readonly parts: DriverParts) {}

  command(input: CommandInput): InteractionOutcome {
    const { world } = this.parts;
    const user = this.#person(input.user);
    const channel = this.#guildChannel(input.channel);
    const command = this.#command(user, input, channel.guildId ?? this.parts.world.guild.id);
    const data = commandData(world, command, input);
    const record = this.#open({ kind: 'command', type: 2, name: this.#fullName(input), user, channel, componentMessageId: null });
    return this.#send(record, chatInputInteraction(world, this.#target(record, input.locale), data));
  }

  async autocomplete(input: AutocompleteInput, timeoutMs = 5000): Promise<AutocompleteChoice[]> {
    const { world } = this.parts;
    const user = this.#person(input.user);
    const channel = this.#guildChannel(input.channel);
    const command = this.#command(user, input, channel.guildId ?? this.parts.world.guild.id);
    const data = commandData(world, command, input, input.focused);
    const name = `${this.#fullName(input)} ${input.focused}`;
    const record = this.#open({ kind: 'autocomplete', type: 4, name, user, channel, componentMessageId: null });
    const outcome = this.#send(record, autocompleteInteraction(world, this.#target(record, input.locale), data));
    const response = await outcome.response(timeoutMs);
    return [...(response.choices ?? [])];
  }

  click(input: ClickInput): InteractionOutcome {
    const { user, message, component } = this.#component(input);
    if (Number(component.type) !== 2) {
      throw new FakeDiscordError('not-a-button', `"${input.customId}" on message ${message.id} is a menu; use select().`);
    }
    return this.#componentInteraction(user, message, { custom_id: input.customId, component_type: BUTTON });
  }

  /**
   * A button interaction with any custom id on a message the user can see, as a modified client or a
   * self-bot can send one: Discord delivers it, and only the bot can tell the id is not one of the
   * message's components (it is in the payload's `message.components`).
   */
  forgeClick(input: ClickInput): InteractionOutcome {
    const { user, message } = this.#visible(input);
    return this.#componentInteraction(user, message, { custom_id: input.customId, component_type: BUTTON });
  }

  select(input: SelectInput): InteractionOutcome {
    const { user, message, component } = this.#component(input);
    if (!isSelect(component)) {
      throw new FakeDiscordError('not-a-menu', `"${input.customId}" on message ${message.id} is a button; use click().`);
    }
    const picked = selectionData(this.parts.world, component, input.values);
    return this.#componentInteraction(
      user,
      message,
      {
        custom_id: input.customId,
        component_type: Number(component.type) as ComponentType.StringSelect,
        values: picked.values,
        ...(picked.resolved ? { resolved: picked.resolved } : {}),
      } as APIMessageComponentInteractionData,
      pickedLabels(this.parts.world, component, picked.values),
    );
  }

  submitModal(input: ModalSubmitInput): InteractionOutcome {
    const { world, tracker } = this.parts;
    const parent = tracker.get(input.interaction);
    const modal = parent?.response?.modal;
    if (!parent || !modal) {
      throw new FakeDiscordError('no-modal', `Interaction ${input.interaction} did not open a modal.`);
    }
    const user = this.#person(input.user);
    if (user.id !== parent.user.id) {
      throw new FakeDiscordError('not-your-modal', `Only ${parent.user.username} sees the modal from interaction ${parent.id}.`);
    }
    const components = modalAnswers(modal.components, input.values, modal.custom_id);
    const data: APIModalSubmission = { custom_id: modal.custom_id, components: components as APIModalSubmission['components'] };
    const record = this.#open({
      kind: 'modal-submit',
      type: 5,
      name: modal.custom_id,
      user,
      channel: parent.channel,
      componentMessageId: parent.componentMessageId,
    });
    const message = parent.componentMessageId ? world.message(parent.componentMessageId) : undefined;
    return this.#send(record, modalSubmitInteraction(world, this.#target(record), data, message ? apiMessage(world, message) : undefined));
  }

  post(input: PostInput): FakeMessage {
    const { world } = this.parts;
    const author = this.#person(input.user);
    const channel = world.requireChannel(input.channel);
    if (channel.type === ChannelType.DM && channel.recipientId !== author.id) {
      throw new FakeDiscordError('not-your-dm', `DM channel ${channel.id} is between the bot and someone else.`);
    }
    const files: IncomingFile[] = (input.files ?? []).map((file, index) => ({
      index,
      filename: file.name,
      contentType: file.contentType,
      bytes: Buffer.from(typeof file.data === 'string' ? file.data : file.data),
    }));
    const body: Json = {
      content: input.content ?? '',
      attachments: (input.files ?? []).map((file, index) => ({
        id: String(index),
        ...(file.description ? { description: file.description } : {}),
      })),
      ...(input.replyTo ? { message_reference: { message_id: input.replyTo } } : {}),
    };
    try {
      return fakeMessage(world, postMessage(world, { channel, author, body, files }));
    } catch (error) {
      // The REST error shape means nothing to a person at the sandbox's chat box.
      if (error instanceof FakeDiscordError) throw error;
      throw new FakeDiscordError('cannot-post', error instanceof Error ? error.message : String(error));
    }
  }

  // ---- helpers -------------------------------------------------------------------------------------

  #person(ref: string): UserRecord {
    const user = this.parts.world.requireUser(ref);
    if (user.bot) throw new FakeDiscordError('bot-user', 'The bot cannot be driven as a user.');
    return user;
  }

  /** Slash commands run in the guild; the fake does not model commands in DMs. */
  #guildChannel(ref: string | undefined): ChannelRecord {
    const channel = this.parts.world.requireChannel(ref);
    if (channel.type === ChannelType.DM) {
      throw new FakeDiscordError('dm-command', 'The fake runs slash commands in guild channels and threads only.');
    }
    return channel;
  }

  #fullName(input: { name: string; group?: string; subcommand?: string }): string {
    const { name, group, subcommand } = splitCommandName(input);
    return [name, group, subcommand].filter(Boolean).join(' ');
  }

  #command(user: UserRecord, input: { name: string; group?: string; subcommand?: string }, guildId: string) {
    const { world, commands } = this.parts;
    const { name } = splitCommandName(input);
    const command = commands.findChatInput(name, guildId);
    if (!command) {
      const known = commands
        .all()
        .filter((c) => c.type === 1)
        .map((c) => `/${c.name}`)
        .join(', ');
      throw new FakeDiscordError('unknown-command', `The bot has not registered /${name} (it has: ${known || 'nothing'}).`);
    }
    if (!mayUseCommand(world.permissionsOf(user), command.default_member_permissions)) {
      const needed = command.default_member_permissions ?? '';
      throw new FakeDiscordError('missing-permissions', `${user.username} cannot see /${name}: it needs permissions ${needed}.`);
    }
    return command;
  }

  /** The clicking user and the message, which must exist and be visible to them. */
  #visible(input: ClickInput): { user: UserRecord; message: MessageRecord } {
    const { world } = this.parts;
    const user = this.#person(input.user);
    const message = world.message(input.message);
    if (!message) throw new FakeDiscordError('unknown-message', `There is no message ${input.message}.`);
    const dm = world.channel(message.channelId);
    if (dm?.type === ChannelType.DM && dm.recipientId !== user.id) {
      throw new FakeDiscordError('not-visible', `Message ${message.id} is in someone else's DMs.`);
    }
    if (message.ephemeralFor !== null && message.ephemeralFor !== user.id) {
      throw new FakeDiscordError('not-visible', `Message ${message.id} is ephemeral and only its user sees it.`);
    }
    return { user, message };
  }

  #component(input: ClickInput): { user: UserRecord; message: MessageRecord; component: Json } {
    const { user, message } = this.#visible(input);
    const component = findComponent(message.components, input.customId);
    if (!component) {
      const ids = customIds(message.components);
      const known = ids.join(', ') || 'none';
      throw new FakeDiscordError('unknown-component', `Message ${message.id} has no component "${input.customId}" (it has: ${known}).`);
    }
    if (component.disabled === true) throw new FakeDiscordError('disabled', `"${input.customId}" is disabled.`);
    if ((message.flags & MessageFlag.Loading) !== 0) throw new FakeDiscordError('loading', `Message ${message.id} is still loading.`);
    return { user, message, component };
  }

  #componentInteraction(user: UserRecord, message: MessageRecord, data: APIMessageComponentInteractionData, picked?: string): InteractionOutcome {
    const { world } = this.parts;
    const channel = world.channel(message.channelId) ?? world.defaultChannel;
    const record = this.#open({
      kind: data.component_type === BUTTON ? 'button' : 'select',
      type: 3,
      name: String(data.custom_id),
      user,
      channel,
      componentMessageId: message.id,
      ...(picked === undefined ? {} : { picked }),
    });
    return this.#send(record, componentInteraction(world, this.#target(record), apiMessage(world, message), data));
  }

  #open(spec: Omit<InteractionSpec, 'id' | 'token'>): InteractionRecord {
    // Discord's tokens are long opaque strings; this one is unguessable in the same way.
    const token = `aW50ZXJhY3Rpb246${randomBytes(48).toString('base64url')}`;
    return this.parts.tracker.open({ ...spec, id: this.parts.mint.next(), token });
  }

  #target(record: InteractionRecord, locale?: string): InteractionTarget {
    return {
      id: record.id,
      token: record.token,
      user: record.user,
      channel: record.channel,
      attachmentSizeLimit: this.parts.attachmentSizeLimit,
      ...(locale ? { locale } : {}),
    };
  }

  #send(record: InteractionRecord, payload: unknown): InteractionOutcome {
    const sessions = this.parts.gateway.dispatch('INTERACTION_CREATE', payload, undefined, record.channel.guildId);
    this.parts.tracker.delivered(record, sessions);
    return this.parts.tracker.outcome(record);
  }
}

/**
 * A modal's answers in Discord's submission shape: rows and labels each carry their one input, with
 * the user's value. Required inputs must be filled, and every value must name an input.
 */
function modalAnswers(components: readonly unknown[], values: ModalSubmitInput['values'], modalId: string): unknown[] {
  const known = new Set<string>();
  const answer = (field: Json): Json => {
    const id = String(field.custom_id);
    known.add(id);
    const given = values[id];
    if (Number(field.type) === 4) {
      const value = typeof given === 'string' ? given : (given?.[0] ?? '');
      const min = typeof field.min_length === 'number' ? field.min_length : 0;
      const max = typeof field.max_length === 'number' ? field.max_length : 4000;
      if (field.required !== false && value === '') throw new FakeDiscordError('missing-field', `Modal "${modalId}" needs "${id}".`);
      if (value !== '' && (value.length < min || value.length > max)) {
        throw new FakeDiscordError('invalid-field', `Modal "${modalId}": "${id}" must be ${min} to ${max} characters.`);
      }
      return { type: 4, custom_id: id, value };
    }
    return { type: Number(field.type), custom_id: id, values: given === undefined ? [] : typeof given === 'string' ? [given] : [...given] };
  };
  const answers = components.flatMap((component): Json[] => {
    if (!isObject(component)) return [];
    if (Number(component.type) === 1) {
      const inner = Array.isArray(component.components) ? component.components.filter(isObject) : [];
      return [{ type: 1, components: inner.map(answer) }];
    }
    if (Number(component.type) === 18 && isObject(component.component)) return [{ type: 18, component: answer(component.component) }];
    return [];
  });
  const unknown = Object.keys(values).filter((id) => !known.has(id));
  if (unknown.length > 0) throw new FakeDiscordError('unknown-field', `Modal "${modalId}" has no field ${unknown.join(', ')}.`);
  return answers;
}
