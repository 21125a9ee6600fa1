/**
 * What the PNG writer's steps and choices cost (render/png.ts) on a drawn picture, for
 * `npm run bench:render` (its realistic turn end's map and close-up): each step timed by this thread's
 * CPU (the deflate here is synchronous), medians of 20, with the bytes each choice makes. RGBA rows
 * are the writer's way for a picture with a pixel not opaque, and were its only way before RGB. Last,
 * the whole encoding both ways in turns, with the median of each pair's difference: on a shared
 * machine the CPU a step takes drifts by more than the difference between the ways, and pairs taken
 * side by side cancel the drift.
 */
import zlib from 'node:zlib';
import type { Canvas } from '@napi-rs/canvas';
import { encodePng, packRgb } from '../render/png';

const cpu = (f: () => unknown): number => {
  const before = process.cpuUsage();
  f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};
const mid = (v: number[]): string => `${v.sort((x, y) => x - y)[v.length >> 1]!.toFixed(2)} ms`;
const median = (f: () => unknown, n = 20): string => mid(Array.from({ length: n }, () => cpu(f)));
const kb = (b: Buffer) => `${(b.length / 1024).toFixed(0)} KB`;

function colours(pixels: Uint32Array): number {
  const seen = new Set<number>();
  let last = -1;
  for (const v of pixels) if (v !== last) seen.add((last = v));
  return seen.size;
}

/** The whole encoding as RGBA rows and as encodePng writes it, `pairs` times each, in turns. */
function paired(canvas: Canvas, rgba: Buffer, pairs: number): string {
  const { width, height } = canvas;
  const stride = width * 4;
  const asRgba = () => {
    const px = canvas.data();
    for (let y = 0; y < height; y++) {
      rgba[y * (stride + 1)] = 0;
      px.copy(rgba, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
    }
    return zlib.deflateSync(rgba, { level: 2 });
  };
  const old: number[] = [];
  const now: number[] = [];
  const saved: number[] = [];
  for (let i = 0; i < pairs; i++) {
    // Each way goes first in every other pair.
    const first = i % 2 === 0 ? cpu(asRgba) : cpu(() => encodePng(canvas));
    const second = i % 2 === 0 ? cpu(() => encodePng(canvas)) : cpu(asRgba);
    const [a, b] = i % 2 === 0 ? [first, second] : [second, first];
    old.push(a);
    now.push(b);
    saved.push(a - b);
  }
  return `${pairs} pairs: RGBA rows ${mid(old)}, encodePng ${mid(now)}, median saving ${mid(saved)} a picture`;
}

/** Prints the figures for one drawn picture. */
export function encoderChoices(name: string, canvas: Canvas, pairs = 40): void {
  const { width, height } = canvas;
  const stride = width * 4;
  const pixels = canvas.data();
  const words = new Uint32Array(pixels.buffer, pixels.byteOffset, width * height);
  const rgba = Buffer.allocUnsafe((stride + 1) * height);
  const copy = () => {
    for (let y = 0; y < height; y++) {
      rgba[y * (stride + 1)] = 0;
      pixels.copy(rgba, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
    }
  };
  const rgb = Buffer.allocUnsafe((width * 3 + 1) * height);
  const pack = () => packRgb(words, width, height, rgb);
  copy();
  pack();
  const png = encodePng(canvas);
  console.log(`  ${name}, ${width}×${height} px, ${colours(words)} colours (encodePng writes it as ${png[25] === 2 ? 'RGB' : 'RGBA'}):`);
  console.log(`    reading the drawn pixels back (canvas.data()): ${median(() => canvas.data())}`);
  console.log(
    `    RGBA: rows copied ${median(copy)}, deflated at level 2 ${median(() => zlib.deflateSync(rgba, { level: 2 }))}, ${kb(zlib.deflateSync(rgba, { level: 2 }))}`,
  );
  console.log(
    `    RGB: rows packed ${median(pack)}, deflated at level 2 ${median(() => zlib.deflateSync(rgb, { level: 2 }))}, ${kb(zlib.deflateSync(rgb, { level: 2 }))}`,
  );
  for (const level of [1, 3])
    console.log(`    RGB at level ${level}: ${median(() => zlib.deflateSync(rgb, { level }))}, ${kb(zlib.deflateSync(rgb, { level }))}`);
  console.log(`    encodePng (read-back, rows, deflate): ${median(() => encodePng(canvas))}, ${kb(png)}`);
  console.log(`    ${paired(canvas, rgba, pairs)}`);
}
