import { describe, expect, it } from 'vitest';
import { parseWith } from '../../../src/formats/problems';
import { checkArmy } from '../../../src/rulesets/sword-and-claw/army-check';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { armyLine, parseArmyLine, parseArmyText } from '../../../src/rulesets/sword-and-claw/formats/army';
import { indexTroops, troopCatalogSchema } from '../../../src/rulesets/sword-and-claw/formats/catalog';
import { depthOf, scMapSchema, terrainOf } from '../../../src/rulesets/sword-and-claw/formats/map';
import { troopCardSchema } from '../../../src/rulesets/sword-and-claw/formats/troop-card';

/** SC Troops: the rulebook's own example card, written in the format. */
const crossbowman = {
  id: 'human-crossbowman',
  name: 'Human Crossbowman',
  faction: 'humans',
  points: 16,
  armor: 'Leather',
  move: 4,
  str: 0,
  defense: { melee: 5, ranged: 6 },
  toWound: '3 / 7',
  wounds: 2,
  heal: 2,
  size: 'medium',
  attacks: [
    {
      or: [
        { id: 'shortsword', name: 'Shortsword', toHit: -1, dmg: 'd6', atk: 1 },
        { id: 'crossbow', name: 'Crossbow', toHit: 1, dmg: 'd6+3', range: '6/12/18', atk: 1, qualities: ['Requires Reload', 'two-handed'] },
      ],
    },
  ],
};

const card = (over: Record<string, unknown>) => ({ ...crossbowman, ...over });
const problems = (value: unknown) => {
  const r = parseWith(troopCardSchema, value);
  return r.ok ? [] : r.problems;
};

describe('Sword and Claw troop card (SC Troops)', () => {
  it('reads the rulebook Human Crossbowman: defenses, To Wound, and its attacks as one "Or" group', () => {
    const r = parseWith(troopCardSchema, crossbowman);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({ points: 16, armor: 'Leather', shield: false, move: 4, str: 0, defense: { melee: 5, ranged: 6 }, wounds: 2, heal: 2 });
    expect(r.value.toWound).toEqual({ steps: [3, 7], then: null });
    expect(r.value.attacks).toHaveLength(1);
    const [sword, bow] = r.value.attacks[0]!;
    expect(sword).toEqual({ id: 'shortsword', name: 'Shortsword', toHit: -1, dmg: { bonus: 0 }, atk: 1, qualities: [] });
    expect(bow).toMatchObject({ toHit: 1, dmg: { bonus: 3 }, range: { short: 6, medium: 12, long: 18 } });
    expect(bow!.qualities).toEqual([{ name: 'Requires Reload' }, { name: 'Two-Handed' }]);
  });

  it('attacks not joined by "Or" are separate groups, each of which the unit may make', () => {
    const r = parseWith(
      troopCardSchema,
      card({
        attacks: [
          { id: 'axe', name: 'Axe', toHit: 1, dmg: 'd6+2' },
          { id: 'maul', name: 'Maul', toHit: 0, dmg: 'D6 + 4', atk: 2 },
        ],
      }),
    );
    expect(r.ok && r.value.attacks.map((g) => g.map((a) => [a.id, a.dmg.bonus, a.atk]))).toEqual([[['axe', 2, 1]], [['maul', 4, 2]]]);
  });

  it('reads To Wound with a "+x" step, and refuses thresholds that do not rise', () => {
    expect(parseWith(troopCardSchema, card({ toWound: '4/9/+5' }))).toMatchObject({ ok: true, value: { toWound: { steps: [4, 9], then: 5 } } });
    expect(parseWith(troopCardSchema, card({ toWound: 5 }))).toMatchObject({ ok: true, value: { toWound: { steps: [5], then: null } } });
    expect(problems(card({ toWound: '7/3' }))).toEqual([{ path: 'toWound', message: 'To Wound numbers rise from left to right; got "7/3"' }]);
    expect(problems(card({ toWound: '+3' }))[0]!.message).toMatch(/expected To Wound as the card prints it/);
    expect(problems(card({ toWound: '3/+2/7' }))[0]!.message).toMatch(/expected To Wound/);
  });

  it('refuses a card with a Spellcaster level with a sentence', () => {
    expect(problems(card({ spellcaster: 2 }))).toEqual([
      {
        path: 'spellcaster',
        message: 'Spellcasters cannot be played yet: the rulebook gives no spell list, so a troop with a Spellcaster level has no spells to choose',
      },
    ]);
  });

  it('names unknown qualities, a quality missing its size, bad damage and ranges', () => {
    const attack = (over: Record<string, unknown>) => card({ attacks: [{ id: 'a', name: 'A', toHit: 0, dmg: 'd6', ...over }] });
    expect(problems(card({ qualities: ['Sneaky'] }))[0]!.message).toMatch(/unknown troop quality "Sneaky"; expected one of Aquatic/);
    expect(problems(attack({ qualities: ['Sweep'] }))).toEqual([{ path: 'attacks[0].qualities[0]', message: 'Sweep needs its size, like "Sweep 3"' }]);
    expect(parseWith(troopCardSchema, attack({ qualities: ['sweep 4', 'Cone(6)'] }))).toMatchObject({
      ok: true,
      value: {
        attacks: [
          [
            {
              qualities: [
                { name: 'Sweep', value: 4 },
                { name: 'Cone', value: 6 },
              ],
            },
          ],
        ],
      },
    });
    expect(problems(attack({ qualities: ['Reach 2'] }))[0]!.message).toBe('Reach takes no number');
    expect(problems(attack({ dmg: 'd8+1' }))[0]!.message).toMatch(/expected damage as a d6 and a bonus/);
    expect(problems(attack({ range: '12/6/18' }))[0]!.message).toMatch(/three rising ranges/);
    expect(
      problems(
        card({
          attacks: [
            {
              or: [
                { id: 'a', name: 'A', toHit: 0, dmg: 'd6' },
                { id: 'a', name: 'B', toHit: 0, dmg: 'd6' },
              ],
            },
          ],
        }),
      ),
    ).toEqual([{ path: 'attacks[0].or[1].id', message: 'duplicate attack id "a" (also at attacks[0].or[0])' }]);
    expect(problems(card({ size: 'big' }))[0]!.path).toBe('size');
  });
});

