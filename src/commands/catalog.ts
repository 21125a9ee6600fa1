/**
 * /catalog units [faction] and /catalog card id [mod]. Browsing is private unless `share` is set,
 * so looking things up does not fill a league channel.
 */
import {
  AttachmentBuilder,
  ApplicationCommandOptionType,
  MessageFlags,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { z } from 'zod';
import { defaultContent, type Content } from '../content/load';
import { unitCost } from '../engine';
import { renderCard } from '../render';
import type { App } from './app';
import { cardAltText, cardChoices, findCard, findMod, modChoices } from './catalog-card';
import { catalogMessages, factionsOf } from './catalog-embeds';
import { choice, type CommandModule } from './command';
import { parseOptions, text, type ReadOptions } from './options';
import { refuse } from './user-error';
import { shown } from './user-text';
import { capitalise } from './warband-embed';

const SHARE = { type: ApplicationCommandOptionType.Boolean, name: 'share', description: 'Post it in the channel for everyone to see' } as const;

/** The command as registered; faction choices come from the catalogs the bot ships with. */
export function catalogData(content: Content) {
  return {
    name: 'catalog',
    description: 'Browse the unit cards and mods',
    options: [
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'units',
        description: 'List the unit cards and mods, with ids and costs',
        options: [
          {
            type: ApplicationCommandOptionType.String,
            name: 'faction',
            description: 'Only this faction',
            // Discord allows 25 choices; a league with more factions still gets the full list without the option.
            choices: factionsOf(content.index)
              .slice(0, 25)
              .map((f) => choice(capitalise(f), f) as { name: string; value: string }),
          },
          SHARE,
        ],
      },
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'card',
        description: 'Show a stat card, optionally with a mod',
        options: [
          {
            type: ApplicationCommandOptionType.String,
            name: 'id',
            description: 'The card (type a name or id)',
            required: true,
            autocomplete: true,
            max_length: 100,
          },
          { type: ApplicationCommandOptionType.String, name: 'mod', description: 'A mod to add (type a name or id)', autocomplete: true, max_length: 100 },
          SHARE,
        ],
      },
    ],
  } satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;
}

const unitsOptions = z.object({ faction: text(40).optional(), share: z.boolean().default(false) });
const cardOptions = z.object({ id: text(100), mod: text(100).optional(), share: z.boolean().default(false) });

async function units(interaction: ChatInputCommandInteraction, app: App, options: ReadOptions): Promise<void> {
  const { faction, share } = parseOptions(unitsOptions, options.values);
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
  const { id, mod: modTyped, share } = parseOptions(cardOptions, options.values);
  const found = findCard(app.content.index, id);
  const mod = modTyped === undefined ? undefined : findMod(app.content.index, found, modTyped);
  // Drawing a card takes tens of milliseconds; deferring keeps well inside Discord's three seconds on a busy host.
  await interaction.deferReply(share ? {} : { flags: MessageFlags.Ephemeral });
  const file = new AttachmentBuilder(renderCard(found, mod), { name: `${found.id}${mod ? `+${mod.id}` : ''}.png`, description: cardAltText(found, mod) });
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
      if (options.focused === 'id') return cardChoices(app.content.index, options.values.id);
      if (options.focused === 'mod') return modChoices(app.content.index, options.values.id, options.values.mod);
      return [];
    },
  };
}

export const catalogCommand: CommandModule = makeCatalogCommand(defaultContent());
