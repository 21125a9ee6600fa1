/**
 * Issue 26: an attack of 2 acts (the Priest's Dawnburst) when the unit has 1 act left is said in
 * /attack's lists, with the engine's reason (needActsLeft's words), not silently left out; picking the
 * row is refused with that reason.
 */
import { describe, expect, it } from 'vitest';
import { NOTHING } from '../../src/discord/choices';
import { decide, type GameState } from '../../src/rulesets/sellsword/engine';
import { attackChoices, targetChoices, unitChoices } from '../../src/rulesets/sellsword/table/act-suggestions';
import { table } from '../render/states';

/** The Priest at B2, a Ghoul at `ghoul`, the Priest acting with one act left. */
function oneActLeft(ghoul: string): GameState {
  const game = table({
    map: 'barrow-hill',
    units: [
      { id: 'pd', card: 'valor-priest', player: 'p1', at: 'B2' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: ghoul },
    ],
  });
  return { ...game, turn: { ...game.turn!, unit: 'pd', actsLeft: 1 } };
}

const SAID = 'PD has 1 act left; Dawnburst needs 2 acts';

describe('an attack of 2 acts with 1 act left (R8, issue 26)', () => {
  it('the engine says the count is of acts', () => {
    const refused = decide(oneActLeft('B6'), { act: 'attack', unit: 'pd', attack: 'dawnburst', origin: 'B6' }, 'p1');
    expect('error' in refused && refused.error).toEqual({ code: 'no-acts-left', message: 'Priest of the Dawn (pd) has 1 act left; Dawnburst needs 2 acts.' });
  });

  it('a price it could not pay either is said with the acts, not left for the next turn to refuse (playtest round 23)', () => {
    const game = oneActLeft('B6');
    const broke: GameState = { ...game, units: { ...game.units, pd: { ...game.units.pd!, tokens: { ...game.units.pd!.tokens, blue: 0 } } } };
    const refused = decide(broke, { act: 'attack', unit: 'pd', attack: 'dawnburst', origin: 'B6' }, 'p1');
    expect('error' in refused && refused.error).toEqual({
      code: 'no-acts-left',
      message: 'Priest of the Dawn (pd) has 1 act left; Dawnburst needs 2 acts and 1 blue token (it has 0).',
    });
  });

  it('the attack and target lists say it after what can be attacked, a pick carrying the attack', () => {
    const game = oneActLeft('B3');
    const attacks = attackChoices(game, 'p1', 'pd', '');
    expect(attacks.map((c) => c.value)).toEqual(['mace', `${NOTHING}:dawnburst`]);
    expect(attacks[1]!.name).toBe(SAID);
    const targets = targetChoices(game, 'p1', 'pd', undefined, '');
    expect(targets.at(-1)).toEqual({ name: SAID, value: `${NOTHING}:dawnburst` });
    // Asked again with what the pick carries (nothing-picked.ts), each list gives that reason alone.
    expect(attackChoices(game, 'p1', 'pd', 'dawnburst')).toEqual([{ name: `Nothing to choose: ${SAID}`, value: `${NOTHING}:dawnburst` }]);
    expect(targetChoices(game, 'p1', 'pd', undefined, 'dawnburst')).toEqual([{ name: `Nothing to choose: ${SAID}`, value: `${NOTHING}:dawnburst` }]);
  });

  it('with nothing else to attack, the reason leads, before "no enemy in reach"', () => {
    const game = oneActLeft('B6');
    for (const list of [attackChoices(game, 'p1', 'pd', ''), targetChoices(game, 'p1', 'pd', undefined, '')]) {
      expect(list).toHaveLength(1);
      expect(list[0]!.name).toMatch(new RegExp(`^Nothing to choose: ${SAID}; no enemy in reach`));
    }
    expect(targetChoices(game, 'p1', 'pd', 'dawnburst', '')[0]!.name).toBe(`Nothing to choose: ${SAID}`);
    // The unit list says it too, asked blank or with the unit typed.
    for (const typed of ['', 'pd'])
      expect(unitChoices(game, 'p1', typed, 'attack')[0]!.name).toMatch(new RegExp(`^Nothing to choose: ${SAID}; no enemy in reach`));
  });
});
