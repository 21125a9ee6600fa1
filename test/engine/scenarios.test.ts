/**
 * Runs every scenario in test/scenarios: each names the rule it checks and carries an `expect` that
 * the report must match (a partial deep match: only what is written is checked). Cards used by more
 * than one scenario live once in test/scenarios/catalog; no card is written out twice.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/rulesets/sellsword/scenario-runner';
import { scenarioContent } from '../fixtures/scenario-content';
import { formatProblems, parseWith } from '../../src/formats/problems';
import { scenarioSchema } from '../../src/formats/scenario';
import { rulesetOf } from '../../src/rulesets';

const dir = join(import.meta.dirname, '..', 'scenarios');
// The test cards the scenarios share (test/scenarios/catalog), beside the shipped catalog; a scenario's
// own `cards` add to both, and win over a shared card of the same id.
const content = scenarioContent();

describe('rules scenarios', () => {
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { name?: string; expect?: unknown };
    it(`${file}: ${raw.name ?? '(unnamed)'}`, () => {
      const parsed = parseWith(scenarioSchema, raw);
      if (!parsed.ok) throw new Error(formatProblems(parsed.problems));
      expect(raw.name, 'every scenario names the rule it checks').toMatch(/§\d|R\d/);
      expect(raw.expect, 'every scenario says what it expects').toBeDefined();
      const report = runScenario(parsed.value, content);
      expect(report).toMatchObject(raw.expect as object);
    });
  }
});

// Sword and Claw's scenarios (docs/formats.md "Sword and Claw: scenario") run through the registry, as
// `npm run scenario` runs them; each names the section or ruling it checks (`SC Movement a`, `SC12`).
const scDir = join(dir, 'sword-and-claw');

describe('Sword and Claw rules scenarios', () => {
  const runner = rulesetOf('sword-and-claw');
  for (const file of readdirSync(scDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const raw = JSON.parse(readFileSync(join(scDir, file), 'utf8')) as { name?: string; expect?: unknown };
    it(`${file}: ${raw.name ?? '(unnamed)'}`, () => {
      expect(raw.name, 'every scenario names the rule it checks').toMatch(/SC ?\d|SC [A-Z]/);
      expect(raw.expect, 'every scenario says what it expects').toBeDefined();
      if (!runner.ok || !runner.ruleset.scenario) throw new Error('Sword and Claw has no scenario runner');
      const run = runner.ruleset.scenario.run(raw);
      if (!run.ok) throw new Error(run.problems);
      expect(run.report).toMatchObject(raw.expect as object);
    });
  }
});

describe("the scenarios' shared test cards", () => {
  it('leave no card written out in two scenario files', () => {
    const seen = new Map<string, string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { cards?: unknown[] };
      for (const card of raw.cards ?? []) {
        const key = JSON.stringify(card);
        expect(seen.get(key), `${file} repeats a card of ${seen.get(key)}; move it to test/scenarios/catalog`).toBeUndefined();
        seen.set(key, file);
      }
    }
  });
});
