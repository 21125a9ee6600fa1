/**
 * The unit strip under a close-up ("SQ Squire  Vigor 5/15  3 of 3 boxes free") reads when a phone
 * shows the picture 400 px wide: its labels and numbers (capitals and digits, as drawn in the
 * shipped font) at least 11 px tall there, as issue 26 asks (a tester read them about 9 px tall).
 * Displayed height = the glyphs' height at the strip's text size × 400 / the picture's width.
 */
import { describe, expect, it } from 'vitest';
import { measuringContext } from '../../src/render/canvas-pool';
import { font, loadFonts } from '../../src/render/fonts';
import { PHONE_SCREEN, PHONE_TEXT, shownWidth } from '../../src/render/phone';
import { stripPx } from '../../src/render/focus-window';
import { drawTableFocusCanvas, tableFocusWindow } from '../../src/render/table-focus';
import { drawFocusCanvas, drawUnitStrip, focusStripPx, focusWindow } from '../../src/rulesets/sellsword/render/focus';
import { toMapView, type MapView } from '../../src/rulesets/sellsword/render/view';
import { scTableView } from '../../src/rulesets/sword-and-claw/view/table-view';
import { burstTable, crowdTable, meleeTable, pileUpTable, yardTable } from './states';
import { meleeTable as scMeleeTable } from './table-states';

loadFonts();

/** How tall the strip's capitals and digits are drawn at `px`: the tallest of a label and a Vigor, bold and plain. */
function glyphHeight(px: number): number {
  const ctx = measuringContext();
  ctx.textBaseline = 'alphabetic';
  let least = Number.POSITIVE_INFINITY;
  for (const weight of ['bold', 'normal'] as const) {
    ctx.font = font(px, weight);
    for (const text of ['SQ', 'H', '5/15', '3 of 3']) least = Math.min(least, ctx.measureText(text).actualBoundingBoxAscent);
  }
  return least;
}

const turn = (t: ReturnType<typeof meleeTable>): MapView => toMapView(t.state, { lastTurn: t.events, before: t.before });

describe("the close-up's unit strip at a phone's 400 px", () => {
  // The phone goldens' close-ups (cases.ts): burst, melee, pile-up, 24×24, reach, sight.
  const views: [string, MapView][] = [
    ['burst', turn(burstTable())],
    ['melee', turn(meleeTable())],
    ['pile-up', turn(pileUpTable())],
    ['24x24', turn(crowdTable())],
    ['reach', toMapView(yardTable(), { reach: { unit: 'hero' } })],
    ['sight', toMapView(yardTable(), { sight: { unit: 'bow' } })],
  ];

  for (const [name, view] of views) {
    it(`${name}: labels and numbers ${PHONE_TEXT} px tall or more, and the strip at least the embed's text size`, () => {
      const w = focusWindow(view)!;
      const canvas = drawFocusCanvas(view, w);
      const px = focusStripPx(w);
      expect((glyphHeight(px) * PHONE_SCREEN) / canvas.width, `${px} px in a picture ${canvas.width} wide`).toBeGreaterThanOrEqual(PHONE_TEXT);
      // In its embed (280 px on a phone) the strip's text size is 11 px or more, as every word of the close-up.
      expect((px * shownWidth(canvas.width, canvas.height)) / canvas.width).toBeGreaterThanOrEqual(PHONE_TEXT);
    });
  }

  it('the strip posted alone (a post with no close-up) and a Sword and Claw close-up: the same', () => {
    const alone = drawUnitStrip(turn(meleeTable()), 'Every unit')!;
    expect((glyphHeight(stripPx(alone.width)) * PHONE_SCREEN) / alone.width).toBeGreaterThanOrEqual(PHONE_TEXT);
    const sc = scTableView(scMeleeTable());
    const table = drawTableFocusCanvas(sc, tableFocusWindow(sc)!);
    expect((glyphHeight(stripPx(table.width)) * PHONE_SCREEN) / table.width).toBeGreaterThanOrEqual(PHONE_TEXT);
  });
});
