/**
 * Canvases reused between pictures. Creating a canvas allocates and clears a multi-megabyte pixel
 * buffer, and on the project's VMs that cost 4–27 ms a picture, mostly in the kernel, against 0.2 ms to
 * reuse one. Pictures are drawn and encoded synchronously before renderMap/renderCard return, so one
 * canvas per size can serve every call; `reset()` returns it to a new canvas's state (transparent,
 * default styles), so the bytes are the same either way.
 *
 * A picture whose height changes from one post to the next (a turn's map and close-up: their words
 * under the board take more or fewer lines) may be drawn on a kept canvas of its width that is taller
 * than it (`pooledCanvas(w, h, 'taller')`); the picture is the canvas's top `pictureHeight(canvas)`
 * rows, which is all png.ts encodes. Drawn on canvases of their exact sizes, nearly every close-up
 * made a new canvas: the pool's sizes never came round again, and each canvas let go held its pixels
 * (counted by V8 as memory outside the heap) until a full collection, which they set off every few
 * pictures (bench:render's canvas figures; the turns' process CPU in bench:bot).
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';

/**
 * Canvases kept. A map has two sizes: its picture and its turn close-up. Matches in progress on the
 * four shipped maps take turns in any order, and once more sizes come round than are kept, the
 * oldest is always the one asked for next, so every picture made a canvas: room for those eight,
 * the stat card and the standings.
 */
const KEEP = 10;
const pool: Canvas[] = [];

/** A taller canvas is made this many rows taller than asked, so that the next pictures of its width, a few lines longer, fit on it. */
const HEADROOM = 256;

/** The picture's own height on a canvas handed out taller than it (the canvas's height otherwise). */
const heights = new WeakMap<Canvas, number>();

/** How many of a canvas's rows, from the top, are its picture: all of them unless it was handed out taller ('taller'). */
export const pictureHeight = (canvas: Canvas): number => heights.get(canvas) ?? canvas.height;

/** The kept canvas that serves a picture of this size: of its exact size, or (taller) the shortest of its width that it fits on. */
function fitting(width: number, height: number, taller: boolean): number {
  let best = -1;
  for (let i = 0; i < pool.length; i++) {
    const c = pool[i]!;
    if (c.width !== width || c.height < height) continue;
    if (c.height === height) return i;
    if (taller && (best < 0 || c.height < pool[best]!.height)) best = i;
  }
  return best;
}

/**
 * A canvas of `width` × `height`, kept and reset, or new. With 'taller', it may be taller than
 * `height` (the rows under the picture cost a little to clear and read back, far less than a new
 * canvas): draw the picture at its top, and encode only its own rows (png.ts reads pictureHeight).
 * A new taller canvas takes the place of the kept ones of its width it is taller than, so a width
 * keeps one canvas, as tall as its tallest picture and some.
 */
export function pooledCanvas(width: number, height: number, fit: 'exact' | 'taller' = 'exact'): Canvas {
  const taller = fit === 'taller';
  const i = fitting(width, height, taller);
  let canvas: Canvas;
  if (i >= 0) {
    canvas = pool.splice(i, 1)[0]!;
    canvas.getContext('2d').reset();
  } else {
    canvas = createCanvas(width, taller ? height + HEADROOM : height);
    if (taller) for (let k = pool.length - 1; k >= 0; k--) if (pool[k]!.width === width && heights.has(pool[k]!)) pool.splice(k, 1);
    if (pool.length >= KEEP) pool.shift();
  }
  // Most recently used last, so the oldest is the one dropped.
  pool.push(canvas);
  if (canvas.height === height) heights.delete(canvas);
  else heights.set(canvas, height);
  return canvas;
}

/** Lets go of the kept canvases (their pixels are freed when the canvases are collected). */
export function releaseCanvases(): void {
  pool.length = 0;
}

let measure: ReturnType<Canvas['getContext']> | null = null;

/** A context for measuring text only (layout before the picture's size is known). */
export function measuringContext(): ReturnType<Canvas['getContext']> {
  measure ??= createCanvas(1, 1).getContext('2d');
  return measure;
}
