/**
 * A replayed turn's picture never shows points its log does not tell (issue 26): a round's objectives
 * score after its last turn's end, and the replay dropped those events, so the next turn's header was
 * ahead of every line. They are told with the next turn now, which begins before them.
 */
import { describe, expect, it } from 'vitest';
import type { MatchEvent, MatchSetup } from '../../src/match/match-state';
import { replayTurns, type LoggedEvent } from '../../src/posts/replay-turns';
import type { GameEvent } from '../../src/rulesets/sellsword/engine/events';
import { eventSentences, FRAMING, NEWS } from '../../src/rulesets/sellsword/render';
import { yardTable } from '../render/states';

const logged = (events: readonly GameEvent[]): LoggedEvent[] => events.map((event, i) => ({ seq: i + 1, event: { stage: 'game', event } as MatchEvent }));

describe("a replayed turn's score", () => {
  it('agrees with its log: the points of the round just ended are told with the turn whose picture shows them', () => {
    const start = yardTable();
    const setup = { start, names: { p1: 'Alice', p2: 'Bob' } } as unknown as MatchSetup;
    const log = logged([
      { type: 'turn-ended', unit: 'hero', player: 'p1' },
      { type: 'scored', player: 'p1', points: 5, reason: 'objective 1' },
      { type: 'round-started', round: 2 },
      { type: 'turn-ended', unit: 'bow', player: 'p1' },
    ]);
    const turns = [...replayTurns(setup, log)];
    const second = turns[2]!;
    const shown = (second.game.score.p1 ?? 0) - (second.before.score.p1 ?? 0);
    expect(shown).toBe(5);
    const told = eventSentences(second.game, { lastTurn: [...second.events], before: second.before, names: {} }, { skip: new Set([...NEWS, ...FRAMING]) });
    expect(told).toContain('p1 scored 5 VP for holding objective 1.');
  });
});
