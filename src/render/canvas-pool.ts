/**
 * Canvases reused between pictures of the same size. Creating a canvas allocates and clears a
 * multi-megabyte pixel buffer, and on the project's VMs that cost 4–27 ms a picture, mostly in the
 * kernel, against 0.2 ms to reuse one. Pictures are drawn and encoded synchronously before
 * renderMap/renderCard return, so one canvas per size can serve every call; `reset()` returns it to
 * a new canvas's state (transparent, default styles), so the bytes are the same either way.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';

/**
 * Sizes kept. A map has two: its picture and its turn close-up (whose window is the same size turn
 * after turn). Matches in progress on the four shipped maps take turns in any order, and once more
 * sizes come round than are kept, the oldest is always the one asked for next, so every picture
 * made a canvas: room for those eight, the stat card and the standings.
 */
const KEEP = 10;
const pool = new Map<string, Canvas>();

export function pooledCanvas(width: number, height: number): Canvas {
  const key = `${width}x${height}`;
  let canvas = pool.get(key);
  if (canvas) {
    pool.delete(key);
    canvas.getContext('2d').reset();
  } else {
    canvas = createCanvas(width, height);
    if (pool.size >= KEEP) pool.delete(pool.keys().next().value!);
  }
  // Most recently used last, so the oldest size is the one dropped.
  pool.set(key, canvas);
  return canvas;
}

/** Lets go of the kept canvases (their pixels are freed when the canvases are collected). */
export function releaseCanvases(): void {
  pool.clear();
}

let measure: ReturnType<Canvas['getContext']> | null = null;

/** A context for measuring text only (layout before the picture's size is known). */
export function measuringContext(): ReturnType<Canvas['getContext']> {
  measure ??= createCanvas(1, 1).getContext('2d');
  return measure;
}
