/**
 * Issue 26: a turn post's heading says when the turn was greater advantage's early one (R7), as the
 * act lines of a player's own early turn do, and starts with 🤖 for the practice bot's turns.
 */
import { describe, expect, it } from 'vitest';
import { newGame, playGame } from '../../src/bench/selfplay';
import { apply, type GameEvent, type GameState } from '../../src/rulesets/sellsword/engine';
import { takenEarly } from '../../src/posts/post-pictures';
import { turnOver } from '../../src/posts/turn-heading';
import { content } from '../render/states';

/** Each unit's turn of a game: the state it began from and its events up to its end. */
function turns(start: GameState, events: readonly GameEvent[]): { before: GameState; events: GameEvent[] }[] {
  const out: { before: GameState; events: GameEvent[] }[] = [];
  let state = start;
  let current: { before: GameState; events: GameEvent[] } | null = null;
  for (const e of events) {
    current ??= { before: state, events: [] };
    current.events.push(e);
    state = apply(state, e);
    if (e.type === 'turn-ended') {
      out.push(current);
      current = null;
    }
  }
  return out;
}

describe('a turn post heading', () => {
  it('says a greater-advantage turn was taken early, and no other turn (R7)', () => {
    let seen = 0;
    for (const map of ['mill-crossing', 'burning-village', 'barrow-hill'])
      for (let seed = 1; seed <= 6 && seen === 0; seed++) {
        const start = newGame(content, map, seed);
        const { events } = playGame(start, seed);
        const greater = events.filter((e) => e.type === 'order-set' && e.greaterAdvantage).length;
        if (greater === 0) continue;
        seen += greater;
        const early = turns(start, events).filter((t) => takenEarly(t.before, t.events));
        expect(early.length).toBe(greater);
        for (const t of early) expect(t.events.some((e) => e.type === 'unit-activated')).toBe(true);
      }
    expect(seen).toBeGreaterThan(0);
  });

  it("marks the practice bot's turns with 🤖 and an early turn in words", () => {
    expect(turnOver('Practice bot', 'SA (Skeletal Archer)', true, true)).toBe(
      "🤖 **Practice bot**'s turn with SA (Skeletal Archer), taken early for greater advantage, is over.",
    );
    expect(turnOver('Alice', 'KN (Knight)')).toBe("**Alice**'s turn with KN (Knight) is over.");
  });
});
