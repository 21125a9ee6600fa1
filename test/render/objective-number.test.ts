/**
 * An objective's number ("holding objective 2", the turn's words) reads with a unit standing on it:
 * a token covers its square's corner, where the number is drawn on the board, so the number is drawn
 * again over the tokens in a badge (issue 26: the "2" under SW could not be seen). The board and its
 * marks are drawn as the full map and the close-up draw them (map.ts, focus.ts): board picture, then
 * drawBoardMarks.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { boardGeometry, type BoardGeometry } from '../../src/render/layout';
import { OBJECTIVE_INK, START_AREA } from '../../src/render/palette';
import { boardPicture } from '../../src/render/terrain';
import { drawBoardMarks } from '../../src/rulesets/sellsword/render/overlays';
import { toMapView, type MapView } from '../../src/rulesets/sellsword/render/view';
import { table } from './states';

const u = (id: string, card: string, player: string, at: string) => ({ id, card, player, at });

/** Mill Crossing's objectives: 1 at C9–D10, 2 at I9–J10, 3 at O9–P10. */
function millCrossing(units: readonly { id: string; card: string; player: string; at: string }[]): MapView {
  return toMapView(table({ map: 'mill-crossing', units }));
}

/** The board and its marks at geometry `g`, as the map and the close-up draw them. */
function drawn(view: MapView, g: BoardGeometry, textPx: number) {
  const canvas = createCanvas(g.width, g.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(
    boardPicture(
      g,
      view.board,
      view.board.startAreas.map(() => START_AREA),
    ),
    0,
    0,
  );
  drawBoardMarks(ctx, g, view, [], textPx);
  return ctx.getImageData(0, 0, g.width, g.height);
}

const INK = [0x5a, 0x43, 0x00] as const;

/**
 * Pixels of the objective's ink in the band a square wide down the left edge of square (col, row),
 * from its top to half a square below it: where the board draws the number (its top-left corner) and
 * where a badge over a token would go (on its left edge).
 */
function inkNear(image: { readonly width: number; readonly data: Uint8ClampedArray }, g: BoardGeometry, col: number, row: number): number {
  expect(OBJECTIVE_INK.toLowerCase()).toBe('#5a4300');
  const x0 = Math.round(g.margin + (col - 0.5) * g.cell);
  const y0 = Math.round(g.margin + row * g.cell);
  let n = 0;
  for (let y = y0; y < y0 + 1.5 * g.cell; y++) {
    for (let x = x0; x < x0 + g.cell; x++) {
      const i = (y * image.width + x) * 4;
      const d = Math.abs(image.data[i]! - INK[0]) + Math.abs(image.data[i + 1]! - INK[1]) + Math.abs(image.data[i + 2]! - INK[2]);
      if (d < 60) n++;
    }
  }
  return n;
}

describe("an objective's number reads with a unit on its square", () => {
  // The same units each time, so only where they stand differs; the far unit stands away from every objective.
  const away = [u('knight', 'valor-knight', 'p1', 'A1'), u('ogre', 'havoc-armored-ogre', 'p2', 'A16')];
  const onIt = [u('knight', 'valor-knight', 'p1', 'I9'), u('ogre', 'havoc-armored-ogre', 'p2', 'O9')];
  const full = boardGeometry(millCrossing(away).board);
  // The close-up's square size and text size (focus-window.ts: about 49 px squares, 22 px text).
  const close: BoardGeometry = { cell: 49, margin: 34, width: 18 * 49 + 68, height: 18 * 49 + 68 };

  for (const [name, g, px] of [
    ['the full map', full, 0],
    ['the close-up', close, 22],
  ] as const) {
    it(`on ${name}: objective 2 under a one-square token, objective 3 under a Big one, as much of its ink shows as on the empty square`, () => {
      const empty = drawn(millCrossing(away), g, px);
      const held = drawn(millCrossing(onIt), g, px);
      // Objective 2's first square is I9 (column 8, row 8); objective 3's is O9 (column 14).
      for (const col of [8, 14]) {
        const bare = inkNear(empty, g, col, 8);
        expect(bare).toBeGreaterThan(0);
        expect(inkNear(held, g, col, 8), `objective at column ${col + 1}`).toBeGreaterThanOrEqual(bare);
      }
    });
  }
});
