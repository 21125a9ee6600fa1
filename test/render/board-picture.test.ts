/**
 * The board's squares in a close-up come from a board picture kept for the close-up's square size,
 * as the map's come from one kept for the map's (terrain.ts): the terrain, grid, objectives and start
 * areas are drawn once per map and size, and each close-up copies its window out of that picture.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { drawFocusCanvas, focusWindow } from '../../src/rulesets/sellsword/render/focus';
import type { BoardGeometry } from '../../src/render/layout';
import { releaseDrawingMemory } from '../../src/render/release';
import { drawBoard, drawBoardWindow, keptBoardPictures, type Span } from '../../src/render/terrain';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { yard } from './maps';
import { play, table } from './states';

/** The largest difference between two pictures' bytes. */
function mostApart(a: Uint8Array, b: Uint8Array): number {
  let most = 0;
  for (let i = 0; i < a.length; i++) most = Math.max(most, Math.abs(a[i]! - b[i]!));
  return most;
}

const u = (id: string, card: string, player: string, at: string) => ({ id, card, player, at });

/** A move on the yard (12×10): its close-up fits a kept board picture at any square size the close-up uses. */
function yardMove(path: readonly string[]) {
  const start = table({ map: yard, units: [u('knight', 'valor-knight', 'p1', 'C3'), u('ghoul', 'havoc-ghoul', 'p2', 'K9')] });
  const { before, events, state } = play(start, [{ act: 'move', unit: 'knight', path: [...path] }]);
  return toMapView(state, { before, lastTurn: events });
}

describe('the close-up board picture', () => {
  it('is drawn once per map and square size and shared by every close-up of it, the same bytes each time', () => {
    releaseDrawingMemory();
    const first = yardMove(['C4', 'C5']);
    const second = yardMove(['D3', 'E3']);
    const [w1, w2] = [focusWindow(first)!, focusWindow(second)!];
    expect(w1.cell).toBe(w2.cell);
    expect([w1.col, w1.row]).not.toEqual([w2.col, w2.row]);
    const once = drawFocusCanvas(first, w1).data();
    expect(keptBoardPictures()).toBe(1);
    drawFocusCanvas(second, w2);
    expect(keptBoardPictures()).toBe(1);
    // A thread that lets go of what drawing keeps (release.ts) draws the picture again, and the close-up
    // comes out byte for byte as before: which way its squares come never depends on what is kept.
    releaseDrawingMemory();
    expect(keptBoardPictures()).toBe(0);
    const again = drawFocusCanvas(first, w1).data();
    expect(keptBoardPictures()).toBe(1);
    expect(Buffer.from(again).equals(Buffer.from(once))).toBe(true);
    expect(mostApart(once, again)).toBe(0);
  });

  // A path cut to the window (drawBoard skips what cannot reach into it) may round an edge pixel a
  // level apart from the whole board's: allowed, and nothing more.
  it('gives a window the pixels drawBoard draws for it, to a level of rounding', () => {
    const board = yardMove(['C4']).board;
    const cell = 60;
    const margin = 42;
    const g: BoardGeometry = { cell, margin, width: board.width * cell + 2 * margin, height: board.height * cell + 2 * margin };
    const w: Span = { col: 3, row: 2, cols: 6, rows: 5 };
    const colours = board.startAreas.map(() => '#555555');
    const draw = (fill: (...a: Parameters<typeof drawBoardWindow>) => void) => {
      const canvas = createCanvas(w.cols * cell + 2 * margin, w.rows * cell + 2 * margin);
      const ctx = canvas.getContext('2d');
      ctx.translate(-w.col * cell, -w.row * cell);
      ctx.beginPath();
      ctx.rect(margin + w.col * cell, margin + w.row * cell, w.cols * cell, w.rows * cell);
      ctx.clip();
      fill(ctx, g, board, colours, w);
      return canvas.data();
    };
    // Twice: the first copy asks for the board picture, the second is copied from it.
    draw(drawBoardWindow);
    const [copied, drawn] = [draw(drawBoardWindow), draw(drawBoard)];
    const differing = drawn.filter((v, i) => v !== copied[i]).length;
    expect(mostApart(copied, drawn)).toBeLessThanOrEqual(1);
    expect(differing).toBeLessThan(drawn.length / 1000);
  });
});
