/**
 * Marks drawn over the board: the last turn (paths with arrows, attack lines with their result and
 * wounds, other wounds, drops) and the overlays a player asks for (reach by cost with charge targets,
 * sight marks, an attack preview). Every mark carries a word or a line style as well as a colour.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font } from '../../../render/fonts';
import { arrowhead, cross } from '../../../render/glyphs';
import { centreOf, cornerOf, type BoardGeometry } from '../../../render/layout';
import { CHARGE, CRITICAL, GAIN, HIT, INK, MISS, PATH, PATH_EDGE, PREVIEW, REACH, REPLY, SIGHT, TEMPLATE, TEMPLATE_INK } from '../../../render/palette';
import { drawArea } from '../../../render/table-marks';
import { objectiveBadgeSpot, objectiveBadges } from '../../../render/objective-badges';
import { entryMark } from './legend';
import { harmWords } from './wound-words';
import { haloPath, pathLine, pathMarks, pathWidth } from '../../../render/lines';
import { measuringContext } from '../../../render/canvas-pool';
import { along, alongPath, drawLeaders, drawTags, overlap, type PlacedTag, type Point, type Rect, type TagRequest, type TagSpace } from '../../../render/tags';
import { drawSharedToken, drawUnits, labelBoxes, sharedPlaces, spaceKeys, type TokenPlace } from './units';
import type {
  AttackView,
  BurstView,
  DeclaredView,
  DropView,
  HarmView,
  LastTurnView,
  MapView,
  MoveView,
  PreviewView,
  ReachView,
  SightView,
  Sq,
  UnitView,
} from './view';
import type { SightLine } from '../engine';

type Ctx = SKRSContext2D;

const centre = (g: BoardGeometry, at: Sq, span: 1 | 2): Point => centreOf(g, at, span);

/**
 * The points a shot's or a sight mark's line runs through, from `a` (the looker's token) to `b` (the
 * target's): to the engine's clear line (sightLine: from a point of the looker's space to one of the
 * target's), along it, and on into the target. Drawn a tenth of a square off its course to the side
 * the engine names (lean), so a line along a wall's side shows beside the wall, not on it. Without a
 * line, straight from a to b. The two stubs lie in the looker's and the target's own squares.
 */
export function shotPoints(g: BoardGeometry, line: SightLine | null | undefined, a: Point, b: Point): Point[] {
  if (!line) return [a, b];
  const nudge = g.cell * 0.1;
  const at = (p: readonly [number, number]): Point => ({
    x: g.margin + p[0] * g.cell + line.lean[0] * nudge,
    y: g.margin + p[1] * g.cell + line.lean[1] * nudge,
  });
  const out: Point[] = [a];
  for (const p of [at(line.from), at(line.to), b]) {
    const last = out[out.length - 1]!;
    if (Math.hypot(p.x - last.x, p.y - last.y) > 1) out.push(p);
  }
  return out.length >= 2 ? out : [a, b];
}

const MOVE_STYLE: Record<MoveView['kind'], { core: string; dash: (c: number) => number[]; word: string | null }> = {
  move: { core: PATH, dash: () => [], word: null },
  maneuver: { core: PATH, dash: (c) => [c * 0.25, c * 0.18], word: null },
  charge: { core: CHARGE, dash: () => [], word: 'CHARGE' },
  shove: { core: PATH, dash: (c) => [c * 0.06, c * 0.2], word: 'MOVED' },
};

/**
 * Where each move's path is drawn, in the order of last.moves. A move that runs back over a square to
 * square step the same unit took earlier in the turn (a charge back along its move) is drawn a little
 * to the side of its way, so the earlier line still shows beside it: drawn on it, the charge hid the
 * move (issue 26). A charge starts where the move before it ended, as the events say.
 */
export function movePoints(g: BoardGeometry, last: LastTurnView, places: ReadonlyMap<string, TokenPlace>): Point[][] {
  const stepped = new Map<string, Set<string>>();
  return last.moves.map((m) => {
    let points = m.path.map((s) => centre(g, s, m.span));
    // A move that stopped in a friend's square ends at the mover's token there, clear of the friend's.
    const place = places.get(m.unit);
    const end = m.path[m.path.length - 1];
    if (place && end && insideSquare(g, end, m.span, place)) points[points.length - 1] = { x: place.x + place.size / 2, y: place.y + place.size / 2 };
    const steps = m.path.slice(1).map((s, i) => [m.path[i]!.name, s.name].sort().join('|'));
    const mine = stepped.get(m.unit) ?? stepped.set(m.unit, new Set()).get(m.unit)!;
    if (steps.some((k) => mine.has(k))) points = sideways(points, g.cell * 0.22);
    for (const k of steps) mine.add(k);
    return points;
  });
}

/** A polyline moved `d` to the left of its way, each corner along the mean of its two sides' normals. */
function sideways(points: readonly Point[], d: number): Point[] {
  const normal = (a: Point, b: Point) => {
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    return { x: (b.y - a.y) / len, y: -(b.x - a.x) / len };
  };
  return points.map((p, i) => {
    const before = i > 0 ? normal(points[i - 1]!, p) : null;
    const after = i < points.length - 1 ? normal(p, points[i + 1]!) : null;
    const n = before && after ? { x: before.x + after.x, y: before.y + after.y } : (before ?? after ?? { x: 0, y: 0 });
    const len = Math.hypot(n.x, n.y) || 1;
    return { x: p.x + (n.x / len) * d, y: p.y + (n.y / len) * d };
  });
}

export function drawMoves(ctx: Ctx, g: BoardGeometry, last: LastTurnView, places: ReadonlyMap<string, TokenPlace>): void {
  const all = movePoints(g, last, places);
  last.moves.forEach((m, i) => {
    const style = MOVE_STYLE[m.kind];
    // Every path starts with a ring, as the legend (posted once, for every picture) says: a unit that
    // entered the map has it on the square it entered by, its path's first (playtest: an entering
    // unit's path had none, under a key saying "ring: start").
    pathLine(ctx, g, all[i]!, style.core, style.dash(g.cell), true);
  });
}

function insideSquare(g: BoardGeometry, at: Sq, span: 1 | 2, place: TokenPlace): boolean {
  const c = cornerOf(g, at);
  return place.x >= c.x && place.y >= c.y && place.x + place.size <= c.x + g.cell * span && place.y + place.size <= c.y + g.cell * span;
}

