/**
 * The `/help` topic's "Not yet:" list (not-yet.ts SC_NOT_YET) is true: each entry is refused by the
 * rules (or, for flanking, never applied), so the list cannot go stale. An entry without a proof here
 * fails; whoever makes an entry playable removes it from the list, and its proof is then not run.
 */
import { describe, expect, it } from 'vitest';
import { parseWith } from '../../../src/formats/problems';
import { startTurn } from '../../../src/engine/step-turn';
import { checkArmy } from '../../../src/rulesets/sword-and-claw/army-check';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { armySchema } from '../../../src/rulesets/sword-and-claw/formats/army';
import { troopCardSchema } from '../../../src/rulesets/sword-and-claw/formats/troop-card';
import { SC_HELP, SC_NOT_YET_SENTENCE } from '../../../src/rulesets/sword-and-claw/help-topics';
import { initialState, STEP_RULES } from '../../../src/rulesets/sword-and-claw/match/apply';
import { decideSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { makeScSetup } from '../../../src/rulesets/sword-and-claw/match/setup';
import type { ScEvent, ScSetup, ScState } from '../../../src/rulesets/sword-and-claw/match/types';
import { SC_NOT_YET } from '../../../src/rulesets/sword-and-claw/not-yet';
import { checkDeclaration } from '../../../src/rulesets/sword-and-claw/rules/melee';
import { troop } from './cards';

const loaded = loadScContent();
if (!loaded.ok) throw new Error('content');
const content = loaded.value;

/** Two spearmen either side of a skirmisher, alice's melee step: the skirmisher is flanked (SC Flanking). */
function flanked(): { setup: ScSetup; state: ScState } {
  const setup: ScSetup = {
    ruleset: 'sword-and-claw',
    seed: 11,
    players: ['alice', 'bob'],
    attacker: 'alice',
    defenderEdge: null,
    map: { ruleset: 'sword-and-claw', id: 'f', name: 'F', sample: false, grid: Array.from({ length: 8 }, () => '........') },
    cards: { 'human-spearman': content.troops.get('human-spearman')!, 'reptilian-skirmisher': content.troops.get('reptilian-skirmisher')! },
    armies: { alice: 'Iron Company', bob: 'Mire Raiders' },
    troops: [
      { id: 'west', troop: 'human-spearman', player: 'alice' },
      { id: 'east', troop: 'human-spearman', player: 'alice' },
      { id: 'skink', troop: 'reptilian-skirmisher', player: 'bob' },
    ],
  };
  const start = initialState(setup);
  const at = { west: 8, skink: 9, east: 10 };
  const state: ScState = {
    ...start,
    attacker: 'alice',
    defender: 'bob',
    round: 1,
    troops: Object.fromEntries(Object.entries(at).map(([id, square]) => [id, { ...start.troops[id]!, at: square }])),
    turn: { ...startTurn(STEP_RULES, 'alice', 'alice'), step: 'melee' },
  };
  return { setup, state };
}

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
  // SC Flanking: a strike at a troop with enemies on both sides gets no +1.
  flanking: () => {
    const { setup, state } = flanked();
    const declared = decideSc(setup, state, { type: 'attack', troop: 'west', attack: 'spear', target: 'skink' }, 'alice');
    if (!declared.ok) throw new Error(declared.error.message);
    const resolved = decideSc(setup, declared.state, { type: 'next' }, 'alice');
    if (!resolved.ok) throw new Error(resolved.error.message);
    const melee = resolved.events.find((e): e is Extract<ScEvent, { type: 'melee-resolved' }> => e.type === 'melee-resolved')!;
    expect(melee.strikes).toHaveLength(1);
    expect(melee.strikes[0]!.modifiers.map((m) => m.why).join()).not.toMatch(/flank/i);
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
