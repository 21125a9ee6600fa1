/**
 * Unit tokens. Inside a unit's square (2×2 for Big units), from the middle out:
 * - the body in the player's colour and seat shape, the label across the middle, as big as fits;
 * - injury boxes along the top: hollow = free, filled = marked; Mortal is a diamond, a trait box a square;
 * - a Vigor bar near the bottom (with the number on Big units, which have room);
 * - action-pool tokens (react circle, blue square, red triangle; hollow = spent) along the bottom,
 *   or down the left edge of a Big unit;
 * - status badges (one letter each) in the corners, or down the right edge of a Big unit.
 * A unit that has acted this round is faded; the active unit has magenta corner brackets.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font, fontSafe } from '../../../render/fonts';
import { shapePath } from '../../../render/glyphs';
import { cornerOf, type BoardGeometry } from '../../../render/layout';
import { activeMark, badgeAt, fitFont, haloText, labelBox, pipRow, tokenLabel, tokenLabelBox, type Badge } from '../../../render/token-parts';
import { INK, MORTAL, PAPER } from '../../../render/palette';
import type { Rect } from '../../../render/tags';
import { STATUS_COLOUR, TOKEN_STYLE } from './status-look';
import type { BoxView, Sq, UnitView } from './view';
import { TOKENS } from '../formats/vocabulary';

type Ctx = SKRSContext2D;

function box(ctx: Ctx, b: BoxView, cx: number, cy: number, s: number): void {
  const shape = b.kind === 'mortal' ? 'diamond' : b.kind === 'trait' ? 'square' : 'circle';
  shapePath(ctx, shape, cx, cy, b.kind === 'mortal' ? s * 1.25 : s);
  ctx.fillStyle = b.marked ? (b.kind === 'mortal' ? MORTAL : INK) : '#ffffff';
  ctx.fill();
  ctx.lineWidth = Math.max(1, s * 0.2);
  ctx.strokeStyle = b.marked ? '#ffffff' : b.kind === 'mortal' ? MORTAL : INK;
  ctx.stroke();
}

function tokenPip(ctx: Ctx, kind: keyof typeof TOKEN_STYLE, left: boolean, cx: number, cy: number, s: number): void {
  const style = TOKEN_STYLE[kind];
  shapePath(ctx, style.shape, cx, cy, s);
  ctx.fillStyle = left ? style.colour : 'rgba(255,255,255,0.15)';
  ctx.fill();
  ctx.lineWidth = Math.max(1, s * 0.18);
  ctx.strokeStyle = INK;
  ctx.stroke();
}

/** Status badges to show in `slots` places: "+n" in the last when there are more. */
function badgesOf(u: UnitView, slots: number): Badge[] {
  const shown = u.statuses.length > slots ? u.statuses.slice(0, slots - 1) : u.statuses;
  const more = u.statuses.length - shown.length;
  const badges: Badge[] = shown.map((s) => ({ text: s.code, colour: STATUS_COLOUR[s.status] }));
  if (more > 0) badges.push({ text: `+${more}`, colour: INK });
  return badges;
}

/**
 * A one-square token, laid out so the label can be as big as the square allows (it is what must
 * read when a phone shows a 24×24 map 400 px wide): injury boxes in a row along the top, the label
 * across the middle, the Vigor bar and then the action-pool tokens along the bottom, status badges
 * in the corners (top right, bottom right, top left, bottom left).
 */
function smallToken(ctx: Ctx, u: UnitView, x: number, y: number, cell: number): void {
  const cx = x + cell / 2;
  const badge = cell * 0.27;
  const badges = badgesOf(u, 4);
  const corners = [
    [x + cell - badge, y],
    [x + cell - badge, y + cell - badge],
    [x, y],
    [x, y + cell - badge],
  ] as const;
  // Rows share the width with the corner badges beside them.
  const topBadges = badges.filter((_, i) => i === 0 || i === 2).length;
  const bottomBadges = badges.filter((_, i) => i === 1 || i === 3).length;
  const room = (n: number) => cell - (n === 0 ? cell * 0.16 : 2 * badge + cell * 0.04);

  // The label of a faded unit is faded less: it must still read on a phone.
  tokenLabel(ctx, u.label, cx, y + cell * 0.49, cell, u.acted ? LABEL_FADED : undefined);

  const boxes = pipRow(u.boxes.length, cx, room(topBadges), cell * 0.13, cell * 0.16);
  u.boxes.forEach((b, i) => box(ctx, b, boxes.xs[i]!, y + cell * 0.15, boxes.size));

  const barW = cell * 0.46;
  const barH = cell * 0.075;
  const barY = y + cell * 0.715;
  const share = u.vigorMax > 0 ? Math.max(0, Math.min(1, u.vigor / u.vigorMax)) : 0;
  ctx.fillStyle = INK;
  ctx.fillRect(cx - barW / 2 - 1, barY - 1, barW + 2, barH + 2);
  ctx.fillStyle = '#f5f0dc';
  ctx.fillRect(cx - barW / 2, barY, barW * share, barH);

  const pips: [keyof typeof TOKEN_STYLE, boolean][] = [];
  for (const kind of TOKENS) {
    const t = u.tokens[kind];
    for (let i = 0; i < Math.max(t.max, t.left); i++) pips.push([kind, i < t.left]);
  }
  const row = pipRow(pips.length, cx, room(bottomBadges), cell * 0.13, cell * 0.15);
  pips.forEach(([kind, left], i) => tokenPip(ctx, kind, left, row.xs[i]!, y + cell * 0.885, row.size));
  // Badges are never faded: they matter to the other player too.
  ctx.globalAlpha = 1;
  badges.forEach((b, i) => badgeAt(ctx, b, corners[i]![0], corners[i]![1], badge));
}

