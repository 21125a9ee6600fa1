/**
 * Flowing text with small pictures in it (player shapes, legend swatches), wrapped to a width. The
 * header and the legend are lists of rows; a row wraps onto more lines when it does not fit, so a
 * long reserve list or a four-player game never runs off the image. Layout is measured with the
 * shipped font, so it is the same on every machine.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font, fontSafe } from './fonts';

type Ctx = SKRSContext2D;

export type Run =
  | { readonly text: string; readonly bold?: boolean; readonly colour?: string; readonly strike?: boolean; readonly scale?: number }
  /** A picture `width` × 1 text-heights wide, drawn in a box whose top-left is (x, y). */
  | { readonly picture: (ctx: Ctx, x: number, y: number, h: number) => void; readonly width: number }
  | { readonly space: number }
  /** Runs kept on one line together (a legend swatch and its words). */
  | { readonly group: readonly Run[] };

interface Placed {
  readonly run: Run;
  readonly x: number;
  readonly line: number;
}

export interface Flow {
  readonly height: number;
  /** How far right its furthest drawn run reaches, from the flow's left edge (the tests hold it within the width). */
  readonly widest: number;
  draw(ctx: Ctx, x: number, y: number): void;
}

/**
 * Text widths by font and text. The same words are measured in every picture (the header, the key,
 * the unit strip, token labels and tags), and each measurement shapes the text again. A width
 * depends only on the font and the text: no picture changes the other text settings (letter and
 * word spacing, kerning) from their defaults. Bounded: emptied when full.
 */
const widths = new Map<string, number>();
const WIDTHS_KEPT = 8192;

/** Sets `ctx.font` to `fontName`, as measuring does, and gives the width of `text` in it. */
export function textWidth(ctx: Ctx, fontName: string, text: string): number {
  // Setting a font parses it again even when it is the one set; reading it back costs a fraction of that.
  if (ctx.font !== fontName) ctx.font = fontName;
  const key = `${fontName}\n${text}`;
  let w = widths.get(key);
  if (w === undefined) {
    w = ctx.measureText(text).width;
    if (widths.size >= WIDTHS_KEPT) widths.clear();
    widths.set(key, w);
  }
  return w;
}

/** Splits text runs into words so wrapping can break between them. */
function pieces(row: readonly Run[]): Run[] {
  return row.flatMap((r): Run[] => {
    if (!('text' in r)) return [r];
    const words = r.text.split(/(?<= )/);
    return words.map((w) => ({ ...r, text: w }));
  });
}

/** A group's words set loose: its leading pictures and first word stay one group, the other words follow on their own. */
function loosen(r: { readonly group: readonly Run[] }): Run[] {
  const parts = pieces(r.group);
  const first = parts.findIndex((p) => 'text' in p && p.text.trim() !== '');
  return first < 0 ? [r] : [{ group: parts.slice(0, first + 1) }, ...parts.slice(first + 1)];
}

/** Lays rows out at `px` text size within `width`; each row starts a new line. */
export function flow(ctx: Ctx, rows: readonly (readonly Run[])[], width: number, px: number): Flow {
  const lineHeight = Math.round(px * 1.35);
  const placed: Placed[] = [];
  let line = 0;
  const measure = (r: Run): number => {
    if ('group' in r) return r.group.reduce((w, x) => w + measure(x), 0);
    if ('space' in r) return r.space * px;
    if ('picture' in r) return r.width * px;
    return textWidth(ctx, font(px * (r.scale ?? 1), r.bold ? 'bold' : 'normal'), fontSafe(r.text));
  };
  let widest = 0;
  const reach = (r: Run, x: number) => {
    widest = Math.max(widest, x + ('text' in r ? measure({ ...r, text: r.text.trimEnd() }) : 'space' in r ? 0 : measure(r)));
  };
  for (const row of rows) {
    let x = 0;
    const queue = pieces(row);
    for (let i = 0; i < queue.length; i++) {
      // A group too wide for any line (a swatch and a sentence) keeps only its pictures and first word
      // together; the rest of its words wrap like any text, so no line runs past the width.
      if ('group' in queue[i]! && measure(queue[i]!) > width - px) queue.splice(i, 1, ...loosen(queue[i]! as { group: readonly Run[] }));
      const r = queue[i]!;
      const w = measure(r);
      if (x > 0 && x + w > width && !('space' in r)) {
        line++;
        // Continuation lines are indented, so a wrapped row still reads as one item.
        x = px;
      }
      if (x === px && 'space' in r) continue;
      if ('group' in r) {
        for (const part of r.group) {
          placed.push({ run: part, x, line });
          reach(part, x);
          x += measure(part);
        }
        continue;
      }
      placed.push({ run: r, x, line });
      reach(r, x);
      x += w;
    }
    line++;
  }
  return {
    height: line * lineHeight,
    widest,
    draw(c, x0, y0) {
      c.textAlign = 'left';
      c.textBaseline = 'middle';
      for (const p of placed) {
        const y = y0 + p.line * lineHeight + lineHeight / 2;
        const r = p.run;
        if ('picture' in r) r.picture(c, x0 + p.x, y - px / 2, px);
        else if ('text' in r) {
          const size = px * (r.scale ?? 1);
          const face = font(size, r.bold ? 'bold' : 'normal');
          c.font = face;
          c.fillStyle = r.colour ?? '#1d1b18';
          const text = fontSafe(r.text);
          c.fillText(text, x0 + p.x, y);
          if (r.strike) {
            const w = textWidth(c, face, text.trimEnd());
            c.fillRect(x0 + p.x, y - size * 0.04, w, Math.max(1.5, size * 0.09));
          }
        }
      }
    },
  };
}
