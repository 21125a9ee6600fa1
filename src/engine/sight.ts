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
 * Purity: no I/O, no clock, no randomness. Each question (sight, seesCentre, burstCover,
 * traceSegment) makes its own Walk, which holds that walk's state: no allocation per segment, and
 * nothing shared between questions. Each board's edge sets are copied once into a flat array,
 * memoised per Board object (boards are immutable).
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
/* ---------------------------------------------------------------------------------------------- */
/* Constants                                                                                        */

/** When a walk may stop early: never, once blocked (sight), once it touches something (cover). */
const STOP_NEVER = 0;
const STOP_BLOCKED = 1;
const STOP_TOUCHED = 2;

// Terrain flags copied once: the hot loops read plain constants.
const WALL = T.wall;
const SLIDING = T['sliding-wall'];
const BRUSH = T.brush;
const SMOKE = T.smoke;
const OBSTRUCTING = T.obstructing;
/** Per edge id: 1 wall edge, 2 low cover. Built once per board (a pure memo of its edge sets). */
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

/*
 * Around a grid corner (X,Y) there are 8 slots, clockwise on screen from east (y grows downwards):
 * 0 E edge, 1 SE square, 2 S edge, 3 SW square, 4 W edge, 5 NW square, 6 N edge, 7 NE square.
 * An edge slot lies between the two square slots beside it.
 */

/** Direction slot of (dx,dy). */
function slotOf(dx: number, dy: number): number {
  if (dy === 0) return dx > 0 ? 0 : 4;
  if (dx === 0) return dy > 0 ? 2 : 6;
  if (dx > 0) return dy > 0 ? 1 : 7;
  return dy > 0 ? 3 : 5;
}

const FAR = 1 << 30;

/** Offsets (doubled) of one square's boundary samples and of its 3×3 lattice. */
const RING = [0, 0, 1, 0, 2, 0, 2, 1, 2, 2, 1, 2, 0, 2, 0, 1];

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
/* ---------------------------------------------------------------------------------------------- */
/* Walks                                                                                            */

/**
 * One question's walk: the board, who stands where, the looker's and the target's spaces, the
 * sample points, and what the segment traced last met (rBlocked, rTouch, rBrush, rVeil). Made for
 * each question and dropped after it, so walks share nothing; within a walk, segments allocate nothing.
 */
class Walk {
  readonly W: number;
  readonly H: number;
  /** Per edge id: EDGE_WALL, EDGE_LOW. */
  readonly edgeFlags: Uint8Array;
  stopWhen = STOP_NEVER;
  rBlocked = false;
  rTouch = false;
  rBrush = false;
  rVeil = false;
  /**
   * When set (sightBlockers only, never on the hot path): what the segment's first block met, as keys
   * (BlockNote). A walk stopped once blocked ends on that step, so these are its first blocker(s).
   */
  notes: number[] | null = null;
  /** The slots round the corner being passed (fillSlots): G_ bits per slot, and the edge slots' edge ids. */
  readonly slotG = [0, 0, 0, 0, 0, 0, 0, 0];
  readonly slotE = [0, 0, 0, 0, 0, 0, 0, 0];
  /** Sample points (x,y pairs, doubled): the looker's boundary points and the target's points. */
  readonly lookPts = new Int32Array(64);
  lookN = 0;
  readonly targPts = new Int32Array(64);
  targN = 0;

  /**
   * `targSize`: units larger than this block sight (3 when nothing does: no target, or a Big target).
   * `countCover`: false for burst cover, which only walls give.
   */
  constructor(
    readonly B: Board,
    readonly occ: Occupancy,
    readonly lookSq: readonly number[],
    readonly targSq: readonly number[],
    readonly targSize: number,
    readonly countCover: boolean,
  ) {
    this.W = B.width;
    this.H = B.height;
    this.edgeFlags = edgesOf(B);
  }

  isLook(i: number): boolean {
    for (let k = 0; k < this.lookSq.length; k++) if (this.lookSq[k] === i) return true;
    return false;
  }

