/**
 * /skirmish challenge, accept and decline: a challenge opens a thread for the match (spectators follow
 * it there); accepting freezes both warbands into the match's setup and starts the setup prompts.
 */
import { ChannelType, type ChatInputCommandInteraction } from 'discord.js';
import type { App } from './app';
import { afterSaved } from './after-save';
import { announce } from './announce';
import { mapById } from './map-library';
import { beginMatch, makeSetup, pregameStart, type MatchEvent, type MatchSnapshot, type MatchWarband } from './match-state';
import { matchHere } from './match-context';
import type { Submitted } from './submit';
import { postTo } from './thread';
import { refuse } from './user-error';
import { loadWarband, type LoadedWarband } from './warband-library';
import type { RuleError } from '../engine/errors';

export interface Terms {
  readonly points: number;
  readonly map: string | null;
  /** The challenger's warband as it was when challenged: what the opponent was shown is what they meet. */
  readonly challenger: MatchWarband & { readonly map: string };
}

export const DEFAULT_POINTS = 121;

function checkPoints(w: LoadedWarband, points: number): void {
  if (w.points > points) refuse('over-cap', `**${w.row.name}** costs ${w.points} points; this match allows ${points}.`);
}

const frozen = (w: LoadedWarband): MatchWarband => ({ name: w.row.name, faction: w.faction, points: w.points, units: w.warband.units });

const displayName = (interaction: ChatInputCommandInteraction): string =>
  (interaction.member && 'displayName' in interaction.member ? interaction.member.displayName : null) ?? interaction.user.globalName ?? interaction.user.username;

export async function challenge(interaction: ChatInputCommandInteraction, app: App, o: { opponent: string; warband: string; points?: number | undefined; map?: string | undefined }): Promise<void> {
  const channel = interaction.channel;
  if (!interaction.guildId || !channel || channel.type !== ChannelType.GuildText) refuse('not-a-league-channel', 'Challenge from a server text channel: the match gets its own thread there.');
  const me = interaction.user.id;
  if (o.opponent === me) refuse('self-challenge', 'You cannot challenge yourself. In the sandbox, switch player at the top to play both sides.');
  const opponent = await app.client.users.fetch(o.opponent).catch(() => null);
  if (!opponent || opponent.bot) refuse('bad-opponent', 'Challenge a player, not a bot.');
  const points = o.points ?? DEFAULT_POINTS;
  const warband = loadWarband(app, me, o.warband);
  checkPoints(warband, points);
  const map = o.map === undefined ? null : (mapById(app, o.map, interaction.guildId) ? o.map.trim().toLowerCase() : refuse('unknown-map', `There is no map "${o.map}". \`/map list\` shows them.`));
  app.store.players.upsert({ id: me, name: displayName(interaction) });
  await interaction.deferReply();
  const myName = displayName(interaction);
  const theirName = opponent.globalName ?? opponent.username;
  const thread = await channel.threads.create({ name: `${myName} vs ${theirName}`.slice(0, 100), autoArchiveDuration: 10080, reason: 'Sellsword match' });
  const terms: Terms = { points, map, challenger: { ...frozen(warband), map: warband.map } };
  // The channel a challenge is made in is a league: its matches and results are listed together.
  app.store.leagues.ensure(interaction.guildId, channel.id, channel.name);
  const row = app.store.matches.create({ id: app.mintId(), guildId: interaction.guildId, channelId: channel.id, threadId: thread.id, players: [me, opponent.id], terms });
  app.store.follows.add(row.id, me);
  await afterSaved(app, interaction, async () => {
    await thread.members.add(me).catch(() => undefined);
    await postTo(app, thread.id, {
      content: `⚔️ <@${opponent.id}>, **${myName}** challenges you with **${warband.row.name}** (${warband.faction}, ${warband.points} points; cap ${points})${map ? ` on **${mapById(app, map)!.name}**` : ''}.\nAccept with \`/skirmish accept warband:\` here, or \`/skirmish decline\`. Spectators: \`/skirmish follow\`.`,
      ping: [opponent.id],
    });
    await interaction.editReply({ content: `**${myName}** challenged <@${opponent.id}>: the match is in <#${thread.id}>.`, allowedMentions: { parse: [] } });
  });
}

