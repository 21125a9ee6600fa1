/**
 * Conditions in play (SC Conditions; SC Saving Throws; SC App. B Entangling, Paralyzing, Poison,
 * Draining, No Damage; rulings SC38–SC42): random legal play with the sample armies' attacks given
 * those qualities never throws, accepts every listed command, rolls saves, replays from the seed and
 * the log to the same state, and its dice verify. The unit tests beside it pin the rules layer; the
 * scenarios (test/scenarios/sword-and-claw/sc-app-b-*, sc38-*, sc40-*, sc41-*) each rule in a match.
 */
import { describe, expect, it } from 'vitest';
import { checkDice, commitmentOf, seedFrom } from '../../../src/match/dice-proof';
import { rulesetOf } from '../../../src/rulesets';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import type { TroopCard } from '../../../src/rulesets/sword-and-claw/formats/troop-card';
import { replaySc } from '../../../src/rulesets/sword-and-claw/match/decide';
import { makeScSetup } from '../../../src/rulesets/sword-and-claw/match/setup';
import type { ScSetup } from '../../../src/rulesets/sword-and-claw/match/types';
import { checkMeleeDeclaration } from '../../../src/rulesets/sword-and-claw/rules/melee';
import { checkShot } from '../../../src/rulesets/sword-and-claw/rules/ranged';
import { scTable } from '../../../src/rulesets/sword-and-claw/rules/table';
import { troop } from './cards';
import { CROWDED_YARD as yard, playRandom } from './random-play';

const content = (() => {
  const r = loadScContent();
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return r.value;
})();

/** Each attack of `card` given `qualities` besides its own. */
const withQualities = (card: TroopCard, qualities: readonly string[]): TroopCard => ({
  ...card,
  attacks: card.attacks.map((group) => group.map((a) => ({ ...a, qualities: [...a.qualities, ...qualities.map((name) => ({ name }))] }))),
});

/** The two sample armies on a crowded yard, their melee attacks entangling, paralyzing, poisoning and draining. */
function setup(seed: number): ScSetup {
  const base = makeScSetup({
    seed,
    players: ['alice', 'bob'],
    armies: { alice: content.armies.get('iron-company')!, bob: content.armies.get('mire-raiders')! },
    troops: content.troops,
    map: yard,
  });
  const given: Record<string, string[]> = {
    'human-spearman': ['Entangling', 'Poison'],
    'human-captain': ['Paralyzing', 'Draining'],
    'reptilian-skirmisher': ['Poison', 'Paralyzing'],
    'reptilian-swamp-brute': ['Entangling', 'Draining'],
  };
  const cards = Object.fromEntries(Object.entries(base.cards).map(([id, card]) => [id, given[id] ? withQualities(card, given[id]) : card]));
  return { ...base, cards };
}

const play = (s: ScSetup, picks: readonly number[]) => playRandom(s, picks, 5);

const sc = () => {
  const found = rulesetOf('sword-and-claw');
  if (!found.ok) throw new Error(found.error.message);
  return found.ruleset;
};

describe('SC38 conditions in play: seed plus log', () => {
  it('random play with condition attacks lists only accepted orders, rolls saves, and replays bit for bit with dice verified', () => {
    const seen = new Set<string>();
    const held = new Set<string>();
    for (let game = 0; game < 4; game++) {
      const secret = `conditions-${game}`;
      const seed = seedFrom(secret, []);
      const s = setup(seed);
      const picks = Array.from({ length: 900 }, (_, i) => (i * 7919 + game * 104729) % 10_007);
      const { state, events } = play(s, picks);
      expect(replaySc(s, events)).toEqual(state);
      const check = checkDice(
        { secret, seed, commitment: commitmentOf(secret), entropy: [] },
        events.map((event, i) => ({ seq: i + 1, event })),
        sc().diceOf,
      );
      expect(check.ok).toBe(true);
      for (const e of events) {
        seen.add(e.type);
        if ((e.type === 'melee-resolved' || e.type === 'ranged-resolved') && e.conditions)
          for (const list of Object.values(e.conditions)) for (const c of list) held.add(c);
        if (e.type === 'saved') for (const v of e.saves) held.add(`${v.condition} ${v.result}`);
      }
    }
    expect([...seen]).toEqual(expect.arrayContaining(['melee-resolved', 'saved']));
    expect([...held]).toEqual(expect.arrayContaining(['entangled', 'paralyzed', 'poisoned', 'poisoned remains']));
  });
});

describe('SC31, SC23: the condition qualities are played, no longer refused', () => {
  it('a melee attack with Entangling, Paralyzing, Poison, Draining or No Damage is declared', () => {
    for (const q of ['Entangling', 'Paralyzing', 'Poison', 'Draining', 'No Damage']) {
      const card = troop({ attacks: [{ id: 'fang', name: 'Fang', toHit: 0, dmg: 'd6', qualities: [q] }] });
      expect(checkMeleeDeclaration(card, ['fang']), q).toBeNull();
    }
  });

  it('SC42: a Cone, Fan, Line or Aura with a condition is declared; one with No Damage or Draining is still refused', () => {
    const card = (qualities: string[]) => troop({ attacks: [{ id: 'breath', name: 'Breath', toHit: 0, dmg: 'd6', qualities }] });
    expect(checkMeleeDeclaration(card(['Cone 4', 'Poison']), ['breath'])).toBeNull();
    expect(checkMeleeDeclaration(card(['Line 4', 'Entangling']), ['breath'])).toBeNull();
    expect(checkMeleeDeclaration(card(['Cone 4', 'No Damage']), ['breath'])).toMatchObject({ code: 'quality-not-played' });
    expect(checkMeleeDeclaration(card(['Aura 2', 'Draining']), ['breath'])).toMatchObject({ code: 'quality-not-played' });
  });

  it('a shot with them is declared; an Area attack with No Damage or Draining is still refused (SC42)', () => {
    const grid = ['....', '....', '....', '....', '....', '....'];
    const piece = (id: string, player: string, at: number) => ({ id, player, size: 'medium' as const, at });
    const table = scTable({ id: 'm', name: 'M', grid }, [piece('a', 'p1', 0), piece('t', 'p2', 12)]);
    const after = { melee: true, ranged: true, spells: true };
    const shooter = (qualities: string[]) => troop({ attacks: [{ id: 'web', name: 'Web', toHit: 0, dmg: 'd6', range: '4/8/12', qualities }] });
    for (const q of [['No Damage', 'Entangling'], ['Poison'], ['Paralyzing'], ['Draining'], ['Area 2', 'Poison']])
      expect(checkShot(table, piece('a', 'p1', 0), shooter(q), after, { attack: 'web', target: 't', before: [] }), q.join()).toBeNull();
    for (const q of [
      ['Area 2', 'No Damage'],
      ['Area 2', 'Draining'],
    ])
      expect(checkShot(table, piece('a', 'p1', 0), shooter(q), after, { attack: 'web', target: 't', before: [] })).toMatchObject({
        code: 'quality-not-played',
      });
  });
});
