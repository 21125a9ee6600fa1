/**
 * R23 with R19: a charge's odds are judged as its attack will find the charger, after the charge's
 * Vigor is paid and its steps' damaging ground has wounded it. A tester's Wardog was offered a charge
 * at 70% with "⚠ 5 cold wounds"; with its last 5 Vigor spent on the charge, the cold wound had to mark
 * an injury, and the attack rolled at 65% (issue 26, round 10).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attackOutlook, type GameState } from '../../src/rulesets/sellsword/engine';
import { scenarioSchema } from '../../src/rulesets/sellsword/formats/scenario';
import { scenarioState } from '../../src/rulesets/sellsword/scenario-runner';
import { scenarioContent } from '../fixtures/scenario-content';
import { play } from '../render/states';

const raw = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', 'r19-charge-enters-damaging-terrain.json'), 'utf8'));

/**
 * The R19 charge scenario's table, begun, with the charger's Vigor set: a (C4) charges b (F4), and
 * column D is damaging from row 3 to 5, so every charge path steps into it.
 */
function chargerWith(vigor: number): GameState {
  const grid = ['11......', '11......', '...~....', '...~....', '...~....', '........', '......22', '......22'];
  const units = raw.units.map((u: { id: string }) => (u.id === 'a' ? { ...u, vigor } : u));
  const scenario = scenarioSchema.parse({ ...raw, expect: undefined, map: { ...raw.map, grid }, units });
  return play(scenarioState(scenario, scenarioContent()), [{ begin: true }]).state;
}

const chance = (state: GameState, opts: { charge?: boolean; charged?: boolean } = { charge: true }) => {
  const o = attackOutlook(state, 'a', 'club', 'b', opts);
  if (!('chance' in o)) throw new Error(o.message);
  return o.chance;
};

describe('the odds of a charge over damaging ground (R23, R19)', () => {
  it('with Vigor to absorb the wound, the attack rolls as from open ground: +2 for the charge, no injury', () => {
    // 10 Vigor: 5 pay the charge, 5 absorb the fire. Armor 12 against +5 +2: a natural 5 or more.
    expect(chance(chargerWith(10))).toBeCloseTo(0.8, 9);
  });

  it('with its last 5 Vigor spent on the charge, the wound marks an injury: −1 on the roll, as the attack will roll', () => {
    const odds = chance(chargerWith(5));
    expect(odds).toBeCloseTo(0.75, 9);
    // The state the attack is rolled in: the charger on E4, Vigor 0, its mobility box marked (the
    // box that costs the roll least), the charge's steps taken.
    const s = chargerWith(5);
    const after: GameState = { ...s, units: { ...s.units, a: { ...s.units.a!, at: s.units.a!.at! + 2, vigor: 0, injuries: ['mobility'] } } };
    expect(chance(after, { charge: true, charged: true })).toBe(odds);
  });
});