/**
 * The moves that get a word tag, with their lines as drawn (movePoints), one per charge: a charge cut
 * short by damaging terrain goes on in a second `charged` event from where the first stopped
 * (charge.ts), and each got a CHARGE tag (issue 26).
 */
function taggedMoves(g: BoardGeometry, last: LastTurnView, places: ReadonlyMap<string, TokenPlace>): { move: MoveView; points: Point[] }[] {
  const drawn = movePoints(g, last, places);
  const out: { move: MoveView; points: Point[] }[] = [];
  last.moves.forEach((m, i) => {
    const prev = out[out.length - 1]?.move;
    const end = prev?.path[prev.path.length - 1];
    if (prev && m.kind === 'charge' && prev.kind === 'charge' && prev.unit === m.unit && end?.name === m.path[0]?.name) {
      const joined = out[out.length - 1]!;
      out[out.length - 1] = { move: { ...prev, path: [...prev.path, ...m.path.slice(1)] }, points: [...joined.points, ...drawn[i]!.slice(1)] };
    } else if (MOVE_STYLE[m.kind].word) out.push({ move: m, points: drawn[i]! });
  });
  return out;
}

/**
 * CHARGE and a shove's verb (RECOILED, PUSHED, PULLED, or MOVED, the word the log tells it with:
 * shove-words.ts) beside their paths, near the middle of the path, never on it nor on another path
 * of the turn: a tag on the line hid the charge it named (issue 26). Its leader points at the path.
 */
function moveTags(g: BoardGeometry, last: LastTurnView, places: ReadonlyMap<string, TokenPlace>): TagRequest[] {
  // pathLine's width with its dark edge.
  const clear = { lines: movePoints(g, last, places), width: pathWidth(g) };
  return taggedMoves(g, last, places).flatMap(({ move: m, points }): TagRequest[] => {
    const verb = m.kind === 'shove' ? (m.verb ?? 'moved') : null;
    const word = verb ? verb.toUpperCase() : MOVE_STYLE[m.kind].word!;
    if (points.length === 0) return [];
    const spots = alongPath(points, g.cell / 4);
    // Beside the line, square to it where the spot is: a little way out, then further (a wide tag
    // beside a steep line).
    const beside = (p: Point, k: number): Point[] => {
      // The segment the spot lies on (alongPath samples the segments).
      const i = points.slice(1).findIndex((b, j) => {
        const a = points[j]!;
        return Math.abs(Math.hypot(p.x - a.x, p.y - a.y) + Math.hypot(b.x - p.x, b.y - p.y) - Math.hypot(b.x - a.x, b.y - a.y)) < 0.5;
      });
      const a = points[Math.max(0, i)]!;
      const b = points[Math.max(0, i) + 1] ?? a;
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const n = { x: (a.y - b.y) / len, y: (b.x - a.x) / len };
      return [
        { x: p.x + n.x * k, y: p.y + n.y * k },
        { x: p.x - n.x * k, y: p.y - n.y * k },
      ];
    };
    return [
      {
        text: word,
        listText: `${m.unit} ${verb ? `was ${verb}` : 'charged'}`,
        colour: m.kind === 'charge' ? CHARGE : PATH_EDGE,
        anchor: spots[0]!,
        spots: [0.6, 1.1, 1.5].flatMap((k) => spots.flatMap((p) => beside(p, g.cell * k))),
        px: g.cell * 0.38,
        clear,
      },
    ];
  });
}

/**
 * The bursts a picture shows (R24): those the last turn made, and one previewed (/skirmish view), drawn
 * alike by the three functions below, so a preview shows just what the burst would look like made.
 */
export function shownBursts(view: Pick<MapView, 'lastTurn' | 'burst'>): readonly BurstView[] {
  return [...(view.lastTurn?.bursts ?? []), ...(view.burst ? [view.burst] : [])];
}

/** Each burst's area (R24), shaded as any area attack's is, with its outer edge: under the paths and the tokens. */
export function drawBurstAreas(ctx: Ctx, g: BoardGeometry, bursts: readonly BurstView[]): void {
  for (const b of bursts) drawArea(ctx, g, b.squares, TEMPLATE);
}

/**
 * Each burst's centre square outlined solid, over the tokens: a unit usually stands there (the burst
 * is aimed at it), and the outline sits on the square's border, clear of its label.
 */
export function drawBurstCentres(ctx: Ctx, g: BoardGeometry, bursts: readonly BurstView[]): void {
  for (const b of bursts) {
    const { x, y } = cornerOf(g, b.origin);
    const w = Math.max(3, g.cell * 0.09);
    ctx.save();
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = w + 3;
    ctx.strokeRect(x + w / 2, y + w / 2, g.cell - w, g.cell - w);
    ctx.strokeStyle = TEMPLATE_INK;
    ctx.lineWidth = w;
    ctx.strokeRect(x + w / 2, y + w / 2, g.cell - w, g.cell - w);
    ctx.restore();
  }
}

/** "BURST" beside each burst's area, above it or below it, with its attack and centre in the list. */
function burstTags(g: BoardGeometry, bursts: readonly BurstView[]): TagRequest[] {
  return bursts.map((b: BurstView) => {
    const rows = b.squares.map((s) => s.row);
    const p = centre(g, b.origin, 1);
    const top = cornerOf(g, { col: b.origin.col, row: Math.min(...rows) }).y;
    const bottom = cornerOf(g, { col: b.origin.col, row: Math.max(...rows) + 1 }).y;
    const spots = [
      { x: p.x, y: top - g.cell * 0.3 },
      { x: p.x, y: bottom + g.cell * 0.3 },
    ];
    return {
      text: 'BURST',
      listText: `${b.attacker}'s ${b.attack}: a burst centred on ${b.origin.name}, the shaded squares`,
      colour: TEMPLATE_INK,
      anchor: p,
      spots,
      px: g.cell * 0.32,
    };
  });
}

const RESULT_WORD = { hit: 'HIT', miss: 'MISSED', critical: 'CRIT', glancing: 'GLANCE', automatic: 'AUTO' } as const;

/**
 * What one attack did to its target, as a part of the target's label, read after the target's name as
 * a sentence is: "HIT by SD, 10 wounds", "MISSED by KC", "CRIT by SW's reply, 20 wounds". The count
 * says what it counts, so it is never read as the roll (a critical's natural 20). Every attack names
 * its attacker, a direct one as a reply does: "PC: REPLY MISS" was read as PC's reply that missed, and
 * "PC: CRIT 15 wounds" left the player to find who struck (issue 26); "OW: KN's MISS", the attacker's
 * name between the target's and the result, was read as OW missing (issue 26).
 */
