/**
 * Word tags on the board ("HIT 10", "CHARGE", "COVER 7"), placed so that they never cover a token or
 * each other. Placing is worked out before anything is drawn, from the tag requests and the unit
 * squares alone, so it is a pure function and the picture's footer can be sized for the list:
 * - each tag goes to the first of its own spots (along its line, best first) that covers no unit
 *   square, no path's start ring or arrowhead, no placed tag, stays on the board and, when any spot
 *   can, crosses no path line nor a square drawn as meaning something (TagSpace.meant); failing those, to the nearest such spot round its
 *   anchor, within a few squares, with a thin leader line back to the anchor;
 * - a tag made of parts ("SD: CRIT 20 wounds · DROPPED") is placed with each part on a line of its
 *   own, by the same rule: on one line it ran as a strip across six squares, over others (issue 26);
 * - a tag that finds no room, or room only over a dropped unit's cross, is gathered into a numbered
 *   list under the board, and only a small numbered badge is placed (by the same rule, and on the
 *   cross only when nothing else fits) where the tag would have gone; crowded out of its reach, the
 *   badge goes to the nearest room anywhere on the board with a leader line, and with none at all it
 *   is left off (the list still says it): nothing is ever drawn over a token.
 * Requests are placed in order, so the first get the best spots and the result is fixed.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font, fontSafe } from './fonts';
import { star } from './glyphs';
import { textWidth } from './text-flow';

type Ctx = SKRSContext2D;
export interface Point {
  readonly x: number;
  readonly y: number;
}
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** What an overlay asks for: a word in a colour, what it labels, and where it would like to go. */
export interface TagRequest {
  readonly text: string;
  /** The words in the numbered list, when the tag has no room on the board ("KC on SD: CRIT 20 wounds"). */
  readonly listText: string;
  readonly colour: string;
  /** The point it labels (a line's middle, a unit's square). */
  readonly anchor: Point;
  /** Preferred centres, best first: points along its line, or beside what it labels. */
  readonly spots: readonly Point[];
  /** Text size in pixels. */
  readonly px: number;
  /**
   * The same words on lines of their own (its parts): with more than one, the tag is always placed
   * stacked, never as one long line (a unit's label of several parts ran across six squares, issue 26).
   */
  readonly lines?: readonly string[];
  /**
   * The square of the unit it speaks of (an attack's target where it stood): off its own spots, the
   * tag goes where no other unit is nearer, so it cannot be read as that unit's.
   */
  readonly owner?: Rect;
  /**
   * The square of the unit it is the label of: the tag goes flush beside it first, on whichever side
   * is free (right, left, below, above), and anywhere else only where its box is nearer that square
   * than any other unit's, edge to edge; it has a leader line only when it is not beside the square. A
   * label on its attack line was read as the unit's it ended up under (issue 26).
   */
  readonly beside?: Rect;
  /**
   * A mark drawn at the tag's left, inside its box: a critical's star. On the label it sits beside the
   * unit, where the label goes, never on a token (at the arrowhead it covered the attacker's, issue 26).
   */
  readonly icon?: 'star';
  /**
   * Lines the tag must leave in sight: polylines, and their drawn width. The tag's box, white edge
   * included, keeps off them (a CHARGE tag on its path hid the charge, issue 26).
   */
  readonly clear?: { readonly lines: readonly (readonly Point[])[]; readonly width: number };
}

export interface PlacedTag {
  readonly text: string;
  /** The lines drawn: the text alone, or its parts stacked when only that found room. */
  readonly lines: readonly string[];
  readonly listText: string;
  readonly colour: string;
  readonly anchor: Point;
  readonly px: number;
  /** Where the tag is drawn; for a listed tag, its numbered badge. */
  readonly rect: Rect;
  /** Set when the tag is in the numbered list: the number on its badge. */
  readonly number: number | null;
  /**
   * No room for even its badge anywhere on the board: the tag is in the numbered list only, and no
   * badge is drawn (one drawn on its anchor covered a token, playtest).
   */
  readonly forced: boolean;
  /** The square of the unit it labels, when it was asked to go beside it (TagRequest.beside). */
  readonly beside?: Rect;
  readonly icon?: 'star';
}

