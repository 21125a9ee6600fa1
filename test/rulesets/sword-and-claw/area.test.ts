/**
 * SC Area attacks and SC App. B Automatically hits at the table: the log line of an area shot says what it was rolled against, where it
 * landed and why, and each troop under it with its own d6 (the scenarios prove the rules; this, the words).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { scScenarioSchema } from '../../../src/rulesets/sword-and-claw/formats/scenario';
import { runParsedScenario, scenarioStart } from '../../../src/rulesets/sword-and-claw/match/scenario';
import { scTell } from '../../../src/rulesets/sword-and-claw/table/words';
import type { ScEvent } from '../../../src/rulesets/sword-and-claw/match/types';

const content = (() => {
  const r = loadScContent();
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'));
  return r.value;
})();

/** The lines the thread shows for a scenario's steps, from its start. */
function told(file: string): string[] {
  const scenario = scScenarioSchema.parse(JSON.parse(readFileSync(`test/scenarios/sword-and-claw/${file}.json`, 'utf8')));
  const { setup, state } = scenarioStart(scenario, content);
  const report = runParsedScenario(scenario, content);
  const events = report.steps.flatMap((s) => (s.ok ? s.events : [])) as ScEvent[];
  return scTell(setup, state, events, (p) => p).flatMap((t) => t.lines);
}

describe('an Area attack in the log', () => {
  it('a hit: against 5, where it lands, every troop under it with its d6, a shield named', () => {
    const lines = told('sc-area-attacks-a-hit-on-5-hits-friend-and-foe-and-shields');
    expect(lines[0]).toBe('RB will shoot Bile Glob (Area 2) at the square of HS1.');
    expect(lines).toContain(
      `🎲 RB's Bile Glob at the square of HS1, 4" (short range): d10 5 +0 skill = 5 against 5, an area attack's target number, a hit: it lands on C4; under it: HS1 (d6 3 +1 = 4 damage, shield +1 To Wound, 0 wounds), RS (d6 6 +1 = 7 damage, 2 wounds), HS2 (d6 6 +1 = 7 damage, shield +1 To Wound, 1 wound).`,
    );
  });

  it('a miss: how far and which way it deviates, half damage past Long range, and off the table', () => {
    const lines = told('sc-area-attacks-half-damage-past-long-range-and-off-the-table');
    expect(lines.join('\n')).toContain(
      'a miss: it deviates 5 squares east (d8 3) and lands on Q1, past its Long range: half damage; under it: RS ((d6 6 +1) ÷ 2 rounded up = 4 damage, 1 wound).',
    );
    expect(lines.join('\n')).toContain('a miss: it deviates 5 squares north (d8 1), off the table: it hits nobody.');
  });
});

describe('an automatic hit in the log', () => {
  it("says no roll was made, and names a Hurt attacker's −2 to damage", () => {
    const lines = told('sc-app-b-automatically-hits').filter((l) => l.startsWith('🎲'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/: it hits automatically, no roll to hit; d6 3 \+2 = 5 damage, 0 wounds\.$/);
    expect(lines[1]).toMatch(/: it hits automatically, no roll to hit; d6 3 \+2 -2 hurt = 3 damage, 0 wounds\.$/);
  });
});