  isTarg(i: number): boolean {
    for (let k = 0; k < this.targSq.length; k++) if (this.targSq[k] === i) return true;
    return false;
  }

  /** The closed box [x0,x1]×[y0,y1] (a square or a unit edge) shares a point with the looker's space. */
  touchesLooker(x0: number, x1: number, y0: number, y1: number): boolean {
    for (let k = 0; k < this.lookSq.length; k++) {
      const s = this.lookSq[k]!;
      const lc = s % this.W;
      const lr = (s - lc) / this.W;
      if (lc <= x1 && x0 <= lc + 1 && lr <= y1 && y0 <= lr + 1) return true;
    }
    return false;
  }

  squareTouchesLooker(c: number, r: number): boolean {
    return this.touchesLooker(c, c + 1, r, r + 1);
  }

  /** The vertical unit edge x = X, y ∈ [R, R+1]. */
  vEdgeTouchesLooker(X: number, R: number): boolean {
    return this.touchesLooker(X, X, R, R + 1);
  }

  /** The horizontal unit edge y = Y, x ∈ [C, C+1]. */
  hEdgeTouchesLooker(C: number, Y: number): boolean {
    return this.touchesLooker(C, C + 1, Y, Y);
  }

  /** Id of the vertical edge x = X between (X−1,R) and (X,R), or −1 on the rim / off the board. */
  vEdge(X: number, R: number): number {
    return X <= 0 || X >= this.W || R < 0 || R >= this.H ? -1 : 2 * (R * this.W + X - 1);
  }

  /** Id of the horizontal edge y = Y between (C,Y−1) and (C,Y), or −1 on the rim / off the board. */
  hEdge(C: number, Y: number): number {
    return Y <= 0 || Y >= this.H || C < 0 || C >= this.W ? -1 : 2 * ((Y - 1) * this.W + C) + 1;
  }

  isWallEdge(e: number): boolean {
    return e >= 0 && (this.edgeFlags[e]! & EDGE_WALL) !== 0;
  }

  isLowCover(e: number): boolean {
    return e >= 0 && (this.edgeFlags[e]! & EDGE_LOW) !== 0;
  }

  /** What square (c,r) is to a line (G_ bits). Off the board: blocking. */
  groups(c: number, r: number): number {
    if (c < 0 || r < 0 || c >= this.W || r >= this.H) return G_BLOCK;
    const i = r * this.W + c;
    if (this.isLook(i)) return 0;
    const t = this.B.terrain[i]!;
    if (this.isTarg(i)) return t & BRUSH ? G_BRUSH : 0;
    if (t & WALL) return G_BLOCK | G_WALLON;
    const o = this.occ(i);
    if (t & SLIDING && o === 0) return G_BLOCK | G_WALLON;
    let g = 0;
    if (o > this.targSize) g |= G_BLOCK;
    if (o > 0) g |= G_COVER;
    if (t & OBSTRUCTING && !this.squareTouchesLooker(c, r)) g |= G_COVER;
    if (t & BRUSH) g |= G_BRUSH | G_VEIL;
    else if (t & SMOKE) g |= G_VEIL;
    return g;
  }

  block(): void {
    this.rBlocked = true;
    this.rTouch = true;
  }

  /** Blocked by crossing (or leaving across) the wall edge `e`. */
  blockAtEdge(e: number): void {
    this.block();
    if (this.notes) this.notes.push(-1 - e);
  }

  /** Notes square (c,r) as a blocker: a square on the board (the rim is not a thing a player can point at). */
  noteSquare(c: number, r: number): void {
    if (c >= 0 && r >= 0 && c < this.W && r < this.H) this.notes!.push(r * this.W + c);
  }

  /** Notes what blocks round corner (X,Y): its blocking squares and wall edges. Call after fillSlots. */
  noteCorner(X: number, Y: number): void {
    const squares: readonly [number, number][] = [
      [X, Y],
      [X - 1, Y],
      [X - 1, Y - 1],
      [X, Y - 1],
    ];
    for (let k = 0; k < 4; k++) if (this.slotG[2 * k + 1]! & G_BLOCK) this.noteSquare(squares[k]![0], squares[k]![1]);
    for (let s = 0; s < 8; s += 2) if (this.isWallEdge(this.slotE[s]!)) this.notes!.push(-1 - this.slotE[s]!);
  }

