/**
 * Line of sight and cover (§4.1, §3.11, §3.12, §4.5 burst, R17, R18). Pure: no I/O, no randomness.
 *
 * Geometry. Square (col,row) spans x ∈ [col, col+1], y ∈ [row, row+1] (y grows downwards). Inside
 * this module every point is kept in doubled coordinates (2x, 2y), so that every sample point is an
 * integer point: even coordinates lie on grid lines, a corner has both even, an edge midpoint one,
 * a square centre none. All tests below are exact integer arithmetic.
 *
 * Sampling (R17 says an implementation tests a fixed sample and must say which):
 * - the looker: the corners and the midpoint of every unit edge on the OUTER boundary of its space
 *   (8 points for one square; 16 for a Big unit's 2×2: its 8 unit edges' midpoints and 8 end points).
 *   Sight lines start on the boundary (§4.1 "from any edge of its space"), so the centre is not used.
 * - the target: corners, edge midpoints and centre of each of its squares (9 points for one square;
 *   the 5×5 lattice, 25 points, for a Big unit). §4.1 allows "any point inside" its space.
 * - R18 cover uses the looker's boundary points and the one centre of the target's space (the centre
 *   of its square, or of its 2×2 space).
 * Why: a straight line that is blocked or clear only by touching grid corners or running along grid
 * lines is exactly where the rules decide (corner points, wall edges), so the sample puts points on
 * those corners and lines; the midpoints and centres catch the lines that pass between them.
 *
 * Walking a segment. `trace` walks only the squares, edges and grid corners the segment meets (an
 * exact grid traversal). Along the OPEN segment (endpoints excluded):
 * - entering the interior of a wall square, a closed sliding wall (one nobody stands on) or a square
 *   of a unit larger than the target blocks (R17, R18 last sentence, §3.12);
 * - crossing a wall edge blocks; running along a wall edge, or along the side shared by two blocking
 *   squares (the board's outside counts as wall here, so a line cannot slip round a wall along the
 *   rim), blocks;
 * - passing through a grid corner blocks only when both sides of the line are closed there (a
 *   blocking square or wall edge on each side): grazing a single corner point is clear (R17), a line
 *   through the point where a wall continues, or between two diagonal wall squares, is not (R12's
 *   "cutting a wall corner").
 * Endpoints. Contact at the two ends never blocks by itself, but the line must get out of the
 * looker's space and into the target's: at a start point on an edge the line is blocked when it
 * leaves the looker across a wall edge (so a looker beside an edge wall cannot see through it from
 * the wall's midpoint); at a start point on a corner it is blocked when, turning round that corner
 * from the looker's squares (and those of its sides there that are not walls) to the line's
 * direction, both ways round meet a blocking square or wall edge. The target end is the same in
 * reverse. So a unit standing next to a wall still sees out along it: lines that start on the wall
 * and leave on the open side are clear.
 *
 * R18 cover (every segment from the looker's boundary points to the target's centre):
 * - the segment touches, at a point other than its ends, a wall square, closed sliding wall or wall
 *   edge (a corner point counts), or is blocked (so a wall the looker merely stands against gives
 *   no cover by itself);
 * - or touches (crossing, running along or touching an end of it, as R12 counts a corner) a
 *   low-cover edge that does not touch the looker's space (adjacent low cover is ignored);
 * - or enters an obstructing square that does not touch the looker's space (obstructing terrain has
 *   the effects of low cover, §3.11);
 * - or passes through two sides of an occupied square (§3.12), that is through its interior: the ends
 *   of the segment are never inside another unit's square.
 * Or every unblocked sight line passes through a side of a brush square: enters a brush square that
 * is not the looker's, or ends in the target's own brush square.
 * Hidden (invisible by terrain): every unblocked sight line passes through two sides of brush or
 * smoke: it enters a brush or smoke square other than the looker's and the target's own.
 * Squeezing: a line that runs along the side shared by two squares of the same kind (two occupied
 * squares, two brush/smoke squares, two squares of larger units), or through a corner with such
 * squares on both sides, is treated as passing through them, as R17 treats two wall squares. The line
 * cannot slip between two halves of a hedge or along the middle of an ogre.
 *
 * Burst (§4.5): seesCentre traces the looker's boundary points to the centre of the origin square with
 * the R17 rules, except that units never block (there is no target to be smaller than them); the
 * origin may not be a wall square or closed sliding wall. burstCover is one segment, centre of the
 * origin to centre of the target's space, and only walls count: it gives cover when the segment is
 * blocked by walls or touches a wall square, closed sliding wall or wall edge (corner points count).
 *
 * Purity: no I/O, no clock, no randomness. Walks keep their state in module variables (no allocation
 * per segment), so `occupancy` must not call back into this module. Each board's edge sets are
 * copied once into a flat array, memoised per Board object (boards are immutable).
 * docs/sight.md explains the same rules for players and map makers.
 */
