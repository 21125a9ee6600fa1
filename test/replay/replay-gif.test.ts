/**
 * The animated replay: its frame count, its first frame and a turn's frame against golden
 * pictures, and what keeps it small and playable.
 */
import { describe, expect, it } from 'vitest';
import { countTurns } from '../../src/posts/replay-turns';
import { compareWithGolden } from '../render/golden';
import { goldenMatch, goldenReplay, replayGoldenCases, replayGoldenPng } from './golden';

describe('the animated replay', () => {
  it('has one frame for the opening and one per unit turn, loops forever, and holds the first and last frames longer', async () => {
    const { gif } = await goldenReplay();
    expect(countTurns(goldenMatch().events)).toBe(12);
    expect(gif.frames).toHaveLength(13);
    expect(gif.loops).toBe(0);
    expect(gif.frames.map((f) => f.delayMs)).toEqual([2500, ...Array<number>(11).fill(900), 5000]);
    // After the first, frames store only what changed: the rest is transparent over the frame before.
    expect(gif.frames.slice(1).every((f) => f.transparentIndex !== null && f.disposal === 1)).toBe(true);
    expect(gif.width).toBe(600);
  }, 60_000);

  for (const c of replayGoldenCases) {
    it(`${c.name}: ${c.shows}`, async () => {
      const result = compareWithGolden(c.name, await replayGoldenPng(c.name));
      expect(result.ok, result.message).toBe(true);
    }, 60_000);
  }
});
