/** Drops, scoring and victory (R2, R3): who scores a unit, when a player is out, and when the game ends. */
import type { Ctx } from './ctx';
import type { GameState, PlayerId, UnitId, UnitState } from './state';
import { sideOf } from './sides';
import { checkAsterisks } from './statuses';
import { label, unitOf } from './table';

/** Players still in the game. */
export const inPlay = (state: GameState): PlayerId[] => state.players.filter((p) => !state.out.includes(p));

/** Removes a unit from the map and checks for elimination (R2, R3). */
export function dropUnit(ctx: Ctx, id: UnitId, by: UnitId | null): void {
  const unit = unitOf(ctx.state, id);
  if (unit.dropped) return;
  ctx.emit({ type: 'dropped', unit: id, by });
  // R28: asterisk statuses it imposed end now that it is gone.
  checkAsterisks(ctx);
  // R3: a unit dropped without its Mortal box marked scores its VP when it drops.
  if (!unit.injuries.includes('mortal')) scoreUnit(ctx, unit, by);
  checkElimination(ctx);
}

/** R3: what a unit is worth in VP: its card's cost with its mod's. */
export function unitPoints(state: GameState, unit: UnitState): number {
  return state.cards[unit.card]!.cost + (unit.mod ? (state.mods[unit.mod]?.cost ?? 0) : 0);
}

/**
 * R3, R67: who scores a unit whose wounds `by` caused: the player `by` fights for as it deals them
 * (its controller while a Controlled or failed-Glamyred unit takes its turn, §6.2), unless that is
 * the unit's own player or one who is out; then the opponent of two, else nobody.
 */
export function scorerOf(state: GameState, unit: UnitState, by: UnitId | null): PlayerId | null {
  if (by !== null) {
    const scorer = sideOf(state, unitOf(state, by));
    if (scorer !== unit.player && !state.out.includes(scorer)) return scorer;
  }
  // Wounds with no scoring source go to the opponent in a two-player game, to nobody otherwise.
  return state.players.length === 2 ? (state.players.find((p) => p !== unit.player) ?? null) : null;
}

/** R3: VP for a unit (cost with mod) to the player whose unit caused the wounds. */
export function scoreUnit(ctx: Ctx, unit: UnitState, by: UnitId | null): void {
  const player = scorerOf(ctx.state, unit, by);
  if (player === null) return;
  ctx.emit({ type: 'scored', player, points: unitPoints(ctx.state, unit), reason: `${label(ctx.state, unit)}` });
  checkVictory(ctx);
}

/**
 * R2: a player whose score reaches the VP target wins at once. R52: when several reach it at the same
 * moment (objectives scored at a round's end), the highest score wins; equal scores draw.
 */
export function checkVictory(ctx: Ctx): void {
  if (ctx.state.over) return;
  const { score, options } = ctx.state;
  const reached = ctx.state.players.filter((p) => (score[p] ?? 0) >= options.vpTarget);
  if (reached.length === 0) return;
  const best = Math.max(...reached.map((p) => score[p] ?? 0));
  const leaders = reached.filter((p) => (score[p] ?? 0) === best);
  if (leaders.length === 1) {
    const winner = leaders[0]!;
    const others = reached.length > 1 ? `, ahead of ${reached.filter((p) => p !== winner).join(', ')}` : '';
    ctx.emit({ type: 'game-over', winner, reason: `${winner} reached ${options.vpTarget} VP${others}` });
  } else ctx.emit({ type: 'game-over', winner: null, reason: `${leaders.join(' and ')} reached ${options.vpTarget} VP together with ${best} each: a draw` });
}

/** R2, R50: a player all of whose units are dropped is out; when one player is left, that player wins. */
export function checkElimination(ctx: Ctx): void {
  for (const p of ctx.state.players) {
    if (ctx.state.out.includes(p)) continue;
    if (Object.values(ctx.state.units).every((u) => u.player !== p || u.dropped)) ctx.emit({ type: 'player-out', player: p });
  }
  const left = inPlay(ctx.state);
  if (!ctx.state.over && left.length === 1) ctx.emit({ type: 'game-over', winner: left[0]!, reason: `${left[0]} is the last player standing` });
}
