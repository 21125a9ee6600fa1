/**
 * Word tags on the board ("HIT 10", "CHARGE", "COVER 7"), placed so they do not cover each other.
 * Overlays ask for a tag with a list of preferred spots; the tag goes to the first spot that overlaps
 * no placed tag and the fewest unit squares, and a thin leader line joins a moved tag to its anchor.
 * Tags are drawn last, over everything, in the order they were asked for (so the result is fixed).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font, fontSafe } from './fonts';
import type { BoardGeometry } from './layout';

type Ctx = SKRSContext2D;
export interface Point {
  readonly x: number;
  readonly y: number;
}
interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}
interface Tag {
  readonly text: string;
  readonly rect: Rect;
  readonly bg: string;
  readonly px: number;
  readonly anchor: Point;
}

const overlap = (a: Rect, b: Rect): number =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

export class TagLayer {
  private readonly tags: Tag[] = [];

  /** `avoid`: rectangles tags should stay off when they can (unit squares). */
  constructor(
    private readonly ctx: Ctx,
    private readonly g: BoardGeometry,
    private readonly avoid: readonly Rect[],
  ) {}

  /** Places a tag at the best of `spots` (centres); `anchor` is what it labels. */
  add(text: string, bg: string, anchor: Point, spots: readonly Point[], px: number = this.g.cell * 0.38): void {
    const t = fontSafe(text);
    this.ctx.font = font(px, 'bold');
    const w = this.ctx.measureText(t).width + px * 0.6;
    const h = px * 1.3;
    const rectAt = (p: Point): Rect => ({
      x: Math.max(2, Math.min(this.g.width - w - 2, p.x - w / 2)),
      y: Math.max(2, Math.min(this.g.height - h - 2, p.y - h / 2)),
      w,
      h,
    });
    let best: { rect: Rect; score: number } | null = null;
    for (const spot of spots.length > 0 ? spots : [anchor]) {
      const rect = rectAt(spot);
      const tagHit = this.tags.reduce((s, other) => s + overlap(rect, other.rect), 0);
      const unitHit = this.avoid.reduce((s, r) => s + overlap(rect, r), 0);
      const score = tagHit * 100 + unitHit;
      if (!best || score < best.score) best = { rect, score };
      if (score === 0) break;
    }
    this.tags.push({ text: t, rect: best!.rect, bg, px, anchor });
  }

  draw(): void {
    const ctx = this.ctx;
    for (const tag of this.tags) {
      const { x, y, w, h } = tag.rect;
      const cx = x + w / 2;
      const cy = y + h / 2;
      // A leader line when the tag had to move away from what it labels.
      if (Math.hypot(cx - tag.anchor.x, cy - tag.anchor.y) > this.g.cell * 0.5) {
        ctx.beginPath();
        ctx.moveTo(cx, cy);
        ctx.lineTo(tag.anchor.x, tag.anchor.y);
        ctx.strokeStyle = '#ffffff';
        ctx.lineWidth = 4;
        ctx.stroke();
        ctx.strokeStyle = tag.bg;
        ctx.lineWidth = 2;
        ctx.stroke();
      }
    }
    for (const tag of this.tags) {
      const { x, y, w, h } = tag.rect;
      ctx.beginPath();
      ctx.roundRect(x, y, w, h, h * 0.3);
      ctx.fillStyle = tag.bg;
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = '#ffffff';
      ctx.stroke();
      ctx.font = font(tag.px, 'bold');
      ctx.fillStyle = '#ffffff';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(tag.text, x + w / 2, y + h / 2 + 1);
    }
  }
}

/** Spots around a point: on it, then above, below, right, left, then further out. */
export function around(p: Point, step: number): Point[] {
  const out: Point[] = [p];
  for (const k of [1, 2]) {
    out.push({ x: p.x, y: p.y - step * k }, { x: p.x, y: p.y + step * k }, { x: p.x + step * 1.6 * k, y: p.y }, { x: p.x - step * 1.6 * k, y: p.y });
  }
  return out;
}