export interface TagSpace {
  /** The area tags must stay inside (the board's squares, or a close-up's window). */
  readonly bounds: Rect;
  /** Unit squares: never covered. */
  readonly tokens: readonly Rect[];
  /** Squares better left clear (a dropped unit's cross): never under a word tag, under a badge only when nothing else fits. */
  readonly soft: readonly Rect[];
  /**
   * Squares with a number of their own (an objective's): a numbered list badge keeps off them when it
   * can, so its number is not read as theirs (issue 26: a ① on objective 3's square).
   */
  readonly numbered?: readonly Rect[];
  /**
   * The boxes of a path's own marks (a move's start ring, its arrowhead): never covered, as tokens are
   * not (playtest: a label hid where a charge started, its ring).
   */
  readonly marks?: readonly Rect[];
  /**
   * Path lines, and their drawn width: a tag keeps off them when any spot within its reach can, and
   * crosses one only rather than go to the numbered list (playtest: a unit's label hid its move).
   */
  readonly paths?: { readonly lines: readonly (readonly Point[])[]; readonly width: number };
  /**
   * What the picture drew as meaning something, besides lines: a path's squares (its step dots), a
   * burst's outlined centre, an objective's number. A tag keeps off them as off path lines, when any
   * spot within its reach can (playtest round 21: labels after a charge hid its step square and
   * objective 2's number, and after a burst its centre).
   */
  readonly meant?: readonly Rect[];
  /** Side of a square in pixels: sets how far a tag may wander. */
  readonly cell: number;
}

export const overlap = (a: Rect, b: Rect): number =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

/** How far apart two rectangles are, edge to edge (0 when they touch or overlap). */
export const rectGap = (a: Rect, b: Rect): number => Math.hypot(Math.max(0, a.x - b.x - b.w, b.x - a.x - a.w), Math.max(0, a.y - b.y - b.h, b.y - a.y - a.h));

/**
 * Whether a box is nearer `own` than every other unit square: the unit a reader takes it for. Nearer
 * edge to edge; as near (a box beside two squares of one row), nearer its centre. `tokens` may hold
 * `own` itself (matched by its corner).
 */
export function nearestIs(box: Rect, own: Rect, tokens: readonly Rect[]): boolean {
  const d = rectGap(box, own);
  const mid = { x: box.x + box.w / 2, y: box.y + box.h / 2, w: 0, h: 0 };
  const m = rectGap(mid, own);
  return tokens.every((t) => {
    if (t.x === own.x && t.y === own.y) return true;
    const e = rectGap(box, t);
    return e > d + 0.5 || (e >= d - 0.5 && rectGap(mid, t) > m);
  });
}

/** Centres of a w × h box flush beside a square, `d` away: right, left, below, above, then the same sides slid along to its corners. */
function besideSpots(s: Rect, w: number, h: number, d: number): Point[] {
  const right = s.x + s.w + d + w / 2;
  const left = s.x - d - w / 2;
  const below = s.y + s.h + d + h / 2;
  const above = s.y - d - h / 2;
  const cx = s.x + s.w / 2;
  const cy = s.y + s.h / 2;
  return [
    { x: right, y: cy },
    { x: left, y: cy },
    { x: cx, y: below },
    { x: cx, y: above },
    { x: s.x + w / 2, y: below },
    { x: s.x + s.w - w / 2, y: below },
    { x: s.x + w / 2, y: above },
    { x: s.x + s.w - w / 2, y: above },
    { x: right, y: s.y + h / 2 },
    { x: right, y: s.y + s.h - h / 2 },
    { x: left, y: s.y + h / 2 },
    { x: left, y: s.y + s.h - h / 2 },
  ];
}

/** A rectangle grown by `d` on every side. */
const grow = (r: Rect, d: number): Rect => ({ x: r.x - d, y: r.y - d, w: r.w + 2 * d, h: r.h + 2 * d });

/** Size of a tag's box for a text at `px`, or for lines of text stacked (each line px × 1.15 apart). */
export function tagSize(measure: Ctx, text: string | readonly string[], px: number, icon?: 'star'): { w: number; h: number } {
  const lines = typeof text === 'string' ? [text] : text;
  const w = Math.max(...lines.map((l) => textWidth(measure, font(px, 'bold'), fontSafe(l))));
  return { w: w + px * 0.6 + (icon ? ICON_W * px : 0), h: px * (1.3 + LINE_GAP * (lines.length - 1)) };
}

/** The room an icon takes at a tag's left, in text sizes. */
const ICON_W = 1.2;

/** The step between stacked lines of a tag, in text sizes. */
const LINE_GAP = 1.15;

/**
 * Spots round a point, nearest first: a grid of quarter squares out to `reach` squares, in a fixed
 * order (distance, then angle from straight up, clockwise), so the search is deterministic.
 */