import { T, type Board } from './board';

/** 1 small, 2 medium, 3 big. */
export type SizeRank = 1 | 2 | 3;
/** A unit's space: 1 square, or the 4 squares of a Big unit (any order). */
export interface Body {
  readonly squares: readonly number[];
  readonly size: SizeRank;
}
/** Who stands where, besides the looker and the target (their own squares are ignored): the size of the unit on square i, or 0. */
export type Occupancy = (i: number) => SizeRank | 0;
export interface Sight {
  /** Some sight line is unblocked (R17): the target may be attacked. */
  readonly visible: boolean;
  /** R18 cover: −2 to hit (the caller applies −4 at range 12+). Only meaningful when visible. */
  readonly cover: boolean;
  /** R18: every sight line passes through two sides of brush or smoke squares: the target is invisible to the looker by terrain. Only meaningful when visible. */
  readonly hidden: boolean;
}

/* ---------------------------------------------------------------------------------------------- */
/* Walk context. The engine is single-threaded and walks never nest, so the state of one walk lives */
/* in module variables: no allocation per segment.                                                  */

let B: Board;
let W = 0;
let H = 0;
let occ: Occupancy = () => 0;
let lookSq: readonly number[] = [];
let targSq: readonly number[] = [];
/** Units larger than this block sight (3 when nothing does: no target, or a Big target). */
let targSize = 3;
/** False for burst cover, which only walls give. */
let countCover = true;

const STOP_NEVER = 0;
const STOP_BLOCKED = 1;
const STOP_TOUCHED = 2;
let stopWhen = STOP_NEVER;

let rBlocked = false;
let rTouch = false;
let rBrush = false;
let rVeil = false;

// Terrain flags copied once: the hot loops read plain constants.
const WALL = T.wall;
const SLIDING = T['sliding-wall'];
const BRUSH = T.brush;
const SMOKE = T.smoke;
const OBSTRUCTING = T.obstructing;
/** Per edge id: 1 wall edge, 2 low cover. Built once per board (a pure memo of its edge sets). */
let edgeFlags: Uint8Array = new Uint8Array(0);
const EDGE_WALL = 1;
const EDGE_LOW = 2;
const edgeCache = new WeakMap<Board, Uint8Array>();

function edgesOf(board: Board): Uint8Array {
  let flags = edgeCache.get(board);
  if (!flags) {
    flags = new Uint8Array(2 * board.width * board.height);
    for (const e of board.walls) if (e >= 0 && e < flags.length) flags[e]! |= EDGE_WALL;
    for (const e of board.lowCover) if (e >= 0 && e < flags.length) flags[e]! |= EDGE_LOW;
    edgeCache.set(board, flags);
  }
  return flags;
}

/** A square (or the board's outside) a line cannot enter. */
const G_BLOCK = 1;
/** A square that gives cover when a line passes through two of its sides: occupied, non-adjacent obstructing. */
const G_COVER = 2;
/** Brush that counts for brush cover (not the looker's own; the target's own counts). */
const G_BRUSH = 4;
/** Brush or smoke that hides (neither the looker's nor the target's own). */
const G_VEIL = 8;
/** A wall square on the board (touching it gives cover). */
const G_WALLON = 16;
const PAIRED = G_BLOCK | G_COVER | G_BRUSH | G_VEIL;

function isLook(i: number): boolean {
  for (let k = 0; k < lookSq.length; k++) if (lookSq[k] === i) return true;
  return false;
}

function isTarg(i: number): boolean {
  for (let k = 0; k < targSq.length; k++) if (targSq[k] === i) return true;
  return false;
}

/** The closed box [x0,x1]×[y0,y1] (a square or a unit edge) shares a point with the looker's space. */
function touchesLooker(x0: number, x1: number, y0: number, y1: number): boolean {
  for (let k = 0; k < lookSq.length; k++) {
    const s = lookSq[k]!;
    const lc = s % W;
    const lr = (s - lc) / W;
    if (lc <= x1 && x0 <= lc + 1 && lr <= y1 && y0 <= lr + 1) return true;
  }
  return false;
}

const squareTouchesLooker = (c: number, r: number): boolean => touchesLooker(c, c + 1, r, r + 1);
/** The vertical unit edge x = X, y ∈ [R, R+1]. */
const vEdgeTouchesLooker = (X: number, R: number): boolean => touchesLooker(X, X, R, R + 1);
/** The horizontal unit edge y = Y, x ∈ [C, C+1]. */
const hEdgeTouchesLooker = (C: number, Y: number): boolean => touchesLooker(C, C + 1, Y, Y);

