/**
 * /warband submit | show | list | remove. Replies are private: a warband is the player's own
 * business until a match reveals it, and a failed submission is nobody else's. `show` can be shared.
 */
import { ApplicationCommandOptionType, MessageFlags, type ChatInputCommandInteraction, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { App } from '../app';
import type { CommandModule } from '../command';
import { mapById, mapIds } from '../map/map-library';
import { attachmentOption, booleanOption, optionSet, textOption } from '../option-spec';
import type { OptionValue, ReadOptions } from '../options';
import { refuse } from '../../match/user-error';
import { CHAT_FORM_HELP, chatLine, checkSubmission } from '../../match/warband-check';
import { warbandEmbed } from './warband-embed';
import { loadWarband, removeWarband, saveWarband, warbandChoices, warbandListEmbed } from './warband-library';
import { checkUploadMeta, readUpload } from '../upload';
import { markSaved } from '../../match/saved';
import { shown } from '../../discord/text';

const nameArg = textOption({ name: 'name', description: 'One of your warbands', required: true, autocomplete: true });
const share = booleanOption({ name: 'share', description: 'Post it in the channel for everyone to see', default: false });

const args = {
  submit: optionSet(
    attachmentOption({ name: 'file', description: 'A .json or .yaml warband file (or give text instead)' }),
    textOption({ name: 'text', description: 'Or one line: name | faction | map | card, card+mod, …', max: 2000 }),
  ),
  show: optionSet(nameArg, share),
  remove: optionSet(nameArg),
};

const data = {
  name: 'warband',
  description: 'Submit, view and remove your warbands',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'submit',
      description: 'Needs a file or text: save a warband from a JSON or YAML file, or from one line of text',
      options: args.submit.json,
    },
    { type: ApplicationCommandOptionType.Subcommand, name: 'show', description: 'Show one of your warbands', options: args.show.json },
    { type: ApplicationCommandOptionType.Subcommand, name: 'list', description: 'List your saved warbands' },
    { type: ApplicationCommandOptionType.Subcommand, name: 'remove', description: 'Delete one of your warbands', options: args.remove.json },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

const privately = { flags: MessageFlags.Ephemeral } as const;

async function submit(interaction: ChatInputCommandInteraction, app: App, values: Readonly<Record<string, OptionValue>>): Promise<void> {
  const { file, text: line } = args.submit.parse(values);
  if ((file === undefined) === (line === undefined)) {
    refuse('submit-needs-one', `Give either \`file\` (a JSON or YAML warband) or \`text\`, not ${file ? 'both' : 'neither'}. ${CHAT_FORM_HELP}`);
  }
  let source: string;
  if (file) {
    // Refuse a wrong or huge file at once; only a plausible one is worth deferring for and downloading.
    checkUploadMeta(file, 'a warband');
    await interaction.deferReply(privately);
    source = await readUpload(file, 'a warband');
  } else {
    source = chatLine(line!);
  }
  const guild = interaction.guildId;
  const checked = checkSubmission(source, file?.name, app.content.index, await mapIds(app, guild));
  const { replaced } = await saveWarband(app, { id: interaction.user.id, name: interaction.user.displayName }, checked, source);
  markSaved(interaction);
  const reply = {
    content: `${replaced ? 'Replaced' : 'Saved'} **${shown(checked.warband.name)}**. It's ready for a skirmish; \`/warband show\` brings it back.`,
    embeds: [warbandEmbed(checked, (await mapById(app, checked.warband.map, guild))?.name)],
  };
  if (interaction.deferred) await interaction.editReply(reply);
  else await interaction.reply({ ...reply, ...privately });
}

async function run(interaction: ChatInputCommandInteraction, app: App, options: ReadOptions): Promise<void> {
  const owner = interaction.user.id;
  switch (options.sub) {
    case 'submit':
      return submit(interaction, app, options.values);
    case 'show': {
      const { name, share } = args.show.parse(options.values);
      const loaded = await loadWarband(app, owner, name);
      const embed = warbandEmbed(loaded, (await mapById(app, loaded.map, interaction.guildId))?.name);
      await interaction.reply({ embeds: [embed], ...(share ? {} : privately) });
      return;
    }
    case 'list':
      await interaction.reply({ embeds: [await warbandListEmbed(app, owner)], ...privately });
      return;
    case 'remove': {
      const { name } = args.remove.parse(options.values);
      const removed = await removeWarband(app, owner, name);
      markSaved(interaction);
      // A legal warband's line is a few hundred characters; the check keeps the reply under Discord's 2,000.
      const undo = removed.line && removed.line.length < 1800 ? ` To bring it back: \`/warband submit text:${removed.line}\`` : '';
      await interaction.reply({ content: `Removed **${shown(removed.name)}**.${undo}`, ...privately });
      return;
    }
    default:
      refuse('unknown-command', `I don't know \`/warband ${options.sub ?? ''}\`. It may be from an older version of the bot.`);
  }
}

export const warbandCommand: CommandModule = {
  data,
  run,
  autocomplete: async (interaction, app, options) => (options.focused === 'name' ? await warbandChoices(app, interaction.user.id, options.values.name) : []),
};
