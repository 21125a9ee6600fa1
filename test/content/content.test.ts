import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogCoverage, factionProblems, mapCoverage, mapProblems } from '../../src/rulesets/sellsword/coverage';
import { CONTENT_DIR, loadContent } from '../../src/content/load';

describe('the shipped Northlands content', () => {
  const loaded = loadContent();
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  const { catalogs, maps, index } = loaded.value;

  it('covers every item the catalog must have', () => {
    const missing = catalogCoverage(catalogs)
      .filter((i) => i.where.length === 0)
      .map((i) => i.item);
    expect(missing).toEqual([]);
    expect(factionProblems(catalogs)).toEqual([]);
  });

  it('ships the Gray Necromancer as the rulebook gives it', () => {
    const gn = index.units.get('havoc-gray-necromancer')!;
    expect(gn.cost).toBe(31);
    expect(gn.attacks.map((a) => a.name)).toEqual(['Sacrificial Dagger', 'Grave Blast']);
    expect(gn.traits).toEqual(
      expect.arrayContaining([
        { trait: 'immune', wound: 5, type: 'cold' },
        { trait: 'immune', wound: 5, type: 'fear' },
        expect.objectContaining({ trait: 'aura', name: 'Channel the Grave' }),
        expect.objectContaining({ trait: 'act', id: 'ritual', cost: { vigor: 10 } }),
      ]),
    );
  });

  it('covers every terrain and map feature, on 4+ maps of 14–24 squares a side', () => {
    const missing = mapCoverage([...maps.values()])
      .filter((i) => i.where.length === 0)
      .map((i) => i.item);
    expect(missing).toEqual([]);
    expect(mapProblems([...maps.values()])).toEqual([]);
    expect(maps.has('mill-crossing')).toBe(true);
  });

  it('121 points buy 4 to 8 units of either faction', () => {
    for (const faction of ['havoc', 'valor']) {
      const costs = [...index.units.values()]
        .filter((u) => u.faction === faction && u.fantasy <= 2)
        .map((u) => u.cost)
        .sort((a, b) => a - b);
      // R1 allows repeats, so eight of the cheapest card must fit, and four of the dearest must fill most of the cap.
      expect(costs[0]! * 8, faction).toBeLessThanOrEqual(121);
      const dearest4 = costs.slice(-4).reduce((s, c) => s + c, 0);
      expect(dearest4, faction).toBeGreaterThanOrEqual(121 * 0.8);
      expect(dearest4, faction).toBeLessThanOrEqual(121 + 30);
    }
  });
});

describe('loading broken content', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sellsword-content-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(CONTENT_DIR, dir, { recursive: true });

  it('names the file and path of every problem and loads nothing', () => {
    writeFileSync(join(dir, 'maps', 'broken.json'), JSON.stringify({ id: 'broken', name: 'Broken', grid: ['11..', '..22'] }));
    writeFileSync(join(dir, 'maps', 'typo.yaml'), 'id: typo\nname: [unclosed\n');
    const r = loadContent(dir);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toContainEqual({ path: 'maps/broken.json: grid', message: expect.stringMatching(/at least 6 items/) });
    expect(r.problems).toContainEqual({ path: 'maps/typo.yaml', message: expect.stringMatching(/^not valid YAML at line/) });
  });

  it('refuses a map whose id does not match its file, and ids repeated across catalogs', () => {
    rmSync(join(dir, 'maps', 'broken.json'));
    rmSync(join(dir, 'maps', 'typo.yaml'));
    writeFileSync(
      join(dir, 'catalogs', 'zz-extra.json'), // sorts after northlands.json, so the repeat is found in it
      JSON.stringify({ id: 'extra', name: 'Extra', mods: [{ id: 'valor-banner', name: 'Banner Again', faction: 'valor', cost: 1 }] }),
    );
    const r = loadContent(dir);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.problems).toContainEqual({
        path: 'extra.mods[0].id',
        message: expect.stringMatching(/duplicate id "valor-banner" \(also at northlands\.mods\[\d+\]\)/),
      });
  });
});