/** Id of the vertical edge x = X between (X−1,R) and (X,R), or −1 on the rim / off the board. */
const vEdge = (X: number, R: number): number => (X <= 0 || X >= W || R < 0 || R >= H ? -1 : 2 * (R * W + X - 1));
/** Id of the horizontal edge y = Y between (C,Y−1) and (C,Y), or −1 on the rim / off the board. */
const hEdge = (C: number, Y: number): number => (Y <= 0 || Y >= H || C < 0 || C >= W ? -1 : 2 * ((Y - 1) * W + C) + 1);

const isWallEdge = (e: number): boolean => e >= 0 && (edgeFlags[e]! & EDGE_WALL) !== 0;
const isLowCover = (e: number): boolean => e >= 0 && (edgeFlags[e]! & EDGE_LOW) !== 0;

/** What square (c,r) is to a line (G_ bits). Off the board: blocking. */
function groups(c: number, r: number): number {
  if (c < 0 || r < 0 || c >= W || r >= H) return G_BLOCK;
  const i = r * W + c;
  if (isLook(i)) return 0;
  const t = B.terrain[i]!;
  if (isTarg(i)) return t & BRUSH ? G_BRUSH : 0;
  if (t & WALL) return G_BLOCK | G_WALLON;
  const o = occ(i);
  if (t & SLIDING && o === 0) return G_BLOCK | G_WALLON;
  let g = 0;
  if (o > targSize) g |= G_BLOCK;
  if (o > 0) g |= G_COVER;
  if (t & OBSTRUCTING && !squareTouchesLooker(c, r)) g |= G_COVER;
  if (t & BRUSH) g |= G_BRUSH | G_VEIL;
  else if (t & SMOKE) g |= G_VEIL;
  return g;
}

function block(): void {
  rBlocked = true;
  rTouch = true;
}

const done = (): boolean => (stopWhen === STOP_BLOCKED ? rBlocked : stopWhen === STOP_TOUCHED && rTouch);

/** The open segment passes through the interior of square (c,r). */
function visit(c: number, r: number): void {
  const g = groups(c, r);
  if (g === 0) return;
  if (g & G_BLOCK) block();
  if (countCover && g & G_COVER) rTouch = true;
  if (g & G_BRUSH) rBrush = true;
  if (g & G_VEIL) rVeil = true;
}

/** The open segment crosses edge `e` (between squares a and b) at a point inside the edge. */
function cross(e: number, a: number, b: number, touchesLooker: boolean): void {
  if ((isLook(a) && isLook(b)) || (isTarg(a) && isTarg(b))) return;
  const f = edgeFlags[e]!;
  if (f & EDGE_WALL) block();
  else if (countCover && f & EDGE_LOW && !touchesLooker) rTouch = true;
}

/** The open segment runs along the unit edge `e` (−1 on the rim) between squares (ca,ra) and (cb,rb). */
function along(e: number, ca: number, ra: number, cb: number, rb: number, touchesLooker: boolean): void {
  if (e >= 0) {
    const a = ra * W + ca;
    const b = rb * W + cb;
    if ((isLook(a) && isLook(b)) || (isTarg(a) && isTarg(b))) return;
  }
  const ga = groups(ca, ra);
  const gb = groups(cb, rb);
  const wallEdge = isWallEdge(e);
  if (wallEdge || (ga & G_BLOCK && gb & G_BLOCK)) block();
  if ((ga | gb) & G_WALLON) rTouch = true;
  const both = ga & gb;
  if (countCover && (both & G_COVER || (!touchesLooker && isLowCover(e)))) rTouch = true;
  if (both & G_BRUSH) rBrush = true;
  if (both & G_VEIL) rVeil = true;
}

/*
 * Around a grid corner (X,Y) there are 8 slots, clockwise on screen from east (y grows downwards):
 * 0 E edge, 1 SE square, 2 S edge, 3 SW square, 4 W edge, 5 NW square, 6 N edge, 7 NE square.
 * An edge slot lies between the two square slots beside it.
 */
const slotG = [0, 0, 0, 0, 0, 0, 0, 0];
const slotE = [0, 0, 0, 0, 0, 0, 0, 0];

/** Fills slotG (G_ bits per slot) and slotE (edge ids of the edge slots) for corner (X,Y). */
function fillSlots(X: number, Y: number): void {
  slotG[1] = groups(X, Y);
  slotG[3] = groups(X - 1, Y);
  slotG[5] = groups(X - 1, Y - 1);
  slotG[7] = groups(X, Y - 1);
  slotE[0] = hEdge(X, Y);
  slotE[2] = vEdge(X, Y);
  slotE[4] = hEdge(X - 1, Y);
  slotE[6] = vEdge(X, Y - 1);
  for (let s = 0; s < 8; s += 2) {
    slotG[s] = (slotG[(s + 7) & 7]! & slotG[s + 1]! & PAIRED) | (isWallEdge(slotE[s]!) ? G_BLOCK : 0);
  }
}

