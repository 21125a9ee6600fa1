/**
 * /map list | show map | submit file. Anyone may look; only organisers (Manage Server) may add a map,
 * and it is added to their server. Looking is private unless `share` is set.
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
import { mapById, mapChoices, mapFacts, mapIds, mapListEmbed } from './map-library';
import { renderMapPreview } from '../../posts/map-preview';
import { checkOrganiser, submitMap } from './map-submit';
import { attachmentOption, booleanOption, optionSet, textOption } from '../option-spec';
import type { ReadOptions } from '../options';
import { refuse } from '../../match/user-error';
import { checkUploadMeta, readUpload } from '../upload';
import { markSaved } from '../../match/saved';
import { shown } from '../../discord/text';

const share = booleanOption({ name: 'share', description: 'Post it in the channel for everyone to see', default: false });

const args = {
  list: optionSet(share),
  show: optionSet(textOption({ name: 'map', description: 'The map (type a name or id)', required: true, autocomplete: true }), share),
  submit: optionSet(attachmentOption({ name: 'file', description: 'A .json or .yaml gridmap', required: true })),
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

async function show(interaction: ChatInputCommandInteraction, app: App, options: ReadOptions): Promise<void> {
  const { map: id, share } = args.show.parse(options.values);
  const map = await mapById(app, id, interaction.guildId);
  if (!map) {
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
  const { map, replaced } = await submitMap(app, source, file.name, interaction.user.id, guild);
  markSaved(interaction);
  await interaction.editReply({
    content: `${replaced ? 'Updated' : 'Added'} ${mapHeadline(map)} to this server. Players can now name \`${map.id}\` in their warbands.`,
    files: previewFiles(map),
  });
}

export const mapCommand: CommandModule = {
  data,
  async run(interaction, app, options) {
    switch (options.sub) {
      case 'list': {
        const { share } = args.list.parse(options.values);
        await interaction.reply({ embeds: [await mapListEmbed(app, interaction.guildId)], ...visibility(share) });
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
  autocomplete: async (interaction, app, options) => (options.focused === 'map' ? await mapChoices(app, options.values.map, interaction.guildId) : []),
};
