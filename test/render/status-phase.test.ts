/**
 * The map header's words for where the round stands (view-units.ts statusPhase). A tester read "Round 1,
 * last turns" above "Waiting for the round to start" once every unit had acted, and "Round 2, last
 * turns" above "Game over" (issue 26).
 */
import { describe, expect, it } from 'vitest';
import { statusPhase } from '../../src/rulesets/sellsword/render/view-units';
import type { StatusLine } from '../../src/rulesets/sellsword/render/view-types';

const line = (over: Partial<StatusLine>): StatusLine => ({
  map: 'Mill Crossing',
  round: 1,
  phase: 2,
  alone: false,
  target: 25,
  roundLimit: null,
  turn: null,
  next: null,
  prompt: null,
  over: false,
  winner: null,
  ...over,
});

describe('the header says where the round stands', () => {
  it('a round every unit has acted in is over, not in its last turns', () => {
    expect(statusPhase(line({ alone: true }))).toBe('Round 1 over');
  });

  it('the last turns are last turns while a unit still has one', () => {
    expect(statusPhase(line({ alone: true, next: { player: 'p1', phase: 2 } }))).toBe('Round 1, last turns');
    expect(statusPhase(line({ alone: true, turn: { player: 'p1', unit: 'KN', actsLeft: 2 } }))).toBe('Round 1, last turns');
  });

  it('a match that ended says so', () => {
    expect(statusPhase(line({ round: 2, alone: true, over: true, winner: 'p1' }))).toBe('Round 2, match over');
  });
});