/** Direction slot of (dx,dy). */
function slotOf(dx: number, dy: number): number {
  if (dy === 0) return dx > 0 ? 0 : 4;
  if (dx === 0) return dy > 0 ? 2 : 6;
  if (dx > 0) return dy > 0 ? 1 : 7;
  return dy > 0 ? 3 : 5;
}

/** G_ bits met strictly between slot a and its opposite, going round in direction `step` (±1). */
function side(a: number, step: number): number {
  return slotG[(a + step + 8) & 7]! | slotG[(a + 2 * step + 8) & 7]! | slotG[(a + 3 * step + 8) & 7]!;
}

/** The open segment passes through corner (X,Y), arriving from slot `a`. */
function corner(X: number, Y: number, a: number): void {
  fillSlots(X, Y);
  const both = side(a, 1) & side(a, -1);
  if (both & G_BLOCK) block();
  if (slotG[1]! & G_WALLON || slotG[3]! & G_WALLON || slotG[5]! & G_WALLON || slotG[7]! & G_WALLON) rTouch = true;
  for (let s = 0; s < 8; s += 2) if (isWallEdge(slotE[s]!)) rTouch = true;
  if (countCover && !rTouch) {
    if (both & G_COVER) rTouch = true;
    else if (isLowCover(slotE[0]!) && !hEdgeTouchesLooker(X, Y)) rTouch = true;
    else if (isLowCover(slotE[2]!) && !vEdgeTouchesLooker(X, Y)) rTouch = true;
    else if (isLowCover(slotE[4]!) && !hEdgeTouchesLooker(X - 1, Y)) rTouch = true;
    else if (isLowCover(slotE[6]!) && !vEdgeTouchesLooker(X, Y - 1)) rTouch = true;
  }
  if (both & G_BRUSH) rBrush = true;
  if (both & G_VEIL) rVeil = true;
}

/**
 * The body's slots at corner (X,Y): its squares, and the edge slots beside them that do not block
 * (its own sides, unless they are walls). Call after fillSlots.
 */
function bodySlots(body: readonly number[], X: number, Y: number): number {
  let m = 0;
  for (let k = 0; k < body.length; k++) {
    const s = body[k]!;
    const c = s % W;
    const r = (s - c) / W;
    if (r === Y) {
      if (c === X) m |= 1 << 1;
      else if (c === X - 1) m |= 1 << 3;
    } else if (r === Y - 1) {
      if (c === X - 1) m |= 1 << 5;
      else if (c === X) m |= 1 << 7;
    }
  }
  for (let s = 0; s < 8; s += 2) {
    if (m & ((1 << ((s + 7) & 7)) | (1 << (s + 1))) && !(slotG[s]! & G_BLOCK)) m |= 1 << s;
  }
  return m;
}

/**
 * Whether a line can get round corner (X,Y) from the slots `from` to the slots `to` without meeting a
 * blocking slot, on either side of the line (a: the slot the line comes from). Call after fillSlots.
 */
function passes(a: number, from: number, to: number): boolean {
  for (let step = -1; step <= 1; step += 2) {
    let open = false;
    for (let k = 0; k <= 4; k++) {
      const s = (a + step * k + 8) & 7;
      const bit = 1 << s;
      if (from & bit) open = true;
      else if (!(to & bit) && slotG[s]! & G_BLOCK) open = false;
      if (open && to & bit) return true;
    }
  }
  return false;
}

/** The segment starts at (px,py) (doubled) on the looker's boundary, heading (dx,dy). */
function start(px: number, py: number, dx: number, dy: number): void {
  const xe = (px & 1) === 0;
  const ye = (py & 1) === 0;
  if (xe && ye) {
    const X = px >> 1;
    const Y = py >> 1;
    fillSlots(X, Y);
    const b = slotOf(dx, dy);
    const a = (b + 4) & 7;
    // Without a looker (burst origin, tools) the line is taken to come straight on.
    if (!passes(a, lookSq.length > 0 ? bodySlots(lookSq, X, Y) : 1 << a, 1 << b)) block();
  } else if (xe && dx !== 0) {
    const X = px >> 1;
    const R = py >> 1;
    const into = dx > 0 ? R * W + X : R * W + X - 1;
    if (X > 0 && X < W && !isLook(into) && isWallEdge(vEdge(X, R))) block();
  } else if (ye && dy !== 0) {
    const C = px >> 1;
    const Y = py >> 1;
    const into = dy > 0 ? Y * W + C : (Y - 1) * W + C;
    if (Y > 0 && Y < H && !isLook(into) && isWallEdge(hEdge(C, Y))) block();
  }
}

