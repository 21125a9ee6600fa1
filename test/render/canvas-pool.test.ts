import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { pictureHeight, pooledCanvas } from '../../src/render/canvas-pool';
import { encodePng, encodePngAsync } from '../../src/render/png';
import { releaseDrawingMemory } from '../../src/render/release';
import { drawFocusCanvas, drawMapCanvas, focusWindow, toMapView } from '../../src/rulesets/sellsword/render';
import { lastTurnTable, meleeTable, shoveTable } from './states';

describe('the canvas pool (render/canvas-pool.ts)', () => {
  it('reuses every canvas while matches on the four shipped maps take turns, a picture and a close-up each', () => {
    releaseDrawingMemory();
    // Each map's picture and its turn close-up (560 px wide, as tall as the map's window makes it).
    const sizes = [
      [1090, 1360],
      [558, 850],
      [802, 1272],
      [551, 753],
      [1058, 1323],
      [554, 1023],
      [1000, 1250],
      [550, 842],
    ] as const;
    const first = sizes.map(([w, h]) => pooledCanvas(w, h));
    // The turns come round again in the same order: the least recently used size is always the next one asked for.
    const again = sizes.map(([w, h]) => pooledCanvas(w, h));
    expect(again.filter((canvas, i) => canvas !== first[i])).toHaveLength(0);
    releaseDrawingMemory();
  });

  it('serves pictures of one width and changing heights from one canvas taller than them, and only the picture is encoded', () => {
    releaseDrawingMemory();
    const tall = pooledCanvas(120, 300, 'taller');
    expect(tall.height).toBeGreaterThan(300);
    expect(pictureHeight(tall)).toBe(300);
    // A close-up a few lines shorter, then one a little taller: the same canvas.
    expect(pooledCanvas(120, 250, 'taller')).toBe(tall);
    expect(pictureHeight(tall)).toBe(250);
    expect(pooledCanvas(120, 320, 'taller')).toBe(tall);
    // Asked for its exact size, a canvas is never taller.
    const exact = pooledCanvas(120, 250);
    expect(exact).not.toBe(tall);
    expect(pictureHeight(exact)).toBe(250);
    releaseDrawingMemory();
  });

  it('gives a picture drawn on a taller kept canvas the same bytes as one drawn on a canvas of its own size', async () => {
    releaseDrawingMemory();
    // Maps and close-ups of one board and their words under it, taller and shorter, drawn in turn on the kept canvases.
    const views = [lastTurnTable(), meleeTable(), shoveTable()].flatMap(({ before, events, state }) => [
      toMapView(state, { before, lastTurn: events }),
      toMapView(state),
    ]);
    const drawn = views.map((view) => ({ view, height: drawMapCanvas(view).height }));
    expect(new Set(drawn.map((d) => d.height)).size).toBeGreaterThan(1);
    // Tallest first, so the shorter ones land on its canvas.
    drawn.sort((a, b) => b.height - a.height);
    let onTaller = 0;
    for (const { view } of drawn) {
      const own = encodePng(drawMapCanvas(view));
      const kept = drawMapCanvas(view, 'taller');
      if (kept.height > pictureHeight(kept) + 256) onTaller++;
      expect(Buffer.compare(encodePng(kept), own)).toBe(0);
      expect(Buffer.compare(await encodePngAsync(drawMapCanvas(view, 'taller')), own)).toBe(0);
      const w = focusWindow(view);
      if (w) expect(Buffer.compare(encodePng(drawFocusCanvas(view, w, 'taller')), encodePng(drawFocusCanvas(view, w)))).toBe(0);
    }
    // Some were drawn on a canvas made for a taller picture (more than its own headroom taller).
    expect(onTaller).toBeGreaterThan(0);
    releaseDrawingMemory();
  });

  it('reads back only the rows of a picture on a taller canvas, and writes one with see-through pixels as its own canvas does', async () => {
    releaseDrawingMemory();
    const draw = (canvas: Canvas, see: boolean) => {
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = see ? 'rgba(200, 40, 90, 0.5)' : '#c8285a';
      ctx.fillRect(0, 0, 90, 140);
      ctx.fillStyle = '#102030';
      ctx.fillRect(10, 10, 30, 30);
      return canvas;
    };
    for (const see of [false, true]) {
      const own = encodePng(draw(createCanvas(90, 140), see));
      const taller = draw(pooledCanvas(90, 140, 'taller'), see);
      expect(taller.height).toBeGreaterThan(140);
      // Under the picture, rows the encoder must never read: they would change the bytes if it did.
      taller.getContext('2d').fillStyle = 'rgba(0, 255, 0, 0.3)';
      taller.getContext('2d').fillRect(0, 140, 90, taller.height - 140);
      // An opaque picture is read back without the rows under it: never the whole canvas (data()).
      let wholeReads = 0;
      const whole = taller.data.bind(taller);
      taller.data = () => {
        wholeReads++;
        return whole();
      };
      expect(Buffer.compare(encodePng(taller), own)).toBe(0);
      expect(Buffer.compare(await encodePngAsync(taller), own)).toBe(0);
      expect(wholeReads).toBe(see ? 2 : 0);
      // Opaque pictures are written as RGB, see-through ones as RGBA (the IHDR's colour type).
      expect(own[25]).toBe(see ? 6 : 2);
    }
    releaseDrawingMemory();
  });
});