/** A Big unit's token (2×2): room for the Vigor number, tokens down the left, badges down the right. */
function bigToken(ctx: Ctx, u: UnitView, x: number, y: number, cell: number, body: number): void {
  const size = cell * 2;
  const cx = x + size / 2;
  const cy = y + size / 2;
  const label = fontSafe(u.label);
  const px = fitFont(ctx, label, body * 0.62, cell * 0.62);
  ctx.font = font(px, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const alpha = ctx.globalAlpha;
  if (u.acted) ctx.globalAlpha = LABEL_FADED;
  haloText(ctx, label, cx, cy - cell * 0.2, '#ffffff', INK, Math.max(2, px * 0.22));
  ctx.globalAlpha = alpha;

  const pip = cell * 0.18;
  const gap = pip * 1.35;
  const boxesWidth = (u.boxes.length - 1) * gap;
  u.boxes.forEach((b, i) => box(ctx, b, cx - boxesWidth / 2 + i * gap, y + cell * 0.32, pip));

  const barW = body * 0.62;
  const barH = cell * 0.16;
  const barY = y + size - cell * 0.4;
  const share = u.vigorMax > 0 ? Math.max(0, Math.min(1, u.vigor / u.vigorMax)) : 0;
  ctx.fillStyle = INK;
  ctx.fillRect(cx - barW / 2 - 1, barY - 1, barW + 2, barH + 2);
  ctx.fillStyle = '#f5f0dc';
  ctx.fillRect(cx - barW / 2, barY, barW * share, barH);
  ctx.font = font(cell * 0.3, 'bold');
  haloText(ctx, u.vigorMax === 0 ? 'no Vigor' : `Vigor ${u.vigor}/${u.vigorMax}`, cx, barY - cell * 0.22, '#ffffff', INK, 3);

  const tok = cell * 0.18;
  let ty = y + cell * 0.36;
  for (const kind of TOKENS) {
    const t = u.tokens[kind];
    for (let i = 0; i < Math.max(t.max, t.left); i++) {
      tokenPip(ctx, kind, i < t.left, x + cell * 0.13, ty, tok);
      ty += tok * 1.2;
    }
  }
}

/** Opacity of a faded unit's label (the rest of the token is at 0.45). */
const LABEL_FADED = 0.8;

/** One unit's token, with its square's top-left at (x, y). */
export function drawToken(ctx: Ctx, u: UnitView, x: number, y: number, cell: number): void {
  const size = cell * u.span;
  const cx = x + size / 2;
  const cy = y + size / 2;
  ctx.save();
  if (u.active) activeMark(ctx, x, y, size, cell);
  const body = size - cell * 0.14;
  // Faded, not hidden: a unit that has acted still blocks and can still be attacked. An opaque
  // base keeps paths drawn underneath from showing through the faded token.
  if (u.acted) {
    shapePath(ctx, u.shape, cx, cy, body);
    ctx.fillStyle = PAPER;
    ctx.fill();
    ctx.globalAlpha = 0.45;
  }
  shapePath(ctx, u.shape, cx, cy, body);
  ctx.fillStyle = u.colour;
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, cell * 0.05);
  ctx.strokeStyle = INK;
  ctx.stroke();
  if (u.span === 1) {
    smallToken(ctx, u, x, y, cell);
    ctx.restore();
    return;
  }
  bigToken(ctx, u, x, y, cell, body);
  ctx.restore();

  // Status badges down the right edge, never faded: they matter to the other player too.
  const badge = cell * 0.36;
  const fits = Math.max(1, Math.floor((size - cell * 0.04) / (badge + 1)));
  badgesOf(u, fits).forEach((b, i) => badgeAt(ctx, b, x + size - badge - 1, y + 1 + i * (badge + 1), badge));
}

