/**
 * Line of sight and cover (SC Line of Sight, SC Cover, SC Ranged a, e; rulings SC16–SC19): the one
 * routine of this game that says whether a troop sees another and how much cover lies between.
 *
 * Lines. The shooter picks a point of its space (ruling SC16: the corners, side midpoints and
 * centres of its squares) and traces a line from it to each of the four corners of the target's
 * space. Points are kept in doubled coordinates, so every sample is an integer point and every test
 * below is exact integer arithmetic. The engine's own sight walk (engine/sight.ts) is Sellsword's:
 * it judges lines by that game's rules as it walks (grazing a wall's side is clear there, only larger
 * units block), so this game walks its lines here with its own.
 *
 * What a line meets (its open segment: contact at its two ends never counts):
 * - it is blocked when it passes through a blocking square, runs along a side of one, or passes
 *   through a grid corner with a blocking square on each side of it (squeezing between two);
 * - it touches every square it passes through, runs along or meets at a corner point.
 * Blocking squares are hard blocking terrain and troops other than the shooter and the target
 * (SC Cover: troops count as blocking terrain), less the troops the shot goes over (SC Ranged e).
 * Trees are light cover: they never block and are counted apart.
 *
 * From one point: line of sight when at least one of its four lines is not blocked; cover when at
 * least two of them touch blocking squares, its inches the most blocking squares one line touches;
 * light cover likewise with tree squares (ruling SC17). The shooter takes the point that sees the
 * target with the smallest penalty (ruling SC16).
 */
import { openGroundDistance } from '../../../engine/distance';
import { footprint } from '../../../engine/footprint';
import { SIZE_RANK } from '../formats/vocabulary';
import { isHigh } from './altitude';
import { DIAGONAL_RULE } from './movement';
import { type Piece, pieceLevel, type ScTable, spanOf } from './table';

export interface ScSight {
  /** SC Line of Sight: some line from the chosen point is not blocked. */
  readonly visible: boolean;
  /** SC Cover: inches of cover (hard blocking terrain and troops) from the chosen point; 0 when fewer than two lines meet any. */
  readonly cover: number;
  /** SC Cover: inches of light cover (trees) from the chosen point; 0 when fewer than two lines meet any. */
  readonly light: number;
}

/** SC To-Hit, ranged: −1 an inch of cover, and −1 for every two inches of light cover, rounded up. */
export const coverPenalty = (s: Pick<ScSight, 'cover' | 'light'>): number => s.cover + Math.ceil(s.light / 2);

/** Inches between two spaces, counted as a move in the open from the nearest square of one to the nearest of the other (ruling SC18). */
export function inchesBetween(table: ScTable, a: Piece, b: Piece): number {
  const w = table.board.width;
  const [sa, sb] = [spanOf(a.size), spanOf(b.size)];
  const [ac, ar, bc, br] = [a.at % w, Math.floor(a.at / w), b.at % w, Math.floor(b.at / w)];
  const dx = Math.max(0, bc - (ac + sa - 1), ac - (bc + sb - 1));
  const dy = Math.max(0, br - (ar + sa - 1), ar - (br + sb - 1));
  return openGroundDistance(dx, dy, DIAGONAL_RULE);
}

/**
 * SC Ranged e: a troop shorter than the shooter or the target is shot over when at least an inch of
 * space lies between it and the shooter, two when it is one size larger than the shooter, three when
 * two sizes larger.
 */
export function shotOver(table: ScTable, shooter: Piece, target: Piece, troop: Piece): boolean {
  const rank = SIZE_RANK[troop.size];
  // SC Flight Hover: a hovering target counts one size larger for being shot at over other troops.
  const targetRank = SIZE_RANK[target.size] + (pieceLevel(target) === 'hover' ? 1 : 0);
  if (rank >= SIZE_RANK[shooter.size] && rank >= targetRank) return false;
  const space = inchesBetween(table, shooter, troop) - 1;
  return space >= 1 + Math.max(0, rank - SIZE_RANK[shooter.size]);
}

/** What a square is to a line: 1 blocks and gives cover, 2 light cover, 0 nothing. */
type Kind = 0 | 1 | 2;
const BLOCKS: Kind = 1;
const LIGHT: Kind = 2;

interface LineResult {
  blocked: boolean;
  readonly cover: Set<number>;
  readonly light: Set<number>;
}

