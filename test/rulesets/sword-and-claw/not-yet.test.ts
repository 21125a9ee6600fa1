/**
 * The `/help` topic's "Not yet:" list (not-yet.ts SC_NOT_YET) is true: each entry is refused by the
 * rules, so the list cannot go stale. An entry without a proof here fails; whoever makes an entry playable removes it from the list, and its proof is then not run.
 */
import { describe, expect, it } from 'vitest';
import { parseWith } from '../../../src/formats/problems';
import { checkArmy } from '../../../src/rulesets/sword-and-claw/army-check';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { armySchema } from '../../../src/rulesets/sword-and-claw/formats/army';
import { troopCardSchema } from '../../../src/rulesets/sword-and-claw/formats/troop-card';
import { SC_HELP, SC_NOT_YET_SENTENCE } from '../../../src/rulesets/sword-and-claw/help-topics';
import { makeScSetup } from '../../../src/rulesets/sword-and-claw/match/setup';
import { SC_NOT_YET } from '../../../src/rulesets/sword-and-claw/not-yet';
import { checkDeclaration } from '../../../src/rulesets/sword-and-claw/rules/melee';
import { troop } from './cards';

const loaded = loadScContent();
if (!loaded.ok) throw new Error('content');
const content = loaded.value;

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
  // SC Set-up 6, 7: an army list's reserve forces never take the field; the match has its core alone.
  reserves: () => {
    const r = parseWith(armySchema, {
      ruleset: 'sword-and-claw',
      name: 'A',
      faction: 'humans',
      units: [{ troop: 'human-spearman' }],
      reserves: [{ units: [{ troop: 'human-captain' }] }, { units: [{ troop: 'human-crossbowman' }] }],
    });
    if (!r.ok) throw new Error('army');
    const other = content.armies.get('mire-raiders')!;
    const setup = makeScSetup({ seed: 1, players: ['a', 'b'], armies: { a: r.value, b: other }, troops: content.troops, map: content.maps.get('reed-ford')! });
    expect(setup.troops.filter((t) => t.player === 'a').map((t) => t.troop)).toEqual(['human-spearman']);
  },
  // SC App. A Siege Weapon: an army with one is refused.
  siege: () => expect(army(troop({ id: 'ram', qualities: ['Siege Weapon'] })).problems.map((p) => p.code)).toEqual(['quality-not-played']),
  // SC App. B Indirect Fire: a shot with it is refused.
  'indirect-fire': () => {
    const card = troop({ attacks: [{ id: 'mortar', name: 'Mortar', toHit: 0, dmg: 'd6', range: '6/12/18', qualities: ['Indirect Fire'] }] });
    expect(checkDeclaration(card, ['mortar'], 'ranged')?.code).toBe('quality-not-played');
  },
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