  done(): boolean {
    return this.stopWhen === STOP_BLOCKED ? this.rBlocked : this.stopWhen === STOP_TOUCHED && this.rTouch;
  }

  /** The open segment passes through the interior of square (c,r). */
  visit(c: number, r: number): void {
    const g = this.groups(c, r);
    if (g === 0) return;
    if (g & G_BLOCK) {
      this.block();
      if (this.notes) this.noteSquare(c, r);
    }
    if (this.countCover && g & G_COVER) this.rTouch = true;
    if (g & G_BRUSH) this.rBrush = true;
    if (g & G_VEIL) this.rVeil = true;
  }

  /** The open segment crosses edge `e` (between squares a and b) at a point inside the edge. */
  cross(e: number, a: number, b: number, touchesLooker: boolean): void {
    if ((this.isLook(a) && this.isLook(b)) || (this.isTarg(a) && this.isTarg(b))) return;
    const f = this.edgeFlags[e]!;
    if (f & EDGE_WALL) {
      this.block();
      if (this.notes) this.notes.push(-1 - e);
    } else if (this.countCover && f & EDGE_LOW && !touchesLooker) this.rTouch = true;
  }

  /** The open segment runs along the unit edge `e` (−1 on the rim) between squares (ca,ra) and (cb,rb). */
  along(e: number, ca: number, ra: number, cb: number, rb: number, touchesLooker: boolean): void {
    if (e >= 0) {
      const a = ra * this.W + ca;
      const b = rb * this.W + cb;
      if ((this.isLook(a) && this.isLook(b)) || (this.isTarg(a) && this.isTarg(b))) return;
    }
    const ga = this.groups(ca, ra);
    const gb = this.groups(cb, rb);
    const wallEdge = this.isWallEdge(e);
    if (wallEdge || (ga & G_BLOCK && gb & G_BLOCK)) {
      this.block();
      if (this.notes && wallEdge) this.notes.push(-1 - e);
      else if (this.notes) {
        this.noteSquare(ca, ra);
        this.noteSquare(cb, rb);
      }
    }
    if ((ga | gb) & G_WALLON) this.rTouch = true;
    const both = ga & gb;
    if (this.countCover && (both & G_COVER || (!touchesLooker && this.isLowCover(e)))) this.rTouch = true;
    if (both & G_BRUSH) this.rBrush = true;
    if (both & G_VEIL) this.rVeil = true;
  }

  /** Fills slotG (G_ bits per slot) and slotE (edge ids of the edge slots) for corner (X,Y). */
  fillSlots(X: number, Y: number): void {
    this.slotG[1] = this.groups(X, Y);
    this.slotG[3] = this.groups(X - 1, Y);
    this.slotG[5] = this.groups(X - 1, Y - 1);
    this.slotG[7] = this.groups(X, Y - 1);
    this.slotE[0] = this.hEdge(X, Y);
    this.slotE[2] = this.vEdge(X, Y);
    this.slotE[4] = this.hEdge(X - 1, Y);
    this.slotE[6] = this.vEdge(X, Y - 1);
    for (let s = 0; s < 8; s += 2) {
      this.slotG[s] = (this.slotG[(s + 7) & 7]! & this.slotG[s + 1]! & PAIRED) | (this.isWallEdge(this.slotE[s]!) ? G_BLOCK : 0);
    }
  }

  /** G_ bits met strictly between slot a and its opposite, going round in direction `step` (±1). */
  side(a: number, step: number): number {
    return this.slotG[(a + step + 8) & 7]! | this.slotG[(a + 2 * step + 8) & 7]! | this.slotG[(a + 3 * step + 8) & 7]!;
  }

