/**
 * Golden images: each case drawn now must match its committed picture (golden.ts). To change a
 * picture on purpose: `npm run golden:update`, look at the new images, commit them with the change.
 */
import { describe, expect, it } from 'vitest';
import { goldenCases } from './cases';
import { compareWithGolden } from './golden';

describe('golden images', () => {
  for (const c of goldenCases) {
    it(`${c.name}: ${c.shows}`, () => {
      const result = compareWithGolden(c.name, c.render());
      expect(result.ok, result.message).toBe(true);
    });
  }
});

describe('the golden check itself', () => {
  it('fails when a golden is missing, instead of writing one', () => {
    const result = compareWithGolden('no-such-picture', goldenCases[0]!.render());
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/npm run golden:update/);
  });

  it('fails when the picture differs from its golden', () => {
    const sight = goldenCases.find((c) => c.name === 'map-sight')!;
    expect(compareWithGolden('map-reach', sight.render()).ok).toBe(false);
  });
});
