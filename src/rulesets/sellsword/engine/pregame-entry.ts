/**
 * Entry tiles (§2.1, R5): a 2×2 tile wholly inside one start area, on squares a unit can stand on.
 * Start areas are the board's (marked on the map, or R5's two short edges when none are), so the
 * prompt's options and the check of an answer come from the same function.
 */
import type { Gridmap } from '../../../formats/gridmap';
import { buildBoard, hasTerrain, nameOf, squareIndex, T, type Board } from '../../../engine/board';
import { refuse } from '../../../engine/errors';
import type { EntryArea } from './pregame-state';
import type { PlayerId } from './state';
import { fitsOnBoard, footprint } from './table';

/** What an entry tile may not cover: the squares initial() refuses to stand a unit on. */
const UNSTANDABLE: readonly [number, string][] = [
  [T.wall, 'a wall'],
  [T.pit, 'a pit'],
  [T.obstructing, 'obstructing'],
];

const boards = new WeakMap<Gridmap, Board>();

function boardFor(map: Gridmap): Board {
  let board = boards.get(map);
  if (!board) boards.set(map, (board = buildBoard(map)));
  return board;
}

/** Why the tile at `at` cannot be placed in `area`, or null when it can. */
function tileProblem(board: Board, area: ReadonlySet<number>, at: number): string | null {
  const squares = footprint(board, at, 2);
  if (!squares.every((s) => area.has(s))) return 'outside';
  for (const s of squares) {
    const bad = UNSTANDABLE.find(([flag]) => hasTerrain(board, s, flag));
    if (bad) return `covers ${nameOf(board, s)}, which is ${bad[1]}`;
  }
  return null;
}

/** Every start area with room for a tile, with its legal tiles; areas with none are left out. */
export function entryAreas(map: Gridmap): EntryArea[] {
  const board = boardFor(map);
  const out: EntryArea[] = [];
  board.startAreas.forEach((squares, n) => {
    const area = new Set(squares);
    const tiles = [...squares]
      .sort((a, b) => a - b)
      .filter((at) => fitsOnBoard(board, at, 2) && tileProblem(board, area, at) === null)
      .map((at) => nameOf(board, at));
    if (tiles.length > 0) out.push({ area: n + 1, tiles });
  });
  return out;
}

/** Start areas nobody has claimed yet, with their legal tiles. */
export function freeAreas(map: Gridmap, claimed: Readonly<Record<PlayerId, number>>): EntryArea[] {
  const taken = new Set(Object.values(claimed));
  return entryAreas(map).filter((a) => !taken.has(a.area));
}

/** Checks a placement and returns the tile's canonical square and its area; refuses otherwise. */
export function checkEntry(map: Gridmap, claimed: Readonly<Record<PlayerId, number>>, square: string): { square: string; area: number } {
  const board = boardFor(map);
  const at = squareIndex(board, square);
  if (at === null) refuse('off-map', `${square} is not a square on ${map.name}.`);
  const name = nameOf(board, at);
  if (!fitsOnBoard(board, at, 2)) refuse('off-map', `A 2×2 tile with its top-left corner on ${name} would hang off the map.`);
  const free = freeAreas(map, claimed);
  const n = board.startAreas.findIndex((a) => footprint(board, at, 2).every((s) => a.includes(s)));
  if (n < 0) {
    refuse(
      'not-a-start-area',
      `The tile at ${name} is not wholly inside a start area; free start areas: ${free.map((a) => `${a.area} (tiles ${a.tiles[0]}–${a.tiles[a.tiles.length - 1]})`).join(', ')}.`,
    );
  }
  const owner = Object.entries(claimed).find(([, area]) => area === n + 1);
  if (owner) refuse('area-taken', `Start area ${n + 1} is already taken by ${owner[0]}; choose another (free: ${free.map((a) => a.area).join(', ')}).`);
  const problem = tileProblem(board, new Set(board.startAreas[n]), at);
  if (problem !== null) refuse('tile-blocked', `The tile at ${name} ${problem}: every square of an entry tile must be one a unit can stand on.`);
  return { square: name, area: n + 1 };
}