/** The segment ends at (qx,qy) (doubled) in the target's space, arriving with heading (dx,dy). */
function end(qx: number, qy: number, dx: number, dy: number): void {
  const xe = (qx & 1) === 0;
  const ye = (qy & 1) === 0;
  if (xe && ye) {
    const X = qx >> 1;
    const Y = qy >> 1;
    fillSlots(X, Y);
    const a = slotOf(-dx, -dy);
    if (!passes(a, 1 << a, targSq.length > 0 ? bodySlots(targSq, X, Y) : 1 << ((a + 4) & 7))) block();
  } else if (xe && dx !== 0) {
    const X = qx >> 1;
    const R = qy >> 1;
    const from = dx > 0 ? R * W + X - 1 : R * W + X;
    if (X > 0 && X < W && !isTarg(from) && isWallEdge(vEdge(X, R))) block();
  } else if (ye && dy !== 0) {
    const C = qx >> 1;
    const Y = qy >> 1;
    const from = dy > 0 ? (Y - 1) * W + C : Y * W + C;
    if (Y > 0 && Y < H && !isTarg(from) && isWallEdge(hEdge(C, Y))) block();
  }
}

/** A segment on the vertical grid line x = X, from doubled y0 to y1. */
function runVertical(X: number, y0: number, y1: number): void {
  const sy = y1 > y0 ? 1 : -1;
  const a = sy > 0 ? 6 : 2;
  const lo = Math.min(y0, y1);
  const hi = Math.max(y0, y1);
  for (let k = lo >> 1; 2 * k < hi; k++) {
    along(vEdge(X, k), X - 1, k, X, k, vEdgeTouchesLooker(X, k));
    if (done()) return;
    if (2 * k + 2 < hi) {
      corner(X, k + 1, a);
      if (done()) return;
    }
  }
}

/** A segment on the horizontal grid line y = Y, from doubled x0 to x1. */
function runHorizontal(Y: number, x0: number, x1: number): void {
  const sx = x1 > x0 ? 1 : -1;
  const a = sx > 0 ? 4 : 0;
  const lo = Math.min(x0, x1);
  const hi = Math.max(x0, x1);
  for (let k = lo >> 1; 2 * k < hi; k++) {
    along(hEdge(k, Y), k, Y - 1, k, Y, hEdgeTouchesLooker(k, Y));
    if (done()) return;
    if (2 * k + 2 < hi) {
      corner(k + 1, Y, a);
      if (done()) return;
    }
  }
}

const FAR = 1 << 30;

/** The open segment between doubled points: squares entered, edges crossed, corners passed. */
function middle(px: number, py: number, qx: number, qy: number): void {
  const dx = qx - px;
  const dy = qy - py;
  if (dx === 0 && (px & 1) === 0) return runVertical(px >> 1, py, qy);
  if (dy === 0 && (py & 1) === 0) return runHorizontal(py >> 1, px, qx);
  const sx = Math.sign(dx);
  const sy = Math.sign(dy);
  const adx = Math.abs(dx);
  const ady = Math.abs(dy);
  // The square the segment enters first.
  let c = px & 1 ? px >> 1 : sx > 0 ? px >> 1 : (px >> 1) - 1;
  let r = py & 1 ? py >> 1 : sy > 0 ? py >> 1 : (py >> 1) - 1;
  // Doubled distances, along each axis, to the next vertical / horizontal grid line.
  let ax = sx === 0 ? FAR : px & 1 ? 1 : 2;
  let ay = sy === 0 ? FAR : py & 1 ? 1 : 2;
  const a = slotOf(-sx, -sy);
  for (;;) {
    visit(c, r);
    if (done()) return;
    const xIn = ax < adx;
    const yIn = ay < ady;
    if (!xIn && !yIn) return;
    const cmp = !xIn ? 1 : !yIn ? -1 : ax * ady - ay * adx;
    if (cmp < 0) {
      const X = sx > 0 ? c + 1 : c;
      cross(vEdge(X, r), r * W + c, r * W + c + sx, vEdgeTouchesLooker(X, r));
      c += sx;
      ax += 2;
    } else if (cmp > 0) {
      const Y = sy > 0 ? r + 1 : r;
      cross(hEdge(c, Y), r * W + c, (r + sy) * W + c, hEdgeTouchesLooker(c, Y));
      r += sy;
      ay += 2;
    } else {
      corner(sx > 0 ? c + 1 : c, sy > 0 ? r + 1 : r, a);
      c += sx;
      r += sy;
      ax += 2;
      ay += 2;
    }
    if (done()) return;
  }
}

