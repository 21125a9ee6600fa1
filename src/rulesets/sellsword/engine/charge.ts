/**
 * R23 Charge: against a visible enemy that is not adjacent, pay 5 Vigor, move exactly 2 steps (each
 * onto an unoccupied square that is not a pit or obstructing, each ending closer to the target, extra
 * terrain costs ignored, no movement replies), end adjacent, then make a single-act attack of range
 * ≤ 3 at +2 to hit and +5 to the first wound.
 */
import { cannotSee } from './sight-words';
import type { Attack } from '../formats/card';
import type { Size } from '../formats/vocabulary';
import { hasTerrain, nameOf, neighbours, squareIndex, T, type Board } from '../../../engine/board';
import { terrainWound, walkUntilDamaging } from './damaging';
import { nearestIn } from '../../../engine/distance';
import { refuse } from '../../../engine/errors';
import type { Handler } from './flow';
import { endError, moverOf, stepPrice, type Mover } from './paths';
import type { GameState, UnitState } from './state';
import { checkAsterisks } from './statuses';
import { footprint, label, SPAN, type Table, tableOf, unitOf } from './table';
import { areAdjacent, attackLine, blockedLines, isProblem, rangeBetween, sightOf } from './targeting';

export const CHARGE_VIGOR = 5;

/** Whether `unit` has the Vigor a charge costs (R23): the first thing a charge needs. */
export const canAffordCharge = (unit: UnitState): boolean => unit.vigor >= CHARGE_VIGOR;

/** Every legal 2-step charge path (top-left squares) from where the unit stands, in board order. */
export function chargePaths(state: GameState, unit: UnitState, target: UnitState): number[][] {
  const table = tableOf(state);
  const { board } = table;
  const mover = moverOf(state, unit);
  const targetSize = moverOf(state, target).size;
  const start = unit.at!;
  const paths: number[][] = [];
  // Two steps move a space at most 2 squares each way, and it must end adjacent (within 1): a target
  // more than 3 squares off in either direction cannot be charged, so skip the search.
  if (spaceGap(board.width, start, mover.size, target.at!, targetSize) > 3) return paths;
  // Counted from the target: one field serves every candidate square.
  const field = table.rangesFrom(footprint(board, target.at!, SPAN[targetSize]));
  const d0 = nearestIn(field, footprint(board, start, SPAN[mover.size]));
  for (const a of neighbours(board, start)) {
    if (!chargeStep(state, table, mover, start, a)) continue;
    const da = nearestIn(field, footprint(board, a, SPAN[mover.size]));
    if (da >= d0) continue;
    for (const b of neighbours(board, a)) {
      if (b === start || !chargeStep(state, table, mover, a, b) || nearestIn(field, footprint(board, b, SPAN[mover.size])) >= da) continue;
      const moved = { ...unit, at: b };
      // chargeStep found b's squares empty but for the unit itself, so the squares it would end on
      // hold the same occupants in this table as in the table with the unit moved.
      if (endError(state, table, { ...mover, unit: moved }, b)) continue;
      // Adjacency depends only on walls; the move changes them only if it enters or leaves a
      // sliding wall (§3.11), and only then is the table with the unit moved needed.
      if (holdsSlidingWall(board, start, mover.size) || holdsSlidingWall(board, b, mover.size)) {
        const there: GameState = { ...state, units: { ...state.units, [unit.id]: moved } };
        if (!areAdjacent(there, moved, target)) continue;
      } else if (!table.touching(b, mover.size, target.at!, targetSize)) continue;
      paths.push([a, b]);
    }
  }
  return paths;
}

/** A charge step: a legal step onto squares that are unoccupied (allies too) and neither pits nor obstructing. */
function chargeStep(state: GameState, table: Table, mover: Mover, from: number, to: number): boolean {
  if (stepPrice(state, table, mover, from, to, 0) < 0) return false;
  const space = footprint(table.board, to, SPAN[mover.size]);
  for (let k = 0; k < space.length; k++) {
    const who = table.occupant[space[k]!];
    if ((who !== null && who !== mover.unit.id) || hasTerrain(table.board, space[k]!, T.pit | T.obstructing)) return false;
  }
  return true;
}

function holdsSlidingWall(board: Board, at: number, size: Size): boolean {
  return footprint(board, at, SPAN[size]).some((sq) => hasTerrain(board, sq, T['sliding-wall']));
}

/** The larger of the column and row gaps between two spaces (0 when they overlap or touch). */
function spaceGap(width: number, a: number, aSize: Size, b: number, bSize: Size): number {
  const aw = aSize === 'big' ? 2 : 1;
  const bw = bSize === 'big' ? 2 : 1;
  const ac = a % width;
  const bc = b % width;
  const ar = Math.floor(a / width);
  const br = Math.floor(b / width);
  return Math.max(bc - (ac + aw - 1), ac - (bc + bw - 1), br - (ar + aw - 1), ar - (br + bw - 1), 0);
}

