/**
 * Damaging terrain (§3.11, R19, R49): 5 wounds of the map's type "each time a unit enters it", avoidable
 * with Vigor and scored by nobody (R3). A unit enters a square when a step puts any of its squares
 * there that it did not cover before (a Big unit, like a step's cost, R12), whether it moves itself
 * or is moved by an effect (R49).
 */
import type { Size } from '../formats/vocabulary';
import { hasTerrain, T, type Board } from '../../../engine/board';
import type { Frame, UnitId } from './state';
import { footprint, SPAN } from './table';

/** Whether a step from `from` (null: from reserve) to `to` enters damaging terrain. */
export function entersDamaging(board: Board, from: number | null, to: number, size: Size): boolean {
  const before = from === null ? [] : footprint(board, from, SPAN[size]);
  return footprint(board, to, SPAN[size]).some((s) => hasTerrain(board, s, T.damaging) && !before.includes(s));
}

/**
 * Whether the step from `from` to `to` wounds the mover: it enters damaging terrain and, for a flyer,
 * is the move's last step (R45). The move itself and the suggestions that warn of it both ask this.
 */
export function stepWounds(board: Board, from: number | null, to: number, size: Size, fly: boolean, last: boolean): boolean {
  return (!fly || last) && entersDamaging(board, from, to, size);
}

/** How many steps of `path` (from `at`) wound the mover (stepWounds): what a move's warning counts. */
export function woundingSteps(board: Board, size: Size, fly: boolean, at: number | null, path: readonly number[]): number {
  return woundingSquares(board, size, fly, at, path).length;
}

/** The squares of `path` whose step wounds (woundingSteps counts them): where a move stops to take those wounds (R19). */
export function woundingSquares(board: Board, size: Size, fly: boolean, at: number | null, path: readonly number[]): number[] {
  let from = at;
  const out: number[] = [];
  path.forEach((to, i) => {
    if (stepWounds(board, from, to, size, fly, i === path.length - 1)) out.push(to);
    from = to;
  });
  return out;
}

/** Whether a square is damaging terrain (the move suggestions warn about each one on a path). */
export const isDamaging = (board: Board, square: number): boolean => hasTerrain(board, square, T.damaging);

/** Whether any square of a unit's space at `at` is damaging. */
export const standsOnDamaging = (board: Board, at: number, size: Size): boolean =>
  footprint(board, at, SPAN[size]).some((s) => hasTerrain(board, s, T.damaging));

/**
 * Walking `squares` from `index` on (the unit stands on `at`): the index just past the first square
 * that enters damaging terrain, where the walk stops for the wound, or the end of the squares. A
 * flyer is wounded only for the square where the movement ends (R45).
 */
export function walkUntilDamaging(
  board: Board,
  size: Size,
  fly: boolean,
  at: number,
  squares: readonly number[],
  index: number,
): { end: number; wounds: boolean } {
  let from = at;
  for (let i = index; i < squares.length; i++) {
    if (stepWounds(board, from, squares[i]!, size, fly, i === squares.length - 1)) return { end: i + 1, wounds: true };
    from = squares[i]!;
  }
  return { end: squares.length, wounds: false };
}

/** The frame that deals damaging terrain's wounds to `unit` (R19): from no unit, so a drop they cause scores for the opponent of two, else nobody (R3, R66). */
export const terrainWound = (board: Board, unit: UnitId): Frame => ({
  k: 'wound',
  unit,
  wound: 5,
  woundType: board.damage,
  source: null,
  why: 'damaging terrain',
  from: 'terrain',
});
