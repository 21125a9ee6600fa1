/**
 * Unit tokens. Inside a unit's square (2×2 for Big units), from the middle out:
 * - the body in the player's colour and seat shape, the label in the middle;
 * - injury boxes along the top: hollow = free, filled = marked; Mortal is a diamond, a trait box a square;
 * - a Vigor bar along the bottom (with the number on Big units, which have room);
 * - status badges (one letter each) down the right edge;
 * - action-pool tokens down the left edge: react circle, blue square, red triangle; hollow = spent.
 * A unit that has acted this round is faded; the active unit has a gold frame.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font, fontSafe } from './fonts';
import { shapePath } from './glyphs';
import { cornerOf, type BoardGeometry } from './layout';
import { ACTIVE_RING, INK, MORTAL, PAPER, STATUS_COLOUR, TOKEN_STYLE } from './palette';
import type { BoxView, UnitView } from './view';

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
  ctx.font = font(max, 'bold');
  const w = ctx.measureText(text).width;
  return w <= width ? max : Math.max(8, Math.floor((max * width) / w));
}

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

/** One unit's token, with its square's top-left at (x, y). */
export function drawToken(ctx: Ctx, u: UnitView, x: number, y: number, cell: number): void {
  const size = cell * u.span;
  const cx = x + size / 2;
  const cy = y + size / 2;
  ctx.save();
  if (u.active) {
    ctx.lineWidth = Math.max(3, cell * 0.12);
    ctx.strokeStyle = INK;
    ctx.strokeRect(x + 1, y + 1, size - 2, size - 2);
    ctx.lineWidth = Math.max(2, cell * 0.07);
    ctx.strokeStyle = ACTIVE_RING;
    ctx.strokeRect(x + 1, y + 1, size - 2, size - 2);
  }
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

  // Label in the middle, as big as fits.
  const label = fontSafe(u.label);
  const px = fitFont(ctx, label, body * 0.62, u.span === 2 ? cell * 0.62 : cell * 0.4);
  ctx.font = font(px, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  haloText(ctx, label, cx, cy + (u.span === 2 ? -cell * 0.2 : cell * 0.02), '#ffffff', INK, Math.max(2, px * 0.22));

  // Injury boxes along the top.
  const pip = cell * (u.span === 2 ? 0.18 : 0.13);
  const gap = pip * 1.35;
  const boxesWidth = (u.boxes.length - 1) * gap;
  u.boxes.forEach((b, i) => box(ctx, b, cx - boxesWidth / 2 + i * gap, y + cell * (u.span === 2 ? 0.32 : 0.2), pip));

  // Vigor bar along the bottom.
  const barW = body * (u.span === 2 ? 0.62 : 0.56);
  const barH = cell * (u.span === 2 ? 0.16 : 0.1);
  const barY = y + size - cell * (u.span === 2 ? 0.4 : 0.26);
  const share = u.vigorMax > 0 ? Math.max(0, Math.min(1, u.vigor / u.vigorMax)) : 0;
  ctx.fillStyle = INK;
  ctx.fillRect(cx - barW / 2 - 1, barY - 1, barW + 2, barH + 2);
  ctx.fillStyle = '#f5f0dc';
  ctx.fillRect(cx - barW / 2, barY, barW * share, barH);
  if (u.span === 2) {
    // Big units have room for the number as well.
    ctx.font = font(cell * 0.3, 'bold');
    haloText(ctx, `Vigor ${u.vigor}/${u.vigorMax}`, cx, barY - cell * 0.22, '#ffffff', INK, 3);
  }

  // Action-pool tokens down the left edge.
  const tok = cell * (u.span === 2 ? 0.18 : 0.14);
  let ty = y + cell * 0.36;
  for (const kind of ['react', 'blue', 'red'] as const) {
    const t = u.tokens[kind];
    for (let i = 0; i < Math.max(t.max, t.left); i++) {
      tokenPip(ctx, kind, i < t.left, x + cell * 0.13, ty, tok);
      ty += tok * 1.2;
    }
  }
  ctx.restore();

  // Status badges down the right edge, never faded: they matter to the other player too.
  const badge = cell * (u.span === 2 ? 0.36 : 0.3);
  const fits = Math.max(1, Math.floor((size - cell * 0.04) / (badge + 1)));
  const shown = u.statuses.length > fits ? u.statuses.slice(0, fits - 1) : u.statuses;
  const more = u.statuses.length - shown.length;
  const badges: { text: string; colour: string }[] = shown.map((s) => ({ text: s.code, colour: STATUS_COLOUR[s.status] }));
  if (more > 0) badges.push({ text: `+${more}`, colour: INK });
  badges.forEach((b, i) => {
    const bx = x + size - badge - 1;
    const by = y + 1 + i * (badge + 1);
    ctx.fillStyle = b.colour;
    ctx.fillRect(bx, by, badge, badge);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = '#ffffff';
    ctx.strokeRect(bx + 0.75, by + 0.75, badge - 1.5, badge - 1.5);
    ctx.fillStyle = '#ffffff';
    ctx.font = font(b.text.length > 1 ? badge * 0.6 : badge * 0.78, 'bold');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(b.text, bx + badge / 2, by + badge / 2 + 1);
  });
}

/** Every unit on the map. */
export function drawUnits(ctx: Ctx, g: BoardGeometry, units: readonly UnitView[]): void {
  for (const u of units) {
    if (!u.at) continue;
    const { x, y } = cornerOf(g, u.at);
    drawToken(ctx, u, x, y, g.cell);
  }
}
