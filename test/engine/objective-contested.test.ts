/**
 * R4: an objective with units of more than one side on it at the round's end scores nobody. A tester
 * saw only "Round 2 begins." while a unit stood on a contested objective (issue 26): the round's news
 * now says which objective was contested and by whom, read from the state the round ended in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apply, decide, objectiveStands } from '../../src/rulesets/sellsword/engine';
import { scenarioSchema } from '../../src/rulesets/sellsword/formats/scenario';
import { happeningsOf, tell } from '../../src/rulesets/sellsword/render';
import { runScenario, scenarioState } from '../../src/rulesets/sellsword/scenario-runner';
import { scenarioContent } from '../fixtures/scenario-content';

const raw = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scenarios', 'r4-objectives-scored-at-round-end.json'), 'utf8'));

describe('a contested objective is said at the round end (R4, issue 26)', () => {
  const scenario = scenarioSchema.parse({ ...raw, expect: undefined });
  const content = scenarioContent();
  const report = runScenario(scenario, content);
  const events = report.steps.flatMap((s) => (s.ok ? s.events : []));
  const begun = () => {
    const start = scenarioState(scenario, content);
    const r = decide(start, { begin: true });
    if (!('events' in r)) throw new Error('the scenario does not begin');
    return r.events.reduce(apply, start);
  };

  it('the engine scores nobody for the contested objective, and says which objectives stand contested', () => {
    expect(events.filter((e) => e.type === 'scored').map((e) => (e.type === 'scored' ? e.reason : ''))).toEqual(['objective 2', 'objective 4']);
    const end = events.reduce(apply, begun());
    expect(objectiveStands(end).filter((o) => o.players.length > 1)).toEqual([{ objective: 1, units: ['a2', 'b1'], players: ['p1', 'p2'] }]);
  });

  it('the round news says nobody scores it, before the next round begins', () => {
    const before = begun();
    const words = tell(happeningsOf(events.reduce(apply, before), events, { before, names: { p1: 'Alice', p2: 'Bob' } }));
    const contested = words.findIndex((w) => /^Objective 1 is contested \(\w+ and \w+\): nobody scores it\.$/.test(w));
    expect(contested).toBeGreaterThanOrEqual(0);
    expect(words.indexOf('Round 2 begins.')).toBeGreaterThan(contested);
  });

  it('a match that ends at that round end (the round limit) says it too, before the result (playtest round 19)', () => {
    const last = scenarioSchema.parse({ ...raw, options: { ...raw.options, roundLimit: 1 }, expect: undefined });
    const ended = runScenario(last, content).steps.flatMap((st) => (st.ok ? st.events : []));
    expect(ended.some((e) => e.type === 'game-over')).toBe(true);
    const start = scenarioState(last, content);
    const r = decide(start, { begin: true });
    if (!('events' in r)) throw new Error('the scenario does not begin');
    const before = r.events.reduce(apply, start);
    const words = tell(happeningsOf(ended.reduce(apply, before), ended, { before, names: { p1: 'Alice', p2: 'Bob' } }));
    const contested = words.findIndex((w) => /^Objective 1 is contested \(\w+ and \w+\): nobody scores it\.$/.test(w));
    expect(contested).toBeGreaterThanOrEqual(0);
    expect(words.findIndex((w) => /round limit/i.test(w))).toBeGreaterThan(contested);
  });
});
