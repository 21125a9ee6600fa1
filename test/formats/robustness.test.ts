/**
 * Malformed input never crashes a loader and never half-loads: every schema either returns a value or
 * a list of problems, each with a path and a message, whatever it is fed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { defaultContent } from '../../src/content/load';
import { unitCardSchema } from '../../src/rulesets/sellsword/formats/card';
import { catalogSchema } from '../../src/rulesets/sellsword/formats/catalog';
import { gridmapSchema } from '../../src/formats/gridmap';
import { modCardSchema } from '../../src/rulesets/sellsword/formats/mod';
import { parseWith } from '../../src/formats/problems';
import { scenarioSchema } from '../../src/rulesets/sellsword/formats/scenario';
import { parseWarbandText, warbandSchema } from '../../src/rulesets/sellsword/formats/warband';
import { smallMap } from '../fixtures/maps';

const content = defaultContent();
const aCard = JSON.parse(JSON.stringify(content.index.units.get('havoc-gray-necromancer'))) as unknown;
const aMod = JSON.parse(JSON.stringify(content.index.mods.get('havoc-infernal-aura'))) as unknown;
const aWarband = { name: 'W', faction: 'valor', map: 'mill-crossing', units: [{ card: 'valor-squire', mod: 'valor-shield-wall' }] };
const aScenario = {
  map: smallMap,
  players: ['p1', 'p2'],
  start: { round: 1, order: ['p1', 'p2'] },
  units: [{ id: 'a', card: 'valor-squire', player: 'p1', at: 'C2' }],
  dice: [10],
  steps: [{ act: 'move', unit: 'a', path: ['C3'] }, { end: 'a' }],
};

/** Replaces the value at a random path inside `doc` with `junk`. */
function mutate(doc: unknown, picks: number[], junk: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(doc)) as unknown;
  let parent: Record<string, unknown> | unknown[] | null = null;
  let key: string | number | null = null;
  let node: unknown = copy;
  for (const pick of picks) {
    if (typeof node !== 'object' || node === null) break;
    const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    if (keys.length === 0) break;
    parent = node as Record<string, unknown>;
    key = keys[pick % keys.length]!;
    node = (parent as Record<string | number, unknown>)[key];
  }
  if (parent === null || key === null) return junk;
  (parent as Record<string | number, unknown>)[key] = junk;
  return copy;
}

const cases: [string, z.ZodType, unknown][] = [
  ['unit card', unitCardSchema, aCard],
  ['mod card', modCardSchema, aMod],
  ['catalog', catalogSchema, { id: 'c', name: 'C', units: [aCard], mods: [aMod] }],
  ['gridmap', gridmapSchema, smallMap],
  ['warband', warbandSchema, aWarband],
  ['scenario', scenarioSchema, aScenario],
];

describe('loaders never throw', () => {
  for (const [name, schema, valid] of cases) {
    it(`${name}: the valid sample loads`, () => {
      expect(parseWith(schema, valid).ok).toBe(true);
    });

    it(`${name}: arbitrary values give problems, not exceptions`, () => {
      fc.assert(
        fc.property(fc.anything(), (value) => {
          const r = parseWith(schema, value);
          if (!r.ok) for (const p of r.problems) expect(p.message.length).toBeGreaterThan(0);
        }),
        { numRuns: 200 },
      );
    });

    it(`${name}: a valid document with one value broken gives problems with paths`, () => {
      fc.assert(
        fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), fc.anything({ maxDepth: 2 }), (picks, junk) => {
          const r = parseWith(schema, mutate(valid, picks, junk));
          if (!r.ok) {
            expect(r.problems.length).toBeGreaterThan(0);
            for (const p of r.problems) expect(typeof p.path).toBe('string');
          }
        }),
        { numRuns: 300 },
      );
    });
  }

  it('warband text of any kind gives a warband or problems', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.constantFrom(undefined, 'w.json', 'w.yaml'), (text, file) => {
        const r = parseWarbandText(text, file);
        if (!r.ok) expect(r.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('stored forms re-load unchanged', () => {
  it('every shipped card and mod parses to itself again (so the canonical JSON can be stored)', () => {
    for (const card of content.index.units.values()) expect(unitCardSchema.parse(JSON.parse(JSON.stringify(card)))).toEqual(card);
    for (const mod of content.index.mods.values()) expect(modCardSchema.parse(JSON.parse(JSON.stringify(mod)))).toEqual(mod);
    for (const map of content.maps.values()) expect(gridmapSchema.parse(JSON.parse(JSON.stringify(map)))).toEqual(map);
  });
});