/** Walks one segment between doubled points; results in rBlocked, rTouch, rBrush, rVeil. */
function trace(px: number, py: number, qx: number, qy: number, stop: number): void {
  rBlocked = false;
  rTouch = false;
  rBrush = false;
  rVeil = false;
  stopWhen = stop;
  const dx = qx - px;
  const dy = qy - py;
  if (dx === 0 && dy === 0) return;
  start(px, py, dx, dy);
  if (done()) return;
  middle(px, py, qx, qy);
  if (done()) return;
  end(qx, qy, dx, dy);
}

function setup(board: Board, occupancy: Occupancy, look: readonly number[], targ: readonly number[], size: number, cover: boolean): void {
  B = board;
  W = board.width;
  H = board.height;
  occ = occupancy;
  edgeFlags = edgesOf(board);
  lookSq = look;
  targSq = targ;
  targSize = size;
  countCover = cover;
}

/* ---------------------------------------------------------------------------------------------- */
/* Samples                                                                                          */

const contains = (list: readonly number[], i: number): boolean => list.includes(i);

/** Doubled coordinates of the corners and unit-edge midpoints of the outer boundary of a space, as x,y pairs. */
export function boundarySamples(board: Pick<Board, 'width'>, squares: readonly number[]): number[] {
  const w = board.width;
  const out: number[] = [];
  const seen = new Set<number>();
  const add = (x: number, y: number) => {
    const key = x * 4096 + y;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(x, y);
  };
  const sorted = [...squares].sort((p, q) => p - q);
  for (const s of sorted) {
    const c = s % w;
    const r = (s - c) / w;
    const x = 2 * c;
    const y = 2 * r;
    // Each outer side: its two ends and its midpoint.
    const outer = (x0: number, y0: number, x1: number, y1: number) => {
      add(x0, y0);
      add((x0 + x1) / 2, (y0 + y1) / 2);
      add(x1, y1);
    };
    if (r === 0 || !contains(squares, s - w)) outer(x, y, x + 2, y);
    if (c === w - 1 || !contains(squares, s + 1)) outer(x + 2, y, x + 2, y + 2);
    if (!contains(squares, s + w)) outer(x + 2, y + 2, x, y + 2);
    if (c === 0 || !contains(squares, s - 1)) outer(x, y + 2, x, y);
  }
  return out;
}

/** Doubled coordinates of the corners, edge midpoints and centres of a space's squares, as x,y pairs. */
export function interiorSamples(board: Pick<Board, 'width'>, squares: readonly number[]): number[] {
  const w = board.width;
  const out: number[] = [];
  const seen = new Set<number>();
  for (const s of [...squares].sort((p, q) => p - q)) {
    const c = s % w;
    const r = (s - c) / w;
    for (let j = 0; j <= 2; j++) {
      for (let i = 0; i <= 2; i++) {
        const key = (2 * c + i) * 4096 + 2 * r + j;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(2 * c + i, 2 * r + j);
      }
    }
  }
  return out;
}

/** Doubled coordinates of the centre of a space (its square, or its 2×2). */
function centreOf(squares: readonly number[]): [number, number] {
  let c0 = Infinity;
  let c1 = -Infinity;
  let r0 = Infinity;
  let r1 = -Infinity;
  for (const s of squares) {
    const c = s % W;
    const r = (s - c) / W;
    c0 = Math.min(c0, c);
    c1 = Math.max(c1, c);
    r0 = Math.min(r0, r);
    r1 = Math.max(r1, r);
  }
  return [c0 + c1 + 1, r0 + r1 + 1];
}

/** Reused sample buffers (x,y pairs): the looker's boundary points and the target's points. */
const lookPts = new Int32Array(64);
let lookN = 0;
const targPts = new Int32Array(64);
let targN = 0;
/** Offsets (doubled) of one square's boundary samples and of its 3×3 lattice. */
const RING = [0, 0, 1, 0, 2, 0, 2, 1, 2, 2, 1, 2, 0, 2, 0, 1];

function fillLook(squares: readonly number[]): void {
  if (squares.length === 1) {
    const s = squares[0]!;
    const c = s % W;
    const x = 2 * c;
    const y = 2 * ((s - c) / W);
    for (let k = 0; k < 16; k += 2) {
      lookPts[k] = x + RING[k]!;
      lookPts[k + 1] = y + RING[k + 1]!;
    }
    lookN = 16;
    return;
  }
  const pts = boundarySamples(B, squares);
  lookPts.set(pts.slice(0, lookPts.length));
  lookN = Math.min(pts.length, lookPts.length);
}

