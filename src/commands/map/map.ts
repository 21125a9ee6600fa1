/**
 * /map list | show map | submit file. Anyone may look; only organisers (Manage Server) may add a map,
 * and it is added to their server. Looking is private unless `share` is set. `list` and `show` are of
 * the game `ruleset:` names, else of this thread's match or channel's league (ruleset-here.ts): a game
 * played at the table lists its own maps (`TableRules.maps()`) and draws one through its view
 * (`ViewRules.map`), the server's submitted ones among them; submitted maps are Sellsword's
 * gridmaps, or another game's maps checked by that game (`TableRules.readMap`) and played on in the
 * server they were submitted in like its shipped ones (match/table-maps.ts).
 */
import {
  AttachmentBuilder,
  ApplicationCommandOptionType,
  MessageFlags,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { Gridmap } from '../../formats/gridmap';
import { didYouMean } from '../../formats/suggest';
import type { App } from '../app';
import type { CommandModule } from '../command';
import { mapById, mapChoices, mapFacts, mapIds, mapListEmbed, tableGameWith, tableMapListEmbed, tableMapNamed } from './map-library';
import { renderMapPreview } from '../../posts/map-preview';
import { checkOrganiser, submitMap } from './map-submit';
import { attachmentOption, booleanOption, choiceOption, optionSet, textOption } from '../option-spec';
import { RULESETS, type Ruleset, type TableRules } from '../../rulesets';
import { renderTable } from '../../render/table-picture';
import { rulesetHere } from '../ruleset-here';
import { tableMapsHere } from '../../match/table-maps';
import type { ReadOptions } from '../options';
import { refuse } from '../../match/user-error';
import { checkUploadMeta, readUpload } from '../upload';
import { markSaved } from '../../match/saved';
import { shown } from '../../discord/text';

const share = booleanOption({ name: 'share', description: 'Post it in the channel for everyone to see', default: false });

const ruleset = choiceOption({
  name: 'ruleset',
  description: `The game (default: this match's or league's game, else ${RULESETS[0]!.name})`,
  choices: RULESETS.map((r) => ({ name: r.name, value: r.id })),
});

const args = {
  list: optionSet(share, ruleset),
  show: optionSet(textOption({ name: 'map', description: 'The map (type a name or id)', required: true, autocomplete: true }), share, ruleset),
  submit: optionSet(
    attachmentOption({ name: 'file', description: 'A .json or .yaml gridmap, or a Sword and Claw map (ruleset: sword-and-claw)', required: true }),
  ),
};

const data = {
  name: 'map',
  description: 'Browse the maps, or add one (organisers)',
  options: [
    { type: ApplicationCommandOptionType.Subcommand, name: 'list', description: 'List the maps you can play on', options: args.list.json },
    { type: ApplicationCommandOptionType.Subcommand, name: 'show', description: 'Draw a map', options: args.show.json },
    { type: ApplicationCommandOptionType.Subcommand, name: 'submit', description: 'Add a map to this server (needs Manage Server)', options: args.submit.json },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

const visibility = (share: boolean) => (share ? {} : { flags: MessageFlags.Ephemeral as const });

/** "Mill Crossing · `mill-crossing` · 18×18 · 2 players" */
function mapHeadline(map: Gridmap): string {
  const f = mapFacts(map);
  return `**${shown(map.name)}** · \`${map.id}\` · ${f.width}×${f.height} · ${f.players} players`;
}

/** The map and, beside it, its key (the map picture itself carries none). */
function previewFiles(map: Gridmap): AttachmentBuilder[] {
  const { png, alt, key } = renderMapPreview(map);
  return [
    new AttachmentBuilder(png, { name: `${map.id}.png`, description: alt }),
    new AttachmentBuilder(key.png, { name: `${map.id}-key.png`, description: key.alt }),
  ];
}

/** A map of a game played at the table, drawn by its view with the key to its terrain. */
async function showTableMap(
  interaction: ChatInputCommandInteraction,
  app: App,
  game: Ruleset,
  table: TableRules,
  typed: string,
  share: boolean,
): Promise<void> {
  const offer = await tableMapNamed(app, game, table, typed, interaction.guildId);
  const view = game.view?.map?.(offer.id, offer.document);
  if (!view) throw new Error(`${game.name} lists the map ${offer.id} but cannot draw it`);
  await interaction.deferReply(visibility(share));
  const { png, alt } = renderTable(view);
  await interaction.editReply({
    content: `**${shown(offer.name)}** · \`${offer.id}\` · ${game.name} · ${offer.about}${offer.submitted ? ' · submitted' : ''}`,
    files: [new AttachmentBuilder(png, { name: `${offer.id}.png`, description: alt })],
  });
}

/** The game played at the table whose map this server submitted under this id or name, if any. */
async function submittedTableMap(app: App, typed: string, guild: string | null) {
  const key = typed.trim().toLowerCase();
  for (const game of RULESETS) {
    const map = game.table ? (await tableMapsHere(app, game, guild)).find((m) => m.submitted && (m.id === key || m.name.toLowerCase() === key)) : undefined;
    if (map) return { game, map };
  }
  return undefined;
}

async function show(interaction: ChatInputCommandInteraction, app: App, options: ReadOptions): Promise<void> {
  const { map: id, share, ruleset: named } = args.show.parse(options.values);
  const game = await rulesetHere(app, interaction.channelId, named);
  if (game.table) return showTableMap(interaction, app, game, game.table, id, share);
  const map = await mapById(app, id, interaction.guildId);
  if (!map) {
    // A map of a game played at the table, typed without `ruleset:`, is drawn as that game's.
    const other = tableGameWith(id.trim().toLowerCase()) ?? (await submittedTableMap(app, id, interaction.guildId));
    if (other?.game.table) return showTableMap(interaction, app, other.game, other.game.table, other.map.id, share);
    const known = await mapIds(app, interaction.guildId);
    refuse('unknown-map', `There is no map "${shown(id)}"${didYouMean(id.toLowerCase(), known)}. \`/map list\` shows the maps you can use.`);
  }
  await interaction.deferReply(visibility(share));
  await interaction.editReply({ content: mapHeadline(map), files: previewFiles(map) });
}

async function submit(interaction: ChatInputCommandInteraction, app: App, options: ReadOptions): Promise<void> {
  const guild = checkOrganiser(interaction.guildId, interaction.memberPermissions);
  const { file } = args.submit.parse(options.values);
  checkUploadMeta(file, 'a map');
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const source = await readUpload(file, 'a map');
  const { submitted, replaced } = await submitMap(app, source, file.name, interaction.user.id, guild);
  markSaved(interaction);
  const done = replaced ? 'Updated' : 'Added';
  if (submitted.game !== null) {
    // Checked by its game and kept for this server, where it is played on like the game's shipped maps.
    const s = submitted;
    await interaction.editReply({
      content: `${done} **${shown(s.name)}** · \`${s.id}\` · ${s.game.name} · ${s.about} to this server: it is a valid ${s.game.name} map, and its id is this server's. Challenges, practice matches and league map pools here can now name it (\`map:${s.id}\`); a match already begun on it keeps the map as it was.`,
    });
    return;
  }
  const map = submitted.map;
  await interaction.editReply({
    content: `${done} ${mapHeadline(map)} to this server. Players can now name \`${map.id}\` in their warbands.`,
    files: previewFiles(map),
  });
}

export const mapCommand: CommandModule = {
  data,
  async run(interaction, app, options) {
    switch (options.sub) {
      case 'list': {
        const { share, ruleset: named } = args.list.parse(options.values);
        const game = await rulesetHere(app, interaction.channelId, named);
        const embed = game.table ? await tableMapListEmbed(app, game, interaction.guildId) : await mapListEmbed(app, interaction.guildId);
        await interaction.reply({ embeds: [embed], ...visibility(share) });
        return;
      }
      case 'show':
        return show(interaction, app, options);
      case 'submit':
        return submit(interaction, app, options);
      default:
        refuse('unknown-command', `I don't know \`/map ${options.sub ?? ''}\`. It may be from an older version of the bot.`);
    }
  },
  autocomplete: async (interaction, app, options) => {
    if (options.focused !== 'map') return [];
    const game = await rulesetHere(app, interaction.channelId, options.values.ruleset);
    return mapChoices(app, options.values.map, interaction.guildId, game);
  },
};
