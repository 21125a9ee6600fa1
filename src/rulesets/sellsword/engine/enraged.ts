/**
 * §6.2 Enraged. When its start-of-turn roll (R9) is at or above Wits, the unit "must end its turn
 * adjacent to the nearest enemy unit if it can do so through move and attack acts"; failing costs 5
 * Vigor and its recovery roll. Here: which enemies are nearest, whether it could reach one, and
 * whether it did. Readings where the text is open:
 * - "Nearest" is counted distance (R15), fixed when the rage takes hold; ties are all nearest.
 * - "Can" is judged then too, from where it stands with the acts it has: Basic Moves (two at most,
 *   chained, R11), then up to two Maneuvers (R14), then a charge (R23) as an attack act, all through
 *   the pathfinder and the charge rule as they are at that moment. Replies on the way are not guessed.
 * - Dropping every nearest enemy it had is engaging them: no penalty.
 */
import { adjacent, nearestIn } from '../../../engine/distance';
import { Refusal } from '../../../engine/errors';
import { planCharge } from './charge';
import { moverOf, reachable } from './paths';
import { areEnemies } from './sides';
import type { GameState, UnitId, UnitState } from './state';
import { profile } from './stats';
import { footprint, onMap, SPAN, squaresOf, tableOf } from './table';
import { areAdjacent } from './targeting';

/** The enemies nearest to `unit` by counted distance (R15), all of them when tied; none it cannot count to. */
export function nearestEnemies(state: GameState, unit: UnitState): UnitState[] {
  if (!onMap(unit)) return [];
  const ranges = tableOf(state).rangesFrom(squaresOf(state, unit));
  let best = Number.POSITIVE_INFINITY;
  let out: UnitState[] = [];
  for (const e of Object.values(state.units)) {
    if (!onMap(e) || !areEnemies(state, e, unit)) continue;
    const d = nearestIn(ranges, squaresOf(state, e));
    if (d < best) [best, out] = [d, [e]];
    else if (d === best && d !== Number.POSITIVE_INFINITY) out.push(e);
  }
  return out;
}

interface Spot {
  readonly acts: number;
  readonly diagonals: number;
}

/** Whether `unit`, with `acts` acts this turn, could end it adjacent to one of `targets`. */
export function couldClose(state: GameState, unit: UnitState, targets: readonly UnitState[], acts: number): boolean {
  if (targets.length === 0 || unit.at === null) return false;
  const table = tableOf(state);
  const { board } = table;
  const mover = moverOf(state, unit);
  const theirs = targets.map((t) => squaresOf(state, t));
  const beside = (at: number) => theirs.some((s) => adjacent(board, table.wallAt, footprint(board, at, SPAN[mover.size]), s));
  // Counted distance to the nearest target; a step shortens it by 2 at most (a diagonal counted 2, R15).
  const fields = theirs.map((s) => table.rangesFrom(s));
  const near = (at: number) => Math.min(...fields.map((f) => nearestIn(f, footprint(board, at, SPAN[mover.size]))));
  if (beside(unit.at)) return true;
  // §6.2 Pinned: no move, maneuver or charge.
  if (unit.statuses.some((s) => s.status === 'pinned')) return false;

  // Basic Moves first: chained, two of them give twice the Move in points (R11).
  const spots = new Map<number, Spot>();
  const keep = (into: Map<number, Spot>, at: number, spot: Spot) => {
    const seen = into.get(at);
    if (!seen || spot.acts > seen.acts || (spot.acts === seen.acts && spot.diagonals < seen.diagonals)) into.set(at, spot);
  };
  keep(spots, unit.at, { acts, diagonals: 0 });
  const move = profile(state, unit).move;
  const moves = Math.min(2, acts);
  if (moves > 0) {
    // One search for the longest chain; a square its cheapest path reaches within one Move took one act.
    for (const [at, plan] of reachable(state, mover, moves * move, 0))
      keep(spots, at, { acts: acts - (plan.spent <= move ? 1 : moves), diagonals: plan.diagonals });
  }
  for (const at of spots.keys()) if (beside(at)) return true;
  // Then at most two Maneuvers, one step each for 2 points (R14).
  let layer = spots;
  for (let k = 0; k < 2; k++) {
    const next = new Map<number, Spot>();
    const steps = 2 - k;
    for (const [at, spot] of layer) {
      // Only spots from which the Maneuvers left could come close enough (beside, or within a charge's
      // 3 for one to follow) are worth a search.
      if (spot.acts < 1 || near(at) > 3 + 2 * Math.min(steps, spot.acts)) continue;
      const there = { ...mover, unit: { ...unit, at } };
      for (const [to, plan] of reachable(state, there, 2, spot.diagonals)) {
        if (plan.path.length !== 1) continue;
        if (beside(to)) return true;
        keep(next, to, { acts: spot.acts - 1, diagonals: spot.diagonals + plan.diagonals });
      }
    }
    for (const [at, spot] of next) keep(spots, at, spot);
    layer = next;
  }
  return couldChargeFrom(state, unit, targets, spots);
}

/** R23: a charge as the last act, from any spot with an act left, ends beside its target. */
function couldChargeFrom(state: GameState, unit: UnitState, targets: readonly UnitState[], spots: ReadonlyMap<number, Spot>): boolean {
  const attacks = profile(state, unit).attacks.filter((a) => a.acts === 1 && a.range <= 3 && a.burst === undefined);
  if (attacks.length === 0 || unit.vigor < 5) return false;
  const table = tableOf(state);
  const size = profile(state, unit).size;
  for (const target of targets) {
    const ranges = table.rangesFrom(squaresOf(state, target));
    for (const [at, spot] of spots) {
      // Two steps, each closer, end adjacent: only spots 2 or 3 away can start one.
      const d = nearestIn(ranges, footprint(table.board, at, SPAN[size]));
      if (spot.acts < 1 || d < 2 || d > 3) continue;
      const there = { ...unit, at };
      for (const attack of attacks) {
        try {
          planCharge(state, there, attack, target, true);
          return true;
        } catch (e) {
          if (!(e instanceof Refusal)) throw e;
        }
      }
    }
  }
  return false;
}

/** At the end of the turn: beside one of the nearest enemies, or every one of them dropped. */
export function rageSatisfied(state: GameState, unit: UnitState, nearest: readonly UnitId[]): boolean {
  const left = nearest.map((id) => state.units[id]).filter((u): u is UnitState => u !== undefined && onMap(u));
  return left.length === 0 || left.some((e) => areAdjacent(state, e, unit));
}
