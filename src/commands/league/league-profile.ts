/** /league profile: a player's record, rating and trend, favourite units and reliability in this league. */
import type { ChatInputCommandInteraction } from 'discord.js';
import { profileOf, reliability, trendText } from '../../league/profile';
import type { App } from '../app';
import { leagueHere } from './league-access';
import { shown } from '../../discord/text';

export async function profile(interaction: ChatInputCommandInteraction, app: App, o: { player?: string | undefined }): Promise<void> {
  const league = await leagueHere(app, interaction);
  const player = o.player ?? interaction.user.id;
  const p = await profileOf(app.store, league.id, player);
  const name = shown((await app.store.players.get(player))?.name ?? (await app.client.users.fetch(player).catch(() => null))?.username ?? player);
  const cardName = (id: string) => shown(app.content.index.units.get(id)?.name ?? id);
  const share = reliability(p.deadlines);
  const lines = [
    `**${name}** in **${shown(league.name)}**`,
    `• Record: ${p.played} played: ${p.won} won, ${p.drawn} drawn, ${p.lost} lost, ${p.forfeits} forfeited`,
    `• Rating: **${p.rating.toFixed(1)}**, ${trendText(p.trend)}`,
    `• Favourite units: ${p.favourites.length > 0 ? p.favourites.map((f) => `${cardName(f.card)} (${f.games})`).join(', ') : 'none yet'}`,
    `• Reliability: ${share === null ? 'no deadlines yet' : `${share}% of deadlines met (${p.deadlines.met} met, ${p.deadlines.missed} missed)`}`,
  ];
  await interaction.reply({ content: lines.join('\n'), allowedMentions: { parse: [] } });
}