function fillTarg(squares: readonly number[]): void {
  if (squares.length === 1) {
    const s = squares[0]!;
    const c = s % W;
    const x = 2 * c;
    const y = 2 * ((s - c) / W);
    let k = 0;
    for (let j = 0; j <= 2; j++) {
      for (let i = 0; i <= 2; i++) {
        targPts[k++] = x + i;
        targPts[k++] = y + j;
      }
    }
    targN = 18;
    return;
  }
  const pts = interiorSamples(B, squares);
  targPts.set(pts.slice(0, targPts.length));
  targN = Math.min(pts.length, targPts.length);
}

/** The doubled point (x,y) lies in (or on the edge of) a brush square of the target. */
function inTargetBrush(x: number, y: number): boolean {
  for (const s of targSq) {
    if (!(B.terrain[s]! & BRUSH)) continue;
    const c = s % W;
    const r = (s - c) / W;
    if (2 * c <= x && x <= 2 * c + 2 && 2 * r <= y && y <= 2 * r + 2) return true;
  }
  return false;
}

/* ---------------------------------------------------------------------------------------------- */
/* API                                                                                              */

const NOT_VISIBLE: Sight = { visible: false, cover: false, hidden: false };

/** R17 visibility, R18 cover and terrain invisibility of `to` for the looker `from`. */
export function sight(board: Board, occupancy: Occupancy, from: Body, to: Body): Sight {
  setup(board, occupancy, from.squares, to.squares, to.size, true);
  fillLook(from.squares);
  fillTarg(to.squares);
  let visible = false;
  let allBrush = true;
  let allVeiled = true;
  outer: for (let t = 0; t < targN; t += 2) {
    const qx = targPts[t]!;
    const qy = targPts[t + 1]!;
    const brushEnd = inTargetBrush(qx, qy);
    for (let l = 0; l < lookN; l += 2) {
      const px = lookPts[l]!;
      const py = lookPts[l + 1]!;
      if (px === qx && py === qy) continue;
      trace(px, py, qx, qy, STOP_BLOCKED);
      if (rBlocked) continue;
      visible = true;
      if (!rBrush && !brushEnd) allBrush = false;
      if (!rVeil) allVeiled = false;
      if (!allBrush && !allVeiled) break outer;
    }
  }
  if (!visible) return NOT_VISIBLE;
  let cover = allBrush;
  if (!cover) {
    const [cx, cy] = centreOf(to.squares);
    cover = true;
    for (let l = 0; l < lookN; l += 2) {
      trace(lookPts[l]!, lookPts[l + 1]!, cx, cy, STOP_TOUCHED);
      if (!rTouch) {
        cover = false;
        break;
      }
    }
  }
  return { visible, cover, hidden: allVeiled };
}

/** §4.5 burst: can the attacker trace sight to the CENTRE of the origin square (walls block as in R17). */
export function seesCentre(board: Board, occupancy: Occupancy, from: Body, square: number): boolean {
  setup(board, occupancy, from.squares, [], 3, true);
  fillLook(from.squares);
  const c = square % board.width;
  const qx = 2 * c + 1;
  const qy = 2 * ((square - c) / board.width) + 1;
  for (let l = 0; l < lookN; l += 2) {
    trace(lookPts[l]!, lookPts[l + 1]!, qx, qy, STOP_BLOCKED);
    if (!rBlocked) return true;
  }
  return false;
}

/** §4.5 burst cover: the line from the centre of the origin square to the centre of the target's space is blocked (touches a wall/blocking square, crosses a wall edge). */
export function burstCover(board: Board, occupancy: Occupancy, origin: number, to: Body): boolean {
  setup(board, occupancy, [], to.squares, 3, false);
  const c = origin % board.width;
  const [qx, qy] = centreOf(to.squares);
  trace(2 * c + 1, 2 * ((origin - c) / board.width) + 1, qx, qy, STOP_TOUCHED);
  return rTouch;
}

/** Per board: how many brush or smoke squares lie above and left of each grid point (a summed-area table), and a list of them. */
const veilCounts = new WeakMap<Board, { readonly sums: Int32Array; readonly squares: readonly number[] }>();

function veilsOf(board: Board): { readonly sums: Int32Array; readonly squares: readonly number[] } {
  let veils = veilCounts.get(board);
  if (!veils) {
    const w = board.width + 1;
    const sums = new Int32Array(w * (board.height + 1));
    const squares: number[] = [];
    for (let r = 0; r < board.height; r++) {
      for (let c = 0; c < board.width; c++) {
        const veil = board.terrain[r * board.width + c]! & (BRUSH | SMOKE) ? 1 : 0;
        if (veil) squares.push(r * board.width + c);
        sums[(r + 1) * w + c + 1] = veil + sums[r * w + c + 1]! + sums[(r + 1) * w + c]! - sums[r * w + c]!;
      }
    }
    veilCounts.set(board, (veils = { sums, squares }));
  }
  return veils;
}

