/**
 * SC Army Selection (SC Set-up 1, 2, 6; rulings SC1, SC110): an army list's core force and its two
 * reserve forces, as the format reads them and the army check judges them.
 */
import { describe, expect, it } from 'vitest';
import { checkArmy } from '../../../src/rulesets/sword-and-claw/army-check';
import { loadScContent } from '../../../src/rulesets/sword-and-claw/content';
import { type Army, armyLine, parseArmyLine, parseArmyText } from '../../../src/rulesets/sword-and-claw/formats/army';

const loaded = loadScContent();
if (!loaded.ok) throw new Error('content');
const { troops } = loaded.value;

/** Humans: crossbowman 16, spearman 12, captain 30 points. */
const army = (units: Army['units'], reserves?: [Army['units'], Army['units']]): Army => ({
  ruleset: 'sword-and-claw',
  name: 'A',
  faction: 'humans',
  sample: false,
  units,
  ...(reserves ? { reserves: reserves.map((u) => ({ units: u })) } : {}),
});
const codes = (a: Army) => checkArmy(a, troops, { points: 200 }).problems.map((p) => `${p.code} ${p.path}`);

describe('SC Army Selection: the army list format (core + reserves)', () => {
  it('reads an army with two reserve forces; a list without them (written before reserves) still reads as a core force alone', () => {
    const old = parseArmyText(
      JSON.stringify({ ruleset: 'sword-and-claw', name: 'Old', faction: 'humans', units: [{ troop: 'human-spearman', count: 4 }] }),
      'old.json',
    );
    expect(old.ok && old.value.reserves).toBeUndefined();
    const text = JSON.stringify({
      ruleset: 'sword-and-claw',
      name: 'New',
      faction: 'humans',
      units: [{ troop: 'human-captain' }, { troop: 'human-spearman', count: 6 }],
      reserves: [{ name: 'Crossbow line', units: [{ troop: 'human-crossbowman', count: 4 }] }, { units: [{ troop: 'human-spearman', count: 5 }] }],
    });
    const r = parseArmyText(text, 'new.json');
    expect(r.ok && r.value.reserves).toEqual([
      { name: 'Crossbow line', units: [{ troop: 'human-crossbowman', count: 4 }] },
      { units: [{ troop: 'human-spearman', count: 5 }] },
    ]);
  });

  it('asks for exactly two reserves, each with troops, and names a misspelt key', () => {
    const base = { ruleset: 'sword-and-claw', name: 'A', faction: 'humans', units: [{ troop: 'human-spearman' }] };
    const one = parseArmyText(JSON.stringify({ ...base, reserves: [{ units: [{ troop: 'human-spearman' }] }] }), 'a.json');
    expect(one.ok ? [] : one.problems.map((p) => p.path)).toEqual(['reserves']);
    const empty = parseArmyText(JSON.stringify({ ...base, reserves: [{ units: [] }, { units: [{ troop: 'human-spearman' }] }] }), 'a.json');
    expect(empty.ok ? [] : empty.problems.map((p) => p.path)).toEqual(['reserves[0].units']);
    const typo = parseArmyText(JSON.stringify({ ...base, reserve: [] }), 'a.json');
    expect(typo.ok ? [] : typo.problems).toEqual([{ path: 'reserve', message: 'unknown key (not part of the format; check the spelling)' }]);
  });

  it('the chat form takes two more parts for the reserves, and writes them back', () => {
    const r = parseArmyLine('Iron Company | humans | human-captain, 6 human-spearman | 4 human-crossbowman | human-spearman x5');
    expect(r.ok && r.value.reserves).toEqual([{ units: [{ troop: 'human-crossbowman', count: 4 }] }, { units: [{ troop: 'human-spearman', count: 5 }] }]);
    if (r.ok) expect(armyLine(r.value)).toBe('Iron Company | humans | human-captain, 6 human-spearman | 4 human-crossbowman | 5 human-spearman');
    if (r.ok) expect(parseArmyText(armyLine(r.value))).toEqual(r);
    expect(parseArmyLine('A | humans | human-captain | 4 human-crossbowman')).toMatchObject({ ok: false, problems: [{ message: /missing reserves\[1\]/ }] });
    expect(parseArmyLine('A | humans | human-captain | 4 human-crossbowman | two spearmen')).toMatchObject({
      ok: false,
      problems: [{ path: 'reserves[1].units[0]' }],
    });
  });
});

