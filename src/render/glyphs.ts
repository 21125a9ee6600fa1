/**
 * Vector glyphs: terrain marks, token shapes and small icons, drawn as paths rather than font
 * characters so they look the same on every machine and need no symbol font. Each takes a centre and
 * a size (the glyph's box side) in pixels.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { TokenShape } from './palette';

type Ctx = SKRSContext2D;

/** Traces a token outline (circle, rounded square, hexagon, diamond) into the current path. */
export function shapePath(ctx: Ctx, shape: TokenShape | 'triangle', cx: number, cy: number, size: number): void {
  const r = size / 2;
  ctx.beginPath();
  switch (shape) {
    case 'circle':
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      break;
    case 'square':
      ctx.roundRect(cx - r * 0.9, cy - r * 0.9, r * 1.8, r * 1.8, r * 0.28);
      break;
    case 'hexagon':
      for (let i = 0; i < 6; i++) {
        const a = Math.PI / 6 + (i * Math.PI) / 3;
        if (i === 0) ctx.moveTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
        else ctx.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
      }
      ctx.closePath();
      break;
    case 'diamond':
      ctx.moveTo(cx, cy - r);
      ctx.lineTo(cx + r, cy);
      ctx.lineTo(cx, cy + r);
      ctx.lineTo(cx - r, cy);
      ctx.closePath();
      break;
    case 'triangle':
      ctx.moveTo(cx, cy - r);
      ctx.lineTo(cx + r * 0.95, cy + r * 0.75);
      ctx.lineTo(cx - r * 0.95, cy + r * 0.75);
      ctx.closePath();
      break;
  }
}

/** Challenging ground: a Λ (two peaks when there is room). */
export function peaks(ctx: Ctx, cx: number, cy: number, size: number, ink: string): void {
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1.5, size * 0.09);
  ctx.lineJoin = 'miter';
  ctx.lineCap = 'butt';
  const h = size * 0.42;
  const w = size * 0.3;
  ctx.beginPath();
  ctx.moveTo(cx - w - size * 0.12, cy + h * 0.6);
  ctx.lineTo(cx - size * 0.12, cy - h * 0.75);
  ctx.lineTo(cx + w - size * 0.12, cy + h * 0.6);
  ctx.moveTo(cx + size * 0.02, cy + h * 0.6);
  ctx.lineTo(cx + size * 0.22, cy - h * 0.25);
  ctx.lineTo(cx + size * 0.42, cy + h * 0.6);
  ctx.stroke();
  ctx.restore();
}

/** Brush: three tufts of grass strokes. */
export function tufts(ctx: Ctx, cx: number, cy: number, size: number, ink: string): void {
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1.2, size * 0.06);
  ctx.lineCap = 'round';
  const tuft = (x: number, y: number, s: number) => {
    for (const dx of [-0.5, 0, 0.5]) {
      ctx.beginPath();
      ctx.moveTo(x + dx * s * 0.25, y);
      ctx.quadraticCurveTo(x + dx * s * 0.35, y - s * 0.5, x + dx * s * 0.9, y - s * (dx === 0 ? 0.95 : 0.75));
      ctx.stroke();
    }
  };
  tuft(cx - size * 0.26, cy + size * 0.08, size * 0.42);
  tuft(cx + size * 0.24, cy + size * 0.02, size * 0.42);
  tuft(cx, cy + size * 0.38, size * 0.42);
  ctx.restore();
}

/** Damaging terrain of a map whose damage is not cold (fire and the rest): a flame with an inner tongue. */
export function flame(ctx: Ctx, cx: number, cy: number, size: number, ink: string): void {
  const s = size * 0.5;
  const tongue = (k: number) => {
    ctx.beginPath();
    ctx.moveTo(cx, cy - s * k);
    ctx.bezierCurveTo(cx + s * 0.55 * k, cy - s * 0.25 * k, cx + s * 0.65 * k, cy + s * 0.35 * k, cx, cy + s * 0.8 * k);
    ctx.bezierCurveTo(cx - s * 0.65 * k, cy + s * 0.35 * k, cx - s * 0.5 * k, cy - s * 0.1 * k, cx - s * 0.15 * k, cy - s * 0.35 * k);
    ctx.quadraticCurveTo(cx - s * 0.05 * k, cy - s * 0.05 * k, cx, cy - s * k);
    ctx.closePath();
  };
  ctx.save();
  tongue(1);
  ctx.fillStyle = ink;
  ctx.fill();
  ctx.translate(0, s * 0.22);
  tongue(0.55);
  ctx.fillStyle = '#ffd54a';
  ctx.fill();
  ctx.restore();
}

