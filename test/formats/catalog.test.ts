import { describe, expect, it } from 'vitest';
import { catalogSchema, indexCatalogs } from '../../src/rulesets/sellsword/formats/catalog';
import { formatProblems } from '../../src/formats/problems';
import { probe } from '../fixtures/problems';

const card = (id: string) => ({
  id,
  name: 'Unit',
  faction: 'valor',
  quality: 3,
  size: 'small',
  cost: 10,
  stats: { agility: 10, brawn: 10, spirit: 10, wits: 10, move: 5, armor: 12, vigor: 10 },
  injuries: ['mortal'],
});
const mod = (id: string) => ({ id, name: 'Mod', faction: 'valor', cost: 3 });

const { parsed, problems } = probe(catalogSchema, 'catalog');

describe('catalog schema', () => {
  it('loads a catalog and defaults units and mods to []', () => {
    const c = parsed({ id: 'core', name: 'Core', units: [card('valor-squire'), card('valor-serf')], mods: [mod('valor-banner')] });
    expect(c.units.map((u) => u.id)).toEqual(['valor-squire', 'valor-serf']);
    expect(c.mods.map((m) => m.id)).toEqual(['valor-banner']);
    expect(parsed({ id: 'empty', name: 'Empty' })).toEqual({ id: 'empty', name: 'Empty', units: [], mods: [] });
  });

  it('reports a duplicate unit id at the second one, naming the first', () => {
    const found = problems({ id: 'core', name: 'Core', units: [card('valor-squire'), card('valor-serf'), card('valor-squire')] });
    expect(found).toEqual([{ path: 'units[2].id', message: expect.stringMatching(/duplicate card id "valor-squire" \(also at units\[0\]\)/) }]);
  });

  it('reports a mod sharing an id with a unit at the mod, naming the unit', () => {
    const found = problems({ id: 'core', name: 'Core', units: [card('valor-squire')], mods: [mod('valor-banner'), mod('valor-squire')] });
    expect(found).toEqual([{ path: 'mods[1].id', message: expect.stringMatching(/duplicate card id "valor-squire" \(also at units\[0\]\)/) }]);
  });

  it('reports a duplicate mod id', () => {
    const found = problems({ id: 'core', name: 'Core', mods: [mod('valor-banner'), mod('valor-banner')] });
    expect(found).toEqual([{ path: 'mods[1].id', message: expect.stringMatching(/"valor-banner" \(also at mods\[0\]\)/) }]);
  });

  it('passes on card problems with the full path, and rejects unknown keys', () => {
    const found = problems({ id: 'core', name: 'Core', units: [card('valor-squire'), { ...card('valor-serf'), quality: 'low' }], extra: 1 });
    expect(found).toContainEqual({ path: 'units[1].quality', message: expect.stringMatching(/expected a number, got "low"/) });
    expect(found).toContainEqual({ path: 'extra', message: expect.stringMatching(/unknown key/) });
    expect(problems({ id: 'Core Set', name: 'Core' })).toContainEqual({ path: 'id', message: expect.stringMatching(/expected an id/) });
  });
});

describe('indexCatalogs', () => {
  const core = parsed({ id: 'core', name: 'Core', units: [card('valor-squire'), card('havoc-ghoul')], mods: [mod('valor-banner')] });
  const league = parsed({ id: 'league', name: 'League', units: [card('valor-knight')], mods: [mod('havoc-aura')] });

  it('merges the units and mods of several catalogs by id', () => {
    const r = indexCatalogs([core, league]);
    if (!r.ok) throw new Error(formatProblems(r.problems));
    expect([...r.value.units.keys()].sort()).toEqual(['havoc-ghoul', 'valor-knight', 'valor-squire']);
    expect([...r.value.mods.keys()].sort()).toEqual(['havoc-aura', 'valor-banner']);
    expect(r.value.units.get('valor-knight')).toBe(league.units[0]);
    expect(r.value.mods.get('valor-banner')).toBe(core.mods[0]);
  });

  it('indexes no catalogs as empty', () => {
    const r = indexCatalogs([]);
    expect(r.ok && r.value.units.size + r.value.mods.size).toBe(0);
  });

  it('reports an id duplicated across catalogs, naming the first', () => {
    const clash = parsed({ id: 'clash', name: 'Clash', units: [card('valor-knight2'), card('valor-squire')] });
    const r = indexCatalogs([core, clash]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      { path: 'clash.units[1].id', message: expect.stringMatching(/duplicate id "valor-squire" \(also at core\.units\[0\]\).*unique across/) },
    ]);
  });

  it('reports a mod in one catalog sharing an id with a unit in another', () => {
    const clash = parsed({ id: 'clash', name: 'Clash', mods: [mod('havoc-ghoul')] });
    const r = indexCatalogs([core, clash]);
    expect(r.ok ? [] : r.problems).toEqual([
      { path: 'clash.mods[0].id', message: expect.stringMatching(/duplicate id "havoc-ghoul" \(also at core\.units\[1\]\)/) },
    ]);
  });
});