describe('SC Army Selection: the army check (SC Set-up 6; ruling SC110)', () => {
  it('takes a core of at least half the points and two reserves each within the points the core leaves', () => {
    // Core 30 + 72 = 102 of 200 leaves 98: reserves of 96 and 90. The army fields 102 + 96 at most.
    const core = [
      { troop: 'human-captain', count: 1 },
      { troop: 'human-spearman', count: 6 },
    ];
    const second = [
      { troop: 'human-captain', count: 1 },
      { troop: 'human-crossbowman', count: 3 },
      { troop: 'human-spearman', count: 1 },
    ];
    expect(checkArmy(army(core, [[{ troop: 'human-crossbowman', count: 6 }], second]), troops, { points: 200 })).toEqual({
      points: 198,
      problems: [],
      core: 102,
      reserves: [96, 90],
    });
  });

  it('refuses an army with over half of its points on the reserves: the core must be at least half', () => {
    // Core 96 of 200: under the 100 the core must have, though each reserve (96) is within the 104 left.
    const a = army([{ troop: 'human-spearman', count: 8 }], [[{ troop: 'human-crossbowman', count: 6 }], [{ troop: 'human-spearman', count: 8 }]]);
    expect(checkArmy(a, troops, { points: 200 }).problems).toEqual([
      { code: 'core-under-half', path: 'units', message: "the core force costs 96 points; at least half of the battle's 200 (100) must be spent on it" },
    ]);
    // Exactly half (5 × 12 + 16 + 24 = 100) is enough.
    const half = [
      { troop: 'human-spearman', count: 7 },
      { troop: 'human-crossbowman', count: 1 },
    ];
    expect(codes(army(half, [[{ troop: 'human-spearman', count: 8 }], [{ troop: 'human-captain', count: 3 }]]))).toEqual([]);
  });

  it('refuses a reserve worth more than the points the core leaves, naming which', () => {
    // Core 150 leaves 50: a reserve of 48 fits, one of 60 does not.
    const core = [
      { troop: 'human-captain', count: 1 },
      { troop: 'human-spearman', count: 10 },
    ];
    const a = army(core, [[{ troop: 'human-crossbowman', count: 3 }], [{ troop: 'human-captain', count: 2 }]]);
    expect(checkArmy(a, troops, { points: 200 }).problems).toEqual([
      { code: 'reserve-over-points', path: 'reserves[1]', message: "the second reserve costs 60 points; the core force (150) leaves 50 of the battle's 200" },
    ]);
    expect(codes(army(core, [[{ troop: 'human-captain', count: 2 }], [{ troop: 'human-crossbowman', count: 3 }]]))).toEqual([
      'reserve-over-points reserves[0]',
    ]);
  });

  it('checks the reserves’ troops as the core’s: one faction, every troop known with a suggestion', () => {
    const a = army([{ troop: 'human-captain', count: 4 }], [[{ troop: 'reptilian-skirmisher', count: 1 }], [{ troop: 'human-crosbowman', count: 1 }]]);
    expect(checkArmy(a, troops, { points: 200 }).problems).toEqual([
      {
        code: 'mixed-faction',
        path: 'reserves[0].units[0].troop',
        message: '"reptilian-skirmisher" is a reptilians troop; a humans army takes humans troops only',
      },
      { code: 'unknown-troop', path: 'reserves[1].units[0].troop', message: 'no troop card "human-crosbowman" (did you mean "human-crossbowman"?)' },
    ]);
  });

  it('ruling SC1: a list without reserves is a core force alone, which may spend the whole total or less', () => {
    expect(codes(army([{ troop: 'human-spearman', count: 2 }]))).toEqual([]);
    expect(codes(army([{ troop: 'human-crossbowman', count: 13 }]))).toEqual(['over-points units']);
  });
});