/** Damaging (cold): a six-armed snowflake. */
export function snowflake(ctx: Ctx, cx: number, cy: number, size: number, ink: string): void {
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1.5, size * 0.08);
  ctx.lineCap = 'round';
  const r = size * 0.4;
  ctx.beginPath();
  for (let i = 0; i < 6; i++) {
    const a = (i * Math.PI) / 3;
    ctx.moveTo(cx, cy);
    ctx.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
    const bx = cx + r * 0.6 * Math.cos(a);
    const by = cy + r * 0.6 * Math.sin(a);
    ctx.moveTo(bx, by);
    ctx.lineTo(bx + r * 0.3 * Math.cos(a + 0.8), by + r * 0.3 * Math.sin(a + 0.8));
    ctx.moveTo(bx, by);
    ctx.lineTo(bx + r * 0.3 * Math.cos(a - 0.8), by + r * 0.3 * Math.sin(a - 0.8));
  }
  ctx.stroke();
  ctx.restore();
}

/** Obstructing: two pillars under a lintel, on a base (rubble of a ruined building). */
export function pillars(ctx: Ctx, cx: number, cy: number, size: number, ink: string): void {
  ctx.save();
  ctx.fillStyle = ink;
  const h = size * 0.72;
  const w = size * 0.15;
  const top = cy - h / 2;
  ctx.fillRect(cx - size * 0.38, top, size * 0.76, size * 0.12);
  ctx.fillRect(cx - size * 0.38, top + h - size * 0.1, size * 0.76, size * 0.1);
  for (const dx of [-0.2, 0.2]) ctx.fillRect(cx + dx * size - w / 2, top + size * 0.1, w, h - size * 0.18);
  ctx.restore();
}

/** Pit: a dark hole with a lighter lip. */
export function pitHole(ctx: Ctx, cx: number, cy: number, size: number): void {
  ctx.save();
  ctx.beginPath();
  ctx.ellipse(cx, cy, size * 0.4, size * 0.3, 0, 0, Math.PI * 2);
  ctx.fillStyle = '#000000';
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, size * 0.07);
  ctx.strokeStyle = '#8d8172';
  ctx.stroke();
  ctx.beginPath();
  ctx.ellipse(cx, cy + size * 0.06, size * 0.22, size * 0.14, 0, 0, Math.PI * 2);
  ctx.strokeStyle = '#4a423a';
  ctx.lineWidth = Math.max(1, size * 0.04);
  ctx.stroke();
  ctx.restore();
}

/** Sliding wall: a door panel half slid aside, with a two-way arrow. */
export function slidingDoor(ctx: Ctx, cx: number, cy: number, size: number, ink: string): void {
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.fillStyle = ink;
  ctx.lineWidth = Math.max(1.2, size * 0.06);
  const w = size * 0.5;
  const h = size * 0.5;
  ctx.strokeRect(cx - w * 0.75, cy - h * 0.7, w, h);
  ctx.fillRect(cx - w * 0.25, cy - h * 0.62, w * 0.9, h * 0.84);
  ctx.beginPath();
  const y = cy + h * 0.62;
  ctx.moveTo(cx - w * 0.8, y);
  ctx.lineTo(cx + w * 0.8, y);
  ctx.stroke();
  const head = size * 0.1;
  for (const dir of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(cx + dir * w * 0.8, y);
    ctx.lineTo(cx + dir * (w * 0.8 - head), y - head);
    ctx.lineTo(cx + dir * (w * 0.8 - head), y + head);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}

/** Smoke: three drifting wavy lines. */
export function smokeWisps(ctx: Ctx, cx: number, cy: number, size: number, ink: string): void {
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1.2, size * 0.07);
  ctx.lineCap = 'round';
  for (const [dy, dx] of [
    [-0.25, -0.06],
    [0, 0.06],
    [0.25, -0.02],
  ] as const) {
    const y = cy + dy * size;
    const x0 = cx - size * 0.36 + dx * size;
    const w = size * 0.72;
    ctx.beginPath();
    ctx.moveTo(x0, y);
    ctx.bezierCurveTo(x0 + w * 0.25, y - size * 0.12, x0 + w * 0.4, y + size * 0.12, x0 + w * 0.62, y);
    ctx.bezierCurveTo(x0 + w * 0.75, y - size * 0.08, x0 + w * 0.9, y - size * 0.02, x0 + w, y + size * 0.04);
    ctx.stroke();
  }
  ctx.restore();
}

