/**
 * Lines over the board that read on any terrain, whatever the game: a path with a dark edge and a
 * light core, and a straight line over a halo.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { arrowhead } from './glyphs';
import type { BoardGeometry } from './layout';
import { PATH_EDGE } from './palette';
import type { Point } from './tags';

type Ctx = SKRSContext2D;

/** A polyline with a dark edge, a light core, step dots and an arrowhead at the end. */
export function pathLine(ctx: Ctx, g: BoardGeometry, points: readonly Point[], core: string, dash: number[], startRing: boolean): void {
  if (points.length === 0) return;
  const w = Math.max(3, g.cell * 0.12);
  const trace = () => {
    ctx.beginPath();
    points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  };
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  trace();
  ctx.strokeStyle = PATH_EDGE;
  ctx.lineWidth = w + 4;
  ctx.stroke();
  trace();
  ctx.setLineDash(dash);
  ctx.strokeStyle = core;
  ctx.lineWidth = w;
  ctx.stroke();
  ctx.setLineDash([]);
  for (const p of points.slice(1, -1)) {
    ctx.beginPath();
    ctx.arc(p.x, p.y, w * 0.75, 0, Math.PI * 2);
    ctx.fillStyle = core;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = PATH_EDGE;
    ctx.stroke();
  }
  if (startRing) {
    const s = points[0]!;
    ctx.beginPath();
    ctx.arc(s.x, s.y, g.cell * 0.22, 0, Math.PI * 2);
    ctx.lineWidth = w * 0.8;
    ctx.strokeStyle = PATH_EDGE;
    ctx.stroke();
    ctx.lineWidth = w * 0.45;
    ctx.strokeStyle = core;
    ctx.stroke();
  }
  if (points.length >= 2) {
    const a = points[points.length - 2]!;
    const b = points[points.length - 1]!;
    arrowhead(ctx, b.x, b.y, Math.atan2(b.y - a.y, b.x - a.x), g.cell * 0.5, core, PATH_EDGE);
  }
  ctx.restore();
}

/**
 * A straight line stroked over a halo, so it reads on any terrain. The halo is never dashed; the
 * line may be. Callers set the line cap and save/restore around it.
 */
export function haloLine(
  ctx: Ctx,
  from: { x: number; y: number },
  to: { x: number; y: number },
  halo: string,
  haloWidth: number,
  colour: string,
  width: number,
  dash: number[],
): void {
  haloPath(ctx, [from, to], halo, haloWidth, colour, width, dash);
}

/** A polyline stroked over a halo, its corners rounded, as haloLine draws one segment. */
export function haloPath(
  ctx: Ctx,
  points: readonly { x: number; y: number }[],
  halo: string,
  haloWidth: number,
  colour: string,
  width: number,
  dash: number[],
): void {
  ctx.beginPath();
  points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.lineJoin = 'round';
  ctx.strokeStyle = halo;
  ctx.lineWidth = haloWidth;
  ctx.stroke();
  ctx.setLineDash(dash);
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.stroke();
  ctx.setLineDash([]);
}