export function attackWords(a: AttackView, times = 1): string {
  const result = RESULT_WORD[a.result];
  // An attack with no wound effect (a Shield Bash) shows no count: "CRIT 0" would read as a critical that failed.
  const total = a.wounds * times;
  const count = a.result === 'miss' || a.woundless ? '' : `, ${total} ${total === 1 ? 'wound' : 'wounds'}`;
  // The same attack several times is told once with its count and the wounds of all: "HIT ×2 by SA, 20
  // wounds", where "SA's HIT 10 wounds · SA's HIT 10 wounds" ran across six squares (issue 26).
  const repeat = times > 1 ? ` ×${times}` : '';
  // Wounds not allotted yet say so, so the count is not read as taken (issue 26).
  const pending = a.pending === 'split' ? ', split pending' : a.pending === 'waiting' ? ', pending' : '';
  return `${result}${repeat} by ${a.attacker}${a.reply ? "'s reply" : ''}${count}${pending}`;
}

/** An attack's arrowhead length, in squares. */
const HEAD = 0.32;

interface AttackLine {
  readonly attack: AttackView;
  readonly start: Point;
  readonly end: Point;
  /** The line as drawn, start to end: straight, or round a wall along the shot's clear line (shotPoints). */
  readonly points: readonly Point[];
  readonly ux: number;
  readonly uy: number;
  readonly colour: string;
  readonly width: number;
}

/**
 * An attack's line from the attacker's square edge to `to.inset` inside the target's, along the shot's
 * clear line (shotPoints), so the line and its arrowhead cross as little of either token (and its
 * label) as they can; between neighbours the arrow sits on the border between them. The `n`th line
 * between the same two units (an attack and its reply) is drawn beside the others. `ux`, `uy`: the
 * direction it ends in, for the arrowhead.
 */
function edgeToEdge(
  g: BoardGeometry,
  line: Parameters<typeof shotPoints>[1],
  from: { readonly p: Point; readonly size: number },
  to: { readonly q: Point; readonly size: number; readonly inset: number },
  n: number,
): { start: Point; end: Point; points: Point[]; ux: number; uy: number } {
  const route = shotPoints(g, line, from.p, to.q);
  const unit = (s: Point, t: Point) => {
    const d = Math.hypot(t.x - s.x, t.y - s.y) || 1;
    return { x: (t.x - s.x) / d, y: (t.y - s.y) / d, len: d };
  };
  const first = unit(route[0]!, route[1]!);
  const last = unit(route[route.length - 2]!, route[route.length - 1]!);
  const off = n === 0 ? 0 : (n % 2 === 1 ? 1 : -1) * Math.ceil(n / 2) * g.cell * 0.22;
  const ox = -last.y * off;
  const oy = last.x * off;
  const edge = (size: number, u: { x: number; y: number }) => size / 2 / Math.max(Math.abs(u.x), Math.abs(u.y));
  const out = Math.min(edge(from.size, first) - g.cell * 0.1, route.length === 2 ? first.len / 2 : first.len - 1);
  const back = Math.min(edge(to.size, last) - to.inset, last.len - 1);
  const start = { x: from.p.x + first.x * out + ox, y: from.p.y + first.y * out + oy };
  const end = { x: to.q.x - last.x * back + ox, y: to.q.y - last.y * back + oy };
  const points = [start, ...route.slice(1, -1).map((r) => ({ x: r.x + ox, y: r.y + oy })), end];
  return { start, end, points, ux: last.x, uy: last.y };
}

/** Where each attack's line runs: from the attacker's edge to the target's, side by side for an attack and its reply. */
export function attackLines(g: BoardGeometry, last: LastTurnView, places: ReadonlyMap<string, TokenPlace>): AttackLine[] {
  const pairs = new Map<string, number>();
  const lines: AttackLine[] = [];
  for (const a of last.attacks) {
    if (!a.from || !a.to) continue;
    // A unit sharing its square is aimed at where its token is drawn, not at the square.
    const box = (label: string, at: Sq, span: 1 | 2) => {
      const place = places.get(label);
      if (place) return { mid: { x: place.x + place.size / 2, y: place.y + place.size / 2 }, size: place.size };
      return { mid: centre(g, at, span), size: g.cell * span };
    };
    const fromBox = box(a.attacker, a.from, a.fromSpan);
    const toBox = box(a.target, a.to, a.toSpan);
    const p = fromBox.mid;
    const q = toBox.mid;
    if (Math.hypot(q.x - p.x, q.y - p.y) < 1) continue;
    // Attacks between the same two units (an attack and its reply) are drawn side by side.
    const key = [a.attacker, a.target].sort().join('|');
    const n = pairs.get(key) ?? 0;
    pairs.set(key, n + 1);
    // Into a unit it dropped, the arrowhead goes wholly inside the square it left (empty now, or
    // drawn under the unit there since): its base reached over the attacker's token beside it, the
    // winner's in a final picture (issue 26).
    const inset = g.cell * (a.dropped ? 0.14 + HEAD * 0.95 : 0.14);
    const { start, end, points, ux, uy } = edgeToEdge(g, a.line, { p, size: fromBox.size }, { q, size: toBox.size, inset }, n);
    const colour = a.reply ? REPLY : a.result === 'critical' || a.result === 'automatic' ? CRITICAL : a.result === 'miss' ? MISS : HIT;
    const width = Math.max(2.5, g.cell * (a.result === 'critical' || a.result === 'automatic' ? 0.12 : 0.08));
    lines.push({ attack: a, start, end, points, ux, uy, colour, width });
  }
  return lines;
}

/**
 * Each attack's line, drawn under the tokens (as paths are), so a line that crosses a unit on its way
 * never covers that unit's label; its head (drawAttackHeads) goes over them.
 */
export function drawAttackLines(ctx: Ctx, g: BoardGeometry, last: LastTurnView, places: ReadonlyMap<string, TokenPlace>): void {
  for (const { attack: a, points, colour, width } of attackLines(g, last, places)) {
    ctx.save();
    ctx.lineCap = 'round';
    haloPath(ctx, points, '#ffffff', width + 4, colour, width, a.result === 'miss' ? [g.cell * 0.18, g.cell * 0.14] : []);
    ctx.restore();
  }
}

/** A miss's cross's size, in squares. */
const CROSS = 0.26;

