/**
 * /league standings: the season's table as a picture with the same table as its alt text; with
 * `pin:true` (organisers) a standings post the bot keeps up to date, redrawn after every result
 * (posts/league-result-post.ts queues the edit, bot/league-post-worker.ts makes it).
 */
import { MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { standingsOf } from '../../league/standings';
import type { App } from '../app';
import { leagueHere, mustOrganise } from './league-access';
import { standingsMessage } from '../../league/league-posts';
import { save } from '../../match/saved';
import { displayName } from '../skirmish/skirmish-challenge';
import { messageOf } from '../thread';
import { shown } from '../../discord/text';

export async function standings(interaction: ChatInputCommandInteraction, app: App, o: { pin: boolean }): Promise<void> {
  const league = await leagueHere(app, interaction);
  if (o.pin) {
    mustOrganise(interaction, league.settings);
    const by = interaction.user.id;
    await save(app, interaction, async () => {
      await app.store.leagueSettings.pinStandings(league.id, { kind: 'standings', pinned: true });
      await app.store.leagueLog.add({ leagueId: league.id, by, kind: 'pin', subject: 'standings' });
    });
    app.outbox.kickLeague?.();
    await interaction.reply({
      content: `📌 The standings are posted in this channel, and **${shown(displayName(interaction))}**'s post is kept up to date after every result. Pin that message in Discord to keep it at hand.`,
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
    return;
  }
  await interaction.deferReply();
  const table = await standingsOf(app.store, league.id);
  const { content, files } = messageOf(standingsMessage(table));
  await interaction.editReply({ content: content ?? null, files: files ?? [], allowedMentions: { parse: [] } });
}
