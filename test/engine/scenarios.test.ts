/**
 * Runs every scenario in test/scenarios: each names the rule it checks and carries an `expect` that
 * the report must match (a partial deep match: only what is written is checked).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/cli/scenario-runner';
import { defaultContent } from '../../src/content/load';
import { formatProblems, parseWith } from '../../src/formats/problems';
import { scenarioSchema } from '../../src/formats/scenario';

const dir = join(import.meta.dirname, '..', 'scenarios');
const content = defaultContent();

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
