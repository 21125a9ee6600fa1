/**
 * The end of a battle (SC Sequence: "until one side concedes, runs off the board, or is
 * eliminated"): elimination once a side has no troop left on the table, or a concession. Running off
 * the board is not in the slice (no move leaves the map).
 */
import type { MatchEnd } from '../../ruleset';
import type { Ctx } from './deploy';
import { standing } from './tables';
import type { PlayerId, ScState } from './types';

/** Ends the match when a side has no troop left; both gone at once is a draw. True when it ended. */
export function checkElimination(ctx: Ctx): boolean {
  const s = ctx.state;
  const left = s.players.filter((p) => standing(s, p));
  if (left.length === 2) return false;
  ctx.emit({ type: 'ended', winner: left.length === 1 ? left[0]! : null, reason: 'elimination' });
  return true;
}

/**
 * Ruling SC32: with a round limit, the battle ends when the last round's second turn ends; the side
 * with more points of enemy troops removed wins, equal points a draw. True when it ended.
 */
export function checkRoundLimit(ctx: Ctx, limit: number | null | undefined, nextRound: number): boolean {
  if (!limit || nextRound <= limit) return false;
  const score = scores(ctx.state);
  const [a, b] = ctx.state.players;
  const winner = score[a]! > score[b]! ? a : score[b]! > score[a]! ? b : null;
  ctx.emit({ type: 'ended', winner, reason: 'round-limit' });
  return true;
}

export function concede(ctx: Ctx, player: PlayerId): void {
  const s = ctx.state;
  ctx.emit({ type: 'ended', winner: s.players[0] === player ? s.players[1] : s.players[0], reason: 'concession' });
}

/** Each side's score: the Point Value of the enemy troops it removed. */
export function scores(s: ScState): Record<PlayerId, number> {
  const out: Record<PlayerId, number> = Object.fromEntries(s.players.map((p) => [p, 0]));
  for (const t of Object.values(s.troops)) {
    if (!t.removed) continue;
    const other = s.players[0] === t.player ? s.players[1] : s.players[0];
    out[other] = (out[other] ?? 0) + t.points;
  }
  return out;
}

export const matchEnd = (s: ScState): MatchEnd | null => (s.end ? { winner: s.end.winner, score: scores(s), rounds: Math.max(1, s.round) } : null);