  /** The open segment passes through corner (X,Y), arriving from slot `a`. */
  corner(X: number, Y: number, a: number): void {
    this.fillSlots(X, Y);
    const both = this.side(a, 1) & this.side(a, -1);
    if (both & G_BLOCK) {
      this.block();
      if (this.notes) this.noteCorner(X, Y);
    }
    if (this.slotG[1]! & G_WALLON || this.slotG[3]! & G_WALLON || this.slotG[5]! & G_WALLON || this.slotG[7]! & G_WALLON) this.rTouch = true;
    for (let s = 0; s < 8; s += 2) if (this.isWallEdge(this.slotE[s]!)) this.rTouch = true;
    if (this.countCover && !this.rTouch) {
      if (both & G_COVER) this.rTouch = true;
      else if (this.isLowCover(this.slotE[0]!) && !this.hEdgeTouchesLooker(X, Y)) this.rTouch = true;
      else if (this.isLowCover(this.slotE[2]!) && !this.vEdgeTouchesLooker(X, Y)) this.rTouch = true;
      else if (this.isLowCover(this.slotE[4]!) && !this.hEdgeTouchesLooker(X - 1, Y)) this.rTouch = true;
      else if (this.isLowCover(this.slotE[6]!) && !this.vEdgeTouchesLooker(X, Y - 1)) this.rTouch = true;
    }
    if (both & G_BRUSH) this.rBrush = true;
    if (both & G_VEIL) this.rVeil = true;
  }

  /**
   * The body's slots at corner (X,Y): its squares, and the edge slots beside them that do not block
   * (its own sides, unless they are walls). Call after fillSlots.
   */
  bodySlots(body: readonly number[], X: number, Y: number): number {
    let m = 0;
    for (let k = 0; k < body.length; k++) {
      const s = body[k]!;
      const c = s % this.W;
      const r = (s - c) / this.W;
      if (r === Y) {
        if (c === X) m |= 1 << 1;
        else if (c === X - 1) m |= 1 << 3;
      } else if (r === Y - 1) {
        if (c === X - 1) m |= 1 << 5;
        else if (c === X) m |= 1 << 7;
      }
    }
    for (let s = 0; s < 8; s += 2) {
      if (m & ((1 << ((s + 7) & 7)) | (1 << (s + 1))) && !(this.slotG[s]! & G_BLOCK)) m |= 1 << s;
    }
    return m;
  }

  /**
   * Whether a line can get round corner (X,Y) from the slots `from` to the slots `to` without meeting a
   * blocking slot, on either side of the line (a: the slot the line comes from). Call after fillSlots.
   */
  passes(a: number, from: number, to: number): boolean {
    for (let step = -1; step <= 1; step += 2) {
      let open = false;
      for (let k = 0; k <= 4; k++) {
        const s = (a + step * k + 8) & 7;
        const bit = 1 << s;
        if (from & bit) open = true;
        else if (!(to & bit) && this.slotG[s]! & G_BLOCK) open = false;
        if (open && to & bit) return true;
      }
    }
    return false;
  }

  /** The segment starts at (px,py) (doubled) on the looker's boundary, heading (dx,dy). */
  start(px: number, py: number, dx: number, dy: number): void {
    const xe = (px & 1) === 0;
    const ye = (py & 1) === 0;
    if (xe && ye) {
      const X = px >> 1;
      const Y = py >> 1;
      this.fillSlots(X, Y);
      const b = slotOf(dx, dy);
      const a = (b + 4) & 7;
      // Without a looker (burst origin, tools) the line is taken to come straight on.
      if (!this.passes(a, this.lookSq.length > 0 ? this.bodySlots(this.lookSq, X, Y) : 1 << a, 1 << b)) {
        this.block();
        if (this.notes) this.noteCorner(X, Y);
      }
    } else if (xe && dx !== 0) {
      const X = px >> 1;
      const R = py >> 1;
      const into = dx > 0 ? R * this.W + X : R * this.W + X - 1;
      if (X > 0 && X < this.W && !this.isLook(into) && this.isWallEdge(this.vEdge(X, R))) this.blockAtEdge(this.vEdge(X, R));
    } else if (ye && dy !== 0) {
      const C = px >> 1;
      const Y = py >> 1;
      const into = dy > 0 ? Y * this.W + C : (Y - 1) * this.W + C;
      if (Y > 0 && Y < this.H && !this.isLook(into) && this.isWallEdge(this.hEdge(C, Y))) this.blockAtEdge(this.hEdge(C, Y));
    }
  }