export function spiral(p: Point, cell: number, reach: number): Point[] {
  const step = cell / 4;
  const n = Math.ceil((reach * cell) / step);
  const out: { p: Point; d: number; a: number }[] = [];
  for (let i = -n; i <= n; i++) {
    for (let j = -n; j <= n; j++) {
      const d = Math.hypot(i, j) * step;
      if (d > reach * cell) continue;
      // Sideways moves read better for wide tags: count them a little nearer.
      const weighted = Math.hypot(i * 0.8, j) * step;
      out.push({ p: { x: p.x + i * step, y: p.y + j * step }, d: weighted, a: (Math.atan2(i, -j) + 2 * Math.PI) % (2 * Math.PI) });
    }
  }
  out.sort((a, b) => a.d - b.d || a.a - b.a);
  return out.map((o) => o.p);
}

/** Half the width of a tag's white edge (tagBox), which is drawn outside its box. */
const EDGE = 0.75;

/** How far (in squares) a tag may move from its anchor before it goes to the list instead. */
const TAG_REACH = 2.25;
const BADGE_REACH = 3;

/** Places every requested tag (see the file comment). `measure` is only used to measure text. */
export function placeTags(requests: readonly TagRequest[], space: TagSpace, measure: Ctx): PlacedTag[] {
  const placed: PlacedTag[] = [];
  const { bounds, cell } = space;
  const gap = Math.max(2, cell * 0.04);
  let keepClear: TagRequest['clear'];
  const fits = (rect: Rect): boolean =>
    (!keepClear || keepClear.lines.every((l) => !polylineMeets(l, grow(rect, EDGE + keepClear!.width / 2)))) &&
    rect.x >= bounds.x - 0.5 &&
    rect.y >= bounds.y - 0.5 &&
    rect.x + rect.w <= bounds.x + bounds.w + 0.5 &&
    rect.y + rect.h <= bounds.y + bounds.h + 0.5 &&
    // A tag may touch a square's edge, not cross it: its white edge (drawn half outside its box) stays
    // off the token too, which reaches its square's edge with badges and corners (issue 26).
    space.tokens.every((t) => overlap(grow(rect, EDGE), t) < 1e-6) &&
    (space.marks ?? []).every((m) => overlap(grow(rect, EDGE), m) < 1e-6) &&
    placed.every((o) => overlap(rect, grow(o.rect, gap)) === 0);
  const softFree = (rect: Rect) => space.soft.every((s) => overlap(rect, s) === 0);
  const paths = space.paths;
  const meant = space.meant ?? [];
  const pathFree = (rect: Rect) =>
    (!paths || paths.lines.every((l) => !polylineMeets(l, grow(rect, EDGE + paths.width / 2)))) && meant.every((m) => overlap(grow(rect, EDGE), m) < 1e-6);
  const inside = (c: Point, w: number, h: number): Rect => ({
    x: Math.max(bounds.x, Math.min(bounds.x + bounds.w - w, c.x - w / 2)),
    y: Math.max(bounds.y, Math.min(bounds.y + bounds.h - h, c.y - h / 2)),
    w,
    h,
  });
  /** How far a point is from a rectangle (0 inside it). */
  const away = (p: Point, r: Rect) => Math.hypot(Math.max(r.x - p.x, 0, p.x - r.x - r.w), Math.max(r.y - p.y, 0, p.y - r.y - r.h));
  /** A box no other unit is nearer than `owner` (always true without one). */
  const nearOwner = (rect: Rect, owner: Rect | undefined): boolean => {
    if (!owner) return true;
    const c = { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 };
    const own = away(c, owner);
    return space.tokens.every((t) => (t.x === owner.x && t.y === owner.y) || away(c, t) >= own);
  };
  /**
   * The first spot where a box fits, preferring one that leaves soft squares clear; after `own` spots
   * (its own line's), only one nearer `owner` than any other unit, when there is one: a tag that would
   * read as another unit's goes to the numbered list instead.
   */
  const find = (spots: readonly Point[], w: number, h: number, own = spots.length, owner?: Rect, coverSoft = true): Rect | null => {
    // Best first: clear of soft squares and paths; then over a path line; then (when allowed) over a soft square.
    const fallbacks: (Rect | null)[] = [null, null, null];
    for (const [i, s] of spots.entries()) {
      const rect = inside(s, w, h);
      if (!fits(rect) || (i >= own && !nearOwner(rect, owner))) continue;
      const rank = (softFree(rect) ? 0 : 2) + (pathFree(rect) ? 0 : 1);
      if (rank === 0) return rect;
      if (rank === 1 || coverSoft) fallbacks[rank - 1] ??= rect;
    }
    return fallbacks.find((f) => f !== null) ?? null;
  };
  /**
   * For a unit's label: flush beside its square first, else its spots; always nearer its square than
   * any other unit's; clear of path lines when any of those is, else over one.
   */
  const findBeside = (square: Rect, spots: readonly Point[], w: number, h: number): Rect | null => {
    let overPath: Rect | null = null;
    for (const s of [...besideSpots(square, w, h, gap + 1), ...spots]) {
      const rect = inside(s, w, h);
      if (!fits(rect) || !softFree(rect) || !nearestIs(rect, square, space.tokens)) continue;
      if (pathFree(rect)) return rect;
      overPath ??= rect;
    }
    return overPath;
  };
  /**
   * Every spot on the board round `p`, nearest first: a badge crowded out of BADGE_REACH goes further
   * off with its leader line rather than onto a token (playtest: labels over the tokens of a melee).
   */
  const everywhere = (p: Point): Point[] => spiral(p, cell, Math.hypot(bounds.w, bounds.h) / cell).filter((q) => away(q, bounds) === 0);
  let listed = 0;
  for (const r of requests) {
    keepClear = r.clear;
    const base = {
      text: fontSafe(r.text),
      listText: fontSafe(r.listText),
      colour: r.colour,
      anchor: r.anchor,
      px: r.px,
      ...(r.beside ? { beside: r.beside } : {}),
      ...(r.icon ? { icon: r.icon } : {}),
    };
    // A word tag never covers a dropped unit's cross: with no room elsewhere it goes to the list, and
    // only its small badge may sit on the cross.
    const spots = [...r.spots, ...spiral(r.anchor, cell, TAG_REACH)];
    const own = r.owner ? r.spots.length - 2 : r.spots.length;
    const layouts = [r.lines && r.lines.length > 1 ? r.lines : [r.text]];
    let fitted: { lines: readonly string[]; rect: Rect } | null = null;
    for (const lines of layouts) {
      const { w, h } = tagSize(measure, lines, r.px, r.icon);
      const rect = r.beside ? findBeside(r.beside, spots, w, h) : find(spots, w, h, own, r.owner, false);
      if (rect) {
        fitted = { lines, rect };
        break;
      }
    }
    if (fitted) {
      placed.push({ ...base, lines: fitted.lines.map(fontSafe), rect: fitted.rect, number: null, forced: false });
      continue;
    }
    const side = badgeSide(r.px);
    const badgeSpots = [...r.spots, ...spiral(r.anchor, cell, BADGE_REACH)];
    const numbered = space.numbered ?? [];
    const offNumbers = badgeSpots.filter((p) => numbered.every((n) => overlap(inside(p, side, side), n) === 0));
    // Nearer its own unit than any other first: a dropped Ghoul's badge beside the Orc Warboss read as
    // the Warboss dropped (playtest round 24, sev-2).
    const owned = r.beside ? find(offNumbers, side, side, 0, r.beside, false) : null;
    const badge =
      owned ?? find(offNumbers, side, side, offNumbers.length, undefined, false) ?? find(badgeSpots, side, side) ?? find(everywhere(r.anchor), side, side);
    listed++;
    placed.push({ ...base, lines: [base.text], rect: badge ?? inside(r.anchor, side, side), number: listed, forced: badge === null });
  }
  return placed;
}

