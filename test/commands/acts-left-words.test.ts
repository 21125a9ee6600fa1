/**
 * R30: after a unit drops an enemy, the act's answer says it may crow, since the act is open only
 * then and a tester who dropped two enemies never heard of it (issue 26); otherwise it says only the
 * acts left.
 */
import { describe, expect, it } from 'vitest';
import { newGame, playGame } from '../../src/bench/selfplay';
import { actsLeftWords } from '../../src/commands/play/acts';
import { defaultContent } from '../../src/content/load';
import type { GameState } from '../../src/rulesets/sellsword/engine';
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
