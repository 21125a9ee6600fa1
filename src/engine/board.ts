/**
 * The board: a gridmap turned into flat arrays the rules can query fast. Squares are indices
 * `row * width + col`. Edges between orthogonal neighbours have ids (see edgeId). The step rules here
 * (walls, corner cutting, low cover) are the single source for the pathfinder, distance counting and
 * map validation.
 */
import type { Gridmap } from '../formats/gridmap';
import { colOf, edgeId, inBounds, indexOf, rowOf, squareIndex } from '../formats/squares';
import { GRID_LEGEND, type Terrain, type WoundType } from '../formats/vocabulary';

export const T = {
  challenging: 1,
  brush: 2,
  damaging: 4,
  obstructing: 8,
  pit: 16,
  'sliding-wall': 32,
  smoke: 64,
  wall: 128,
} as const satisfies Record<Terrain, number>;

export interface Board {
  readonly id: string;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** Terrain flags (T) per square. */
  readonly terrain: readonly number[];
  readonly walls: ReadonlySet<number>;
  readonly lowCover: ReadonlySet<number>;
  readonly damage: WoundType;
  /** Objective areas, as square indices (R4). */
  readonly objectives: readonly (readonly number[])[];
  /** Start areas by player number − 1; R5's two short edges when the map marks none. */
  readonly startAreas: readonly (readonly number[])[];
  /** True when the start areas are R5's defaults rather than marked on the map. */
  readonly defaultStartAreas: boolean;
}

// Square arithmetic is the formats' (squares.ts); the engine uses it through the board.
export { colOf, edgeId, inBounds, indexOf, nameOf, rowOf, squareIndex } from '../formats/squares';

export const hasTerrain = (b: Board, i: number, flag: number): boolean => (b.terrain[i]! & flag) !== 0;

/** The four edges that meet at the corner point a diagonal step from `from` to `to` passes. */
export function cornerEdges(b: Board, from: number, to: number): number[] {
  const c = Math.min(colOf(b, from), colOf(b, to));
  const r = Math.min(rowOf(b, from), rowOf(b, to));
  const tl = indexOf(b, c, r);
  const tr = tl + 1;
  const bl = tl + b.width;
  const br = bl + 1;
  return [edgeId(b, tl, tr), edgeId(b, bl, br), edgeId(b, tl, bl), edgeId(b, tr, br)];
}

/** The two squares beside a diagonal step (sharing its corner point). */
export function besideSquares(b: Board, from: number, to: number): [number, number] {
  return [indexOf(b, colOf(b, to), rowOf(b, from)), indexOf(b, colOf(b, from), rowOf(b, to))];
}

export const isDiagonal = (b: Board, from: number, to: number): boolean => colOf(b, from) !== colOf(b, to) && rowOf(b, from) !== rowOf(b, to);

/** The eight steps, [column, row], to the squares around one, clockwise from north (up the map). */
export const CLOCKWISE_STEPS: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
];

/** The up-to-8 squares around i that are on the board. */
export function neighbours(b: Board, i: number): number[] {
  const col = colOf(b, i);
  const row = rowOf(b, i);
  const out: number[] = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      if ((dr !== 0 || dc !== 0) && inBounds(b, col + dc, row + dr)) out.push(indexOf(b, col + dc, row + dr));
    }
  }
  return out;
}

/**
 * Whether a diagonal step from `from` to `to` cuts a closed corner. Each game says what closes one:
 * `closes`, a square beside the step that closes the corner by itself (Sellsword: a wall square;
 * Sword and Claw: hard blocking terrain); `together`, the two squares beside it closing it between
 * them though neither does alone (Sword and Claw: two enemies); and an edge wall at the corner point
 * closes it in every game.
 */
export function cornerCut(b: Board, from: number, to: number, closes: (i: number) => boolean, together?: (s1: number, s2: number) => boolean): boolean {
  // besideSquares, without the pair made (every diagonal step a path search prices asks this).
  const s1 = indexOf(b, colOf(b, to), rowOf(b, from));
  const s2 = indexOf(b, colOf(b, from), rowOf(b, to));
  if (closes(s1) || closes(s2)) return true;
  if (together?.(s1, s2)) return true;
  // A board without edge walls (every Sword and Claw board) has no corner edge to look up.
  return b.walls.size > 0 && cornerEdges(b, from, to).some((e) => b.walls.has(e));
}