/** The box a miss's cross centred on `p` covers, its white edge included (drawAttackHeads). */
const crossBox = (g: BoardGeometry, line: Pick<AttackLine, 'width'>, p: Point): Rect => {
  const half = (g.cell * CROSS) / 2 + (line.width + 4) / 2;
  return { x: p.x - half, y: p.y - half, w: 2 * half, h: 2 * half };
};

/** The boxes of the last turn's miss crosses, where drawAttackHeads draws them: tags keep off them (tagSpace). */
export function missBoxes(g: BoardGeometry, last: LastTurnView, units: readonly UnitView[]): Rect[] {
  const labels = labelBoxes(measuringContext(), g, units);
  return attackLines(g, last, sharedPlaces(g, units)).flatMap((line) =>
    line.attack.result === 'miss' ? [crossBox(g, line, missCentre(g, line, labels))] : [],
  );
}

/**
 * Where a miss's cross is drawn: at its line's end, or back along the line to the first spot where
 * the cross (its white edge too) covers no unit's label; with none, where it covers the least. On its
 * target's token it covered the label's first letter: the knight's read "✕N" (playtest).
 */
export function missCentre(g: BoardGeometry, line: Pick<AttackLine, 'points' | 'width'>, labels: readonly Rect[]): Point {
  const box = (p: Point) => crossBox(g, line, p);
  const covered = (p: Point) => labels.reduce((sum, l) => sum + overlap(box(p), l), 0);
  const step = g.cell * 0.05;
  let best: { p: Point; c: number } | null = null;
  const pts = line.points;
  for (let i = pts.length - 1; i > 0; i--) {
    const b = pts[i]!;
    const a = pts[i - 1]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    for (let d = 0; d < len; d += step) {
      const p = { x: b.x + ((a.x - b.x) * d) / len, y: b.y + ((a.y - b.y) * d) / len };
      const c = covered(p);
      if (c === 0) return p;
      if (!best || c < best.c) best = { p, c };
    }
  }
  return best?.p ?? pts[pts.length - 1]!;
}

/**
 * Each attack's arrowhead (a cross for a miss, off the units' `labels`) where it meets its target, over
 * the tokens.
 */
export function drawAttackHeads(
  ctx: Ctx,
  g: BoardGeometry,
  last: LastTurnView,
  places: ReadonlyMap<string, TokenPlace>,
  labels: readonly Rect[],
  only: (a: AttackView) => boolean,
): void {
  for (const line of attackLines(g, last, places)) {
    const { attack: a, end, ux, uy, colour, width } = line;
    if (!only(a)) continue;
    ctx.save();
    ctx.lineCap = 'round';
    if (a.result === 'miss') {
      const at = missCentre(g, line, labels);
      cross(ctx, at.x, at.y, g.cell * CROSS, '#ffffff', width + 4);
      cross(ctx, at.x, at.y, g.cell * CROSS, colour, width);
    } else {
      // A critical's star is on its target's label (unitTags), beside the token: at the arrowhead it
      // covered the attacker's token next to it, as the winner's was in a final picture (issue 26).
      arrowhead(ctx, end.x, end.y, Math.atan2(uy, ux), g.cell * HEAD, colour, '#ffffff');
    }
    ctx.restore();
  }
}

/** All that the last turn did to one unit: its label's parts, and where the label would go. */
interface UnitMarks {
  readonly unit: string;
  readonly parts: string[];
  readonly listParts: string[];
  line: AttackLine | null;
  harm: HarmView | null;
  drop: DropView | null;
  critical: boolean;
  /** It gained from a trait used as an act (its Vigor, a token), which draws nothing else. */
  gained: boolean;
}

/** What the last turn did to each unit, in the order the units were first marked: attacks on it, other wounds, its drop. */
function marksByUnit(g: BoardGeometry, last: LastTurnView, places: ReadonlyMap<string, TokenPlace>): UnitMarks[] {
  const byUnit = new Map<string, UnitMarks>();
  const of = (unit: string): UnitMarks => {
    let m = byUnit.get(unit);
    if (!m) byUnit.set(unit, (m = { unit, parts: [], listParts: [], line: null, harm: null, drop: null, critical: false, gained: false }));
    return m;
  };
  // Identical attacks on one unit (same attacker, result and wounds) are told once, counted.
  const repeats = new Map<string, { index: number; attack: AttackView; times: number }>();
  for (const line of attackLines(g, last, places)) {
    const a = line.attack;
    const m = of(a.target);
    const words = attackWords(a);
    const key = `${a.target}|${words}`;
    const seen = repeats.get(key);
    if (seen) {
      seen.times++;
      m.parts[seen.index] = m.listParts[seen.index] = attackWords(seen.attack, seen.times);
    } else {
      repeats.set(key, { index: m.parts.length, attack: a, times: 1 });
      m.parts.push(words);
      // The words already name the attacker (or replier).
      m.listParts.push(words);
    }
    m.line ??= line;
    m.critical ||= a.result === 'critical' || a.result === 'automatic';
  }
  for (const h of last.harms) {
    if (!h.at) continue;
    const m = of(h.unit);
    const words = harmWords(h);
    const caused = `${words} (${h.why === 'terrain' ? 'terrain' : 'recurring'})`;
    // Under an attack's part, the cause is said: "5 cold wounds" below "CRIT by CI's reply, 15 wounds" read as
    // the critical's cold wounds (issue 26).
    m.parts.push(m.parts.length > 0 ? caused : words);
    m.listParts.push(caused);
    m.harm ??= h;
  }
  // A trait used as an act draws no line: what it gave is told on each unit that gained, or a
  // playtester who used Mend Wounds found the map unchanged (issue 26).
  for (const h of last.happenings) {
    if (h.kind !== 'trait') continue;
    for (const gain of h.gains) {
      const m = of(gain.unit);
      // "+1 blue token", never "+a blue token" (amountWords says one token as "a blue token").
      const words = `+${gain.what.replace(/^a /, '1 ')} from ${gain.unit === h.unit ? h.trait : `${h.unit}'s ${h.trait}`}`;
      m.parts.push(words);
      m.listParts.push(words);
      m.gained = true;
    }
  }
  for (const d of last.drops) {
    if (!d.at) continue;
    const m = of(d.unit);
    m.parts.push('DROPPED');
    m.listParts.push('DROPPED');
    m.drop = d;
  }
  return [...byUnit.values()];
}

