/**
 * Issue 26: a charge's Vigor price is said in one wording (chargePrice), "LO pays 5 Vigor", by every
 * charge row of /attack's lists and by the hint that a charge would reach: a unit with exactly 5 Vigor
 * once read "pays all 5" in one row and "pays 5" in another, whose front had run out of room.
 */
import { describe, expect, it } from 'vitest';
import { targetChoices } from '../../src/rulesets/sellsword/table/act-suggestions';
import { table } from '../render/states';

describe("a charge's price in one wording (R23, issue 26)", () => {
  it('every charge row of a unit with exactly the price in Vigor says "pays 5 Vigor"', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'lo', card: 'valor-archer', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J13' },
        { id: 'gg', card: 'havoc-ghoul', player: 'p2', at: 'H13' },
      ],
    });
    expect(game.units.lo!.vigor).toBe(5);
    for (const attack of [undefined, 'hand-axe']) {
      const charges = targetChoices(game, 'p1', 'lo', attack, '').filter((c) => c.name.startsWith('charge '));
      expect(charges.length).toBeGreaterThan(0);
      for (const c of charges) expect(c.name).toContain(' · LO pays 5 Vigor');
    }
  });
});