/** The size of two tokens sharing a square, each drawn in a corner of it. */
const SHARED = 0.6;

/** Where a token is drawn: its top-left corner and its side, in pixels. */
export interface TokenPlace {
  readonly x: number;
  readonly y: number;
  readonly size: number;
}

/**
 * The tokens drawn smaller because they share a square, by label. A unit stopped in a friend's square
 * while passing through it (a move paused by a prompt) would hide that friend: the two are drawn
 * smaller, the friend in the square's upper left and the passer in its lower right, so both labels
 * read. The passer is the acting unit, else the one listed later. Attack arrows and paths aim at
 * these places, so they meet the unit they mean and leave the other's label clear.
 */
export function sharedPlaces(g: BoardGeometry, units: readonly UnitView[]): Map<string, TokenPlace> {
  const places = new Map<string, TokenPlace>();
  for (const [u, corner] of sharing(units)) {
    const { x, y } = cornerOf(g, u.at!);
    const room = g.cell * u.span * (1 - SHARED);
    places.set(u.label, { x: x + corner * room, y: y + corner * room, size: g.cell * u.span * SHARED });
  }
  return places;
}

/** Every unit on the map, those sharing a square in their places (sharedPlaces). */
export function drawUnits(ctx: Ctx, g: BoardGeometry, units: readonly UnitView[]): void {
  const shared = sharedPlaces(g, units);
  for (const u of units) {
    if (!u.at) continue;
    const place = shared.get(u.label);
    if (place === undefined) {
      const { x, y } = cornerOf(g, u.at);
      drawToken(ctx, u, x, y, g.cell);
    } else drawSharedToken(ctx, g, u, place);
  }
}

/**
 * Where each unit's label is drawn on the map (smallToken's, bigToken's, smaller in a shared square):
 * what the marks drawn over the tokens keep off (playtest: a miss's cross on the knight read "✕N").
 */
export function labelBoxes(ctx: Ctx, g: BoardGeometry, units: readonly UnitView[]): Rect[] {
  const shared = sharedPlaces(g, units);
  return units.flatMap((u) => {
    if (!u.at) return [];
    const place = shared.get(u.label);
    const { x, y } = place ?? cornerOf(g, u.at);
    const k = place ? SHARED : 1;
    const size = g.cell * u.span;
    // In the token's own frame (drawToken at 0, 0, a square g.cell wide), then placed and scaled.
    const own =
      u.span === 1
        ? tokenLabelBox(ctx, u.label, size / 2, g.cell * 0.49, g.cell)
        : (() => {
            const px = fitFont(ctx, fontSafe(u.label), (size - g.cell * 0.14) * 0.62, g.cell * 0.62);
            return labelBox(ctx, u.label, size / 2, size / 2 - g.cell * 0.2, { px, squeeze: 1 });
          })();
    return [{ x: x + own.x * k, y: y + own.y * k, w: own.w * k, h: own.h * k }];
  });
}

/** A token drawn smaller in its place in a shared square. */
export function drawSharedToken(ctx: Ctx, g: BoardGeometry, u: UnitView, place: TokenPlace): void {
  ctx.save();
  ctx.translate(place.x, place.y);
  ctx.scale(SHARED, SHARED);
  drawToken(ctx, u, 0, 0, g.cell);
  ctx.restore();
}

/** The squares a space of `span` squares a side at `at` covers, each as a "col,row" key. */
export function spaceKeys(at: Sq, span: number): string[] {
  const keys: string[] = [];
  for (let dc = 0; dc < span; dc++) for (let dr = 0; dr < span; dr++) keys.push(`${at.col + dc},${at.row + dr}`);
  return keys;
}

/** The units sharing a square on the map, each with its corner: 0 upper left (the friend), 1 lower right (the passer). */
function sharing(units: readonly UnitView[]): Map<UnitView, 0 | 1> {
  const held = new Map<string, UnitView>();
  const out = new Map<UnitView, 0 | 1>();
  for (const u of units) {
    if (!u.at) continue;
    for (const key of spaceKeys(u.at, u.span)) {
      const other = held.get(key);
      if (!other) held.set(key, u);
      else if (other !== u) {
        const passer = other.active && !u.active ? other : u;
        out.set(passer, 1);
        out.set(passer === u ? other : u, 0);
      }
    }
  }
  return out;
}
