/**
 * R31, R8 (playtest round 20): with its blue token spent and one act left, the Priest's /rest token list
 * says why it cannot rest for blue (Vespers takes two acts), not that its react token is full; the
 * engine's refusal names what needs the acts.
 */
import { describe, expect, it } from 'vitest';
import { NOTHING } from '../../src/discord/choices';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { tokenChoices } from '../../src/rulesets/sellsword/table/act-suggestions';
import { table } from '../render/states';
import { happeningsOf, tell } from '../../src/rulesets/sellsword/render';

function priestWithOneAct(acts = 1): GameState {
  const game = table({
    map: 'barrow-hill',
    units: [
      { id: 'pd', card: 'valor-priest', player: 'p1', at: 'B2' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'T20' },
    ],
  });
  const pd = game.units.pd!;
  const units: GameState['units'] = { ...game.units, pd: { ...pd, tokens: { ...pd.tokens, blue: 1 } } };
  return { ...game, units, turn: { ...game.turn!, unit: 'pd', actsLeft: acts } };
}

describe('/rest with too few acts for a rest trait (R31)', () => {
  it('the refusal names the rest and its trait', () => {
    const r = decide(priestWithOneAct(), { act: 'rest', unit: 'pd', token: 'blue' }, 'p1');
    expect('error' in r && r.error.message).toBe('Priest of the Dawn (pd) has 1 act left; resting for a blue token (Vespers) needs 2 acts.');
  });

  it('the token list says the same, not that the react token is full', () => {
    expect(tokenChoices(priestWithOneAct(), 'p1', 'pd', '')).toEqual([
      { name: 'Nothing to choose: PD has 1 act left; resting for a blue token (Vespers) needs 2 acts', value: NOTHING },
    ]);
  });

  it('with the acts for it, the token list says what resting for blue takes (playtest round 21)', () => {
    expect(tokenChoices(priestWithOneAct(2), 'p1', 'pd', '').map((c) => c.name)).toEqual(['blue token · takes 2 acts (Vespers)']);
  });

  it("the rest's answer says the trait and the acts it took (playtest round 21)", () => {
    const before = priestWithOneAct(2);
    const told = tell(happeningsOf(before, [{ type: 'rested', unit: 'pd', token: 'blue' }], { names: { p1: 'Alice', p2: 'Bob' }, before }), {}).join(' ');
    expect(told).toContain('PD rested and took back a blue token (2 of 2 now) by Vespers, which took 2 acts');
  });
});