describe('Sword and Claw catalog, army list and map (SC Set-up 1, 2, 6)', () => {
  const catalog = { ruleset: 'sword-and-claw', id: 'test', name: 'Test', troops: [crossbowman, card({ id: 'orc', name: 'Orc', faction: 'orcs', points: 9 })] };
  const troops = (() => {
    const c = parseWith(troopCatalogSchema, catalog);
    if (!c.ok) throw new Error('catalog');
    const i = indexTroops([c.value]);
    if (!i.ok) throw new Error('index');
    return i.value;
  })();

  it('a document without "ruleset": "sword-and-claw" is not read as one', () => {
    const { ruleset: _, ...bare } = catalog;
    const r = parseWith(troopCatalogSchema, bare);
    expect(r.ok ? [] : r.problems).toEqual([{ path: 'ruleset', message: 'is missing (expected "sword-and-claw")' }]);
    expect(parseArmyText(JSON.stringify({ name: 'X', faction: 'humans', units: [{ troop: 'human-crossbowman' }] }), 'x.json').ok).toBe(false);
  });

  it('reads the army list chat form in its count spellings, and writes it back', () => {
    const r = parseArmyLine('Iron Company | Humans | 4 human-crossbowman, human-spearman x2, 3x human-captain, human-archer');
    expect(r).toEqual({
      ok: true,
      value: {
        ruleset: 'sword-and-claw',
        name: 'Iron Company',
        faction: 'humans',
        sample: false,
        units: [
          { troop: 'human-crossbowman', count: 4 },
          { troop: 'human-spearman', count: 2 },
          { troop: 'human-captain', count: 3 },
          { troop: 'human-archer', count: 1 },
        ],
      },
    });
    if (r.ok) expect(parseArmyText(armyLine(r.value))).toEqual(r);
    expect(parseArmyLine('Iron Company | humans')).toMatchObject({ ok: false, problems: [{ message: /missing units/ }] });
    expect(parseArmyLine('Iron Company | humans | two crossbowmen')).toMatchObject({ ok: false, problems: [{ path: 'units[0]' }] });
  });

  it('the army check: one faction, within the points, every troop known (with a suggestion)', () => {
    const army = (units: { troop: string; count: number }[], faction = 'humans') => ({
      ruleset: 'sword-and-claw' as const,
      name: 'A',
      faction,
      sample: false,
      units,
    });
    expect(checkArmy(army([{ troop: 'human-crossbowman', count: 12 }]), troops, { points: 200 })).toEqual({ points: 192, problems: [] });
    expect(checkArmy(army([{ troop: 'human-crossbowman', count: 13 }]), troops, { points: 200 }).problems).toEqual([
      { code: 'over-points', path: 'units', message: 'the army costs 208 points; this battle allows 200 a side' },
    ]);
    expect(checkArmy(army([{ troop: 'orc', count: 1 }]), troops).problems.map((p) => p.code)).toEqual(['mixed-faction']);
    expect(checkArmy(army([{ troop: 'human-crosbowman', count: 1 }]), troops).problems[0]!.message).toBe(
      'no troop card "human-crosbowman" (did you mean "human-crossbowman"?)',
    );
  });

  it('the map legend: clear, hard blocking, difficult, trees, water 1 to 4 deep (SC68); any other character is named', () => {
    const grid = ['......', '..##..', '..^^%.', '.1234.', '......', '......'];
    const r = parseWith(scMapSchema, { ruleset: 'sword-and-claw', id: 'm', name: 'M', grid });
    expect(r.ok && terrainOf(r.value).slice(6, 18).join(' ')).toBe('clear clear blocking blocking clear clear clear clear difficult difficult light clear');
    expect(r.ok && terrainOf(r.value).slice(18, 24).join(' ')).toBe('clear water water water water clear');
    expect(r.ok && depthOf(r.value).slice(12, 24).join('')).toBe('000000012340');
    const bad = parseWith(scMapSchema, { ruleset: 'sword-and-claw', id: 'm', name: 'M', grid: ['..b...', ...grid.slice(1)] });
    expect(bad.ok ? [] : bad.problems).toEqual([{ path: 'grid[0]', message: 'C1: "b" is not a map character (use 1 2 3 4 . # ^ %)' }]);
  });
});

