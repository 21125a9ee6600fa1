/**
 * Issue 26: a unit whose card gives it no Vigor (a Shambling Dead) is not called Exhausted for having
 * 0, and /crow's refusal says it has no Vigor to regain, where it said "already has all its Vigor (0)".
 * The engine's code for the refusal is unchanged: the unit is at its cap (R30, R22).
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { woundFacts } from '../../src/rulesets/sellsword/table';
import { unitChoices } from '../../src/rulesets/sellsword/table/act-suggestions';
import { decided, table } from '../render/states';

describe('a unit with no Vigor by its card (issue 26)', () => {
  it('its wound menu says it has no Vigor, never Exhausted', () => {
    const start = table({
      map: 'barrow-hill',
      dice: [8],
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'zz', card: 'havoc-zombie', player: 'p2', at: 'J11' },
      ],
    });
    const s = decided(start, [{ act: 'attack', unit: 'kn', attack: 'longsword', target: 'zz' }, { decide: { unit: 'zz', reply: null } }]);
    if (s.prompt?.kind !== 'wounds') throw new Error(`a wounds prompt, not ${s.prompt?.kind}`);
    const facts = woundFacts(s, s.prompt, (p) => p);
    expect(facts.text).toContain('It has no Vigor (its card gives it none) and 2 unmarked injury boxes');
    expect(facts.options.length).toBeGreaterThan(1);
    for (const o of facts.options) {
      expect(o.description).toMatch(/^no Vigor · /);
      expect(o.description).not.toContain('Exhausted');
    }
    expect(facts.text).not.toContain('Exhausted');
  });

  it('/crow is refused as having no Vigor to regain, by the engine and in the unit list', () => {
    const start = table({
      map: 'barrow-hill',
      units: [
        { id: 'zz', card: 'havoc-zombie', player: 'p1', at: 'J10' },
        { id: 'kn', card: 'valor-knight', player: 'p2', at: 'A1' },
      ],
    });
    const game: GameState = { ...start, turn: { ...start.turn!, unit: 'zz', actsLeft: 2, droppedEnemy: true } };
    const refused = decide(game, { act: 'crow', unit: 'zz' }, 'p1');
    expect('error' in refused && refused.error).toEqual({
      code: 'vigor-full',
      message: 'Shambling Dead (zz) has no Vigor to regain: its card gives it none.',
    });
    expect(unitChoices(game, 'p1', '', 'crow')[0]!.name).toBe('Nothing to choose: ZZ has no Vigor to regain: its card gives it none');
  });
});
