/**
 * /setup check: for organisers, what the bot can and cannot do in this channel and its threads, a ✔
 * or ✘ per permission of the one list (bot-permissions.ts), what each is for, and how to grant a ✘.
 * Answered privately: it is about the server's settings, not the league.
 */
import { MessageFlags } from 'discord.js';
import { botPermissionsIn, howToGrant, missingFrom, NEEDED_PERMISSIONS, inviteUrl } from './bot-permissions';
import type { CommandModule } from './command';
import { mustOrganise } from './league/league-access';
import { subcommand } from './option-spec';
import { refuse } from '../match/user-error';

export const setupCommand: CommandModule = {
  data: {
    name: 'setup',
    description: 'Organisers: check that the bot can run matches here',
    options: [subcommand('check', 'Organisers: what the bot can and cannot do in this channel and its threads')],
  },
  async run(interaction, app) {
    const channel = interaction.channel;
    if (!interaction.inGuild() || !channel || channel.isDMBased()) refuse('not-in-a-server', 'Run `/setup check` in the server channel you want to check.');
    const home = channel.isThread() ? (channel.parent ?? channel) : channel;
    mustOrganise(interaction, (await app.store.leagueSettings.get(home.id)) ?? null);
    const has = await botPermissionsIn(home);
    const missing = new Set(missingFrom(has).map((p) => p.flag));
    const lines = NEEDED_PERMISSIONS.map((p) =>
      missing.has(p.flag) ? `✘ **${p.name}**: to ${p.use}. Without it, ${p.without}` : `✔ **${p.name}**: to ${p.use}.`,
    );
    const lacking = NEEDED_PERMISSIONS.filter((p) => missing.has(p.flag));
    const blocking = lacking.some((p) => p.required);
    const verdict =
      lacking.length === 0
        ? '✅ The bot has everything it needs here.'
        : blocking
          ? `⛔ Matches cannot start here without ${lacking
              .filter((p) => p.required)
              .map((p) => `**${p.name}**`)
              .join(', ')}.`
          : '⚠️ Matches can run here, with less than they could.';
    const fix =
      lacking.length === 0
        ? []
        : [
            howToGrant(
              lacking.map((p) => p.name),
              home.id,
            ),
          ];
    const invite = app.client.application ? [`-# A new server: invite the bot with every permission at ${inviteUrl(app.client.application.id)}`] : [];
    await interaction.reply({
      content: [`**What the bot can do in <#${home.id}> and its threads**`, verdict, ...lines, ...fix, ...invite].join('\n'),
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
  },
};
