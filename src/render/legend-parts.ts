/**
 * A legend's pieces, whatever the game: a drawn swatch as a run of text flow (text-flow.ts), a
 * status badge, a line and a board tag at legend size, and a player's token swatch.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { measuringContext } from './canvas-pool';
import { font } from './fonts';
import { shapePath } from './glyphs';
import { INK, TEMPLATE, type TokenShape } from './palette';
import { tagBox } from './tags';
import type { Run } from './text-flow';

type Ctx = SKRSContext2D;

/** A picture `width` text heights wide, drawn at (x, y) with the line's text height `h`. */
export const pic = (width: number, draw: (ctx: Ctx, x: number, y: number, h: number) => void): Run => ({ width, picture: draw });

export function statusBadge(code: string, colour: string): Run {
  return pic(1.05, (ctx, x, y, h) => {
    ctx.fillStyle = colour;
    ctx.fillRect(x, y + h * 0.05, h * 0.9, h * 0.9);
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const size = h * 0.7;
    ctx.font = font(size, 'bold');
    ctx.fillText(code, x + h * 0.45, y + h * 0.52);
    ctx.textAlign = 'left';
  });
}

/** A legend swatch of a line: `width` and `length` are fractions of the text height. */
export function swatchLine(colour: string, dash: number[] = [], width = 0.16, length = 1.25, edge?: string): Run {
  return pic(1.4, (ctx, x, y, h) => {
    ctx.save();
    ctx.beginPath();
    ctx.moveTo(x, y + h / 2);
    ctx.lineTo(x + h * length, y + h / 2);
    if (edge) {
      ctx.strokeStyle = edge;
      ctx.lineWidth = width * h + 4;
      ctx.stroke();
    }
    ctx.setLineDash(dash.map((d) => d * h));
    ctx.strokeStyle = colour;
    ctx.lineWidth = width * h;
    ctx.stroke();
    ctx.restore();
  });
}

/** A tag as the board shows it, at legend size. */
export function tagSwatch(text: string, colour: string, icon?: 'star'): Run {
  const measure = measuringContext();
  measure.font = font(100, 'bold');
  // The box's width in text heights: the words at 0.8 of the line's text size, plus the tag's padding and icon (tags.ts).
  const w = ((measure.measureText(text).width + 60 + (icon ? 120 : 0)) / 100) * 0.8;
  return pic(w + 0.15, (ctx, x, y, h) => tagBox(ctx, text, colour, { x, y: y - h * 0.02, w: w * h, h: h * 1.04 }, h * 0.8, icon));
}
/** A player's token shape in their colour. */
export function playerSwatch(p: { readonly shape: TokenShape; readonly colour: string }): Run {
  return {
    width: 1.1,
    picture: (ctx, x, y, h) => {
      shapePath(ctx, p.shape, x + h * 0.5, y + h * 0.5, h * 0.9);
      ctx.fillStyle = p.colour;
      ctx.fill();
      ctx.lineWidth = Math.max(1.5, h * 0.08);
      ctx.strokeStyle = INK;
      ctx.stroke();
    },
  };
}

/** The squares an area attack covered, as a key shows them: one square shaded with its dashed outline (table-marks.ts drawArea). */
export function areaSwatch(width = 1.2): Run {
  return pic(width, (ctx, x, y, h) => {
    ctx.save();
    ctx.fillStyle = TEMPLATE;
    ctx.globalAlpha = 0.3;
    ctx.fillRect(x + 2, y + 2, h - 4, h - 4);
    ctx.globalAlpha = 1;
    ctx.setLineDash([h * 0.2, h * 0.12]);
    ctx.strokeStyle = TEMPLATE;
    ctx.lineWidth = h * 0.1;
    ctx.strokeRect(x + 2, y + 2, h - 4, h - 4);
    ctx.restore();
  });
}
