/**
 * /catalog units [faction] and /catalog card card [mod]. Browsing is private unless `share` is set,
 * so looking things up does not fill a league channel.
 */
import {
  AttachmentBuilder,
  ApplicationCommandOptionType,
  MessageFlags,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { defaultContent, type Content } from '../../content/load';
import { unitCost } from '../../rulesets/sellsword/engine';
import { renderCard } from '../../rulesets/sellsword/render';
import type { App } from '../app';
import { cardChoices, findCard, findMod, modChoices } from './catalog-card';
import { cardAltText } from '../../rulesets/sellsword/table';
import { catalogMessages, factionsOf } from './catalog-embeds';
import { choice, type CommandModule } from '../command';
import { booleanOption, optionSet, textOption } from '../option-spec';
import type { ReadOptions } from '../options';
import { refuse } from '../../match/user-error';
import { shown } from '../../discord/text';
import { capitalise } from '../warband/warband-embed';

const share = booleanOption({ name: 'share', description: 'Post it in the channel for everyone to see', default: false });

/** The options; faction choices (for the registered command) come from the catalogs the bot ships with. */
function catalogArgs(factions?: readonly string[]) {
  return {
    units: optionSet(
      textOption({
        name: 'faction',
        description: 'Only this faction',
        max: 40,
        // Discord allows 25 choices; a league with more factions still gets the full list without the option.
        ...(factions ? { choices: factions.slice(0, 25).map((f) => choice(capitalise(f), f) as { name: string; value: string }) } : {}),
      }),
      share,
    ),
    card: optionSet(
      textOption({ name: 'card', description: 'The card (type a name or id)', required: true, autocomplete: true }),
      textOption({ name: 'mod', description: 'A mod to add (type a name or id)', autocomplete: true }),
      share,
    ),
  };
}

/** The command as registered. */
export function catalogData(content: Content) {
  const registered = catalogArgs(factionsOf(content.index));
  return {
    name: 'catalog',
    description: 'Browse the unit cards and mods',
    options: [
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'units',
        description: 'List the unit cards and mods, with ids and costs',
        options: registered.units.json,
      },
      { type: ApplicationCommandOptionType.Subcommand, name: 'card', description: 'Show a stat card, optionally with a mod', options: registered.card.json },
    ],
  } satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;
}

/** The parsers: a faction is checked against the catalogs when used, so they need no choices. */
const args = catalogArgs();

async function units(interaction: ChatInputCommandInteraction, app: App, options: ReadOptions): Promise<void> {
  const { faction, share } = args.units.parse(options.values);
  const index = app.content.index;
  if (faction !== undefined && !factionsOf(index).includes(faction)) {
    refuse('unknown-faction', `There is no faction "${faction}". The catalog has ${factionsOf(index).map(capitalise).join(', ')}.`);
  }
  const flags = share ? {} : { flags: MessageFlags.Ephemeral as const };
  const [first, ...rest] = catalogMessages(index, faction);
  // Discord rejects a message with nothing in it; an empty catalog is a setup mistake worth saying plainly.
  if (!first) return refuse('empty-catalog', "The catalog has no cards yet. Ask an organiser to check the bot's content.");
  await interaction.reply({ embeds: first, ...flags });
  for (const embeds of rest) await interaction.followUp({ embeds, ...flags });
}

async function card(interaction: ChatInputCommandInteraction, app: App, options: ReadOptions): Promise<void> {
  const { card: typed, mod: modTyped, share } = args.card.parse(options.values);
  const found = findCard(app.content.index, typed);
  const mod = modTyped === undefined ? undefined : findMod(app.content.index, found, modTyped);
  // Drawing a card takes tens of milliseconds; deferring keeps well inside Discord's three seconds on a busy host.
  await interaction.deferReply(share ? {} : { flags: MessageFlags.Ephemeral });
  const file = new AttachmentBuilder(renderCard(found, mod, undefined, 'narrow'), {
    name: `${found.id}${mod ? `+${mod.id}` : ''}.png`,
    description: cardAltText(found, mod),
  });
  const title = `**${shown(found.name)}**${mod ? ` + ${shown(mod.name)}` : ''} · ${capitalise(found.faction)} · ${unitCost(found, mod)} pts · \`${found.id}${mod ? `+${mod.id}` : ''}\``;
  await interaction.editReply({ content: title, files: [file] });
}

export function makeCatalogCommand(content: Content): CommandModule {
  return {
    data: catalogData(content),
    async run(interaction, app, options) {
      if (options.sub === 'units') return units(interaction, app, options);
      if (options.sub === 'card') return card(interaction, app, options);
      return refuse('unknown-command', `I don't know \`/catalog ${options.sub ?? ''}\`. It may be from an older version of the bot.`);
    },
    autocomplete(_interaction, app, options) {
      if (options.focused === 'card') return cardChoices(app.content.index, options.values.card);
      if (options.focused === 'mod') return modChoices(app.content.index, options.values.card, options.values.mod);
      return [];
    },
  };
}

export const catalogCommand: CommandModule = makeCatalogCommand(defaultContent());