  /** The segment ends at (qx,qy) (doubled) in the target's space, arriving with heading (dx,dy). */
  end(qx: number, qy: number, dx: number, dy: number): void {
    const xe = (qx & 1) === 0;
    const ye = (qy & 1) === 0;
    if (xe && ye) {
      const X = qx >> 1;
      const Y = qy >> 1;
      this.fillSlots(X, Y);
      const a = slotOf(-dx, -dy);
      if (!this.passes(a, 1 << a, this.targSq.length > 0 ? this.bodySlots(this.targSq, X, Y) : 1 << ((a + 4) & 7))) {
        this.block();
        if (this.notes) this.noteCorner(X, Y);
      }
    } else if (xe && dx !== 0) {
      const X = qx >> 1;
      const R = qy >> 1;
      const from = dx > 0 ? R * this.W + X - 1 : R * this.W + X;
      if (X > 0 && X < this.W && !this.isTarg(from) && this.isWallEdge(this.vEdge(X, R))) this.blockAtEdge(this.vEdge(X, R));
    } else if (ye && dy !== 0) {
      const C = qx >> 1;
      const Y = qy >> 1;
      const from = dy > 0 ? (Y - 1) * this.W + C : Y * this.W + C;
      if (Y > 0 && Y < this.H && !this.isTarg(from) && this.isWallEdge(this.hEdge(C, Y))) this.blockAtEdge(this.hEdge(C, Y));
    }
  }

  /** A segment on the vertical grid line x = X, from doubled y0 to y1. */
  runVertical(X: number, y0: number, y1: number): void {
    const sy = y1 > y0 ? 1 : -1;
    const a = sy > 0 ? 6 : 2;
    const lo = Math.min(y0, y1);
    const hi = Math.max(y0, y1);
    for (let k = lo >> 1; 2 * k < hi; k++) {
      this.along(this.vEdge(X, k), X - 1, k, X, k, this.vEdgeTouchesLooker(X, k));
      if (this.done()) return;
      if (2 * k + 2 < hi) {
        this.corner(X, k + 1, a);
        if (this.done()) return;
      }
    }
  }

  /** A segment on the horizontal grid line y = Y, from doubled x0 to x1. */
  runHorizontal(Y: number, x0: number, x1: number): void {
    const sx = x1 > x0 ? 1 : -1;
    const a = sx > 0 ? 4 : 0;
    const lo = Math.min(x0, x1);
    const hi = Math.max(x0, x1);
    for (let k = lo >> 1; 2 * k < hi; k++) {
      this.along(this.hEdge(k, Y), k, Y - 1, k, Y, this.hEdgeTouchesLooker(k, Y));
      if (this.done()) return;
      if (2 * k + 2 < hi) {
        this.corner(k + 1, Y, a);
        if (this.done()) return;
      }
    }
  }