/** The squares the open segment from (px,py) to (qx,qy) (doubled) meets, judged by `kind`. */
function traceLine(width: number, height: number, kind: (c: number, r: number) => Kind, px: number, py: number, qx: number, qy: number): LineResult {
  const out: LineResult = { blocked: false, cover: new Set(), light: new Set() };
  const touch = (c: number, r: number): Kind => {
    if (c < 0 || r < 0 || c >= width || r >= height) return 0;
    const k = kind(c, r);
    if (k === BLOCKS) out.cover.add(r * width + c);
    else if (k === LIGHT) out.light.add(r * width + c);
    return k;
  };
  const dx = qx - px;
  const dy = qy - py;
  if (dx === 0 && dy === 0) return out;
  // Parameters t in (0, 1) where the segment meets a grid line, as integers over M: t = key / M.
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  const M = (ax || 1) * (ay || 1);
  const keys = new Set<number>([0, M]);
  for (let x = Math.min(px, qx) + 1; x < Math.max(px, qx); x++) if (x % 2 === 0) keys.add(((x - px) * M) / dx);
  for (let y = Math.min(py, qy) + 1; y < Math.max(py, qy); y++) if (y % 2 === 0) keys.add(((y - py) * M) / dy);
  const sorted = [...keys].sort((a, b) => a - b);
  // Coordinates (doubled) times 2M at parameter key / (2M): exact.
  const X = (k2: number) => 2 * M * px + k2 * dx;
  const Y = (k2: number) => 2 * M * py + k2 * dy;
  const on = (v: number) => v % (4 * M) === 0;
  const cell = (v: number) => Math.floor(v / (4 * M));
  for (let i = 0; i + 1 < sorted.length; i++) {
    const [k1, k2] = [sorted[i]!, sorted[i + 1]!];
    // The stretch between two crossings: inside one square, or along one grid line.
    const mx = X(k1 + k2);
    const my = Y(k1 + k2);
    if (on(mx)) {
      const c = mx / (4 * M);
      const r = cell(my);
      if ((touch(c - 1, r) | touch(c, r)) & BLOCKS) out.blocked = true;
    } else if (on(my)) {
      const r = my / (4 * M);
      const c = cell(mx);
      if ((touch(c, r - 1) | touch(c, r)) & BLOCKS) out.blocked = true;
    } else if (touch(cell(mx), cell(my)) === BLOCKS) out.blocked = true;
    if (k2 === M) break;
    // The crossing at the end of the stretch: a grid corner touches the four squares round it.
    const cx = X(2 * k2);
    const cy = Y(2 * k2);
    if (!on(cx) || !on(cy)) continue;
    const [gc, gr] = [cx / (4 * M), cy / (4 * M)];
    const round = [touch(gc - 1, gr - 1), touch(gc, gr - 1), touch(gc - 1, gr), touch(gc, gr)];
    if (dx !== 0 && dy !== 0) {
      // The two squares beside the line at this corner (not the ones it leaves and enters).
      const sides = dx > 0 === dy > 0 ? [round[1]!, round[2]!] : [round[0]!, round[3]!];
      if (sides[0] === BLOCKS && sides[1] === BLOCKS) out.blocked = true;
    }
  }
  return out;
}

/** The points (doubled, x,y pairs) a shooter may trace from: the half-inch lattice over its space (SC16). */
function samplesOf(width: number, p: Piece): number[] {
  const [c, r, s] = [p.at % width, Math.floor(p.at / width), spanOf(p.size)];
  const out: number[] = [];
  for (let y = 2 * r; y <= 2 * (r + s); y++) for (let x = 2 * c; x <= 2 * (c + s); x++) out.push(x, y);
  return out;
}

/** The four corners (doubled) of a space. */
function cornersOf(width: number, p: Piece): number[] {
  const [c, r, s] = [p.at % width, Math.floor(p.at / width), spanOf(p.size)];
  return [2 * c, 2 * r, 2 * (c + s), 2 * r, 2 * c, 2 * (r + s), 2 * (c + s), 2 * (r + s)];
}

/**
 * SC Line of Sight and SC Cover for `shooter` looking at `target` on `table`. Only troops on the
 * ground stand in a line (ruling SC95: a flyer is above it); none does when the shooter or the target
 * is at Low or High Altitude (SC Flight: only large blocking terrain blocks sight to them), nor a troop
 * under the shooter's or the target's own space.
 */
export function lineOfSight(table: ScTable, shooter: Piece, target: Piece): ScSight {
  const { width, height } = table.board;
  const over = new Map<string, boolean>();
  const troopsStand = !isHigh(pieceLevel(shooter)) && !isHigh(pieceLevel(target));
  const own = new Set([...footprint(table.board, shooter.at, spanOf(shooter.size)), ...footprint(table.board, target.at, spanOf(target.size))]);
  const kind = (c: number, r: number): Kind => {
    const i = r * width + c;
    if (own.has(i)) return 0;
    const who = troopsStand ? table.occupant[i] : null;
    if (table.terrain[i] === 'blocking') return BLOCKS;
    if (who !== null && who !== undefined) {
      if (!over.has(who)) over.set(who, shotOver(table, shooter, target, table.pieces.get(who)!));
      if (!over.get(who)) return BLOCKS;
    }
    return table.terrain[i] === 'light' ? LIGHT : 0;
  };
  const points = samplesOf(width, shooter);
  const corners = cornersOf(width, target);
  let best: ScSight | null = null;
  for (let p = 0; p < points.length; p += 2) {
    const lines = [0, 2, 4, 6].map((k) => traceLine(width, height, kind, points[p]!, points[p + 1]!, corners[k]!, corners[k + 1]!));
    const visible = lines.some((l) => !l.blocked);
    const inches = (of: 'cover' | 'light') => (lines.filter((l) => l[of].size > 0).length >= 2 ? Math.max(...lines.map((l) => l[of].size)) : 0);
    const here = { visible, cover: inches('cover'), light: inches('light') };
    if (best === null || better(here, best)) best = here;
    if (visible && here.cover === 0 && here.light === 0) break;
  }
  return best!;
}

const better = (a: ScSight, b: ScSight): boolean => (a.visible !== b.visible ? a.visible : coverPenalty(a) < coverPenalty(b));