/**
 * Whether a step between neighbouring squares is blocked by walls (R12, R15): an orthogonal step
 * across an edge wall, or a diagonal step that cuts a wall corner: either square beside it is a wall
 * square, or any of the four edges meeting at its corner point is an edge wall. `isWallSquare` lets the
 * caller decide about sliding walls, which are walls only while empty.
 */
export function stepBlocked(b: Board, from: number, to: number, isWallSquare: (i: number) => boolean): boolean {
  if (!isDiagonal(b, from, to)) return b.walls.has(edgeId(b, from, to));
  return cornerCut(b, from, to, isWallSquare);
}

/** R12: a step crosses low cover when the edge it crosses (or any edge at its corner point) is low cover. */
export function crossesLowCover(b: Board, from: number, to: number): boolean {
  if (!isDiagonal(b, from, to)) return b.lowCover.has(edgeId(b, from, to));
  return cornerEdges(b, from, to).some((e) => b.lowCover.has(e));
}

/** A wall square with no unit to hold it open: walls, and sliding walls (§3.11). */
export const emptyBoardWall =
  (b: Board) =>
  (i: number): boolean =>
    hasTerrain(b, i, T.wall | T['sliding-wall']);

/** R5: the two shorter edges, two rows deep (top and bottom on a square map). */
function defaultStartAreas(width: number, height: number): number[][] {
  const rows = (r0: number) => [r0, r0 + 1].flatMap((r) => Array.from({ length: width }, (_, c) => r * width + c));
  const cols = (c0: number) => Array.from({ length: height }, (_, r) => [r * width + c0, r * width + c0 + 1]).flat();
  return width > height ? [cols(0), cols(width - 2)] : [rows(0), rows(height - 2)];
}

/** Builds the board from a gridmap whose shape and squares are already checked (formats/gridmap.ts). */
export function buildBoard(map: Gridmap): Board {
  const height = map.grid.length;
  const width = map.grid[0]!.length;
  const dims = { width, height };
  const at = (name: string): number => {
    const i = squareIndex(dims, name);
    if (i === null) throw new Error(`square ${name} is off the ${map.id} map; the schema should have refused it`);
    return i;
  };
  const terrain: number[] = [];
  const starts: number[][] = [];
  const stars: number[] = [];
  map.grid.forEach((line, row) => {
    [...line].forEach((ch, col) => {
      const legend = GRID_LEGEND[ch];
      if (!legend) throw new Error(`grid character ${ch} is not in the legend`);
      const i = row * width + col;
      terrain[i] = legend.terrain.reduce((acc, t) => acc | T[t], 0);
      if (legend.start !== undefined) (starts[legend.start - 1] ??= []).push(i);
      if (legend.objective) stars.push(i);
    });
  });
  for (const cell of map.cells) {
    const i = at(cell.at);
    terrain[i] = cell.terrain.reduce((acc, t) => acc | T[t], terrain[i]!);
  }
  const edges = (list: readonly string[]) =>
    new Set(
      list.map((e) => {
        const [a, c] = e.split('/') as [string, string];
        return edgeId(dims, at(a), at(c));
      }),
    );
  const objectives = map.objectives.map((area) => area.map(at));
  const listed = new Set(objectives.flat());
  for (const i of stars) if (!listed.has(i)) objectives.push([i]);
  const marked = starts.filter((a) => a !== undefined);
  return {
    id: map.id,
    name: map.name,
    width,
    height,
    terrain,
    walls: edges(map.walls),
    lowCover: edges(map.lowCover),
    damage: map.damage,
    objectives,
    // Array.from, not map: map skips the holes left by a skipped start number.
    startAreas: marked.length > 0 ? Array.from(starts, (a) => a ?? []) : defaultStartAreas(width, height),
    defaultStartAreas: marked.length === 0,
  };
}

/**
 * Squares a ground unit can reach from `from` on the empty board: walls and pits cannot be entered,
 * edge walls and wall corners cannot be crossed. Used to prove start areas are joined.
 */
export function groundReach(b: Board, from: readonly number[]): Set<number> {
  const wall = emptyBoardWall(b);
  const blocked = (i: number) => hasTerrain(b, i, T.wall | T.pit);
  const seen = new Set(from.filter((i) => !blocked(i)));
  const queue = [...seen];
  while (queue.length > 0) {
    const i = queue.pop()!;
    for (const n of neighbours(b, i)) {
      if (seen.has(n) || blocked(n) || stepBlocked(b, i, n, wall)) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return seen;
}
