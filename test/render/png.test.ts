/**
 * The PNG writer's two ways (render/png.ts): deflated on this thread or on zlib's threads, the same
 * bytes; and the asynchronous one reads the pixels when called, so the canvas may be drawn on at once.
 */
import { createCanvas } from '@napi-rs/canvas';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodePng, encodePngAsync } from '../../src/render/png';

function painted(colour: string) {
  const canvas = createCanvas(64, 48);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, 64, 48);
  ctx.fillStyle = '#123456';
  ctx.fillRect(10, 5, 20, 30);
  return canvas;
}

describe('encodePngAsync', () => {
  it('gives the bytes encodePng gives', async () => {
    const canvas = painted('#f0e8d8');
    expect(Buffer.compare(await encodePngAsync(canvas), encodePng(canvas))).toBe(0);
  });

  it('encodes the pixels as they were when called, not after later drawing', async () => {
    const canvas = painted('#f0e8d8');
    const want = encodePng(canvas);
    const pending = encodePngAsync(canvas);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ff0000';
    ctx.fillRect(0, 0, 64, 48);
    const got = await pending;
    expect(Buffer.compare(got, want)).toBe(0);
    expect([...PNG.sync.read(got).data.subarray(0, 4)]).toEqual([0xf0, 0xe8, 0xd8, 0xff]);
  });

  it('keeps several encodings in flight apart', async () => {
    const colours = ['#f0e8d8', '#d8e8f0', '#e8f0d8', '#f0d8e8', '#d8f0e8', '#e8d8f0'];
    const got = await Promise.all(colours.map((c) => encodePngAsync(painted(c))));
    got.forEach((png, i) => expect(Buffer.compare(png, encodePng(painted(colours[i]!)))).toBe(0));
  });
});
