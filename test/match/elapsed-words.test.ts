/** The result post's length of a match, as a reader says it (match/match-end.ts). */
import { describe, expect, it } from 'vitest';
import { elapsedWords } from '../../src/match/match-end';

const MINUTE = 60_000;

describe('how long a match took', () => {
  it('says minutes under an hour, hours under two days, days after: never "1 day" for 25 minutes', () => {
    expect(elapsedWords(0)).toBe('1 minute');
    expect(elapsedWords(25 * MINUTE)).toBe('25 minutes');
    expect(elapsedWords(59 * MINUTE)).toBe('59 minutes');
    expect(elapsedWords(61 * MINUTE)).toBe('2 hours');
    expect(elapsedWords(47 * 60 * MINUTE)).toBe('47 hours');
    expect(elapsedWords(48 * 60 * MINUTE)).toBe('2 days');
    expect(elapsedWords(9 * 24 * 60 * MINUTE + 1)).toBe('10 days');
  });
});