/**
 * Refuses a charge with no legal path, saying why as the player can act on it (playtest: a new player
 * told only "no enemy in reach" with an enemy 2 squares away never learnt a charge cannot close so
 * little): `charge-too-close` when the gap is under 3 squares (two steps each closer cannot both be
 * taken and end beside it), `charge-too-far` when over 3, else `no-charge-path` (the squares between
 * are taken, pits or obstructing). Asked only once chargePaths found none, so it never refuses a legal
 * charge whatever the distance. Said whole, so the player learns what a charge needs (issue 26).
 */
function noChargePath(state: GameState, unit: UnitState, target: UnitState): never {
  const who = label(state, unit);
  const them = label(state, target);
  // Counted from the target, as chargePaths counts each step's closeness.
  const gap = rangeBetween(state, target, unit);
  if (gap < 3) refuse('charge-too-close', `${them} is too close for ${who} to charge: a charge is exactly 2 steps, each ending closer to the target (R23).`);
  if (gap > 3) refuse('charge-too-far', `${them} is too far for ${who} to charge: a charge is exactly 2 steps, ending beside the target (R23).`);
  return refuse(
    'no-charge-path',
    `${who} cannot charge ${them}: a charge is exactly 2 steps, each closer to the target onto a free square (no pit or obstructing ground), ending beside it (R23).`,
  );
}

/** Checks a declared charge and returns its path; refuses with the reason otherwise. */
export function planCharge(state: GameState, unit: UnitState, attack: Attack, target: UnitState, declared: true | readonly string[]): number[] {
  const who = label(state, unit);
  if (attack.acts !== 1 || attack.range > 3)
    refuse('cannot-charge-with', `A charge ends in a single-act attack of range 3 or less; ${attack.name} is not one (R23).`);
  if (unit.vigor < CHARGE_VIGOR) refuse('no-vigor-to-charge', `${who} needs ${CHARGE_VIGOR} Vigor to charge and has ${unit.vigor} (R23).`);
  if (unit.statuses.some((s) => s.status === 'pinned')) refuse('pinned', `${who} is Pinned and cannot charge.`);
  if (areAdjacent(state, unit, target)) refuse('charge-adjacent', `${label(state, target)} is already adjacent; a charge closes from 2 steps away (R23).`);
  if (!sightOf(state, unit, target).visible) refuse('no-line-of-sight', `${cannotSee(state, unit, target, blockedLines(state, unit, target))}.`);
  const paths = chargePaths(state, unit, target);
  if (paths.length === 0) noChargePath(state, unit, target);
  const board = tableOf(state).board;
  let path = paths[0]!;
  if (declared !== true) {
    const names = [...declared].map((s) => s.toUpperCase());
    const found = paths.find((p) => p.map((i) => nameOf(board, i)).join() === names.join());
    if (!found) {
      refuse(
        'bad-charge-path',
        `${names.join(' → ')} is not a legal charge; legal paths: ${paths.map((p) => p.map((i) => nameOf(board, i)).join(' → ')).join('; ')}`,
      );
    }
    path = found;
  }
  const end = path[1]!;
  const moved = { ...unit, at: end };
  const there: GameState = { ...state, units: { ...state.units, [unit.id]: moved } };
  const line = attackLine(there, moved, attack, target, { charge: true });
  if (isProblem(line)) refuse(line.code, `After the charge, ${line.message}`);
  return path;
}

/**
 * The charge movement: no movement replies (R23); asterisk statuses may end as the unit leaves. Each
 * of its two squares is entered, so damaging terrain wounds it there (R19); if that drops it, the
 * charge ends and its attack is lost.
 */
export const onChargeMove: Handler<'charge-move'> = (ctx, frame, stack) => {
  const unit = unitOf(ctx.state, frame.unit);
  if (unit.dropped || unit.at === null) return;
  const names = frame.path;
  const index = frame.index ?? 0;
  if (index >= names.length) {
    stack.push(frame.then);
    return;
  }
  const board = tableOf(ctx.state).board;
  const squares = names.map((n) => squareIndex(board, n)!);
  const mover = moverOf(ctx.state, unit);
  const { end, wounds } = walkUntilDamaging(board, mover.size, mover.fly, unit.at, squares, index);
  ctx.emit({ type: 'charged', unit: unit.id, from: nameOf(board, unit.at), path: names.slice(index, end), target: frame.target });
  checkAsterisks(ctx);
  if (!wounds) {
    stack.push(frame.then);
    return;
  }
  stack.push({ ...frame, index: end });
  stack.push(terrainWound(board, unit.id));
};