  /** The open segment between doubled points: squares entered, edges crossed, corners passed. */
  middle(px: number, py: number, qx: number, qy: number): void {
    const dx = qx - px;
    const dy = qy - py;
    if (dx === 0 && (px & 1) === 0) return this.runVertical(px >> 1, py, qy);
    if (dy === 0 && (py & 1) === 0) return this.runHorizontal(py >> 1, px, qx);
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
      this.visit(c, r);
      if (this.done()) return;
      const xIn = ax < adx;
      const yIn = ay < ady;
      if (!xIn && !yIn) return;
      const cmp = !xIn ? 1 : !yIn ? -1 : ax * ady - ay * adx;
      if (cmp < 0) {
        const X = sx > 0 ? c + 1 : c;
        this.cross(this.vEdge(X, r), r * this.W + c, r * this.W + c + sx, this.vEdgeTouchesLooker(X, r));
        c += sx;
        ax += 2;
      } else if (cmp > 0) {
        const Y = sy > 0 ? r + 1 : r;
        this.cross(this.hEdge(c, Y), r * this.W + c, (r + sy) * this.W + c, this.hEdgeTouchesLooker(c, Y));
        r += sy;
        ay += 2;
      } else {
        this.corner(sx > 0 ? c + 1 : c, sy > 0 ? r + 1 : r, a);
        c += sx;
        r += sy;
        ax += 2;
        ay += 2;
      }
      if (this.done()) return;
    }
  }

  /** Walks one segment between doubled points; results in rBlocked, rTouch, rBrush, rVeil. */
  trace(px: number, py: number, qx: number, qy: number, stop: number): void {
    this.rBlocked = false;
    this.rTouch = false;
    this.rBrush = false;
    this.rVeil = false;
    this.stopWhen = stop;
    const dx = qx - px;
    const dy = qy - py;
    if (dx === 0 && dy === 0) return;
    this.start(px, py, dx, dy);
    if (this.done()) return;
    this.middle(px, py, qx, qy);
    if (this.done()) return;
    this.end(qx, qy, dx, dy);
  }

  centreOf(squares: readonly number[]): [number, number] {
    let c0 = Infinity;
    let c1 = -Infinity;
    let r0 = Infinity;
    let r1 = -Infinity;
    for (const s of squares) {
      const c = s % this.W;
      const r = (s - c) / this.W;
      c0 = Math.min(c0, c);
      c1 = Math.max(c1, c);
      r0 = Math.min(r0, r);
      r1 = Math.max(r1, r);
    }
    return [c0 + c1 + 1, r0 + r1 + 1];
  }

  fillLook(squares: readonly number[]): void {
    if (squares.length === 1) {
      const s = squares[0]!;
      const c = s % this.W;
      const x = 2 * c;
      const y = 2 * ((s - c) / this.W);
      for (let k = 0; k < 16; k += 2) {
        this.lookPts[k] = x + RING[k]!;
        this.lookPts[k + 1] = y + RING[k + 1]!;
      }
      this.lookN = 16;
      return;
    }
    const pts = boundarySamples(this.B, squares);
    this.lookPts.set(pts.slice(0, this.lookPts.length));
    this.lookN = Math.min(pts.length, this.lookPts.length);
  }

  fillTarg(squares: readonly number[]): void {
    if (squares.length === 1) {
      const s = squares[0]!;
      const c = s % this.W;
      const x = 2 * c;
      const y = 2 * ((s - c) / this.W);
      let k = 0;
      for (let j = 0; j <= 2; j++) {
        for (let i = 0; i <= 2; i++) {
          this.targPts[k++] = x + i;
          this.targPts[k++] = y + j;
        }
      }
      this.targN = 18;
      return;
    }
    const pts = interiorSamples(this.B, squares);
    this.targPts.set(pts.slice(0, this.targPts.length));
    this.targN = Math.min(pts.length, this.targPts.length);
  }

  /** The doubled point (x,y) lies in (or on the edge of) a brush square of the target. */
  inTargetBrush(x: number, y: number): boolean {
    for (const s of this.targSq) {
      if (!(this.B.terrain[s]! & BRUSH)) continue;
      const c = s % this.W;
      const r = (s - c) / this.W;
      if (2 * c <= x && x <= 2 * c + 2 && 2 * r <= y && y <= 2 * r + 2) return true;
    }
    return false;
  }
}

/* ---------------------------------------------------------------------------------------------- */
/* API                                                                                              */

const NOT_VISIBLE: Sight = { visible: false, cover: false, hidden: false };

