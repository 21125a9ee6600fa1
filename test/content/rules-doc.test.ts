import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withRules } from '../../src/content/rules-doc';
import { RULESETS } from '../../src/rulesets';

describe('docs/playing.md', () => {
  it('has the same rules by topic that /rules shows (npm run docs:rules rewrites them)', () => {
    const doc = readFileSync(new URL('../../docs/playing.md', import.meta.url), 'utf8');
    expect(withRules(doc, RULESETS[0]!.rules)).toBe(doc);
  });
});
