/**
 * describeAnswer's rest (act-log.ts goesOn): what an answer to a reply prompt lets go on is the same
 * act, told from the state after the answer with the answered prompt still in view, so the act's
 * declaration, told with the first unit's prompt, is not told again with the next unit's (issue 26: "KN
 * declared an attack on OB with Longsword" was posted once for each unit that may reply).
 */
import { describe, expect, it } from 'vitest';
import { goesOn } from '../../src/match/act-log';
import { apply, type GameEvent, type GameState, type Prompt } from '../../src/rulesets/sellsword/engine';
import { eventSentences } from '../../src/rulesets/sellsword/render';
import { table } from '../render/states';

const state = table({
  map: 'barrow-hill',
  units: [
    { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
    { id: 'gn', card: 'havoc-gray-necromancer', player: 'p2', at: 'Q18' },
    { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'K16' },
  ],
});
const incoming = { attack: 'longsword', target: 'gn', charge: false };
const first: Prompt = { kind: 'reply', player: 'p2', unit: 'gh', options: { against: 'kn', attacks: ['claw'], incoming } };
const next: Prompt = { kind: 'reply', player: 'p2', unit: 'gn', options: { against: 'kn', attacks: ['staff'], incoming } };

describe('the rest of an answered act', () => {
  it('does not declare the act again with the next reply prompt', () => {
    const before: GameState = { ...state, prompt: first };
    const answer: GameEvent[] = [
      { type: 'answered', player: 'p2', answer: null },
      { type: 'reply-declared', unit: 'gh', attack: null, against: 'kn' },
    ];
    const mid = answer.reduce<GameState>((s, e) => apply(s, e), before);
    const rest: GameEvent[] = [{ type: 'prompted', prompt: next, resume: [] }];
    const after = rest.reduce<GameState>((s, e) => apply(s, e), mid);
    const told = (from: GameState) => eventSentences(after, { lastTurn: rest, before: from, names: { p1: 'Alice', p2: 'Bob' } }).join(' ');
    // From the bare state after the answer, the reader cannot know the act was told: it said it again.
    expect(told(mid)).toMatch(/^KN declared an attack on GN with Longsword\./);
    expect(told(goesOn(before, mid))).toBe('GN may also reply to KN: Bob to choose whether it replies.');
  });

  it('leaves the state alone when no prompt was answered', () => {
    expect(goesOn(state, state)).toBe(state);
  });
});
