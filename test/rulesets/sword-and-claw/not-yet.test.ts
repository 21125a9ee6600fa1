/**
 * The `/help` topic's "Not yet:" list (not-yet.ts SC_NOT_YET) is true: each entry is refused by the
 * rules, so the list cannot go stale. An entry without a proof here fails; whoever makes an entry playable removes it from the list, and its proof is then not run.
 */
import { describe, expect, it } from 'vitest';
import { parseWith } from '../../../src/formats/problems';
import { checkArmy } from '../../../src/rulesets/sword-and-claw/army-check';
import { troopCardSchema } from '../../../src/rulesets/sword-and-claw/formats/troop-card';
import { SC_HELP, SC_NOT_YET_SENTENCE } from '../../../src/rulesets/sword-and-claw/help-topics';
import { SC_NOT_YET } from '../../../src/rulesets/sword-and-claw/not-yet';
import { troop } from './cards';

const army = (card: ReturnType<typeof troop>) =>
  checkArmy({ ruleset: 'sword-and-claw', name: 'A', faction: card.faction, sample: false, units: [{ troop: card.id, count: 1 }] }, new Map([[card.id, card]]));

/** Each entry's proof that the rules do not play it. */
const PROOFS: Readonly<Record<string, () => void>> = {
  // SC Set-up, Spellcasters: a troop card with a Spellcaster level is refused.
  spellcasting: () => {
    const card = { id: 'mage', name: 'Mage', faction: 'humans', points: 10, armor: 'Robes', move: 4, str: 0, defense: { melee: 5, ranged: 5 } };
    const r = parseWith(troopCardSchema, { ...card, toWound: '3/7', wounds: 2, heal: 2, size: 'medium', spellcaster: 2 });
    expect(r.ok ? null : r.problems.map((p) => p.message).join()).toMatch(/Spellcasters cannot be played yet/);
  },
  // SC App. A Siege Weapon: an army with one is refused.
  siege: () => expect(army(troop({ id: 'ram', qualities: ['Siege Weapon'] })).problems.map((p) => p.code)).toEqual(['quality-not-played']),
};

describe("Sword and Claw's help says only what is really not played", () => {
  it('names every entry of the one list in its "Not yet:" sentence', () => {
    expect(SC_HELP.topics[0]!.text).toContain(SC_NOT_YET_SENTENCE);
    for (const x of SC_NOT_YET) expect(SC_NOT_YET_SENTENCE).toContain(x.words);
  });

  for (const x of SC_NOT_YET)
    it(`${x.words}: refused by the rules`, () => {
      const proof = PROOFS[x.id];
      expect(proof, `no proof that "${x.id}" is not played: add one to PROOFS, or remove the entry if it is played`).toBeDefined();
      proof!();
    });
});
