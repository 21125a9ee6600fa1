/**
 * describeAnswer's rest (act-log.ts): what an answer to a reply prompt lets go on is the same act, read
 * from before the answer with the answer's events read but not told again. So the act's declaration,
 * told with the first unit's prompt, is not told again with the next unit's (issue 26: "KN declared an
 * attack on OB with Longsword" was posted once for each unit that may reply); and a reply the answer
 * declared is known, so the drop that stops it says the reply will not come (R26: a playtester read "SA
 * will reply to WH", then "SA was dropped by WH" and nothing of the reply until the turn's post).
 */
import { describe, expect, it } from 'vitest';
import { describeAnswer } from '../../src/match/act-log';
import type { MatchSetup } from '../../src/match/match-state';
import type { Submitted } from '../../src/match/submitted';
import type { MatchRow } from '../../src/store';
import { apply, type GameEvent, type GameState, type Prompt } from '../../src/rulesets/sellsword/engine';
import { table } from '../render/states';

const state: GameState = {
  ...table({
    map: 'barrow-hill',
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
      { id: 'gn', card: 'havoc-gray-necromancer', player: 'p2', at: 'J11' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'K10' },
    ],
  }),
  turn: { player: 'p1', unit: 'kn', actsLeft: 1 } as GameState['turn'],
};
const incoming = { attack: 'longsword', target: 'gn', charge: false };
const first: Prompt = { kind: 'reply', player: 'p2', unit: 'gh', options: { against: 'kn', attacks: ['claw'], incoming } };
const next: Prompt = { kind: 'reply', player: 'p2', unit: 'gn', options: { against: 'kn', attacks: ['staff'], incoming } };

/** The answer `answer` to `first`, then `rest`, as the store saved it. */
function answered(answer: GameEvent[], rest: GameEvent[]): Submitted {
  const before: GameState = { ...state, prompt: first };
  const after = [...answer, ...rest].reduce<GameState>((s, e) => apply(s, e), before);
  const row = { id: 'm', ruleset: 'other', terms: { points: 121, map: null, accepted: {} }, setup: null, snapshot: null, seq: 2 } as unknown as MatchRow;
  const setup = { names: { p1: 'Alice', p2: 'Bob' } } as unknown as MatchSetup;
  const events = [...answer, ...rest].map((event, i) => ({ seq: i + 1, event: { stage: 'game' as const, event } }));
  return { row, setup, before: { stage: 'game', game: before }, after: { stage: 'game', game: after }, events };
}

describe('the rest of an answered act', () => {
  it('does not declare the act again with the next reply prompt', () => {
    const told = describeAnswer(
      answered(
        [
          { type: 'answered', player: 'p2', answer: null },
          { type: 'reply-declared', unit: 'gh', attack: null, against: 'kn' },
        ],
        [{ type: 'prompted', prompt: next, resume: [] }],
      ),
      'p2',
    );
    expect(told.answer.join(' ')).toMatch(/GH does not reply to KN/);
    expect(told.rest.join(' ')).not.toMatch(/declared an attack/);
    expect(told.rest.join(' ')).toMatch(/GN may also reply to KN/);
  });

  it('says at the drop that a reply the answer declared will not happen (R26)', () => {
    const told = describeAnswer(
      answered(
        [
          { type: 'answered', player: 'p2', answer: 0 },
          { type: 'reply-declared', unit: 'gh', attack: 'claw', against: 'kn' },
        ],
        [{ type: 'dropped', unit: 'gh', by: 'kn' }],
      ),
      'p2',
    );
    expect(told.answer.join(' ')).toMatch(/GH will reply to KN with Grave Claws/);
    const rest = told.rest.join('\n');
    expect(rest).toMatch(/GH was dropped by KN/);
    expect(rest).toMatch(/GH's reply to KN with Grave Claws (did not|will not) happen/);
    // The answer is told once, as the answerer's.
    expect(rest).not.toMatch(/will reply/);
  });
});
