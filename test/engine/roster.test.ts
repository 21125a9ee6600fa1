import { describe, expect, it } from 'vitest';
import { defaultContent } from '../../src/content/load';
import { checkWarband, DEFAULT_LIMITS, unitCost } from '../../src/rulesets/sellsword/engine/roster';
import type { Warband } from '../../src/rulesets/sellsword/formats/warband';
import { testIndex } from '../fixtures/catalog';

const band = (units: Warband['units'], over: Partial<Warband> = {}): Warband => ({ name: 'Test Band', faction: 'valor', map: 'test-map', units, ...over });

describe('R1 warband legality', () => {
  it('accepts a legal warband', () => {
    expect(checkWarband(band([{ card: 'v-squire', mod: 'v-shield' }, { card: 'v-levy' }]), testIndex)).toEqual([]);
  });

  it('counts unit cost plus mod cost against the point cap', () => {
    const units = [
      { card: 'v-captain', mod: 'v-banner' },
      { card: 'v-captain' },
      { card: 'v-squire' },
      { card: 'v-levy' },
      { card: 'v-levy' },
      { card: 'v-levy' },
    ];
    expect(checkWarband(band(units), testIndex)).toEqual([
      { code: 'over-point-cap', path: 'units', message: 'the warband costs 122 points (units 116 + mods 6); the cap is 121' },
    ]);
    expect(checkWarband(band(units), testIndex, { ...DEFAULT_LIMITS, pointCap: 122 })).toEqual([]);
  });

  it('allows at most the scenario unit count, and the same card many times', () => {
    const nine = Array.from({ length: 9 }, () => ({ card: 'v-levy' }));
    expect(checkWarband(band(nine.slice(0, 8)), testIndex)).toEqual([]);
    expect(checkWarband(band(nine), testIndex)).toEqual([{ code: 'too-many-units', path: 'units', message: '9 units; this scenario allows at most 8' }]);
  });

  it('one faction only', () => {
    expect(checkWarband(band([{ card: 'v-squire' }, { card: 'h-ghoul' }]), testIndex)).toEqual([
      { code: 'mixed-faction', path: 'units[1].card', message: '"h-ghoul" is a havoc card; a valor warband takes valor units only' },
    ]);
  });

  it("fantasy rating at most the scenario's", () => {
    expect(checkWarband(band([{ card: 'v-mage' }]), testIndex)[0]).toMatchObject({ code: 'fantasy-too-high', path: 'units[0].card' });
    expect(checkWarband(band([{ card: 'v-mage' }]), testIndex, { ...DEFAULT_LIMITS, fantasy: 3 })).toEqual([]);
  });

  it('a mod needs all its mod-use marks on the card', () => {
    expect(checkWarband(band([{ card: 'v-levy', mod: 'v-banner' }]), testIndex)).toEqual([
      { code: 'mod-marks', path: 'units[0].mod', message: '"v-banner" needs mod-use marks [command], card "v-levy" has []' },
    ]);
  });

  it("a mod only on a unit of the mod's faction", () => {
    const r = checkWarband(band([{ card: 'v-squire', mod: 'h-claws' }]), testIndex);
    expect(r).toEqual([{ code: 'mod-wrong-faction', path: 'units[0].mod', message: '"h-claws" is a havoc mod; it cannot go on the valor card "v-squire"' }]);
  });

  it('unknown ids get a suggestion', () => {
    const r = checkWarband(
      band([{ card: 'v-sqiure' }, { card: 'v-squire', mod: 'v-sheild' }, { card: 'v-banner' }], { map: 'mill-crosing' }),
      testIndex,
      DEFAULT_LIMITS,
      new Set(['mill-crossing']),
    );
    expect(r).toEqual([
      { code: 'unknown-map', path: 'map', message: 'no map "mill-crosing" (did you mean "mill-crossing"?); known maps: mill-crossing' },
      { code: 'unknown-card', path: 'units[0].card', message: 'no unit card "v-sqiure" in the catalog (did you mean "v-squire"?)' },
      { code: 'unknown-mod', path: 'units[1].mod', message: 'no mod "v-sheild" in the catalog (did you mean "v-shield"?)' },
      { code: 'unknown-card', path: 'units[2].card', message: 'no unit card "v-banner" in the catalog ("v-banner" is a mod; write card+mod)' },
    ]);
  });

  it('lists every problem at once', () => {
    const units = [...Array.from({ length: 8 }, () => ({ card: 'v-captain' })), { card: 'h-ghoul', mod: 'v-banner' }];
    const codes = checkWarband(band(units), testIndex).map((p) => p.code);
    expect(codes).toEqual(['too-many-units', 'mixed-faction', 'mod-wrong-faction', 'mod-marks', 'over-point-cap']);
  });

  it('matches the message in docs/formats.md for the shipped cards', () => {
    const { index, maps } = defaultContent();
    const units = [{ card: 'valor-squire' }, { card: 'valor-serf' }, { card: 'valor-guard' }, { card: 'valor-levy', mod: 'valor-banner' }];
    expect(checkWarband(band(units, { map: 'mill-crossing' }), index, DEFAULT_LIMITS, new Set(maps.keys()))).toEqual([
      { code: 'mod-marks', path: 'units[3].mod', message: '"valor-banner" needs mod-use marks [command], card "valor-levy" has []' },
    ]);
  });

  it('a unit is worth its card plus its mod (R3)', () => {
    expect(unitCost(testIndex.units.get('v-squire')!, testIndex.mods.get('v-shield'))).toBe(19);
  });
});