/** R17 visibility, R18 cover and terrain invisibility of `to` for the looker `from`. */
export function sight(board: Board, occupancy: Occupancy, from: Body, to: Body): Sight {
  const w = new Walk(board, occupancy, from.squares, to.squares, to.size, true);
  w.fillLook(from.squares);
  w.fillTarg(to.squares);
  let visible = false;
  let allBrush = true;
  let allVeiled = true;
  outer: for (let t = 0; t < w.targN; t += 2) {
    const qx = w.targPts[t]!;
    const qy = w.targPts[t + 1]!;
    const brushEnd = w.inTargetBrush(qx, qy);
    for (let l = 0; l < w.lookN; l += 2) {
      const px = w.lookPts[l]!;
      const py = w.lookPts[l + 1]!;
      if (px === qx && py === qy) continue;
      w.trace(px, py, qx, qy, STOP_BLOCKED);
      if (w.rBlocked) continue;
      visible = true;
      if (!w.rBrush && !brushEnd) allBrush = false;
      if (!w.rVeil) allVeiled = false;
      if (!allBrush && !allVeiled) break outer;
    }
  }
  if (!visible) return NOT_VISIBLE;
  let cover = allBrush;
  if (!cover) {
    const [cx, cy] = w.centreOf(to.squares);
    cover = true;
    for (let l = 0; l < w.lookN; l += 2) {
      w.trace(w.lookPts[l]!, w.lookPts[l + 1]!, cx, cy, STOP_TOUCHED);
      if (!w.rTouch) {
        cover = false;
        break;
      }
    }
  }
  return { visible, cover, hidden: allVeiled };
}

/** One thing that stops a sight line: a square (a wall, a closed sliding wall or a larger unit is there) or the wall edge between two squares. */
export type Blocker = { readonly square: number } | { readonly edge: readonly [number, number] };

/**
 * Why `from` cannot see `to` (R17), for a refusal's words: for each sampled line, what stops it first
 * (two or more things when the line is shut at a corner). The same sample and walk as `sight`, so the
 * two never disagree; null when some line is clear. It traces every line: refusals only, never a hot path.
 */
export function sightBlockers(board: Board, occupancy: Occupancy, from: Body, to: Body): Blocker[][] | null {
  const w = new Walk(board, occupancy, from.squares, to.squares, to.size, true);
  w.fillLook(from.squares);
  w.fillTarg(to.squares);
  const lines: Blocker[][] = [];
  for (let t = 0; t < w.targN; t += 2) {
    for (let l = 0; l < w.lookN; l += 2) {
      if (w.lookPts[l] === w.targPts[t] && w.lookPts[l + 1] === w.targPts[t + 1]) continue;
      w.notes = [];
      w.trace(w.lookPts[l]!, w.lookPts[l + 1]!, w.targPts[t]!, w.targPts[t + 1]!, STOP_BLOCKED);
      if (!w.rBlocked) return null;
      lines.push([...new Set(w.notes)].map((k) => blockerOf(board.width, k)));
    }
  }
  return lines;
}

/** A note key as a Blocker: a square index, or −1 − edge id (edge ids as board.edgeId: 2·lower square, +1 when vertical neighbours). */
function blockerOf(width: number, key: number): Blocker {
  if (key >= 0) return { square: key };
  const e = -1 - key;
  const a = e >> 1;
  return { edge: [a, e & 1 ? a + width : a + 1] };
}

/** A clear sight line for a picture to draw, in squares (multiples of ½, y down). */
export interface SightLine {
  /** Where it leaves the looker: the centre of its space, or a point on its boundary. */
  readonly from: readonly [number, number];
  /** Where it reaches the target: the centre of its space, or another of its points. */
  readonly to: readonly [number, number];
  /**
   * A step (one of x, y: ±1; the other 0) to the side the line may be drawn off its exact course when
   * it grazes a wall (runs along its side, passes its corner), the side the wall is not on; [0, 0]
   * when it touches no wall, or when both sides are shut.
   */
  readonly lean: readonly [number, number];
}

/**
 * The clear line (R17) a picture draws for "from sees to" (an attack, a sight mark): a straight line
 * between the two centres can cross a wall the clear lines go round (issue 26: a shot drawn over six
 * wall squares, that was legal along the wall's side). Candidates, each traced by the same walk as
 * `sight`: the segment between the two spaces' centres (any point of it outside the looker's space is
 * an R17 start point), then sight's sample. Preferred: lines that touch no wall, then the one that
 * passes nearest both centres, then the one whose ends are nearest them; null when none is clear.
 */
