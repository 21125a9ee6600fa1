/**
 * /skirmish challenge, accept and decline. A challenge names one to three opponents (two to four
 * players) and opens a thread for the match, where spectators follow it. Each warband is frozen when
 * its player commits it (the challenger's at the challenge, the others' on accepting), so what was
 * shown is what is played; when the last opponent accepts, setup begins.
 */
import { ChannelType, type ButtonInteraction, type ChatInputCommandInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { RuleError } from '../../engine';
import type { PlayerId } from '../../rulesets/sellsword/engine';
import type { Gridmap } from '../../formats/gridmap';
import type { MatchRow } from '../../store';
import type { App } from '../app';
import { aboutMatch } from '../../match/services';
import { mustBeAbleIn } from '../bot-permissions';
import { planPosts, retirements } from '../../posts/announce';
import { closing } from '../../match/match-end';
import { lateAct, planWaits } from '../../clock/deadline-plan';
import { clockFromOptions, clockLine, clockOf, type ClockTerms } from '../../clock/clock-terms';
import { leagueTerms, type LeagueTerms } from '../../league/settings';
import { gridmapNamed, listMaps, mapById, tableMapNamed } from '../map/map-library';
import { tableMapsHere } from '../../match/table-maps';
import { pregameStart, type MatchEvent, type MatchSetup, type MatchSnapshot } from '../../match/match-state';
import { matchHere } from '../match-context';
import { answerOwn } from '../own-answer';
import { save } from '../../match/saved';
import { settle } from '../../match/submit';
import { enqueue } from '../../match/table';
import { commitmentOf } from '../../match/dice-proof';
import { matchRecord, type CommittedWarband, type Terms } from '../../match/record';
import { challengeTaker } from '../../match/challenge-taker';
import { refuse } from '../../match/user-error';
import { shown } from '../../discord/text';
import { beginSetup, DEFAULT_POINTS, seats, threadName, vpTargetWhy, type SetupReads } from '../../match/setup';
import { storedNames } from '../../store';
import { loadWarband, type LoadedWarband } from '../warband/warband-library';
import { newMatchRules, RULESETS, rulesetOf, type RulesetId } from '../../rulesets';
import { tableGameOf } from '../../match/table-change';
import { acceptAtTable, challengeAtTable } from './table-challenge';
import { displayName, refuseAcceptance, threadFor } from './challenge-parts';

export { displayName, threadFor } from './challenge-parts';

type Committed = CommittedWarband;

export type { Terms } from '../../match/record';

/** The point cap; `where` names what sets it ("this match", "this league"). */
export function checkPoints(w: LoadedWarband, points: number, where = 'this match'): void {
  if (w.points > points) refuse('over-cap', `**${shown(w.row.name)}** costs ${w.points} points; ${where} allows ${points}.`);
}

export const committed = (w: LoadedWarband): Committed => ({ name: w.row.name, faction: w.faction, points: w.points, units: w.warband.units, map: w.map });

/**
 * A league's pinned terms (league/settings.ts) win over a challenge's options; a challenge that asks
 * for something else is refused rather than quietly changed, so nobody plays terms they did not see.
 */
function leagueAllows(pinned: LeagueTerms, points: number | undefined, clock: Partial<ClockTerms> | undefined): void {
  if (pinned.points !== undefined && points !== undefined && points !== pinned.points)
    refuse('league-points', `This league plays at ${pinned.points} points; leave \`points\` out.`);
  const names: Partial<Record<keyof ClockTerms, string>> = { turnHours: 'turn_hours', promptHours: 'prompt_hours', maxMisses: 'misses' };
  for (const [key, option] of Object.entries(names) as [keyof ClockTerms, string][]) {
    const set = pinned.clock?.[key];
    if (set !== undefined && clock?.[key] !== undefined && clock[key] !== set)
      refuse('league-clock', `This league sets \`${option}\` to ${String(set)}; leave it out.`);
  }
}

export interface ChallengeOptions {
  readonly opponent: string;
  readonly opponent2?: string | undefined;
  readonly opponent3?: string | undefined;
  readonly warband: string;
  readonly points?: number | undefined;
  readonly map?: string | undefined;
  readonly turn_hours?: number | undefined;
  readonly prompt_hours?: number | undefined;
  readonly misses?: number | undefined;
  readonly ruleset?: RulesetId | undefined;
}

/** The game a challenge is for: the one named, else the league's (a league made with `/league create` plays one game), else the default. */
async function challengeRuleset(app: App, channelId: string, isLeague: boolean, named: RulesetId | undefined): Promise<string> {
  const plays = isLeague ? (await app.store.leagues.get(channelId))?.ruleset : undefined;
  if (plays && named && named !== plays) {
    const found = rulesetOf(plays);
    refuse(
      'not-this-league-game',
      `This league plays ${found.ok ? found.ruleset.name : plays}: challenge without \`ruleset:\` here, or in another channel for another game.`,
    );
  }
  return named ?? plays ?? RULESETS[0]!.id;
}

export async function challenge(interaction: ChatInputCommandInteraction, app: App, o: ChallengeOptions): Promise<void> {
  const channel = interaction.channel;
  if (!interaction.guildId || !channel || channel.type !== ChannelType.GuildText)
    refuse('not-a-league-channel', 'Challenge from a server text channel: the match gets its own thread there.');
  const league = await app.store.leagueSettings.get(channel.id);
  if (league && !league.freeChallenges)
    refuse(
      'pairings-only',
      "This league plays only its season's pairings: the bot opens each match itself when a round is paired. `/league round` shows the round's matches.",
    );
  const pinned = league ? leagueTerms(league) : {};
  const me = interaction.user.id;
  const invited = [o.opponent, o.opponent2, o.opponent3].filter((p): p is string => p !== undefined);
  if (invited.includes(me)) refuse('self-challenge', 'You cannot challenge yourself. In the sandbox, switch player at the top to play both sides.');
  if (new Set(invited).size !== invited.length) refuse('same-opponent', 'Each opponent may be named once.');
  const opponents = await Promise.all(invited.map((id) => app.client.users.fetch(id).catch(() => null)));
  if (opponents.some((u) => !u || u.bot)) refuse('bad-opponent', 'Challenge players, not bots.');
  const players = [me, ...invited];
  const given = clockFromOptions({ turnHours: o.turn_hours, promptHours: o.prompt_hours, misses: o.misses });
  leagueAllows(pinned, o.points, given);
  const game = rulesetOf(await challengeRuleset(app, channel.id, league !== undefined, o.ruleset));
  if (game.ok && game.ruleset.table) {
    if (o.points !== undefined) refuse('not-for-this-game', `${game.ruleset.name} is played with its own armies: leave \`points\` out.`);
    const chosen = o.map === undefined ? undefined : await tableMapNamed(app, game.ruleset, game.ruleset.table, o.map, interaction.guildId);
    const pool = pinned.maps ? (await tableMapsHere(app, game.ruleset, interaction.guildId)).filter((m) => pinned.maps!.includes(m.id)) : [];
    if (chosen && pool.length > 0 && !pool.some((m) => m.id === chosen.id))
      refuse('map-not-allowed', `This league plays on ${pool.map((m) => `**${shown(m.name)}**`).join(', ')}, not **${shown(chosen.name)}**.`);
    await mustBeAbleIn(channel, 'open a thread for this match here');
    const names = [displayName(interaction), ...opponents.map((u) => u!.globalName ?? u!.username)];
    const clock = Object.keys(given ?? {}).length > 0 ? given : undefined;
    return challengeAtTable(interaction, app, game.ruleset, game.ruleset.table, {
      channel,
      guildId: interaction.guildId,
      invited,
      warband: o.warband,
      ...(chosen ? { map: chosen } : {}),
      ...(pool.length > 0 ? { pool } : {}),
      clock,
      names,
      ...(pinned.roundLimit ? { roundLimit: pinned.roundLimit } : {}),
    });
  }
  const points = pinned.points ?? o.points ?? DEFAULT_POINTS;
  const target = pinned.target ?? o.points ?? null;
  const warband = await loadWarband(app, me, o.warband);
  checkPoints(warband, points);
  let map: string | null = null;
  if (o.map !== undefined) {
    const chosen = await gridmapNamed(app, o.map, interaction.guildId);
    if (seats(chosen) < players.length)
      refuse('map-too-small', `${shown(chosen.name)} has start areas for ${seats(chosen)} players; this match has ${players.length}.`);
    if (pinned.maps && !pinned.maps.includes(chosen.id)) {
      const names = await Promise.all(pinned.maps.map(async (m) => shown((await mapById(app, m))?.name ?? m)));
      refuse('map-not-allowed', `This league plays on ${names.join(', ')}, not ${shown(chosen.name)}.`);
    }
    map = chosen.id;
  }
  await mustBeAbleIn(channel, 'open a thread for this match here');
  await app.store.players.upsert({ id: me, name: displayName(interaction) });
  await interaction.deferReply();
  const names = [displayName(interaction), ...opponents.map((u) => u!.globalName ?? u!.username)];
  // Each match of a league channel has its own number, so rematches get threads of their own names.
  // A thread's name is plain text; only the messages below read markdown.
  const number = (await app.store.matches.countIn(channel.id)) + 1;
  const challenger = shown(names[0]!);
  const secret = app.mintSecret();
  const merged = { ...given, ...pinned.clock };
  const clock = Object.keys(merged).length > 0 ? merged : undefined;
  const terms: Terms = {
    points,
    target,
    map,
    accepted: { [me]: committed(warband) },
    dice: { secret, commitment: commitmentOf(secret), entropy: [] },
    ...(clock ? { clock } : {}),
    ...(pinned.maps ? { allowedMaps: pinned.maps } : {}),
    ...(pinned.catalogVersion ? { catalogVersion: pinned.catalogVersion } : {}),
    thread: { name: threadName(names, number) },
  };
  const them = invited.map((id) => `<@${id}>`).join(', ');
  // The target is lowered at setup to what every side can score (setup.ts vpTarget). Any named target
  // may be, since the others' warbands are not known until they accept: a tester's 41 (its own
  // warband's points, so no note) became 37 against a smaller one (issue 26).
  const lowered = target !== null ? ', lowered when accepted to what the warbands can score if that is less' : '';
  const goal = target !== null ? `first to **${target} VP** wins${lowered}` : `first to the smaller warband's points in VP wins`;
  const content = `⚔️ ${them}: **${challenger}** challenges you with **${shown(warband.row.name)}** (${warband.faction}, ${warband.points} points; warbands up to ${points} points; ${goal})${map ? ` on **${shown((await mapById(app, map))!.name)}**` : ''}.\nAccept or decline with the buttons (or \`/skirmish accept warband:\`, \`/skirmish decline\`). Spectators: \`/skirmish follow\`.\n${clockLine(clockOf(terms))}\n-# 🎲 Dice commitment \`${terms.dice!.commitment}\`: the dice come from a secret with this SHA-256 and your accepts; the secret is shown when the match ends, and \`/skirmish verify\` checks every roll.`;
  const row = await save(app, interaction, async () => {
    // The channel a challenge is made in is a league: its matches and results are listed together.
    // A league made with /league create keeps the name its organiser gave it.
    if (!league) await app.store.leagues.ensure(interaction.guildId!, channel.id, channel.name);
    // Saved before its thread exists (match-thread.ts): its posts wait for the thread.
    const row = await app.store.matches.create({ id: app.mintId(), guildId: interaction.guildId!, channelId: channel.id, players, terms, ...newMatchRules() });
    await app.store.follows.add(row.id, me);
    await enqueue(app, row, [{ kind: 'challenge', content, ping: invited }]);
    await planWaits(app.store, app.now(), row);
    return row;
  });
  const thread = await threadFor(app, row.id, 'challenge');
  const where = thread ? `the match is in <#${thread}>` : 'the match is saved, and its thread opens as soon as Discord answers';
  await interaction
    .editReply({
      content: `**${challenger}** challenged ${them}: ${where}. The VP target is ${target !== null ? `${target} VP${lowered}` : "the smaller warband's points, fixed when the challenge is accepted"}.`,
      allowedMentions: { parse: [] },
    })
    .catch((error: unknown) => app.log('could not answer a challenge; its thread has it', error, aboutMatch(row)));
}

export async function readForSetup(app: App, row: MatchRow): Promise<SetupReads> {
  const maps = new Map<string, Gridmap>();
  for (const entry of await listMaps(app, row.guildId)) {
    const map = await mapById(app, entry.id, row.guildId);
    if (map) maps.set(entry.id, map);
  }
  return { names: await storedNames(app.store, row.players), maps };
}

export async function accept(interaction: ChatInputCommandInteraction | StringSelectMenuInteraction, app: App, o: { warband: string }): Promise<void> {
  const row = await matchHere(app, interaction.channelId);
  if (tableGameOf(row)) return acceptAtTable(interaction, app, (await app.store.matches.get(row.id))!, o.warband);
  const me = interaction.user.id;
  challengeTaker(row, me, 'use `/skirmish decline`');
  const terms = row.terms;
  const mine = await loadWarband(app, me, o.warband);
  checkPoints(mine, terms.points);
  await app.store.players.upsert({ id: me, name: displayName(interaction) });
  let setup: MatchSetup | null = null;
  let waiting: PlayerId[] = [];
  const line = `**${shown(displayName(interaction))}** accepts with **${shown(mine.row.name)}** (${mine.faction}, ${mine.points} points).`;
  const { done, posts } = await save(app, interaction, async () => {
    // At the deadline the timeout wins: a late accept is refused, and the scheduler lapses the challenge.
    const late = await lateAct(app.store, app.now(), row.id, me, false);
    if (late) refuse(late.code, late.message);
    // Everything is read again inside the transaction: two opponents accepting at once must not
    // overwrite each other's warband (accepting adds no events, so the sequence number cannot tell).
    const reads = await readForSetup(app, row);
    const done = await app.store.matches.act<MatchSnapshot | null, MatchEvent, RuleError>(row.id, row.seq, (snapshot, current) => {
      const fresh = matchRecord(current).terms;
      if (snapshot || current.status !== 'challenged') return { ok: false, error: { code: 'not-open', message: 'This challenge is no longer open.' } };
      if (fresh.accepted[me]) return { ok: false, error: { code: 'already-accepted', message: 'You have already accepted; waiting for the others.' } };
      const accepted = { ...fresh.accepted, [me]: committed(mine) };
      // Discord mints the accept's id: nobody knows it when the commitment is posted.
      const dice = fresh.dice ? { ...fresh.dice, entropy: [...fresh.dice.entropy, interaction.id] } : undefined;
      waiting = current.players.filter((p) => !accepted[p]);
      if (waiting.length > 0) return { ok: true, events: [], snapshot: null, terms: { ...fresh, accepted, ...(dice ? { dice } : {}) } };
      const begun = beginSetup(app, current, { ...fresh, accepted, ...(dice ? { dice } : {}) }, reads);
      if (begun.ok) setup = begun.setup;
      return begun;
    });
    if (!done.ok) return { done, posts: [] };
    await app.store.follows.add(row.id, me);
    const started = setup as MatchSetup | null;
    if (!started || !done.snapshot) {
      await planWaits(app.store, app.now(), done.row);
      return {
        done,
        posts: await enqueue(app, done.row, [{ kind: 'reply', content: `${line} Waiting for ${waiting.map((p) => `<@${p}>`).join(', ')}.` }], interaction),
      };
    }
    const submitted = {
      row: done.row,
      setup: started,
      before: { stage: 'pregame' as const, pregame: pregameStart(started) },
      after: done.snapshot,
      events: done.events,
    };
    const goal = `first to **${started.options.vpTarget} VP** wins${vpTargetWhy(matchRecord(done.row).terms, started.warbands)}`;
    const posts = await enqueue(app, done.row, await planPosts(app.store, submitted, { by: me, reply: `${line} Setup begins: ${goal}.` }), interaction);
    await settle(app, { ...submitted, posts });
    return { done, posts };
  });
  if (!done.ok) refuseAcceptance(done);
  await answerOwn(app, interaction, posts);
}

export async function decline(interaction: ChatInputCommandInteraction | ButtonInteraction, app: App): Promise<void> {
  const row = await matchHere(app, interaction.channelId);
  if (row.status !== 'challenged') refuse('not-open', 'This challenge is no longer open; to give up a match in progress, use `/skirmish concede`.');
  if (!row.players.includes(interaction.user.id)) refuse('not-your-challenge', 'Only the players named in this challenge can decline or withdraw it.');
  const withdrawn = interaction.user.id === row.players[0];
  const others = row.players.filter((p) => p !== interaction.user.id);
  const content = `<@${interaction.user.id}> ${withdrawn ? 'withdrew' : 'declined'} the challenge, so it is off. ${others.map((p) => `<@${p}>`).join(', ')}`;
  const { done, posts } = await save(app, interaction, async () => {
    const done = await app.store.matches.act<null, never, RuleError>(row.id, row.seq, () => ({ ok: true, events: [], snapshot: null, status: 'declined' }));
    if (done.ok) await planWaits(app.store, app.now(), done.row);
    return {
      done,
      posts: done.ok
        ? await enqueue(
            app,
            done.row,
            [{ kind: 'reply', content, ping: others }, ...(await retirements(app.store, done.row)), ...closing(done.row)],
            interaction,
          )
        : [],
    };
  });
  if (!done.ok) refuse('not-open', 'This challenge changed while you answered; look at the thread.');
  await answerOwn(app, interaction, posts);
}
