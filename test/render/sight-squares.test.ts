/**
 * §4.1, R17 on the sight overlay: the squares out of a unit's sight are marked, by the one sight routine
 * (squaresInSight calls engine/sight.ts `sight`), so they agree with whom the unit sees.
 */
import { describe, expect, it } from 'vitest';
import { squareIndex } from '../../src/engine';
import { boardOf, sightOf, squaresInSight } from '../../src/rulesets/sellsword/engine';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { yardTable } from './states';

describe('§4.1: the sight overlay marks the squares out of sight', () => {
  it('agrees with sightOf for every enemy, and marks the squares behind the wall blocked', () => {
    const state = yardTable();
    const bow = state.units.bow!;
    const seen = squaresInSight(state, bow);
    for (const u of Object.values(state.units)) {
      if (u.id === bow.id || u.at === null || u.dropped) continue;
      expect(seen.has(u.at), u.id).toBe(sightOf(state, bow, u).visible);
    }
    const view = toMapView(state, { sight: { unit: 'bow' } });
    const blocked = view.sight!.blocked.map((s) => s.name);
    expect(blocked).toContain('I5');
    expect(blocked).not.toContain('E3');
    expect(blocked).not.toContain(view.sight!.from.name);
    // Walls are walls, not "out of sight".
    expect(blocked).not.toContain('H4');
    expect(squareIndex(boardOf(state), 'H4')).not.toBeNull();
  });
});
