/**
 * Why an attack needed what it did (R28 defensive injuries, the shield's +2 at range): a tester saw
 * KN need 16 against OW, then 17, and LO need 12, 13, then 10, with no word why (issue 26).
 */
import { describe, expect, it } from 'vitest';
import { needWords } from '../../src/rulesets/sellsword/render/roll-words';

describe('the number an attack needs, explained (R28, issue 26)', () => {
  it('says nothing when it is the printed defence', () => {
    expect(needWords('OW', 'armor', 15, 15, 0)).toBe('');
  });

  it('names the printed stat and what lowered or raised it', () => {
    expect(needWords('PD2', 'agility', 9, 7, 1)).toBe("PD2's Agility 9, −2 for its defensive injury");
    expect(needWords('OW', 'armor', 15, 17, 0)).toBe("OW's Armor 15, +2 for its shield at range");
    expect(needWords('OW', 'armor', 15, 13, 2)).toBe("OW's Armor 15, −4 for its 2 defensive injuries, +2 for its shield at range");
  });

  it('names a defensive injury and the shield that cancel out, though the number is the printed one', () => {
    expect(needWords('KN', 'armor', 16, 16, 1)).toBe("KN's Armor 16, −2 for its defensive injury, +2 for its shield at range");
  });

  it('claims no reason these rules do not give', () => {
    expect(needWords('KN', 'armor', 16, 12, 0)).toBe('');
  });
});
