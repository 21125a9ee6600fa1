/**
 * Lines over the board that read on any terrain, whatever the game: a path with a dark edge and a
 * light core, and a straight line over a halo.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { arrowhead } from './glyphs';
import type { BoardGeometry } from './layout';
import { PATH_EDGE } from './palette';
import type { Point, Rect } from './tags';

type Ctx = SKRSContext2D;

/** A path's arrowhead length, in squares. */
const HEAD = 0.5;

/** The drawn width of a path's line (pathLine), its dark edge included. */
export const pathWidth = (g: BoardGeometry): number => Math.max(3, g.cell * 0.12) + 4;

/**
 * The boxes of what pathLine draws at a path's ends: its start ring and its arrowhead, each with its
 * stroke. Tags keep off them as they keep off tokens (tags.ts TagSpace.marks): a label on the ring
 * hid where a charge started (playtest).
 */
export function pathMarks(g: BoardGeometry, points: readonly Point[]): Rect[] {
  if (points.length === 0) return [];
  const w = Math.max(3, g.cell * 0.12);
  const s = points[0]!;
  const r = g.cell * 0.22 + w * 0.4;
  const out: Rect[] = [{ x: s.x - r, y: s.y - r, w: 2 * r, h: 2 * r }];
  if (points.length >= 2) {
    const a = points[points.length - 2]!;
    const b = points[points.length - 1]!;
    const angle = Math.atan2(b.y - a.y, b.x - a.x);
    const size = g.cell * HEAD;
    const corners = [b, ...[-0.45, 0.45].map((t) => ({ x: b.x - size * Math.cos(angle + t), y: b.y - size * Math.sin(angle + t) }))];
    // The arrowhead's outline (glyphs.ts arrowhead) is size × 0.18 wide, half of it outside.
    const edge = Math.max(1.5, size * 0.18) / 2;
    const x0 = Math.min(...corners.map((c) => c.x)) - edge;
    const y0 = Math.min(...corners.map((c) => c.y)) - edge;
    out.push({ x: x0, y: y0, w: Math.max(...corners.map((c) => c.x)) + edge - x0, h: Math.max(...corners.map((c) => c.y)) + edge - y0 });
  }
  return out;
}

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
    arrowhead(ctx, b.x, b.y, Math.atan2(b.y - a.y, b.x - a.x), g.cell * HEAD, core, PATH_EDGE);
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
