/**
 * A finished league match as a league result (store `results`): who won, lost, drew or forfeited,
 * with warbands, VP, rounds and duration. Recorded in the transaction of the act that ended the match
 * (match/ending.ts `recordEnding`), so a result exists exactly when the
 * match ended. A practice match is none.
 */
import type { PlayerId } from '../rulesets/sellsword/engine';
import { gameOf, type MatchEvent } from '../match/match-state';
import { clockOf } from '../match/clock';
import { matchRecord, type MatchRecord } from '../match/record';
import type { Json, MatchRow, NewResult, NewResultPlayer, Outcome, ResultWay, Store } from '../store';
import { DEFAULT_FORFEIT_SCORE, type ForfeitCause, type ResultFacts, forfeitVp, forfeitWay, isForfeit } from './result-kind';

/**
 * What `matches.result` says of how a match ended, where the bot set it: a concession in setup, a
 * forfeit (by the clock, at a round's deadline, or by leaving; in play too, beside the engine's
 * concession), or an organiser's act (an award; a removed player forfeits).
 */
export interface MatchEnding {
  readonly conceded?: PlayerId;
  readonly forfeited?: PlayerId;
  /** Why the player forfeited; absent on matches that ended before it was kept. */
  readonly forfeit?: ForfeitCause;
  /** An organiser ended the match: who, and why. */
  readonly organiser?: { readonly by: string; readonly reason: string };
}

/** Who gave up, if anyone, and how: a concession, or a forfeit and its kind. */
async function quitter(store: Store, row: MatchRecord): Promise<{ player: PlayerId; way: ResultWay } | null> {
  const said = row.result as MatchEnding | null;
  const inSetup = row.snapshot?.stage !== 'game';
  if (said?.forfeited) return { player: said.forfeited, way: forfeitWay(said.forfeit ?? (said.organiser ? 'withdrawn' : 'clock'), inSetup) };
  let player = said?.conceded ?? null;
  if (!player) {
    const e = (await store.matches.events<MatchEvent>(row.id)).find((x) => x.event.stage === 'game' && x.event.event.type === 'conceded');
    player = e && e.event.stage === 'game' && e.event.event.type === 'conceded' ? e.event.event.player : null;
  }
  if (!player) return null;
  // A match that ended before forfeits were marked on it: the clock forfeited by conceding for the
  // player once their misses reached the limit.
  const forfeit = !said?.conceded && (await store.deadlines.misses(row.id, player)) >= clockOf(row.terms).maxMisses;
  return { player, way: forfeit ? 'forfeit' : 'conceded' };
}

/** Places from VP: 1 for the most, tied players share a place; the winner is always first, a forfeiting player last. */
function places(players: readonly PlayerId[], vp: (p: PlayerId) => number, winner: PlayerId | null, forfeiter: PlayerId | null): Map<PlayerId, number> {
  const key = (p: PlayerId) => (p === winner ? Number.POSITIVE_INFINITY : p === forfeiter ? Number.NEGATIVE_INFINITY : vp(p));
  const sorted = [...players].sort((a, b) => key(b) - key(a));
  const out = new Map<PlayerId, number>();
  sorted.forEach((p, i) => out.set(p, i > 0 && key(sorted[i - 1]!) === key(p) ? out.get(sorted[i - 1]!)! : i + 1));
  return out;
}

/** The VP target the match was played for (its setup's), else the terms', else the smaller warband's points. */
export function targetOf(row: MatchRecord): number {
  const points = row.players.map((p) => row.setup?.warbands[p]?.points ?? row.terms.accepted[p]?.points ?? row.terms.points);
  return row.setup?.options.vpTarget ?? row.terms.target ?? Math.min(...points);
}

/** The result of a match that has just ended, or null when it counts for no league (practice, not over). */
export async function resultOfMatch(store: Store, stored: MatchRow, now: number): Promise<Omit<NewResult, 'seasonId' | 'pairingId'> | null> {
  return matchRecord(stored).terms.practice ? null : endingOf(store, stored, now);
}

/** How a match that is over ended, practice or not (a practice match's thread title tells it too); null when it is not over. */
async function endingOf(store: Store, stored: MatchRow, now: number): Promise<Omit<NewResult, 'seasonId' | 'pairingId'> | null> {
  const row = matchRecord(stored);
  if (row.status !== 'over') return null;
  const game = row.snapshot ? gameOf(row.snapshot) : null;
  const winner = row.winner ?? game?.winner ?? null;
  const quit = await quitter(store, row);
  const organiser = (row.result as MatchEnding | null)?.organiser;
  const way: ResultWay = quit ? quit.way : organiser ? 'awarded' : 'played';
  const forfeiter = quit && isForfeit(quit.way) ? quit.player : null;
  // A game the record does not decode keeps its score in the row's result (match/table-change.ts).
  const kept = (row.result as { score?: Readonly<Record<PlayerId, number>> } | null)?.score;
  const played = (p: PlayerId) => game?.score[p] ?? kept?.[p] ?? 0;
  const settings = await store.leagueSettings.get(row.channelId);
  const scored = forfeiter ? forfeitVp(settings?.forfeitScore ?? DEFAULT_FORFEIT_SCORE, targetOf(row), row.players, forfeiter, played) : null;
  const vpFor = (p: PlayerId) => scored?.get(p)?.vpFor ?? played(p);
  const placeOf = places(row.players, vpFor, winner, forfeiter);
  const outcome = (p: PlayerId): Outcome => {
    if (forfeiter === p) return 'forfeit';
    if (winner === null) return quit?.player === p ? 'loss' : 'draw';
    return p === winner ? 'win' : 'loss';
  };
  const warband = (p: PlayerId): Json | null => {
    const w = row.setup?.warbands[p] ?? row.terms.accepted[p];
    return w ? (JSON.parse(JSON.stringify(w)) as Json) : null;
  };
  const players: NewResultPlayer[] = row.players.map((p, seat) => ({
    player: p,
    seat,
    outcome: outcome(p),
    place: placeOf.get(p)!,
    warband: warband(p),
    vpFor: vpFor(p),
    vpAgainst: scored?.get(p)?.vpAgainst ?? Math.max(0, ...row.players.filter((o) => o !== p).map(played)),
  }));
  const ended = row.ended ?? now;
  return {
    leagueId: row.channelId,
    matchId: row.id,
    way,
    winner,
    rounds: game?.round ?? (row.result as { round?: number } | null)?.round ?? 0,
    duration: Math.max(0, ended - row.created),
    ended,
    players,
    ...(organiser ? { by: organiser.by, reason: organiser.reason } : {}),
  };
}

/**
 * Records the result of a match that has just ended; call it inside the transaction of the act that
 * ended it. A match that already has a standing result (a repeated ending) is left alone.
 */
export async function recordMatchResult(store: Store, row: MatchRow, now: number): Promise<void> {
  // A match made outside any league channel (tools, tests that make matches directly) has no league to count in.
  if (!(await store.leagues.get(row.channelId))) return;
  const result = await resultOfMatch(store, row, now);
  if (result) await store.results.recordMatch(result);
}

/**
 * How a finished match's result reads (thread title, league post): its standing league result, else
 * (a match outside any league, a practice match, or one whose result was overturned) the result it
 * would have; null for a match that is not over.
 */
export async function resultFactsOf(store: Store, row: MatchRow): Promise<(ResultFacts & { readonly reason?: string | null }) | null> {
  return (await store.results.forMatch(row.id)) ?? (await endingOf(store, row, row.ended ?? row.updated));
}
