/**
 * Counting distance (§4.2, R15) and adjacency (R16).
 *
 * Distance counts steps in 8 directions around walls: no step through a wall square or across an edge
 * wall, and no diagonal that cuts a wall corner, except the very first step from the counting unit
 * (§4.2 rule 1). A diagonal step costs what the game's diagonal rule says (below); every other step
 * costs 1. Terrain costs and low cover do not matter. A unit of several squares counts from the nearest
 * of its squares to the nearest square of the target.
 */
import { colOf, cornerEdges, edgeId, rowOf, type Board } from './board';

/** Whether a square is a wall for counting: wall squares, and sliding walls nobody holds open. */
export type WallAt = (i: number) => boolean;

/**
 * How diagonal steps are priced, in a count and in a move:
 * - 'second-once': the second diagonal costs 2 and every other 1 (Sellsword, R12, R15);
 * - 'every-second': diagonals cost 1, 2, 1, 2… (Sword and Claw, SC Movement a).
 * Counts and searches keep, per node, the diagonals taken so far as `diagonalState` folds them: 0, 1,
 * or 2 meaning "paid" under 'second-once'; the parity under 'every-second'. A diagonal costs 2 exactly
 * when that state is 1, under either rule.
 */
export type DiagonalRule = 'second-once' | 'every-second';

/** The diagonals taken so far, folded into the state a count or search keeps (0, 1 or 2). */
export const diagonalState = (rule: DiagonalRule, taken: number): number => (rule === 'every-second' ? taken % 2 : Math.min(taken, 2));

/** What a diagonal step adds to a step's 1 after `taken` diagonals (a count, or its folded state). */
export const diagonalSurcharge = (rule: DiagonalRule, taken: number): number => (diagonalState(rule, taken) === 1 ? 1 : 0);

/** The next state after each state (0, 1, 2) when a diagonal is taken, per rule: read in the counts' inner loops. */
const SECOND_ONCE_NEXT: readonly number[] = [1, 2, 2];
const EVERY_SECOND_NEXT: readonly number[] = [1, 0, 1];
const nextStates = (rule: DiagonalRule): readonly number[] => (rule === 'every-second' ? EVERY_SECOND_NEXT : SECOND_ONCE_NEXT);

/** The folded state after one more diagonal. */
export const afterDiagonal = (rule: DiagonalRule, state: number): number => nextStates(rule)[state]!;

const UNREACHABLE = Number.POSITIVE_INFINITY;

/**
 * The counted distance from any of `from` to any of `to`, or Infinity when walls cut them apart.
 * `limit` stops the count early: any distance above it is reported as Infinity.
 */
export function distance(board: Board, wallAt: WallAt, rule: DiagonalRule, from: readonly number[], to: readonly number[], limit = UNREACHABLE): number {
  const target = new Set(to);
  for (const f of from) if (target.has(f)) return 0;
  let found = UNREACHABLE;
  count(board, wallAt, rule, from, limit, (sq, d) => {
    if (!target.has(sq)) return false;
    found = d;
    return true;
  });
  return found;
}

/**
 * The counted distance from `from` to every square (Infinity where walls cut it off). Build it once
 * and read many ranges from it: the queries ask "how far is each enemy" far more often than walls move.
 */
export function distanceField(board: Board, wallAt: WallAt, rule: DiagonalRule, from: readonly number[]): Float64Array {
  const field = new Float64Array(board.width * board.height).fill(UNREACHABLE);
  count(board, wallAt, rule, from, UNREACHABLE, (sq, d) => {
    if (d < field[sq]!) field[sq] = d;
    return false;
  });
  return field;
}

/**
 * Every square within `limit` of any of `from`, with its counted distance (the squares of `from` at 0):
 * the area an attack with a radius covers (Sellsword's R24 burst). The count `distance` makes, kept for
 * every square it settles, so an area and whom it reaches never disagree.
 */
export function distancesWithin(board: Board, wallAt: WallAt, rule: DiagonalRule, from: readonly number[], limit: number): Map<number, number> {
  const found = new Map<number, number>();
  for (const f of from) found.set(f, 0);
  count(board, wallAt, rule, from, limit, (sq, d) => {
    if (d <= limit && !found.has(sq)) found.set(sq, d);
    return false;
  });
  return found;
}

/** The nearest of `to` in a field. */
export function nearestIn(field: Float64Array, to: readonly number[]): number {
  let m = UNREACHABLE;
  for (let i = 0; i < to.length; i++) m = Math.min(m, field[to[i]!]!);
  return m;
}

/** Per board: 1 for each edge id that is an edge wall, so the count reads an array, not a set. */
const edgeWalls = new WeakMap<Board, Uint8Array>();

function edgeWallsOf(board: Board): Uint8Array {
  let flags = edgeWalls.get(board);
  if (!flags) {
    flags = new Uint8Array(2 * board.width * board.height);
    for (const e of board.walls) if (e >= 0 && e < flags.length) flags[e] = 1;
    edgeWalls.set(board, flags);
  }
  return flags;
}

/**
 * Dijkstra over (square, diagonal state: see DiagonalRule); steps cost 1 or 2, so buckets by cost
 * replace a heap. `visit` sees each square at its settled distance and may stop the count.
 * The step rules are board.ts's (stepBlocked, edge ids), unrolled over flat arrays: a distance field
 * is thousands of steps, and every position a unit stands on needs one.
 */
