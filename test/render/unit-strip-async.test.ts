/**
 * The unit strip as a render worker draws it (renderUnitStripAsync: on the kept canvas of its width,
 * deflated on zlib's threads, drawn once per view) is the picture renderUnitStrip draws on a canvas
 * of its own, byte for byte, whatever taller picture of its width the kept canvas last held.
 */
import { describe, expect, it } from 'vitest';
import { drawnPicturesKept, releaseDrawnPictures } from '../../src/render/drawn-once';
import { renderUnitStrip, renderUnitStripAsync } from '../../src/rulesets/sellsword/render';
import { crowdTable, finalTable, meleeTable } from './states';

describe('the unit strip drawn in a render worker', () => {
  it('gives the same bytes and alt text as renderUnitStrip, on a kept canvas taller than the strip', async () => {
    releaseDrawnPictures();
    // The crowd's strip is the tallest: the ones after it are drawn on its canvas, taller than they are.
    const heights: number[] = [];
    for (const t of [crowdTable(), meleeTable(), finalTable()]) {
      const request = { lastTurn: t.events, before: t.before, names: { p1: 'Alice', p2: 'Bob' } };
      const kept = await renderUnitStripAsync(t.state, request);
      const own = renderUnitStrip(t.state, request);
      expect(kept).not.toBeNull();
      expect(Buffer.compare(kept!.png, own!.png)).toBe(0);
      expect(kept!.alt).toBe(own!.alt);
      heights.push(kept!.png.readUInt32BE(20));
    }
    expect(heights[1]).toBeLessThan(heights[0]!);
  });

  it('is drawn once for one view: a second seat pinged at the same round start gets the kept picture', async () => {
    releaseDrawnPictures();
    const { state } = meleeTable();
    const first = await renderUnitStripAsync(state, { names: { p1: 'Alice' } });
    const second = await renderUnitStripAsync(state, { names: { p1: 'Alice' } });
    expect(drawnPicturesKept()).toBe(1);
    expect(Buffer.compare(first!.png, second!.png)).toBe(0);
    // Another view (another name) is another picture.
    await renderUnitStripAsync(state, { names: { p1: 'Carol' } });
    expect(drawnPicturesKept()).toBe(2);
  });

  it('is null when no unit stands on the map, as renderUnitStrip is', async () => {
    const { state } = meleeTable();
    const empty = { ...state, units: Object.fromEntries(Object.entries(state.units).map(([id, u]) => [id, { ...u, at: null }])) };
    expect(renderUnitStrip(empty)).toBeNull();
    expect(await renderUnitStripAsync(empty)).toBeNull();
  });
});
