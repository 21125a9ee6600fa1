/**
 * R22, §4.7, R21: the odds queries (attackOutlook, attackOdds) count wounds through the engine's own
 * damage step, so the wounds a hit is said to deal are the wounds the log then says reached the target:
 * immunity, vulnerability and toughness (the first 5 of the round, shared across the attack's wound
 * effects), and a THEN wound effect left out when the one before caused none. A tester was promised
 * "10 wounds a hit" and saw "5 pierce wounds reached SD (dealt 10; its toughness ignored 5)" (issue 26).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attackOdds, attackOutlook } from '../../src/rulesets/sellsword/engine/queries';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { apply } from '../../src/rulesets/sellsword/engine/events';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { scenarioSchema } from '../../src/rulesets/sellsword/formats/scenario';
import { runScenario, scenarioState } from '../../src/rulesets/sellsword/scenario-runner';
import { oddsWords } from '../../src/rulesets/sellsword/table/odds-words';
import { scenarioContent } from '../fixtures/scenario-content';

const raw = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', 'r21-then-skipped-when-toughness-absorbs.json'), 'utf8'));
// The snarer gets two more attacks; the tough unit is vulnerable to fire (+5).
const attacks = [
  raw.cards[0].attacks[0],
  {
    id: 'brand',
    name: 'Brand',
    range: 1,
    bonus: 5,
    vs: 'armor',
    effects: [
      { wound: 10, type: 'cut' },
      { link: 'and', wound: 5, type: 'fire' },
    ],
  },
  {
    id: 'hook',
    name: 'Hook',
    range: 1,
    bonus: 5,
    vs: 'armor',
    effects: [
      { wound: 5, type: 'cut' },
      { link: 'then', wound: 10, type: 'fire' },
    ],
  },
];
const base = {
  ...raw,
  cards: [
    { ...raw.cards[0], attacks },
    { ...raw.cards[1], traits: [{ trait: 'toughness' }, { trait: 'vulnerable', type: 'fire', wound: 5 }] },
  ],
  expect: undefined,
};
const content = scenarioContent();

function begun(): GameState {
  let state = scenarioState(scenarioSchema.parse({ ...base, dice: [] }), content);
  const r = decide(state, { begin: true });
  if ('error' in r) throw new Error(r.error.message);
  for (const e of r.events) state = apply(state, e);
  return state;
}

/** The wounds the engine's log says reached t when `a` attacks it with `attack` and the die shows `die`. */
function takenInPlay(attack: string, die: number): number {
  const report = runScenario(scenarioSchema.parse({ ...base, dice: [die], steps: [{ act: 'attack', unit: 'a', attack, target: 't' }] }), content);
  const step = report.steps[0];
  if (!step?.ok) throw new Error('the attack was refused');
  return step.events.reduce((n, e) => n + (e.type === 'wounded' ? e.taken : 0), 0);
}

describe('odds through toughness (R22, §4.7, R21)', () => {
  const state = begun();

  it('a hit and a critical are said to deal what the engine then deals, toughness and vulnerability counted', () => {
    // d20 + 5 against armor 12: a 10 is a plain hit, a 17 (22) a critical.
    for (const attack of ['snare', 'brand', 'hook']) {
      const o = attackOutlook(state, 'a', attack, 't');
      if ('code' in o) throw new Error(o.message);
      const plain = o.outcomes.find((x) => !x.critical && !x.glancing)!;
      const critical = o.outcomes.find((x) => x.critical)!;
      expect({ attack, plain: plain.wounds, critical: critical.wounds }).toEqual({ attack, plain: takenInPlay(attack, 10), critical: takenInPlay(attack, 17) });
    }
  });

  it('toughness ignores the first 5 once across the wound effects, and a THEN wound effect after none caused is not dealt', () => {
    const wounds = (attack: string) => {
      const o = attackOutlook(state, 'a', attack, 't');
      if ('code' in o) throw new Error(o.message);
      return o.outcomes.filter((x) => !x.glancing).map((x) => [x.critical, x.wounds, x.beforeToughness]);
    };
    // Snare 5 cut: all ignored on a hit; a critical 15, 5 ignored.
    expect(wounds('snare')).toEqual([
      [false, 0, 5],
      [true, 10, 15],
    ]);
    // Brand 10 cut AND 5 fire (+5): 10 − 5 + 10 on a hit; 20 − 5 + 10 on a critical.
    expect(wounds('brand')).toEqual([
      [false, 15, 20],
      [true, 25, 30],
    ]);
    // Hook 5 cut THEN 10 fire (+5): the cut is all ignored, so no fire; a critical 15 − 5 then 15.
    expect(wounds('hook')).toEqual([
      [false, 0, 20],
      [true, 25, 30],
    ]);
    const odds = attackOdds(state, 'a', 'snare', 't');
    if ('code' in odds) throw new Error(odds.message);
    // Only the 4 critical faces (17 up) get past toughness, 10 wounds each.
    expect(odds.expectedWounds).toBeCloseTo((10 * 4) / 20);
  });

  it('once toughness is spent this round, the whole hit is said to reach', () => {
    const spent: GameState = { ...state, units: { ...state.units, t: { ...state.units.t!, toughness: 0 } } };
    const o = attackOutlook(spent, 'a', 'snare', 't');
    if ('code' in o) throw new Error(o.message);
    expect(o.outcomes.find((x) => !x.critical)!.wounds).toBe(5);
    expect(oddsWords(spent, 'a', 'snare', 't')).not.toContain('toughness');
  });

  it('the words say the wounds after toughness, and that toughness is why', () => {
    expect(oddsWords(state, 'a', 'snare', 't')).toMatch(/0 wounds a hit, 10 a critical \(toughness −5\)/);
    expect(oddsWords(state, 'a', 'brand', 't')).toMatch(
      /15 wounds a hit, 25 a critical, 10 a glancing blow \(a natural 13: 5%\) \(vulnerable \+5 fire, toughness −5\)/,
    );
  });
});
