/**
 * A table view's unit tokens (table-view.ts), over their whole footprint (1×1, 2×2 or 3×3): the body
 * in the seat's colour and shape, the label across the middle as large as fits, the pips (wounds
 * taken, filled) in a row along the top, the badges (one letter on a 1×1, the word on a larger one)
 * in the top-right corner or along the bottom. The active unit has the active corners.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font, fontSafe } from './fonts';
import { shapePath } from './glyphs';
import { cornerOf, type BoardGeometry } from './layout';
import { INK, MORTAL, SEAT_COLOURS, SEAT_SHAPES, type TokenShape } from './palette';
import type { TablePips, TableUnit } from './table-view';
import { textWidth } from './text-flow';
import { activeMark, badgeAt, fitFont, haloText, pipRow, tokenLabel } from './token-parts';

type Ctx = SKRSContext2D;

/** A seat's token colour and shape: colour is never the only cue. */
export const seatColour = (seat: number): string => SEAT_COLOURS[seat % SEAT_COLOURS.length]!;
export const seatShape = (seat: number): TokenShape => SEAT_SHAPES[seat % SEAT_SHAPES.length]!;
/** Badges are red: every status a table shows so far is harm (Hurt). */
export const BADGE_COLOUR = MORTAL;

/** A wound pip: filled black = taken, white = left. */
function pip(ctx: Ctx, filled: boolean, cx: number, cy: number, size: number): void {
  shapePath(ctx, 'circle', cx, cy, size);
  ctx.fillStyle = filled ? INK : '#ffffff';
  ctx.fill();
  ctx.lineWidth = Math.max(1, size * 0.2);
  ctx.strokeStyle = INK;
  ctx.stroke();
}

/** The key's swatch: a pip taken and a pip left, in a box `h` tall at (x, y). */
export function pipPair(ctx: Ctx, x: number, y: number, h: number): void {
  pip(ctx, true, x + h * 0.4, y + h * 0.5, h * 0.55);
  pip(ctx, false, x + h * 1.05, y + h * 0.5, h * 0.55);
}

function pipsAlong(ctx: Ctx, pips: TablePips, cx: number, cy: number, room: number, size: number): void {
  const row = pipRow(pips.total, cx, room, size, size * 1.25);
  row.xs.forEach((x, i) => pip(ctx, i < pips.filled, x, cy, row.size));
}

/** A 1×1 token: pips along the top, the label across the middle, a badge letter in the top-right corner. */
function smallUnit(ctx: Ctx, u: TableUnit, x: number, y: number, cell: number): void {
  const badge = cell * 0.3;
  tokenLabel(ctx, u.label, x + cell / 2, y + cell * 0.55, cell);
  const room = u.badges.length > 0 || u.marker ? cell - 2 * badge - cell * 0.04 : cell * 0.84;
  if (u.pips) pipsAlong(ctx, u.pips, x + cell / 2, y + cell * 0.15, room, cell * 0.15);
  const first = u.badges[0];
  if (first) badgeAt(ctx, { text: u.badges.length > 1 ? `+${u.badges.length}` : first.text, colour: BADGE_COLOUR }, x + cell - badge, y, badge);
}

/** A word badge centred at (cx, cy): white bold capitals on the badge colour. */
function wordBadge(ctx: Ctx, word: string, cx: number, cy: number, px: number): void {
  const text = fontSafe(word.toUpperCase());
  const w = textWidth(ctx, font(px, 'bold'), text) + px * 0.6;
  const h = px * 1.25;
  ctx.fillStyle = BADGE_COLOUR;
  ctx.fillRect(cx - w / 2, cy - h / 2, w, h);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#ffffff';
  ctx.strokeRect(cx - w / 2 + 0.75, cy - h / 2 + 0.75, w - 1.5, h - 1.5);
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, cx, cy + 1);
}

/** A 2×2 or 3×3 token: pips along the top, the label large in the middle, the badges' words along the bottom. */
function largeUnit(ctx: Ctx, u: TableUnit, x: number, y: number, cell: number, body: number): void {
  const size = cell * u.span;
  const cx = x + size / 2;
  const label = fontSafe(u.label);
  const px = fitFont(ctx, label, body * 0.62, cell * (u.span === 3 ? 0.95 : 0.72));
  ctx.font = font(px, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  haloText(ctx, label, cx, y + size * 0.5, '#ffffff', INK, Math.max(2, px * 0.22));
  if (u.pips) {
    // More than six pips take two rows, so each stays large enough to count.
    const rows = u.pips.total > 6 ? 2 : 1;
    const per = Math.ceil(u.pips.total / rows);
    const pip = cell * (u.span === 3 ? 0.26 : 0.22);
    for (let r = 0; r < rows; r++) {
      const total = Math.min(per, u.pips.total - r * per);
      const filled = Math.max(0, Math.min(total, u.pips.filled - r * per));
      pipsAlong(ctx, { filled, total }, cx, y + size * 0.16 + r * pip * 1.35, body * 0.7, pip);
    }
  }
  const words = u.badges.map((b) => b.word).join(' ');
  if (words) {
    ctx.font = font(cell * 0.3, 'bold');
    wordBadge(ctx, words, cx, y + size * 0.78, Math.min(cell * 0.32, fitFont(ctx, words.toUpperCase(), body * 0.62, cell * 0.32)));
  }
}

/** One unit's token, its top-left square's corner at (x, y). */
export function drawTableToken(ctx: Ctx, u: TableUnit, x: number, y: number, cell: number): void {
  const size = cell * u.span;
  ctx.save();
  if (u.aloft) {
    // Drawn smaller and raised to the top of its space, so the lower part of a unit under it still shows.
    const [cx, cy] = [x + size / 2, y];
    ctx.translate(cx, cy);
    ctx.scale(ALOFT_SCALE, ALOFT_SCALE);
    ctx.translate(-cx, -cy);
  }
  if (u.active) activeMark(ctx, x, y, size, cell);
  const body = size - cell * 0.14;
  shapePath(ctx, seatShape(u.seat), x + size / 2, y + size / 2, body);
  ctx.fillStyle = seatColour(u.seat);
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, cell * 0.05);
  ctx.strokeStyle = INK;
  ctx.stroke();
  if (u.span === 1) smallUnit(ctx, u, x, y, cell);
  else largeUnit(ctx, u, x, y, cell, body);
  ctx.restore();
  // The marker at full size in its space's corner, however small the token is drawn.
  if (u.marker) badgeAt(ctx, { text: u.marker.text, colour: BADGE_COLOUR }, x, y, cell * (u.span === 1 ? 0.36 : 0.45));
}

/** How much smaller a unit aloft is drawn than one on the table. */
const ALOFT_SCALE = 0.64;

/** Every unit on the table, those aloft last (over whatever stands under them). */
export function drawTableUnits(ctx: Ctx, g: BoardGeometry, units: readonly TableUnit[]): void {
  for (const u of [...units.filter((x) => !x.aloft), ...units.filter((x) => x.aloft)]) {
    if (!u.at) continue;
    const { x, y } = cornerOf(g, u.at);
    drawTableToken(ctx, u, x, y, g.cell);
  }
}
