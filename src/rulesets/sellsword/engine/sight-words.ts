/**
 * Why a unit cannot see another, in words, for the refusal a player reads ("the wall between E5 and
 * E6 blocks the line"). sight.ts decides visibility over its fixed sample of lines; this only names
 * the first thing on the line between the two units' centres that blocks by the same rules (a wall
 * edge, a wall or closed sliding wall square, a unit larger than the target), so the message points
 * at what the player can find on the map. It runs only when an attack is refused, never on a hot path.
 */
import { colOf, edgeId, hasTerrain, indexOf, nameOf, rowOf, T } from '../../../engine/board';
import type { GameState, UnitState } from './state';
import { profile } from './stats';
import { label, squaresOf, tableOf, unitOf } from './table';

const RANK = { small: 1, medium: 2, big: 3 } as const;
const STEPS_PER_SQUARE = 16;

function centre(state: GameState, unit: UnitState): [number, number] {
  const board = tableOf(state).board;
  const squares = squaresOf(state, unit);
  const x = squares.reduce((s, i) => s + colOf(board, i) + 0.5, 0) / squares.length;
  const y = squares.reduce((s, i) => s + rowOf(board, i) + 0.5, 0) / squares.length;
  return [x, y];
}

/** What blocks the line between the two units' centres, or null when that line is clear. */
export function sightBlocker(state: GameState, looker: UnitState, target: UnitState): string | null {
  const { board, occupant } = tableOf(state);
  const [x0, y0] = centre(state, looker);
  const [x1, y1] = centre(state, target);
  const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0) * STEPS_PER_SQUARE);
  const targetRank = RANK[profile(state, target).size];
  let previous = indexOf(board, Math.floor(x0), Math.floor(y0));
  for (let k = 1; k < steps; k++) {
    const x = x0 + ((x1 - x0) * k) / steps;
    const y = y0 + ((y1 - y0) * k) / steps;
    const here = indexOf(board, Math.floor(x), Math.floor(y));
    if (here === previous) continue;
    const orthogonal = Math.abs(colOf(board, here) - colOf(board, previous)) + Math.abs(rowOf(board, here) - rowOf(board, previous)) === 1;
    // Through a corner exactly: the line touches neither square beside it, but both blocking closes it.
    const corner = orthogonal ? null : cornerBlocker(state, looker, target, previous, here);
    if (corner) return corner;
    if (orthogonal && board.walls.has(edgeId(board, previous, here)))
      return `the wall between ${nameOf(board, previous)} and ${nameOf(board, here)} blocks the line`;
    const who = occupant[here];
    if (who !== null && who !== undefined && who !== looker.id && who !== target.id) {
      const other = unitOf(state, who);
      if (RANK[profile(state, other).size] > targetRank)
        return `${label(state, other)} at ${nameOf(board, here)} is larger than ${label(state, target)} and blocks the line`;
    } else if (hasTerrain(board, here, T.wall)) return `the wall at ${nameOf(board, here)} blocks the line`;
    else if (hasTerrain(board, here, T['sliding-wall']) && (who === null || who === undefined))
      return `the closed sliding wall at ${nameOf(board, here)} blocks the line`;
    previous = here;
  }
  return null;
}

/** What closes the corner between two diagonal squares of the line: both squares beside it blocking, else null. */
function cornerBlocker(state: GameState, looker: UnitState, target: UnitState, from: number, to: number): string | null {
  const board = tableOf(state).board;
  const sides = [indexOf(board, colOf(board, to), rowOf(board, from)), indexOf(board, colOf(board, from), rowOf(board, to))];
  const [a, b] = sides.map((i) => squareBlocker(state, looker, target, i));
  return a && b ? `${a} and ${b} block the line at their corner` : null;
}

/** What on one square blocks a line to `target` (a wall, a closed sliding wall, a larger unit), as a noun, else null. */
function squareBlocker(state: GameState, looker: UnitState, target: UnitState, at: number): string | null {
  const { board, occupant } = tableOf(state);
  const who = occupant[at];
  if (who !== null && who !== undefined && who !== looker.id && who !== target.id) {
    const other = unitOf(state, who);
    return RANK[profile(state, other).size] > RANK[profile(state, target).size] ? `${label(state, other)} at ${nameOf(board, at)}` : null;
  }
  if (hasTerrain(board, at, T.wall)) return `the wall at ${nameOf(board, at)}`;
  if (hasTerrain(board, at, T['sliding-wall']) && (who === null || who === undefined)) return `the closed sliding wall at ${nameOf(board, at)}`;
  return null;
}

/** The refusal's sentence: "Knight (kn) cannot see Ghoul (gh1): the wall at E5 blocks the line". */
export function cannotSee(state: GameState, looker: UnitState, target: UnitState): string {
  const why = sightBlocker(state, looker, target);
  return `${label(state, looker)} cannot see ${label(state, target)}${why ? `: ${why}` : ''}`;
}