/** Bounds of a space: columns c0..c1, rows r0..r1. */
function spaceBounds(width: number, squares: readonly number[]): [number, number, number, number] {
  let c0 = Infinity;
  let c1 = -Infinity;
  let r0 = Infinity;
  let r1 = -Infinity;
  for (let k = 0; k < squares.length; k++) {
    const s = squares[k]!;
    const c = s % width;
    const r = (s - c) / width;
    if (c < c0) c0 = c;
    if (c > c1) c1 = c;
    if (r < r0) r0 = r;
    if (r > r1) r1 = r;
  }
  return [c0, c1, r0, r1];
}

/**
 * Whether terrain could hide `to` from `from` at all: false when no brush or smoke square touches the
 * region every sight line lies in, so that `sight(…).hidden` is false and need not be traced. A line
 * is veiled only by brush or smoke squares it meets. Every line runs from a point of one space to a
 * point of the other, so it lies within the box holding both spaces, and within R of the segment
 * between their centres (R: the larger space's half-diagonal); a square meeting it has its centre
 * within R + √2/2 of that segment.
 */
export function mayHide(board: Board, from: readonly number[], to: readonly number[]): boolean {
  if (from.length === 0 || to.length === 0) return true;
  const w = board.width;
  const [fc0, fc1, fr0, fr1] = spaceBounds(w, from);
  const [tc0, tc1, tr0, tr1] = spaceBounds(w, to);
  // Squares that share a point with the box, clipped to the board.
  const c0 = Math.max(0, Math.min(fc0, tc0) - 1);
  const r0 = Math.max(0, Math.min(fr0, tr0) - 1);
  const c1 = Math.min(w - 1, Math.max(fc1, tc1) + 1);
  const r1 = Math.min(board.height - 1, Math.max(fr1, tr1) + 1);
  const { sums, squares } = veilsOf(board);
  const sw = w + 1;
  if (sums[(r1 + 1) * sw + c1 + 1]! - sums[r0 * sw + c1 + 1]! - sums[(r1 + 1) * sw + c0]! + sums[r0 * sw + c0]! === 0) return false;
  // Centres and half-diagonals of the two spaces (a space spans [c0, c1 + 1] × [r0, r1 + 1]).
  const ax = (fc0 + fc1 + 1) / 2;
  const ay = (fr0 + fr1 + 1) / 2;
  const bx = (tc0 + tc1 + 1) / 2;
  const by = (tr0 + tr1 + 1) / 2;
  const radius = Math.max(Math.hypot(fc1 - fc0 + 1, fr1 - fr0 + 1), Math.hypot(tc1 - tc0 + 1, tr1 - tr0 + 1)) / 2;
  const reach = radius + Math.SQRT1_2 + 1e-9;
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  for (let k = 0; k < squares.length; k++) {
    const s = squares[k]!;
    const c = s % w;
    const r = (s - c) / w;
    if (c < c0 || c > c1 || r < r0 || r > r1) continue;
    // Distance from the square's centre to the segment between the spaces' centres.
    const px = c + 0.5 - ax;
    const py = r + 0.5 - ay;
    const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / length2));
    if (Math.hypot(px - t * dx, py - t * dy) <= reach) return true;
  }
  return false;
}

/** What one segment meets; for tests and tools. */
export interface Trace {
  /** R17: the segment is blocked. */
  readonly blocked: boolean;
  /** R18: the segment touches something that gives cover (walls, corners included; non-adjacent low cover; occupied squares…). */
  readonly touches: boolean;
  /** It passes through a side of a brush square. */
  readonly brush: boolean;
  /** It passes through two sides of brush or smoke. */
  readonly veiled: boolean;
}

/**
 * Traces one segment between two points given in squares (multiples of ½, e.g. [3, 4.5]) with the
 * rules above, from a looker's space to a target's (either may be empty).
 */
export function traceSegment(
  board: Board,
  occupancy: Occupancy,
  from: Body | null,
  to: Body | null,
  p: readonly [number, number],
  q: readonly [number, number],
): Trace {
  const d = [p[0] * 2, p[1] * 2, q[0] * 2, q[1] * 2];
  if (!d.every(Number.isInteger)) throw new RangeError('points must be multiples of 1/2');
  setup(board, occupancy, from?.squares ?? [], to?.squares ?? [], to?.size ?? 3, true);
  trace(d[0]!, d[1]!, d[2]!, d[3]!, STOP_NEVER);
  return { blocked: rBlocked, touches: rTouch, brush: rBrush, veiled: rVeil };
}
