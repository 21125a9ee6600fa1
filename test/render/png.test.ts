/**
 * The PNG writer's two ways (render/png.ts): deflated on this thread or on zlib's threads, the same
 * bytes; and the asynchronous one reads the pixels when called, so the canvas may be drawn on at once.
 * An opaque picture is written as RGB with every pixel as drawn; one with a pixel not opaque as RGBA.
 */
import { createCanvas } from '@napi-rs/canvas';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodePng, encodePngAsync } from '../../src/render/png';

function painted(colour: string, width = 64) {
  const canvas = createCanvas(width, 48);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, width, 48);
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

/** The PNG's colour type (IHDR's tenth byte after the chunk's type). */
const colourType = (png: Buffer) => png[25];

describe('encodePng', () => {
  it('writes an opaque picture as RGB, every pixel as the canvas holds it', () => {
    // 67 wide: rows of 16 groups of four pixels and three more.
    for (const width of [64, 67]) {
      const canvas = painted('#f0e8d8', width);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#9a3b2c';
      ctx.beginPath();
      ctx.arc(40, 20, 13.5, 0, Math.PI * 2);
      ctx.fill();
      const png = encodePng(canvas);
      expect(colourType(png)).toBe(2);
      expect(Buffer.compare(PNG.sync.read(png).data, canvas.data())).toBe(0);
    }
  });

  it('writes a picture with a pixel not opaque as RGBA, keeping its alpha', () => {
    const canvas = painted('#f0e8d8', 67);
    canvas.getContext('2d').clearRect(66, 47, 1, 1);
    const png = encodePng(canvas);
    expect(colourType(png)).toBe(6);
    const data = PNG.sync.read(png).data;
    expect(data[data.length - 1]).toBe(0);
    expect([...data.subarray(0, 4)]).toEqual([0xf0, 0xe8, 0xd8, 0xff]);
  });
});