export async function accept(interaction: ChatInputCommandInteraction, app: App, o: { warband: string }): Promise<void> {
  const row = matchHere(app, interaction.channelId);
  const [challenger, opponent] = row.players as [string, string];
  if (row.status !== 'challenged') refuse('not-open', 'This challenge is no longer open.');
  if (interaction.user.id !== opponent) refuse('not-your-challenge', interaction.user.id === challenger ? 'You made this challenge; your opponent accepts it.' : `This challenge is for <@${opponent}>.`);
  const terms = row.terms as Terms;
  const theirs = loadWarband(app, opponent, o.warband);
  checkPoints(theirs, terms.points);
  const mine = terms.challenger;
  app.store.players.upsert({ id: opponent, name: displayName(interaction) });
  const names = Object.fromEntries(row.players.map((p) => [p, app.store.players.get(p)?.name ?? p]));
  const mapIdsWanted = terms.map ? [terms.map] : [...new Set([mine.map, theirs.map])];
  const maps = mapIdsWanted.map((id) => ({ id, map: mapById(app, id, row.guildId) ?? refuse('unknown-map', `The map "${id}" is no longer available; start a new challenge with another map.`) }));
  const setup = makeSetup(
    { seed: app.mintSeed(), players: row.players, names, warbands: { [challenger]: mine, [opponent]: frozen(theirs) }, maps, options: { vpTarget: terms.points, glancingBlow: true, roundLimit: null } },
    app.content,
  );
  if ('code' in setup) refuse(setup.code, setup.message);
  const done = app.store.matches.act<MatchSnapshot, MatchEvent, RuleError>(row.id, row.seq, (snapshot, current) => {
    if (snapshot || current.status !== 'challenged') return { ok: false, error: { code: 'not-open', message: 'This challenge is no longer open.' } };
    const begun = beginMatch(setup);
    if (!begun.ok) return begun;
    return { ok: true, events: begun.events, snapshot: begun.snapshot, status: 'setup', setup };
  });
  if (!done.ok) refuse('not-open', done.reason === 'refused' ? done.error.message : 'This challenge changed while you answered; look at the thread.');
  app.store.follows.add(row.id, opponent);
  const submitted: Submitted = { row: done.row, setup, before: { stage: 'pregame', pregame: pregameStart(setup) }, after: done.snapshot, events: done.events };
  await afterSaved(app, interaction, async () => {
    await interaction.reply({ content: `**${names[opponent]}** accepts with **${theirs.row.name}** (${theirs.faction}, ${theirs.points} points). Setup begins.`, allowedMentions: { parse: [] } });
    await announce(app, submitted, { by: opponent });
  });
}

export async function decline(interaction: ChatInputCommandInteraction, app: App): Promise<void> {
  const row = matchHere(app, interaction.channelId);
  if (row.status !== 'challenged') refuse('not-open', 'This challenge is no longer open; to give up a match in progress, use `/skirmish concede`.');
  if (!row.players.includes(interaction.user.id)) refuse('not-your-challenge', 'Only the two players can decline or withdraw this challenge.');
  const done = app.store.matches.act<null, never, RuleError>(row.id, row.seq, () => ({ ok: true, events: [], snapshot: null, status: 'declined' }));
  if (!done.ok) refuse('not-open', 'This challenge changed while you answered; look at the thread.');
  const withdrawn = interaction.user.id === row.players[0];
  await interaction.reply({ content: withdrawn ? `<@${interaction.user.id}> withdrew the challenge.` : `<@${interaction.user.id}> declined the challenge.`, allowedMentions: { parse: [] } });
}