/**
 * One label per unit for everything the last turn did to it, named first as every label is: "SD: CRIT
 * by KC, 20 wounds · DROPPED", "AO: MISSED by KC", "PC: -5 Vigor (cold)". A playtester could not tell whose a bare
 * "HIT 10" was, and a unit hit and dropped got two tags, which in a pile-up went to two numbered
 * badges (issue 26). The label sits flush beside the unit's square (its token where it shares one,
 * its cross where it dropped), on whichever side is free; else on its attack line or round it, always
 * nearer its own unit than any other, with a leader line then: a label on the line was read as the
 * unit's it ended up under (issue 26). Red when the unit dropped or was hit critically; else the colour
 * of its first attack's line.
 */
function unitTags(g: BoardGeometry, last: LastTurnView, units: readonly UnitView[]): TagRequest[] {
  const places = sharedPlaces(g, units);
  const square = (at: Sq, span: 1 | 2): Rect => ({ ...cornerOf(g, at), w: g.cell * span, h: g.cell * span });
  // Where each unit stands now: a unit shoved or moved after it was hit is labelled where it is.
  const now = new Map(units.flatMap((u) => (u.at ? [[u.label, square(u.at, u.span)] as const] : [])));
  // A drop or a critical is placed first, so in a crowd it keeps its place on the board and a lesser
  // label goes to the numbered list: a reply's critical for 20 wounds was only a footnote while a
  // 5-wound hit had the board (playtest round 23).
  const marks = marksByUnit(g, last, places);
  const first = [...marks.filter((m) => m.drop || m.critical), ...marks.filter((m) => !(m.drop || m.critical))];
  return first.flatMap((m): TagRequest[] => {
    const text = `${m.unit}: ${m.parts.join(' · ')}`;
    // Stacked when one line finds no room: the name with the first part, then one part a line.
    const lines = [`${m.unit}: ${m.parts[0] ?? ''}`, ...m.parts.slice(1)];
    const listText = `${m.unit}: ${m.listParts.join(' · ')}`;
    const colour = m.drop || m.critical ? CRITICAL : m.line ? m.line.colour : HARM;
    // A critical's star goes on the label, which never covers a token (tags.ts).
    const icon = m.critical ? { icon: 'star' as const } : {};
    if (m.line) {
      const { start, end, ux, uy, attack } = m.line;
      const at = { x: start.x + (end.x - start.x) * 0.55, y: start.y + (end.y - start.y) * 0.55 };
      const side = (k: number) => ({ x: at.x - uy * k * g.cell, y: at.y + ux * k * g.cell });
      // Beside the whole square even when the unit shares it: the other units' squares are whole too.
      const own = now.get(m.unit) ?? (attack.to ? square(attack.to, attack.toSpan) : null);
      const hit = attack.to ? square(attack.to, attack.toSpan) : null;
      // What the label speaks of is the target: a label that cannot stay on its line goes near the
      // target, and its leader points at the line's end there, never at the border between the two.
      // A unit that moved on after it was attacked (a reply as it stepped away) is labelled round
      // where it is now, its leader to it: on the line, four squares off, the label was read as no
      // one's, its leader hidden under it at the line's end (playtest round 21).
      const movedOn = own !== null && hit !== null && (own.x !== hit.x || own.y !== hit.y);
      return [
        {
          text,
          lines,
          listText,
          colour,
          anchor: movedOn ? { x: own.x + own.w / 2, y: own.y + own.h / 2 } : end,
          spots: movedOn ? [] : [...along(start, end), side(0.65), side(-0.65)],
          px: g.cell * 0.38,
          ...icon,
          ...(own ? { beside: own } : {}),
        },
      ];
    }
    if (m.drop?.at) {
      const p = centre(g, m.drop.at, m.drop.span);
      const below = { x: p.x, y: p.y + g.cell * 0.35 * m.drop.span + g.cell * 0.2 };
      return [{ text, lines, listText, colour, anchor: p, spots: [below], px: g.cell * 0.32, beside: square(m.drop.at, m.drop.span), ...icon }];
    }
    if (m.harm?.at) {
      const c = cornerOf(g, m.harm.at);
      const under = { x: c.x + (g.cell * m.harm.span) / 2, y: c.y + g.cell * m.harm.span };
      return [{ text, lines, listText, colour, anchor: under, spots: [], px: g.cell * 0.32, beside: now.get(m.unit) ?? square(m.harm.at, m.harm.span) }];
    }
    const own = now.get(m.unit);
    if (m.gained && own) {
      const under = { x: own.x + own.w / 2, y: own.y + own.h };
      return [{ text, lines, listText, colour: GAIN, anchor: under, spots: [], px: g.cell * 0.32, beside: own }];
    }
    return [];
  });
}

/** The colour of a label for wounds no attack dealt (terrain, a recurring status). */
const HARM = '#8a2b0e';

export function drawDrops(ctx: Ctx, g: BoardGeometry, last: LastTurnView, only: (d: DropView) => boolean): void {
  for (const d of last.drops) {
    if (!d.at || !only(d)) continue;
    const p = centre(g, d.at, d.span);
    const s = g.cell * 0.7 * d.span;
    cross(ctx, p.x, p.y, s, '#ffffff', g.cell * 0.22);
    cross(ctx, p.x, p.y, s, CRITICAL, g.cell * 0.13);
  }
}

/**
 * Reachable squares: stronger shade for cheaper squares, and the cost written in each, its digits at
 * least `px` tall (a close-up passes its phone text size, so the numbers read at a phone's width) in a
 * white halo a sixth of its size, so a number reads on any terrain's fill and glyph.
 */
