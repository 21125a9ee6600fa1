/** challengeTaker: the one check of who may accept a challenge, for the Accept button and `/skirmish accept`. */
import { describe, expect, it } from 'vitest';
import { challengeTaker } from '../../src/match/challenge-taker';
import type { MatchRecord } from '../../src/match/record';
import { UserError } from '../../src/match/user-error';

type Challenge = Pick<MatchRecord, 'status' | 'players' | 'terms'>;

const challenge = (over: { status?: string; accepted?: string[] } = {}): Challenge =>
  ({
    status: over.status ?? 'challenged',
    players: ['alice', 'bob', 'carol'],
    terms: { accepted: Object.fromEntries(['alice', ...(over.accepted ?? [])].map((p) => [p, {}])) },
  }) as unknown as Challenge;

const refusal = (row: Challenge, me: string): { code: string; message: string } | null => {
  try {
    challengeTaker(row, me, 'choose Decline');
    return null;
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { code: error.code, message: error.message };
  }
};

describe('challengeTaker', () => {
  it('lets a named opponent who has not accepted take the challenge', () => {
    expect(refusal(challenge(), 'bob')).toBeNull();
    expect(refusal(challenge({ accepted: ['bob'] }), 'carol')).toBeNull();
  });

  it('refuses a challenge no longer open', () => {
    expect(refusal(challenge({ status: 'setup' }), 'bob')?.code).toBe('not-open');
  });

  it('tells the challenger how to withdraw instead', () => {
    expect(refusal(challenge(), 'alice')).toEqual({
      code: 'not-your-challenge',
      message: 'You made this challenge; your opponents accept it. To withdraw it, choose Decline.',
    });
  });

  it('names the opponents to anyone else', () => {
    expect(refusal(challenge(), 'dave')).toEqual({ code: 'not-your-challenge', message: 'This challenge is for <@bob>, <@carol>.' });
  });

  it('refuses an opponent who has already accepted', () => {
    expect(refusal(challenge({ accepted: ['bob'] }), 'bob')?.code).toBe('already-accepted');
  });
});
