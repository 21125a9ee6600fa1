import { describe, expect, it } from 'vitest';
import { defaultContent } from '../../src/content/load';
import { DEFAULT_LIMITS } from '../../src/rulesets/sellsword/engine';
import { type Catalog, indexCatalogs } from '../../src/rulesets/sellsword/formats/catalog';
import type { Warband } from '../../src/rulesets/sellsword/formats/warband';
import { recheckNotice, recheckWarbands, type RegisteredWarband } from '../../src/league/catalog-recheck';

const base = defaultContent().catalogs[0]!;
const index = (c: Catalog) => {
  const r = indexCatalogs([c]);
  if (!r.ok) throw new Error('bad catalog');
  return r.value;
};
const line = (name: string, faction: string, units: string[]): Warband => ({
  name,
  faction,
  map: 'mill-crossing',
  units: units.map((u) => {
    const [card, mod] = u.split('+');
    return mod ? { card: card!, mod } : { card: card! };
  }),
});

// Five warbands, each legal with the shipped catalog (cap 121).
const registered: RegisteredWarband[] = [
  // 27 + 38 + 20 + 19 + 15 = 119: a knight-captain costing 5 more breaks the cap.
  { player: 'p1', warband: line('Captain Host', 'valor', ['valor-knight', 'valor-knight-captain', 'valor-crossbowman', 'valor-pikeman', 'valor-squire']) },
  // 38 + 27 = 65: the same change leaves it well under.
  { player: 'p2', warband: line('Small Captain', 'valor', ['valor-knight-captain', 'valor-knight']) },
  // The wraith is removed in the new version.
  { player: 'p3', warband: line('Wraith Band', 'havoc', ['havoc-wraith', 'havoc-ghoul']) },
  // The shield wall loses the melee mark on the guard: its mod no longer fits.
  { player: 'p4', warband: line('Shield Line', 'valor', ['valor-guard+valor-shield-wall', 'valor-serf']) },
  // Nothing of this one changes.
  { player: 'p5', warband: line('Grave Host', 'havoc', ['havoc-orc-warboss', 'havoc-ghoul', 'havoc-ghoul']) },
];

/** Version 2: the knight-captain costs 43, the wraith is gone, the guard loses its melee mark, and a card nobody uses changes. */
const v2: Catalog = {
  ...base,
  units: base.units
    .filter((u) => u.id !== 'havoc-wraith')
    .map((u) =>
      u.id === 'valor-knight-captain' ? { ...u, cost: 43 } : u.id === 'valor-guard' ? { ...u, modUse: [] } : u.id === 'havoc-zombie' ? { ...u, cost: 60 } : u,
    ),
};

describe('a catalog version change', () => {
  it('flags exactly the warbands it makes illegal, with what changed and what to fix', () => {
    const flagged = recheckWarbands(registered, index(base), index(v2), DEFAULT_LIMITS);
    expect(flagged.map((f) => f.player)).toEqual(['p1', 'p3', 'p4']);
    const [captain, wraith, shield] = flagged;
    const captainName = base.units.find((u) => u.id === 'valor-knight-captain')!.name;
    expect(captain!.changes).toEqual([`${captainName} (valor-knight-captain) costs 43 points (was 38)`]);
    expect(captain!.problems).toEqual(['The warband costs 124 points (units 124 + mods 0); the cap is 121.']);
    expect(wraith!.changes[0]).toMatch(/\(havoc-wraith\) is no longer in the catalog$/);
    expect(wraith!.problems[0]).toMatch(/^Unit 1: no unit card "havoc-wraith" in the catalog/);
    expect(shield!.changes[0]).toMatch(/\(valor-guard\) has mod-use marks \[\] \(was \[melee\]\)$/);
    expect(shield!.problems).toEqual(['Unit 1: "valor-shield-wall" needs mod-use marks [melee], card "valor-guard" has [].']);
    const notice = recheckNotice(captain!, 'northlands v2');
    expect(notice).toContain('<@p1>');
    expect(notice).toContain('What changed:');
    expect(notice).toContain('What to fix:');
  });

  it('flags nothing when the versions are the same, and leaves out warbands already illegal', () => {
    expect(recheckWarbands(registered, index(base), index(base), DEFAULT_LIMITS)).toEqual([]);
    const illegal = {
      player: 'p6',
      warband: line('Too Big', 'valor', ['valor-knight-captain', 'valor-knight-captain', 'valor-knight-captain', 'valor-knight-captain']),
    };
    expect(recheckWarbands([illegal], index(base), index(v2), DEFAULT_LIMITS)).toEqual([]);
  });

  it('checks against the league limits', () => {
    const tight = { ...DEFAULT_LIMITS, pointCap: 100 };
    // With a 100-point cap, the 65-point warband still passes after the change (70).
    expect(recheckWarbands([registered[1]!], index(base), index(v2), tight)).toEqual([]);
  });
});