export function drawReach(ctx: Ctx, g: BoardGeometry, reach: ReachView, px = 0): void {
  const [r, gr, b] = REACH;
  const from = reach.from;
  const under = (s: Sq) => from !== null && s.col >= from.col && s.col < from.col + reach.span && s.row >= from.row && s.row < from.row + reach.span;
  const squares = reach.squares.filter((s) => !under(s.at));
  for (const s of squares) {
    const { x, y } = cornerOf(g, s.at);
    const share = reach.maxCost > 0 ? s.cost / reach.maxCost : 0;
    ctx.fillStyle = `rgba(${r}, ${gr}, ${b}, ${(0.55 - share * 0.32).toFixed(3)})`;
    ctx.fillRect(x, y, g.cell, g.cell);
    ctx.strokeStyle = `rgb(${r}, ${gr}, ${b})`;
    ctx.lineWidth = 1.5;
    ctx.strokeRect(x + 1.5, y + 1.5, g.cell - 3, g.cell - 3);
  }
  ctx.save();
  // A font's digits stand about 0.72 of its size: 1.4 × `px` makes the digits themselves `px` tall,
  // as a phone player reads them (at `px` the font's digits stood 8 px of 11 and were misread).
  // Capped at 0.45 of a square, so a two-digit cost stays inside it.
  const size = Math.max(g.cell * 0.34, Math.min(px * 1.4, g.cell * 0.45));
  ctx.font = font(size, 'bold');
  ctx.textAlign = 'left';
  ctx.textBaseline = 'bottom';
  ctx.lineJoin = 'round';
  for (const s of squares) {
    const { x, y } = cornerOf(g, s.at);
    ctx.lineWidth = Math.max(3, size / 6);
    ctx.strokeStyle = '#ffffff';
    ctx.strokeText(String(s.cost), x + g.cell * 0.08, y + g.cell * 0.98);
    ctx.fillStyle = '#0b2a66';
    ctx.fillText(String(s.cost), x + g.cell * 0.08, y + g.cell * 0.98);
  }
  ctx.restore();
}

/** Charge targets: a dashed ring, the word CHARGE, and the two squares the charge would cross. */
export function drawCharges(ctx: Ctx, g: BoardGeometry, reach: ReachView): void {
  for (const c of reach.charges) {
    const p = centre(g, c.at, c.span);
    ctx.save();
    for (const s of c.path) {
      const q = centre(g, s, 1);
      ctx.beginPath();
      ctx.arc(q.x, q.y, g.cell * 0.12, 0, Math.PI * 2);
      ctx.fillStyle = CHARGE;
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#ffffff';
      ctx.stroke();
    }
    ctx.beginPath();
    ctx.arc(p.x, p.y, g.cell * 0.56 * c.span, 0, Math.PI * 2);
    ctx.setLineDash([g.cell * 0.16, g.cell * 0.1]);
    ctx.lineWidth = Math.max(3, g.cell * 0.1);
    ctx.strokeStyle = CHARGE;
    ctx.stroke();
    ctx.restore();
  }
}

function chargeTags(g: BoardGeometry, reach: ReachView): TagRequest[] {
  return reach.charges.map((c) => {
    const p = centre(g, c.at, c.span);
    const above = { x: p.x, y: p.y - g.cell * 0.5 * c.span - g.cell * 0.3 };
    return { text: 'CHARGE', listText: `${reach.unit} can charge ${c.target} (${c.attack})`, colour: CHARGE, anchor: p, spots: [above], px: g.cell * 0.32 };
  });
}

const SIGHT_WORD = { clear: 'CLEAR', cover: 'COVER', invisible: 'INVISIBLE', blocked: 'NO SIGHT' } as const;
const SIGHT_DASH = { clear: [] as number[], cover: [0.22, 0.12], invisible: [0.04, 0.14], blocked: [] as number[] };

/**
 * The squares out of the unit's sight, greyed and crossed with a diagonal hatch (a second cue beside
 * the shade): what it sees is what stays clear. Under the sight lines and the tokens.
 */
export function drawBlocked(ctx: Ctx, g: BoardGeometry, sight: SightView): void {
  ctx.save();
  for (const s of sight.blocked) {
    const { x, y } = cornerOf(g, s);
    ctx.fillStyle = 'rgba(40, 36, 32, 0.38)';
    ctx.fillRect(x, y, g.cell, g.cell);
    ctx.beginPath();
    ctx.moveTo(x + g.cell * 0.15, y + g.cell * 0.85);
    ctx.lineTo(x + g.cell * 0.85, y + g.cell * 0.15);
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.55)';
    ctx.lineWidth = Math.max(1.5, g.cell * 0.05);
    ctx.stroke();
  }
  ctx.restore();
}

export function drawSight(ctx: Ctx, g: BoardGeometry, sight: SightView): void {
  drawBlocked(ctx, g, sight);
  const from = centre(g, sight.from, sight.span);
  for (const t of sight.targets) {
    if (t.mark === 'blocked') continue;
    const to = centre(g, t.at, t.span);
    ctx.save();
    ctx.lineCap = 'round';
    haloPath(
      ctx,
      shotPoints(g, t.line, from, to),
      'rgba(255,255,255,0.85)',
      Math.max(4, g.cell * 0.1),
      SIGHT[t.mark],
      Math.max(2.5, g.cell * 0.06),
      SIGHT_DASH[t.mark].map((d) => d * g.cell),
    );
    ctx.restore();
  }
}

