/**
 * A charge in the log (SC Movement a): the d6 and what it did, and how far short of its target the
 * charger stopped, in plain words ("1 square", "2 squares"; the log said "1 square(s)").
 */
import { describe, expect, it } from 'vitest';
import { beginSc } from '../../../src/rulesets/sword-and-claw/match/decide';
import type { ScEvent } from '../../../src/rulesets/sword-and-claw/match/types';
import { scTell } from '../../../src/rulesets/sword-and-claw/table/words';
import { wholeSetup } from './whole-match-seed';

const setup = wholeSetup(7, ['alice', 'bob']);
const begun = beginSc(setup);
if (!begun.ok) throw new Error(begun.error.message);

const charged = (roll: number, path: number[], line: number[]): ScEvent => ({
  type: 'charged',
  troop: 'hollowmoon-dire-wolf-1',
  target: 'kilnborn-tile-warden-1',
  via: [],
  line,
  path,
  roll,
  dice: [{ d: 6, v: roll }],
});

const told = (e: ScEvent) => scTell(setup, begun.state, [e], (p) => p).flatMap((t) => t.lines);

describe('a charge in the log (SC Movement a)', () => {
  it('says how many squares short of its target the charger stopped, one square or several', () => {
    expect(told(charged(2, [1, 2], [1, 2, 3]))).toContain('🎲 HD charges KT: d6 2, one inch short; it stops 1 square short of KT.');
    expect(told(charged(1, [1], [1, 2, 3]))).toContain('🎲 HD charges KT: d6 1, one inch short; it stops 2 squares short of KT.');
    expect(told(charged(5, [1, 2, 3], [1, 2, 3]))).toContain('🎲 HD charges KT: d6 5, one space further; it reaches KT.');
  });
});
