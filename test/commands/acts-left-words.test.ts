/**
 * R30: after a unit drops an enemy, the act's answer says it may crow, since the act is open only
 * then and a tester who dropped two enemies never heard of it (issue 26); otherwise it says only the
 * acts left. The rule-of-3 refusal (R8) offers crowing only when it would restore Vigor.
 */
import { describe, expect, it } from 'vitest';
import { newGame, playGame } from '../../src/bench/selfplay';
import { actsLeftWords } from '../../src/commands/play/acts';
import { defaultContent } from '../../src/content/load';
import { cardOf, profile, type GameState } from '../../src/rulesets/sellsword/engine';
import { decide } from '../../src/rulesets/sellsword/engine/decide';

/**
 * The first state of some self-play game in which a unit mid-turn has dropped an enemy, has not crowed
 * and lacks Vigor (crowing restores Vigor, so it is refused at full Vigor).
 */
function stateAfterADrop(): GameState {
  const content = defaultContent();
  for (let seed = 1; seed < 200; seed++) {
    let found: GameState | null = null;
    playGame(newGame(content, [...content.maps.keys()][0]!, seed, 3), seed, 4000, (state) => {
      const turn = state.turn;
      if (found || !turn || turn.unit === null || state.prompt || state.over) return;
      if (!turn.droppedEnemy || turn.actsLeft === 0 || state.units[turn.unit]!.crowed) return;
      if (!('error' in decide(state, { act: 'crow', unit: turn.unit }))) found = state;
    });
    if (found) return found;
  }
  throw new Error('no self-play game dropped an enemy with acts left');
}

describe('the acts left after an act', () => {
  it('name crowing when the unit dropped an enemy this turn (R30)', () => {
    const state = stateAfterADrop();
    const unit = state.turn!.unit!;
    expect(actsLeftWords(state, unit)).toMatch(/left this turn\. It dropped an enemy this turn, so it may crow: `\/crow` gives back up to 5 Vigor\.$/);
  });

  it('say only the acts left otherwise (no enemy dropped, or crowing would restore nothing)', () => {
    const state = stateAfterADrop();
    const unit = state.turn!.unit!;
    const before = { ...state, turn: { ...state.turn!, droppedEnemy: false } };
    expect(actsLeftWords(before, unit)).toMatch(/^[A-Z0-9]+ has \d acts? left this turn\.$/);
  });
});

describe('the rule-of-3 refusal', () => {
  /** A third attack by a unit that dropped an enemy and has one act left, at `vigor`. */
  function thirdAttack(vigor: (max: number) => number): string {
    const state = stateAfterADrop();
    const id = state.turn!.unit!;
    const unit = state.units[id]!;
    const max = profile(state, unit).vigorMax;
    const turn = { ...state.turn!, actsLeft: 1, used: { ...state.turn!.used, attack: 2 } };
    const tired = { ...state, turn, units: { ...state.units, [id]: { ...unit, vigor: vigor(max) } } };
    const enemy = Object.values(state.units).find((u) => u.player !== unit.player)!;
    const attack = cardOf(tired, unit).attacks[0]!.id;
    const r = decide(tired, { act: 'attack', unit: id, attack, target: enemy.id });
    if (!('error' in r)) throw new Error('a third attack was accepted');
    expect(r.error.code).toBe('rule-of-three');
    return r.error.message;
  }

  it('offers crowing only when it would restore Vigor (R30; crowing is refused at full Vigor)', () => {
    expect(thirdAttack((max) => max - 1)).toMatch(/It can still .*crow.* \(1 act left\)/);
    expect(thirdAttack((max) => max)).not.toMatch(/crow/);
  });
});