/** Each target's mark and range above it, or back along its sight line. */
function sightTags(g: BoardGeometry, sight: SightView): TagRequest[] {
  const from = centre(g, sight.from, sight.span);
  return sight.targets.map((t) => {
    const p = centre(g, t.at, t.span);
    const range = Number.isFinite(t.range) && t.mark !== 'blocked' ? ` ${t.range}` : '';
    const text = `${SIGHT_WORD[t.mark]}${range}`;
    const above = { x: p.x, y: p.y - (g.cell * t.span) / 2 - g.cell * 0.3 };
    const back = t.mark === 'blocked' ? [] : along(from, p, [0.75, 0.65, 0.55, 0.45]);
    return { text, listText: `${t.unit}: ${text}`, colour: SIGHT[t.mark], anchor: p, spots: [above, ...back], px: g.cell * 0.32 };
  });
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The preview's arrow: along the clear line (shotPoints) to just inside the target's square. */
export function previewLine(g: BoardGeometry, preview: PreviewView): { p: Point; end: Point; ux: number; uy: number; points: Point[] } | null {
  if (!preview.from || !preview.to) return null;
  const p = centre(g, preview.from, preview.fromSpan);
  const q = centre(g, preview.to, preview.toSpan);
  const route = shotPoints(g, preview.line, p, q);
  const a = route[route.length - 2]!;
  const len = Math.hypot(q.x - a.x, q.y - a.y) || 1;
  const ux = (q.x - a.x) / len;
  const uy = (q.y - a.y) / len;
  const back = Math.min(g.cell * 0.42 * preview.toSpan, len - 1);
  const end = { x: q.x - ux * back, y: q.y - uy * back };
  return { p, end, ux, uy, points: [...route.slice(0, -1), end] };
}

export function drawPreview(ctx: Ctx, g: BoardGeometry, preview: PreviewView): void {
  const line = previewLine(g, preview);
  if (!line) return;
  const { points, end, ux, uy } = line;
  const colour = preview.odds ? PREVIEW : MISS;
  ctx.save();
  ctx.lineCap = 'round';
  haloPath(ctx, points, '#ffffff', g.cell * 0.14 + 4, colour, g.cell * 0.14, preview.odds ? [] : [g.cell * 0.18, g.cell * 0.14]);
  ctx.restore();
  arrowhead(ctx, end.x, end.y, Math.atan2(uy, ux), g.cell * 0.5, colour, '#ffffff');
}

/**
 * A previewed burst's chance to hit each unit it would catch (R24), above the unit: "60%", the attacker's
 * own side's "ALLY 40%" (a burst attacks allies too; the font has no ⚠).
 */
function burstPreviewTags(g: BoardGeometry, view: MapView): TagRequest[] {
  const b = view.burst;
  if (!b) return [];
  return b.caught.flatMap((c) => {
    const u = view.units.find((x) => x.label === c.unit && x.at);
    if (!u?.at) return [];
    const p = centre(g, u.at, u.span);
    const text = `${c.friend ? 'ALLY ' : ''}${pct(c.chance)}`;
    const above = { x: p.x, y: p.y - (g.cell * u.span) / 2 - g.cell * 0.3 };
    const below = { x: p.x, y: p.y + (g.cell * u.span) / 2 + g.cell * 0.3 };
    return [
      {
        text,
        listText: `${c.unit}: ${pct(c.chance)} to hit${c.friend ? ` (${b.attacker}'s own side)` : ''}`,
        colour: c.friend ? MISS : PREVIEW,
        anchor: p,
        spots: [above, below],
        px: g.cell * 0.32,
      },
    ];
  });
}

function previewTags(g: BoardGeometry, preview: PreviewView): TagRequest[] {
  const line = previewLine(g, preview);
  if (!line) return [];
  const text = preview.odds ? `${pct(preview.odds.chance)} TO HIT` : 'CANNOT ATTACK';
  const spots = along(line.p, line.end);
  return [
    { text, listText: `${preview.attacker} on ${preview.target}: ${text}`, colour: preview.odds ? PREVIEW : MISS, anchor: spots[0]!, spots, px: g.cell * 0.42 },
  ];
}

/**
 * The attack a reply prompt asks about (view.declared), from the attacker's square edge to just inside
 * the target's, as an attack's line runs (attackLines): the replier sees who attacks whom (issue 26).
 */
export function declaredLine(g: BoardGeometry, d: DeclaredView): { start: Point; end: Point; ux: number; uy: number; points: Point[] } | null {
  const p = centre(g, d.from, d.fromSpan);
  const q = centre(g, d.to, d.toSpan);
  if (Math.hypot(q.x - p.x, q.y - p.y) < 1) return null;
  return edgeToEdge(g, d.line, { p, size: g.cell * d.fromSpan }, { q, size: g.cell * d.toSpan, inset: g.cell * 0.14 }, 0);
}

/** The declared attack's line, under the tokens (heads: its arrowhead, over them), in the colour of an attack to come. */
export function drawDeclared(ctx: Ctx, g: BoardGeometry, d: DeclaredView, heads: boolean): void {
  const line = declaredLine(g, d);
  if (!line) return;
  const width = Math.max(2.5, g.cell * 0.1);
  ctx.save();
  ctx.lineCap = 'round';
  if (heads) arrowhead(ctx, line.end.x, line.end.y, Math.atan2(line.uy, line.ux), g.cell * HEAD, PREVIEW, '#ffffff');
  else haloPath(ctx, line.points, '#ffffff', width + 4, PREVIEW, width, []);
  ctx.restore();
}

/**
 * "GH ATTACKS WH" on the declared attack's line, or beside its target: the attack the reply would answer.
 * Attacker first: "WH: GH ATTACKS", in the form of a unit's own tags, read as WH attacking (playtest round 16).
 */
function declaredTags(g: BoardGeometry, d: DeclaredView): TagRequest[] {
  const line = declaredLine(g, d);
  if (!line) return [];
  return [
    {
      text: `${d.attacker} ATTACKS ${d.target}`,
      listText: `${d.attacker} attacks ${d.target} with ${d.attack} (declared, not rolled yet)`,
      colour: PREVIEW,
      anchor: line.end,
      spots: along(line.start, line.end),
      px: g.cell * 0.38,
    },
  ];
}

/**
 * Every tag the view's overlays ask for, most important first (they get the nearest spots): each
 * unit's label (attacks on it, other wounds, its drop), charge and shove paths, then the asked-for overlays.
 */
export function overlayTags(g: BoardGeometry, view: MapView): TagRequest[] {
  const last = view.lastTurn;
  return [
    ...(view.preview ? previewTags(g, view.preview) : []),
    ...(view.declared ? declaredTags(g, view.declared) : []),
    ...burstPreviewTags(g, view),
    ...(last ? [...unitTags(g, last, view.units), ...moveTags(g, last, sharedPlaces(g, view.units))] : []),
    ...burstTags(g, shownBursts(view)),
    ...(view.reach ? chargeTags(g, view.reach) : []),
    ...(view.sight ? sightTags(g, view.sight) : []),
  ];
}

/** Marks on a unit's square that keep the eye on it: used for the preview's and sight's own unit. */
export function ring(ctx: Ctx, g: BoardGeometry, at: Sq, span: 1 | 2, colour: string): void {
  const p = centre(g, at, span);
  ctx.beginPath();
  ctx.arc(p.x, p.y, g.cell * 0.55 * span, 0, Math.PI * 2);
  ctx.lineWidth = Math.max(3, g.cell * 0.08);
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = INK;
  ctx.stroke();
}

/**
 * Where tags may go: inside `bounds`, never on a unit's square nor on a move's start ring or
 * arrowhead, off a dropped unit's cross and the moves' lines when they can (playtest: a label hid
 * the move it spoke of, another where a charge started).
 */
export function tagSpace(g: BoardGeometry, view: MapView, bounds: Rect, textPx = 0): TagSpace {
  const square = (at: Sq, span: 1 | 2): Rect => ({ ...cornerOf(g, at), w: g.cell * span, h: g.cell * span });
  const moves = view.lastTurn ? movePoints(g, view.lastTurn, sharedPlaces(g, view.units)) : [];
  return {
    // A path's squares and a burst's centre, less a rim: a tag may graze a square's edge, as it may a token's.
    meant: [
      ...(view.lastTurn?.moves ?? []).flatMap((m) => m.path.map((at) => inset(square(at, m.span), g.cell * 0.12))),
      ...shownBursts(view).map((b) => inset(square(b.origin, 1), g.cell * 0.12)),
      ...objectiveNumberBoxes(g, view, textPx),
    ],
    bounds,
    tokens: view.units.flatMap((u) => (u.at ? [square(u.at, u.span)] : [])),
    soft: (view.lastTurn?.drops ?? []).flatMap((d) => (d.at ? [square(d.at, d.span)] : [])),
    // A miss's cross sits beside its target's token now, off its label: a tag on it hid the miss.
    marks: [...moves.flatMap((m) => pathMarks(g, m)), ...(view.lastTurn ? missBoxes(g, view.lastTurn, view.units) : [])],
    paths: { lines: moves, width: pathWidth(g) },
    // Objective squares carry the objective's number: a list badge's number there was read as it.
    numbered: view.board.objectives.flatMap((area) =>
      area.map((i) => ({ ...cornerOf(g, { col: i % view.board.width, row: Math.floor(i / view.board.width) }), w: g.cell, h: g.cell })),
    ),
    cell: g.cell,
  };
}

const inset = (r: Rect, d: number): Rect => ({ x: r.x + d, y: r.y + d, w: r.w - 2 * d, h: r.h - 2 * d });

/**
 * Where each objective's number is drawn: in its first square's top-left corner (terrain.ts), and in
 * the gold diamond on that square's bottom-left corner, drawn when a unit stands there (objective-badges.ts).
 */
function objectiveNumberBoxes(g: BoardGeometry, view: MapView, textPx: number): Rect[] {
  return view.board.objectives.flatMap((area) => {
    if (area.length === 0) return [];
    const spot = objectiveBadgeSpot(g, view.board, area, textPx);
    const d = spot.r * 1.3;
    return [
      { x: spot.x, y: spot.y - g.cell, w: g.cell * 0.45, h: g.cell * 0.45 },
      { x: spot.x - d, y: spot.y - d, w: 2 * d, h: 2 * d },
    ];
  });
}

/** Whether a unit on the map now stands on any square of a `span`-sized space at `at`. */
function heldSquares(units: readonly UnitView[]): (at: Sq | null, span: 1 | 2) => boolean {
  const held = new Set(units.flatMap((u) => (u.at ? spaceKeys(u.at, u.span) : [])));
  return (at, span) => at !== null && spaceKeys(at, span).some((k) => held.has(k));
}

/** The squares of the board, without the coordinates round them. */
export const boardSquares = (g: BoardGeometry, view: MapView): Rect => ({
  x: g.margin,
  y: g.margin,
  w: view.board.width * g.cell,
  h: view.board.height * g.cell,
});

/**
 * Everything drawn on the board picture, in order. Under the tokens: entry tiles, reach shading, a
 * burst's area, paths, sight and preview lines, tags' leader lines (they run from token to token, and the labels
 * must stay readable), and a drop's cross and arrowhead on a square another unit has since entered.
 * Over them: a burst's centre outline, charge rings, the other drops, attack heads, then the placed tags (which cover no token).
 * Attack lines go under the tokens with the paths, so no line covers a label; their heads go over.
 * `textPx`: the least size of the words drawn on squares (a close-up's phone text size).
 */
export function drawBoardMarks(ctx: Ctx, g: BoardGeometry, view: MapView, tags: readonly PlacedTag[], textPx = 0): void {
  for (const e of view.entries) {
    const colour = view.players.find((p) => p.id === e.player)?.colour ?? INK;
    const { x, y } = cornerOf(g, e.at);
    entryMark(ctx, x, y, g.cell * 2, colour);
  }
  if (view.reach) drawReach(ctx, g, view.reach, textPx);
  drawBurstAreas(ctx, g, shownBursts(view));
  const places = sharedPlaces(g, view.units);
  if (view.lastTurn) drawMoves(ctx, g, view.lastTurn, places);
  if (view.sight) {
    ring(ctx, g, view.sight.from, view.sight.span, '#ffffff');
    drawSight(ctx, g, view.sight);
  }
  if (view.burst?.from) ring(ctx, g, view.burst.from, view.burst.fromSpan, PREVIEW);
  if (view.preview) {
    if (view.preview.from) ring(ctx, g, view.preview.from, view.preview.fromSpan, PREVIEW);
    drawPreview(ctx, g, view.preview);
  }
  drawLeaders(ctx, tags, g.cell);
  // A dropped unit's cross, and the arrowhead that dropped it, go under a unit that has since moved
  // onto its square, so the unit there now is seen; elsewhere they go over the tokens.
  const held = heldSquares(view.units);
  const labels = labelBoxes(ctx, g, view.units);
  const dropped = new Set(view.lastTurn?.drops.map((d) => d.unit) ?? []);
  const crossUnder = (d: DropView) => held(d.at, d.span);
  const headUnder = (a: AttackView) => dropped.has(a.target) && held(a.to, a.toSpan);
  if (view.declared) drawDeclared(ctx, g, view.declared, false);
  if (view.lastTurn) {
    drawAttackLines(ctx, g, view.lastTurn, places);
    drawDrops(ctx, g, view.lastTurn, crossUnder);
    drawAttackHeads(ctx, g, view.lastTurn, places, labels, headUnder);
  }
  drawUnits(ctx, g, view.units);
  drawBurstCentres(ctx, g, shownBursts(view));
  if (view.reach) drawCharges(ctx, g, view.reach);
  if (view.declared) drawDeclared(ctx, g, view.declared, true);
  if (view.lastTurn) {
    drawDrops(ctx, g, view.lastTurn, (d) => !crossUnder(d));
    drawAttackHeads(ctx, g, view.lastTurn, places, labels, (a) => !headUnder(a));
    // An arrow into a shared square crosses the token beside its target: that token goes back over
    // the arrowhead, so its label reads.
    const targets = new Set(view.lastTurn.attacks.map((a) => a.target));
    for (const u of view.units) {
      const place = places.get(u.label);
      if (place && !targets.has(u.label)) drawSharedToken(ctx, g, u, place);
    }
  }
  // An objective's number under a token is drawn again over it (objective-badges.ts).
  const standing = new Set(view.units.flatMap((u) => (u.at ? spaceKeys(u.at, u.span) : [])));
  objectiveBadges(ctx, g, view.board, (col, row) => standing.has(`${col},${row}`), textPx);
  drawTags(ctx, tags);
}