export function sightLine(board: Board, occupancy: Occupancy, from: Body, to: Body): SightLine | null {
  const w = new Walk(board, occupancy, from.squares, to.squares, to.size, false);
  w.fillLook(from.squares);
  w.fillTarg(to.squares);
  const [ax, ay] = w.centreOf(from.squares);
  const [bx, by] = w.centreOf(to.squares);
  let best: [number, number, number, number] | null = null;
  let bestScore = Infinity;
  let bestTouch = false;
  const consider = (px: number, py: number, qx: number, qy: number): void => {
    if (px === qx && py === qy) return;
    w.trace(px, py, qx, qy, STOP_BLOCKED);
    if (w.rBlocked) return;
    const len = Math.hypot(qx - px, qy - py);
    const off = (x: number, y: number) => Math.abs((qx - px) * (y - py) - (qy - py) * (x - px)) / len;
    const score = (w.rTouch ? 1e6 : 0) + off(ax, ay) + off(bx, by) + 1e-3 * (Math.hypot(px - ax, py - ay) + Math.hypot(qx - bx, qy - by));
    if (score < bestScore - 1e-9) {
      bestScore = score;
      best = [px, py, qx, qy];
      bestTouch = w.rTouch;
    }
  };
  consider(ax, ay, bx, by);
  for (let t = 0; t < w.targN; t += 2) for (let l = 0; l < w.lookN; l += 2) consider(w.lookPts[l]!, w.lookPts[l + 1]!, w.targPts[t]!, w.targPts[t + 1]!);
  const found = best as [number, number, number, number] | null;
  if (!found) return null;
  const [px, py, qx, qy] = found;
  let lean: [number, number] = [0, 0];
  if (bestTouch) {
    // The same line half a square to each side, across its course: the side it can be drawn towards
    // is the one where that line is clear (no wall there).
    const sideways = Math.abs(qy - py) >= Math.abs(qx - px);
    const open = [1, -1].filter((k) => {
      const dx = sideways ? k : 0;
      const dy = sideways ? 0 : k;
      w.trace(px + dx, py + dy, qx + dx, qy + dy, STOP_BLOCKED);
      return !w.rBlocked;
    });
    if (open.length === 1) lean = sideways ? [open[0]!, 0] : [0, open[0]!];
  }
  return { from: [px / 2, py / 2], to: [qx / 2, qy / 2], lean };
}

/** §4.5 burst: can the attacker trace sight to the CENTRE of the origin square (walls block as in R17). */
export function seesCentre(board: Board, occupancy: Occupancy, from: Body, square: number): boolean {
  const w = new Walk(board, occupancy, from.squares, [], 3, true);
  w.fillLook(from.squares);
  const c = square % board.width;
  const qx = 2 * c + 1;
  const qy = 2 * ((square - c) / board.width) + 1;
  for (let l = 0; l < w.lookN; l += 2) {
    w.trace(w.lookPts[l]!, w.lookPts[l + 1]!, qx, qy, STOP_BLOCKED);
    if (!w.rBlocked) return true;
  }
  return false;
}

/** §4.5 burst cover: the line from the centre of the origin square to the centre of the target's space is blocked (touches a wall/blocking square, crosses a wall edge). */
export function burstCover(board: Board, occupancy: Occupancy, origin: number, to: Body): boolean {
  const w = new Walk(board, occupancy, [], to.squares, 3, false);
  const c = origin % board.width;
  const [qx, qy] = w.centreOf(to.squares);
  w.trace(2 * c + 1, 2 * ((origin - c) / board.width) + 1, qx, qy, STOP_TOUCHED);
  return w.rTouch;
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
  const w = new Walk(board, occupancy, from?.squares ?? [], to?.squares ?? [], to?.size ?? 3, true);
  w.trace(d[0]!, d[1]!, d[2]!, d[3]!, STOP_NEVER);
  return { blocked: w.rBlocked, touches: w.rTouch, brush: w.rBrush, veiled: w.rVeil };
}
