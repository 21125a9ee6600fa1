/**
 * The engine's public API (src/engine/index.ts) names its exports one by one, so what the rest of the
 * code may use is a list a reader can see, and helpers such as the LRU map stay out of it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as engine from '../../src/engine';
import * as sellsword from '../../src/rulesets/sellsword/engine';

describe("the engine's public API", () => {
  it('lists its exports by name, never re-exporting a whole module', () => {
    const index = readFileSync(new URL('../../src/engine/index.ts', import.meta.url), 'utf8');
    expect(index).not.toMatch(/export \*/);
  });

  it("leaves internal helpers out, and Sellsword's rules to its own index", () => {
    expect(Object.keys(engine)).not.toContain('Lru');
    expect(Object.keys(engine)).toContain('buildBoard');
    expect(Object.keys(engine)).not.toContain('decide');
    expect(Object.keys(sellsword)).not.toContain('Lru');
    expect(Object.keys(sellsword)).toContain('decide');
  });
});