function count(board: Board, wallAt: WallAt, rule: DiagonalRule, from: readonly number[], limit: number, visit: (sq: number, d: number) => boolean): void {
  const afterDiagonalFrom = nextStates(rule);
  const w = board.width;
  const h = board.height;
  const n = w * h;
  const edges = edgeWallsOf(board);
  const wall = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (wallAt(i)) wall[i] = 1;
  const best = new Float64Array(n * 3).fill(UNREACHABLE);
  const buckets: number[][] = [[]];
  for (let k = 0; k < from.length; k++) {
    const f = from[k]!;
    best[f * 3] = 0;
    buckets[0]!.push(f * 3);
  }
  for (let d = 0; d < buckets.length; d++) {
    if (d > limit) return;
    const bucket = buckets[d];
    if (!bucket) continue;
    for (let b = 0; b < bucket.length; b++) {
      const node = bucket[b]!;
      if (best[node]! < d) continue;
      const sq = (node - (node % 3)) / 3;
      const diags = node % 3;
      if (visit(sq, d)) return;
      const firstStep = d === 0;
      const col = sq % w;
      const row = (sq - col) / w;
      for (let dr = -1; dr <= 1; dr++) {
        const r = row + dr;
        if (r < 0 || r >= h) continue;
        for (let dc = -1; dc <= 1; dc++) {
          const c = col + dc;
          if ((dr === 0 && dc === 0) || c < 0 || c >= w) continue;
          const next = r * w + c;
          if (wall[next]) continue;
          const diagonal = dr !== 0 && dc !== 0;
          let blocked: boolean;
          if (!diagonal) {
            // The edge between them: right of the left square (2i) or below the upper one (2i+1).
            blocked = edges[dr === 0 ? 2 * Math.min(sq, next) : 2 * Math.min(sq, next) + 1] === 1;
          } else if (firstStep) {
            // §4.2 rule 1: a first step counts even across a wall corner, unless walls close the corner (R16).
            blocked = separatedAtCorner(board, wallAt, sq, next);
          } else {
            // stepBlocked: a wall square beside the diagonal, or an edge wall at its corner point.
            const tl = Math.min(row, r) * w + Math.min(col, c);
            blocked =
              wall[row * w + c] === 1 ||
              wall[r * w + col] === 1 ||
              edges[2 * tl] === 1 ||
              edges[2 * (tl + w)] === 1 ||
              edges[2 * tl + 1] === 1 ||
              edges[2 * (tl + 1) + 1] === 1;
          }
          if (blocked) continue;
          const cost = diagonal && diags === 1 ? 2 : 1;
          const nextDiags = diagonal ? afterDiagonalFrom[diags]! : diags;
          const nd = d + cost;
          const key = next * 3 + nextDiags;
          if (nd < best[key]!) {
            best[key] = nd;
            (buckets[nd] ??= []).push(key);
          }
        }
      }
    }
  }
}

/**
 * R16: two diagonal neighbours are cut apart when walls close the corner point between them: a wall
 * line straight through it, or walls wrapping either square. Wall squares count as their edges.
 */
function separatedAtCorner(board: Board, wallAt: WallAt, a: number, b: number): boolean {
  const c = Math.min(colOf(board, a), colOf(board, b));
  const r = Math.min(rowOf(board, a), rowOf(board, b));
  const tl = r * board.width + c;
  const tr = tl + 1;
  const bl = tl + board.width;
  const br = bl + 1;
  const [top, bottom, left, right] = cornerEdges(board, a, b).map((e) => board.walls.has(e)) as [boolean, boolean, boolean, boolean];
  // Each half-edge meeting at the corner is closed by an edge wall or by a wall square beside it.
  const up = top || wallAt(tl) || wallAt(tr);
  const down = bottom || wallAt(bl) || wallAt(br);
  const westward = left || wallAt(tl) || wallAt(bl);
  const eastward = right || wallAt(tr) || wallAt(br);
  const mainDiagonal = (a === tl && b === br) || (a === br && b === tl);
  if ((up && down) || (westward && eastward)) return true;
  return mainDiagonal ? (up && westward) || (down && eastward) : (up && eastward) || (down && westward);
}

/** R16: some square of one touches some square of the other, with no wall completely between. */
export function adjacent(board: Board, wallAt: WallAt, a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    for (let j = 0; j < b.length; j++) {
      const y = b[j]!;
      const dc = Math.abs(colOf(board, x) - colOf(board, y));
      const dr = Math.abs(rowOf(board, x) - rowOf(board, y));
      if (dc > 1 || dr > 1) continue;
      if (dc === 0 && dr === 0) return true;
      if (dc + dr === 1) {
        if (!board.walls.has(edgeId(board, x, y))) return true;
      } else if (!separatedAtCorner(board, wallAt, x, y)) return true;
    }
  }
  return false;
}

/**
 * The count on open ground, in closed form (for tests and hints): max(dx, dy), plus 1 once both exceed
 * 1 under 'second-once' (R15), plus ⌊min(dx, dy) / 2⌋ under 'every-second'.
 */
export function openGroundDistance(dx: number, dy: number, rule: DiagonalRule): number {
  const most = Math.max(Math.abs(dx), Math.abs(dy));
  const least = Math.min(Math.abs(dx), Math.abs(dy));
  return most + (rule === 'every-second' ? Math.floor(least / 2) : least >= 2 ? 1 : 0);
}