/** Wall: a brick pattern across the whole square (x, y is the square's top-left). */
export function bricks(ctx: Ctx, x: number, y: number, size: number, ink: string): void {
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1, size * 0.04);
  ctx.beginPath();
  const rows = 3;
  const h = size / rows;
  for (let r = 1; r < rows; r++) {
    ctx.moveTo(x, y + r * h);
    ctx.lineTo(x + size, y + r * h);
  }
  for (let r = 0; r < rows; r++) {
    const offset = r % 2 === 0 ? size * 0.5 : size * 0.25;
    for (let bx = offset; bx < size; bx += size * 0.5) {
      ctx.moveTo(x + bx, y + r * h);
      ctx.lineTo(x + bx, y + (r + 1) * h);
    }
  }
  ctx.stroke();
  ctx.restore();
}

/** A five-pointed star (objectives, critical hits). */
export function star(ctx: Ctx, cx: number, cy: number, size: number, fill: string, outline: string): void {
  ctx.save();
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? size / 2 : size / 4.6;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    if (i === 0) ctx.moveTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
    else ctx.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
  }
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1, size * 0.07);
  ctx.strokeStyle = outline;
  ctx.stroke();
  ctx.restore();
}

/** An arrowhead at (x, y) pointing along angle `a`. */
export function arrowhead(ctx: Ctx, x: number, y: number, a: number, size: number, fill: string, outline?: string): void {
  ctx.save();
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x - size * Math.cos(a - 0.45), y - size * Math.sin(a - 0.45));
  ctx.lineTo(x - size * Math.cos(a + 0.45), y - size * Math.sin(a + 0.45));
  ctx.closePath();
  if (outline) {
    ctx.lineWidth = Math.max(1.5, size * 0.18);
    ctx.strokeStyle = outline;
    ctx.lineJoin = 'round';
    ctx.stroke();
  }
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.restore();
}

/** A bold X (misses, drops). */
export function cross(ctx: Ctx, cx: number, cy: number, size: number, ink: string, width: number): void {
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  const r = size / 2;
  ctx.beginPath();
  ctx.moveTo(cx - r, cy - r);
  ctx.lineTo(cx + r, cy + r);
  ctx.moveTo(cx + r, cy - r);
  ctx.lineTo(cx - r, cy + r);
  ctx.stroke();
  ctx.restore();
}

/** Water: three wavy lines. */
export function waves(ctx: Ctx, cx: number, cy: number, size: number, ink: string): void {
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1.2, size * 0.06);
  ctx.lineCap = 'round';
  const w = size * 0.7;
  for (const dy of [-0.25, 0, 0.25]) {
    const y = cy + dy * size;
    ctx.beginPath();
    ctx.moveTo(cx - w / 2, y);
    ctx.bezierCurveTo(cx - w / 4, y - size * 0.12, cx - w / 4, y + size * 0.12, cx, y);
    ctx.bezierCurveTo(cx + w / 4, y - size * 0.12, cx + w / 4, y + size * 0.12, cx + w / 2, y);
    ctx.stroke();
  }
  ctx.restore();
}
