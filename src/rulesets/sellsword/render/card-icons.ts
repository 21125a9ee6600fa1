/**
 * Stat-card marks: the five mod-use symbols (the rulebook's banner, mystic circle, spear and
 * shield, target and arrow, tree) and the droplet-shaped injury box.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { ModUse } from '../formats/vocabulary';

type Ctx = SKRSContext2D;

/** A droplet (the rulebook's injury checkbox), point up, centred on (cx, cy). */
export function droplet(ctx: Ctx, cx: number, cy: number, size: number): void {
  const r = size * 0.34;
  ctx.beginPath();
  ctx.moveTo(cx, cy - size * 0.5);
  ctx.bezierCurveTo(cx + r * 0.4, cy - size * 0.2, cx + r * 1.15, cy, cx + r, cy + size * 0.14);
  ctx.arc(cx, cy + size * 0.14, r, 0, Math.PI);
  ctx.bezierCurveTo(cx - r * 1.15, cy, cx - r * 0.4, cy - size * 0.2, cx, cy - size * 0.5);
  ctx.closePath();
}

/** One mod-use symbol in a box of `size`, solid when the card has the mark and faint when not. */
export function modUseIcon(ctx: Ctx, use: ModUse, x: number, y: number, size: number, on: boolean): void {
  ctx.save();
  const ink = on ? '#1d1b18' : 'rgba(29, 27, 24, 0.22)';
  ctx.strokeStyle = ink;
  ctx.fillStyle = ink;
  ctx.lineWidth = Math.max(1.5, size * 0.07);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const cx = x + size / 2;
  const cy = y + size / 2;
  const s = size;
  ctx.beginPath();
  switch (use) {
    case 'command':
      // A banner on a pole.
      ctx.moveTo(x + s * 0.3, y + s * 0.9);
      ctx.lineTo(x + s * 0.3, y + s * 0.1);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(x + s * 0.3, y + s * 0.14);
      ctx.lineTo(x + s * 0.82, y + s * 0.26);
      ctx.lineTo(x + s * 0.62, y + s * 0.38);
      ctx.lineTo(x + s * 0.82, y + s * 0.5);
      ctx.lineTo(x + s * 0.3, y + s * 0.56);
      ctx.closePath();
      ctx.fill();
      break;
    case 'magery':
      // A mystic circle: two rings and a star.
      ctx.arc(cx, cy, s * 0.42, 0, Math.PI * 2);
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(cx, cy, s * 0.3, 0, Math.PI * 2);
      ctx.stroke();
      ctx.beginPath();
      for (let i = 0; i < 5; i++) {
        const a = -Math.PI / 2 + (i * 4 * Math.PI) / 5;
        if (i === 0) ctx.moveTo(cx + s * 0.3 * Math.cos(a), cy + s * 0.3 * Math.sin(a));
        else ctx.lineTo(cx + s * 0.3 * Math.cos(a), cy + s * 0.3 * Math.sin(a));
      }
      ctx.closePath();
      ctx.stroke();
      break;
    case 'melee':
      // A spear across a shield.
      ctx.moveTo(x + s * 0.3, y + s * 0.2);
      ctx.lineTo(x + s * 0.7, y + s * 0.2);
      ctx.lineTo(x + s * 0.7, y + s * 0.5);
      ctx.quadraticCurveTo(x + s * 0.7, y + s * 0.8, cx, y + s * 0.9);
      ctx.quadraticCurveTo(x + s * 0.3, y + s * 0.8, x + s * 0.3, y + s * 0.5);
      ctx.closePath();
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(x + s * 0.08, y + s * 0.92);
      ctx.lineTo(x + s * 0.9, y + s * 0.1);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(x + s * 0.92, y + s * 0.08);
      ctx.lineTo(x + s * 0.72, y + s * 0.14);
      ctx.lineTo(x + s * 0.86, y + s * 0.28);
      ctx.closePath();
      ctx.fill();
      break;
    case 'missile':
      // A target with an arrow in it.
      ctx.arc(x + s * 0.42, y + s * 0.58, s * 0.34, 0, Math.PI * 2);
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(x + s * 0.42, y + s * 0.58, s * 0.14, 0, Math.PI * 2);
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(x + s * 0.42, y + s * 0.58);
      ctx.lineTo(x + s * 0.92, y + s * 0.08);
      ctx.moveTo(x + s * 0.92, y + s * 0.08);
      ctx.lineTo(x + s * 0.72, y + s * 0.1);
      ctx.moveTo(x + s * 0.92, y + s * 0.08);
      ctx.lineTo(x + s * 0.9, y + s * 0.28);
      ctx.stroke();
      break;
    case 'natural':
      // A tree.
      ctx.moveTo(cx, y + s * 0.06);
      ctx.lineTo(x + s * 0.84, y + s * 0.7);
      ctx.lineTo(x + s * 0.16, y + s * 0.7);
      ctx.closePath();
      ctx.fill();
      ctx.fillRect(cx - s * 0.07, y + s * 0.66, s * 0.14, s * 0.28);
      break;
  }
  ctx.restore();
}
