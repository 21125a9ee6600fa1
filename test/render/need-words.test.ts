/**
 * Why an attack needed what it did (R28 defensive injuries, the shield's +2 at range): a tester saw
 * KN need 16 against OW, then 17, and LO need 12, 13, then 10, with no word why (issue 26).
 */
import { describe, expect, it } from 'vitest';
import { printedStat } from '../../src/rulesets/sellsword/engine';
import { happeningsOf, tell } from '../../src/rulesets/sellsword/render';
import { needWords } from '../../src/rulesets/sellsword/render/roll-words';
import { play, table } from './states';

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

  it('names an aura on the defence by its bearer and name (R44)', () => {
    expect(needWords('KN', 'armor', 16, 17, 0, { amount: 1, words: "TG's Shield Wall" })).toBe("KN's Armor 16, +1 from TG's Shield Wall");
    expect(needWords('KN', 'armor', 16, 19, 0, { amount: 1, words: "TG's Shield Wall" })).toBe(
      "KN's Armor 16, +1 from TG's Shield Wall, +2 for its shield at range",
    );
  });

  it('claims no reason these rules do not give', () => {
    expect(needWords('KN', 'armor', 16, 12, 0)).toBe('');
  });
});

describe('a played roll against a defence an ally’s aura raises (R44, playtest)', () => {
  it("says the aura by its bearer: 'needing 17 or more (KN's Armor 16, +1 from SE's Shield Wall)'", () => {
    const start = table({
      map: 'barrow-hill',
      units: [
        { id: 'gh', card: 'havoc-ghoul', player: 'p1', at: 'J10' },
        { id: 'kn', card: 'valor-knight', player: 'p2', at: 'J11' },
        { id: 'se', card: 'valor-serf', player: 'p2', at: 'K11', mod: 'valor-shield-wall' },
      ],
      dice: [10, 10, 10, 10, 10, 10],
    });
    // The Ghoul's Grave Claws against the Knight, beside a serf whose Shield Wall gives adjacent allies +1 Armor.
    const played = play(start, [{ act: 'attack', unit: 'gh', attack: 'claw', target: 'kn' }]);
    const told = tell(happeningsOf(start, played.events, { names: { p1: 'Alice', p2: 'Bob' } }), {}).join(' ');
    const armor = printedStat(start, start.units.kn!, 'armor');
    expect(told).toContain(`(KN's Armor ${armor}, +1 from SE's Shield Wall)`);
  });
});
