/**
 * A finished league match as a league result (store `results`): who won, lost, drew or forfeited,
 * with warbands, VP, rounds and duration. Recorded in the transaction of the act that ended the match
 * (commands/table.ts `enqueue` meets its `league-result` post), so a result exists exactly when the
 * match ended. A practice match is none.
 */
import type { PlayerId } from '../engine';
import { gameOf, type MatchEvent } from '../match/match-state';
import { clockOf } from '../match/clock';
import { matchRecord, type MatchRecord } from '../match/record';
import type { Json, MatchRow, NewResult, NewResultPlayer, Outcome, ResultWay, Store } from '../store';

/**
 * What `matches.result` says of how a match ended, where the bot set it without the engine: a
 * concession or forfeit in setup, or an organiser's act (a removed player forfeits; an award).
 */
export interface MatchEnding {
  readonly conceded?: PlayerId;
  readonly forfeited?: PlayerId;
  /** An organiser ended the match: who, and why. */
  readonly organiser?: { readonly by: string; readonly reason: string };
}

/** Who gave up, if anyone, and whether the clock made them (a forfeit) or they chose to (a concession). */
async function quitter(store: Store, row: MatchRecord): Promise<{ player: PlayerId; forfeit: boolean } | null> {
  const said = row.result as MatchEnding | null;
  if (said?.forfeited) return { player: said.forfeited, forfeit: true };
  let player = said?.conceded ?? null;
  if (!player) {
    const e = (await store.matches.events<MatchEvent>(row.id)).find((x) => x.event.stage === 'game' && x.event.event.type === 'conceded');
    player = e && e.event.stage === 'game' && e.event.event.type === 'conceded' ? e.event.event.player : null;
  }
  if (!player) return null;
  // The clock forfeits a player by conceding for them (commands/deadline-actions.ts) once their misses reach the limit.
  const forfeit = (await store.deadlines.misses(row.id, player)) >= clockOf(row.terms).maxMisses;
  return { player, forfeit };
}

/** Places from VP: 1 for the most, tied players share a place; the winner is always first. */
function places(players: readonly PlayerId[], vp: (p: PlayerId) => number, winner: PlayerId | null): Map<PlayerId, number> {
  const key = (p: PlayerId) => (p === winner ? Number.POSITIVE_INFINITY : vp(p));
  const sorted = [...players].sort((a, b) => key(b) - key(a));
  const out = new Map<PlayerId, number>();
  sorted.forEach((p, i) => out.set(p, i > 0 && key(sorted[i - 1]!) === key(p) ? out.get(sorted[i - 1]!)! : i + 1));
  return out;
}

/** The result of a match that has just ended, or null when it counts for no league (practice, not over). */
export async function resultOfMatch(store: Store, stored: MatchRow, now: number): Promise<Omit<NewResult, 'seasonId' | 'pairingId'> | null> {
  const row = matchRecord(stored);
  if (row.status !== 'over' || row.terms.practice) return null;
  const game = row.snapshot ? gameOf(row.snapshot) : null;
  const winner = row.winner ?? game?.winner ?? null;
  const quit = await quitter(store, row);
  const vp = (p: PlayerId) => game?.score[p] ?? 0;
  const placeOf = places(row.players, vp, winner);
  const outcome = (p: PlayerId): Outcome => {
    if (quit?.forfeit && quit.player === p) return 'forfeit';
    if (winner === null) return quit?.player === p ? 'loss' : 'draw';
    return p === winner ? 'win' : 'loss';
  };
  const organiser = (row.result as MatchEnding | null)?.organiser;
  const way: ResultWay = organiser && !quit ? 'awarded' : quit ? (quit.forfeit ? 'forfeit' : 'conceded') : 'played';
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
    vpFor: vp(p),
    vpAgainst: Math.max(0, ...row.players.filter((o) => o !== p).map(vp)),
  }));
  const ended = row.ended ?? now;
  return {
    leagueId: row.channelId,
    matchId: row.id,
    way,
    winner,
    rounds: game?.round ?? 0,
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