/** Whether a polyline passes through (or touches) a rectangle: each segment clipped to it (Liang–Barsky). */
export function polylineMeets(points: readonly Point[], r: Rect): boolean {
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    let t0 = 0;
    let t1 = 1;
    const clip = (p: number, q: number): boolean => {
      if (p === 0) return q >= 0;
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
      return t0 <= t1;
    };
    if (clip(-dx, a.x - r.x) && clip(dx, r.x + r.w - a.x) && clip(-dy, a.y - r.y) && clip(dy, r.y + r.h - a.y)) return true;
  }
  return points.length === 1 && points[0]!.x >= r.x && points[0]!.x <= r.x + r.w && points[0]!.y >= r.y && points[0]!.y <= r.y + r.h;
}

/** Side of a numbered badge for tags of text size `px`. */
const badgeSide = (px: number) => Math.round(px * 1.3);

/**
 * Leader lines from tags that had to move to what they label. Drawn under the tokens, so a leader
 * never covers one either: it shows between them and points the way.
 */
export function drawLeaders(ctx: Ctx, tags: readonly PlacedTag[], cell: number): void {
  for (const tag of tags) {
    if (tag.forced) continue;
    const { x, y, w, h } = tag.rect;
    const cx = x + w / 2;
    const cy = y + h / 2;
    // A leader line when the tag had to move away from what it labels: from the box's edge. A unit's
    // label beside its square needs none.
    if (tag.beside ? rectGap(tag.rect, tag.beside) <= cell * 0.25 : Math.hypot(cx - tag.anchor.x, cy - tag.anchor.y) <= cell * 0.55) continue;
    const from = edgePoint(tag.rect, tag.anchor);
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(tag.anchor.x, tag.anchor.y);
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 4;
    ctx.stroke();
    ctx.strokeStyle = tag.colour;
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(tag.anchor.x, tag.anchor.y, 3.5, 0, Math.PI * 2);
    ctx.fillStyle = tag.colour;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
  }
}

