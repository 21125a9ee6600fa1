/**
 * Whose side a unit fights on (§6.2 Controlled). While a Controlled unit, or a Glamyred one that
 * failed its roll, takes its turn, it is its controller's pawn: its owner "may consider it an enemy
 * unit". Everything that asks "friend or foe?" about units (passing through, replies, flanking, act
 * traits' allies) asks here. At any other time, reacting included, a unit is on its owner's side.
 */
import type { GameState, PlayerId, UnitState } from './state';

export function sideOf(state: GameState, unit: UnitState): PlayerId {
  const turn = state.turn;
  return turn !== null && turn.unit === unit.id && turn.controller !== null ? turn.controller : unit.player;
}

export const areEnemies = (state: GameState, a: UnitState, b: UnitState): boolean => sideOf(state, a) !== sideOf(state, b);

/**
 * What decides sides beyond ownership, as a short key: '' while every unit fights for its owner,
 * else the unit taking its turn for another player and that player. Two states with the same key and
 * the same owners give the same answer to every sideOf, so caches of friend-or-foe answers (the
 * table's, table.ts) key on it: the same positions with a Controlled unit taking its turn are another
 * table.
 */
export function sidesKey(state: GameState): string {
  const turn = state.turn;
  return turn !== null && turn.unit !== null && turn.controller !== null ? `${turn.unit}\u0000${turn.controller}` : '';
}
