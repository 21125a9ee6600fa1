/**
 * The registry (docs/rulesets.md §1, §4): a match is played and replayed under the game and rules'
 * version its row names, and a game or version this bot does not know is refused with a sentence,
 * never replayed under other rules.
 */
import { describe, expect, it } from 'vitest';
import { newMatchRules, RULESETS, rulesetOf, rulesetOfMatch } from '../../src/rulesets';

describe('the ruleset registry', () => {
  it('gives Sellsword for a row written before rulesets (the columns default to Sellsword, version 1)', () => {
    const found = rulesetOfMatch({ ruleset: 'sellsword', rulesetVersion: 1 });
    expect(found.ok && found.ruleset.id).toBe('sellsword');
    expect(found.ok && found.ruleset.replays).toContain(1);
  });

  it('lists each game once, each replaying its current version', () => {
    expect(new Set(RULESETS.map((r) => r.id)).size).toBe(RULESETS.length);
    for (const r of RULESETS) expect(r.replays).toContain(r.version);
  });

  it("records a new match under its game's current rules, Sellsword by default", () => {
    const sellsword = RULESETS.find((r) => r.id === 'sellsword')!;
    expect(newMatchRules()).toEqual({ ruleset: 'sellsword', rulesetVersion: sellsword.version });
  });

  it('refuses a game it does not know, naming it', () => {
    expect(rulesetOf('chess', 1)).toEqual({
      ok: false,
      error: { code: 'unknown-ruleset', message: 'This match is of a game this bot does not know ("chess"), so it cannot be played or replayed here.' },
    });
  });

  it('refuses a version of the rules it does not replay, saying which it knows', () => {
    const found = rulesetOfMatch({ ruleset: 'sellsword', rulesetVersion: 99 });
    expect(found.ok).toBe(false);
    expect(!found.ok && found.error.code).toBe('unknown-ruleset-version');
    expect(!found.ok && found.error.message).toBe(
      'This match was played under version 99 of the Sellsword rules, which this bot does not replay (it knows version 1); it is kept as it is, never replayed under other rules.',
    );
  });
});
