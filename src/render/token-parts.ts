/**
 * What a token is drawn with, whatever the game: its label as large as fits, text with a halo, the
 * active unit's corner brackets, rows of pips and square badges. Each game's tokens are composed of
 * these (a game's own token drawing lives in its folder; table-tokens.ts draws a TableView's).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font, fontSafe } from './fonts';
import { textWidth } from './text-flow';
import { ACTIVE_MARK, INK } from './palette';

type Ctx = SKRSContext2D;

/** Draws text with a dark halo so it reads on any colour. */
export function haloText(ctx: Ctx, text: string, x: number, y: number, fill: string, halo: string, width: number): void {
  ctx.lineJoin = 'round';
  ctx.strokeStyle = halo;
  ctx.lineWidth = width;
  ctx.strokeText(text, x, y);
  ctx.fillStyle = fill;
  ctx.fillText(text, x, y);
}

/** The largest bold size up to `max` at which `text` fits `width`. */
export function fitFont(ctx: Ctx, text: string, width: number, max: number): number {
  const w = textWidth(ctx, font(max, 'bold'), text);
  return w <= width ? max : Math.max(8, Math.floor((max * width) / w));
}

/**
 * The label as large as fits `width` at up to `max` px: squeezed sideways (to 78%) before it is made
 * smaller, so a three-letter label ("GH2", "SKA") stays as tall as a two-letter one.
 */
export function labelFit(ctx: Ctx, text: string, width: number, max: number): { px: number; squeeze: number } {
  const w = textWidth(ctx, font(max, 'bold'), text);
  if (w <= width) return { px: max, squeeze: 1 };
  if (w * 0.78 <= width) return { px: max, squeeze: width / w };
  return { px: Math.max(8, Math.floor((max * width) / (w * 0.78))), squeeze: 0.78 };
}

/**
 * The box a token's label covers (tokenLabel, bigger tokens' labels drawn at `px`): its letters' width
 * as squeezed and their capital height, with the halo round them. Marks drawn over tokens keep off it
 * (a miss's cross on a knight's label read "✕N", playtest).
 */
export function labelBox(ctx: Ctx, text: string, cx: number, cy: number, fit: { px: number; squeeze: number }): { x: number; y: number; w: number; h: number } {
  const halo = Math.max(2, fit.px * 0.2);
  const w = textWidth(ctx, font(fit.px, 'bold'), fontSafe(text)) * fit.squeeze + halo;
  // Labels are capitals and digits: about 0.75 of the font's size tall.
  const h = fit.px * 0.75 + halo;
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

/** A token's label's box (labelBox) as tokenLabel draws it, centred on (cx, cy) in a square `cell` wide. */
export const tokenLabelBox = (ctx: Ctx, text: string, cx: number, cy: number, cell: number) =>
  labelBox(ctx, text, cx, cy, labelFit(ctx, fontSafe(text), cell * 0.84, cell * 0.56));

/**
 * A token's label centred on (cx, cy), as large as fits 0.84 of a square `cell` wide (labelFit), white
 * with a dark halo; `alpha` fades it (a unit that has acted).
 */
export function tokenLabel(ctx: Ctx, text: string, cx: number, cy: number, cell: number, alpha?: number): void {
  const label = fontSafe(text);
  const fit = labelFit(ctx, label, cell * 0.84, cell * 0.56);
  ctx.save();
  ctx.font = font(fit.px, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.translate(cx, cy);
  ctx.scale(fit.squeeze, 1);
  if (alpha !== undefined) ctx.globalAlpha = alpha;
  haloText(ctx, label, 0, 0, '#ffffff', INK, Math.max(2, fit.px * 0.2));
  ctx.restore();
}

/**
 * The active unit's marker: thick corner brackets round its square, in a colour no terrain, player
 * or overlay uses (objectives have a gold outline all round, start areas a dashed one).
 */
export function activeMark(ctx: Ctx, x: number, y: number, size: number, cell: number): void {
  const arm = Math.min(size * 0.3, cell * 0.36);
  const w = Math.max(3, cell * 0.11);
  const inset = w / 2 + 1;
  ctx.save();
  ctx.lineCap = 'butt';
  ctx.lineJoin = 'miter';
  ctx.beginPath();
  for (const [cx, cy, dx, dy] of [
    [x + inset, y + inset, 1, 1],
    [x + size - inset, y + inset, -1, 1],
    [x + inset, y + size - inset, 1, -1],
    [x + size - inset, y + size - inset, -1, -1],
  ] as const) {
    ctx.moveTo(cx, cy + dy * arm);
    ctx.lineTo(cx, cy);
    ctx.lineTo(cx + dx * arm, cy);
  }
  ctx.strokeStyle = INK;
  ctx.lineWidth = w + 2.5;
  ctx.stroke();
  ctx.strokeStyle = ACTIVE_MARK;
  ctx.lineWidth = w;
  ctx.stroke();
  ctx.restore();
}

/** A row of pips centred at (cx, cy) that fits `room` pixels: smaller and closer when there are many. */
export function pipRow(count: number, cx: number, room: number, pip: number, step: number): { xs: number[]; size: number } {
  const s = count > 1 ? Math.min(step, (room - pip) / (count - 1)) : step;
  const size = Math.min(pip, s * 0.9);
  const width = (count - 1) * s;
  return { xs: Array.from({ length: count }, (_, i) => cx - width / 2 + i * s), size };
}

export interface Badge {
  readonly text: string;
  readonly colour: string;
}

/** A square badge with a short text, its top-left at (bx, by). */
export function badgeAt(ctx: Ctx, b: Badge, bx: number, by: number, side: number): void {
  ctx.fillStyle = b.colour;
  ctx.fillRect(bx, by, side, side);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#ffffff';
  ctx.strokeRect(bx + 0.75, by + 0.75, side - 1.5, side - 1.5);
  ctx.fillStyle = '#ffffff';
  ctx.font = font(b.text.length > 1 ? side * 0.6 : side * 0.78, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(b.text, bx + side / 2, by + side / 2 + 1);
}
