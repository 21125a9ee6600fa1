import { describe, expect, it } from 'vitest';
import { pooledCanvas } from '../../src/render/canvas-pool';
import { releaseDrawingMemory } from '../../src/render/release';

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
});