/** Draws the placed tags and numbered badges, over everything. */
export function drawTags(ctx: Ctx, tags: readonly PlacedTag[]): void {
  for (const tag of tags) {
    if (tag.number === null) tagBox(ctx, tag.lines, tag.colour, tag.rect, tag.px, tag.icon);
    else if (!tag.forced) numberBadge(ctx, tag.number, tag.colour, tag.rect.x + tag.rect.w / 2, tag.rect.y + tag.rect.h / 2, tag.rect.w);
  }
}

/** Where the line from a box's centre to `p` leaves the box. */
function edgePoint(r: Rect, p: Point): Point {
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  const dx = p.x - cx;
  const dy = p.y - cy;
  const t = Math.min(dx === 0 ? Infinity : r.w / 2 / Math.abs(dx), dy === 0 ? Infinity : r.h / 2 / Math.abs(dy));
  return t >= 1 ? p : { x: cx + dx * t, y: cy + dy * t };
}

/** One tag: white bold words (a line, or lines stacked) on a rounded box of its colour, after its icon when it has one. */
export function tagBox(ctx: Ctx, text: string | readonly string[], colour: string, rect: Rect, px: number, icon?: 'star'): void {
  const lines = typeof text === 'string' ? [text] : text;
  const { x, y, w, h } = rect;
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, Math.min(h, px * 1.3) * 0.3);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.font = font(px, 'bold');
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const first = y + h / 2 + 1 - (px * LINE_GAP * (lines.length - 1)) / 2;
  const shift = icon ? (ICON_W * px) / 2 : 0;
  for (const [i, line] of lines.entries()) ctx.fillText(line, x + w / 2 + shift, first + i * px * LINE_GAP);
  if (icon === 'star') star(ctx, x + px * (0.3 + ICON_W / 2), y + h / 2, px * 1.15, '#ffd54a', '#5a1a00');
  ctx.restore();
}

/**
 * The mark of the `n`th tag listed under the map: A, B, C… Letters, not numbers: a tag's "1" beside an
 * objective's numbered diamond read as the same thing (playtest round 24). Past Z, numbers again.
 */
export const badgeMark = (n: number): string => (n >= 1 && n <= 26 ? String.fromCharCode(64 + n) : String(n));

/** A listed tag's badge: a white-edged disc of the tag's colour with its mark (on the board and in the list). */
export function numberBadge(ctx: Ctx, n: number, colour: string, cx: number, cy: number, side: number): void {
  ctx.save();
  ctx.beginPath();
  ctx.arc(cx, cy, side / 2, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, side * 0.08);
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  const mark = badgeMark(n);
  ctx.font = font(side * (mark.length > 1 ? 0.55 : 0.7), 'bold');
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(mark, cx, cy + 1);
  ctx.restore();
}

/** Spots along a segment, nearest its middle first (fractions of its length from `a`). */
export function along(a: Point, b: Point, fractions: readonly number[] = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]): Point[] {
  return fractions.map((t) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }));
}

/** Spots along a polyline, nearest its middle (by length) first. */
export function alongPath(points: readonly Point[], step: number): Point[] {
  if (points.length === 0) return [];
  const samples: { p: Point; at: number }[] = [];
  let run = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const n = Math.max(1, Math.round(len / step));
    for (let k = 0; k < n; k++) samples.push({ p: { x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n }, at: run + (len * k) / n });
    run += len;
  }
  samples.push({ p: points[points.length - 1]!, at: run });
  const mid = run / 2;
  return samples.sort((x, y) => Math.abs(x.at - mid) - Math.abs(y.at - mid) || x.at - y.at).map((s) => s.p);
}
