/**
 * Maps that read on a phone: labels big enough at Discord's phone width, and an active-unit marker
 * no terrain uses.
 */
import { describe, expect, it } from 'vitest';
import { measuringContext } from '../../src/render/canvas-pool';
import { loadFonts } from '../../src/render/fonts';
import { boardGeometry } from '../../src/render/layout';
import { ACTIVE_MARK, FACTION_COLOUR, OBJECTIVE, OBJECTIVE_INK, SPARE_COLOURS, STATUS_COLOUR, TERRAIN_FILL, TERRAIN_INK } from '../../src/render/palette';
import { labelFit } from '../../src/render/units';
import { toMapView } from '../../src/render/view';
import { crowdTable } from './states';

loadFonts();

describe('a 24×24 map at a phone’s width', () => {
  it('draws every unit’s label at least 8 px tall when the picture is shown 400 px wide', () => {
    const t = crowdTable();
    const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
    expect(view.board.width).toBe(24);
    const g = boardGeometry(view.board);
    const scale = 400 / g.width;
    for (const u of view.units) {
      const fit = labelFit(measuringContext(), u.label, g.cell * 0.84, g.cell * 0.56);
      expect(fit.px * scale, u.label).toBeGreaterThanOrEqual(8);
    }
    // Three letters ("GH2", "SKA") are squeezed sideways before they are made smaller.
    const two = labelFit(measuringContext(), 'GH', g.cell * 0.84, g.cell * 0.56).px;
    for (const three of ['GH2', 'SKA', 'SEA', 'LS1']) expect(labelFit(measuringContext(), three, g.cell * 0.84, g.cell * 0.56).px * scale, three).toBeGreaterThanOrEqual(Math.min(8, two * 0.9 * scale));
  });
});

describe('the active unit', () => {
  it('is marked in a colour no terrain, objective, player or status uses', () => {
    const used = [...Object.values(TERRAIN_FILL), ...Object.values(TERRAIN_INK), OBJECTIVE, OBJECTIVE_INK, ...Object.values(FACTION_COLOUR), ...SPARE_COLOURS, ...Object.values(STATUS_COLOUR)];
    expect(used.map((c) => c.toLowerCase())).not.toContain(ACTIVE_MARK.toLowerCase());
  });
});