describe('Sword and Claw shipped content', () => {
  it('loads: the rulebook crossbowman, sample troops and factions, eight sample armies (one a twenty-strong host, one with reserve forces) and three maps (one with water), each legal and marked as sample', () => {
    const r = loadScContent();
    if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
    const { catalogs, troops, armies, maps } = r.value;
    expect(troops.get('human-crossbowman')?.name).toBe('Human Crossbowman');
    expect(catalogs.find((c) => c.troops.some((t) => t.id === 'human-crossbowman'))?.sample).toBe(false);
    expect(catalogs.filter((c) => c.id !== 'rulebook').every((c) => c.sample)).toBe(true);
    expect([...armies.keys()]).toEqual([
      'iron-company',
      'mire-raiders',
      'mire-skirmish-host',
      'night-snare-hunt',
      'reed-wardens',
      'slagwall-foundry',
      'smeltworks-watch',
      'winter-moon-hunt',
    ]);
    expect(armies.get('mire-skirmish-host')!.units.reduce((n, u) => n + u.count, 0)).toBe(20);
    for (const army of armies.values()) {
      expect(army.sample).toBe(true);
      expect(checkArmy(army, troops).problems).toEqual([]);
    }
    expect(new Set([...armies.values()].map((a) => a.faction)).size).toBe(4);
    expect(maps.get('reed-ford')?.sample).toBe(true);
    expect(maps.get('long-marsh')?.grid.map((row) => row.length)).toEqual(Array(24).fill(36));
    expect(maps.get('reed-river')?.grid.join('')).toMatch(/2332.*1111.*2332/);
  });
});
