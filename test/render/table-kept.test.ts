/**
 * What a table picture keeps between turns (render/table-picture.ts, render/table-board.ts): the
 * canvas it is drawn on and the board's squares, grid and coordinates drawn once. Kept things must
 * never show in a picture: the same view gives the same bytes as drawn afresh, and a board that
 * differs (another map, one square's look changed) is never served another board's picture.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { pictureHeight } from '../../src/render/canvas-pool';
import { boardGeometry } from '../../src/render/layout';
import { encodePng } from '../../src/render/png';
import { releaseDrawingMemory } from '../../src/render/release';
import { drawTableBoard, tableBoardPicture } from '../../src/render/table-board';
import { drawTableCanvas, renderTable } from '../../src/render/table-picture';
import type { TableBoard, TableView } from '../../src/render/table-view';
import { scView } from '../../src/rulesets/sword-and-claw/view';
import { scTableView } from '../../src/rulesets/sword-and-claw/view/table-view';
import { areaTable, deployedTable, deployingTable, meleeTable } from './table-states';

/** The board drawn on a canvas of its own, nothing kept. */
function drawnAfresh(board: TableBoard): Buffer {
  const g = boardGeometry(board);
  const canvas = createCanvas(g.width, g.height);
  drawTableBoard(canvas.getContext('2d'), g, board);
  return encodePng(canvas);
}

const kept = (board: TableBoard): Buffer => encodePng(tableBoardPicture(boardGeometry(board), board));

describe("a table picture's kept canvas", () => {
  it("draws every turn's picture of a board on one kept canvas, with the bytes of a canvas of the picture's own size", () => {
    releaseDrawingMemory();
    // Four tables on Reed Ford: pictures of one width, of heights their strips and keys make differ.
    const views = [deployedTable(), meleeTable(), deployingTable(), areaTable()].map(scTableView);
    const drawn = views.map((view) => ({ view, own: encodePng(drawTableCanvas(view)), height: drawTableCanvas(view).height }));
    expect(new Set(drawn.map((d) => d.height)).size).toBeGreaterThan(1);
    // Tallest first, so the shorter pictures land on the canvas made for it.
    drawn.sort((a, b) => b.height - a.height);
    const canvases = new Set();
    for (const { view, own, height } of drawn) {
      const canvas = drawTableCanvas(view, 'taller');
      canvases.add(canvas);
      expect(pictureHeight(canvas)).toBe(height);
      expect(Buffer.compare(encodePng(canvas), own)).toBe(0);
    }
    expect(canvases.size).toBe(1);
    releaseDrawingMemory();
  });
});

describe("a table's kept board picture", () => {
  it('is drawn again for a board with one square changed, and each board keeps its own picture', () => {
    releaseDrawingMemory();
    const board = scTableView(meleeTable()).board;
    const i = board.looks.indexOf('plain');
    const changed: TableBoard = { ...board, looks: board.looks.map((l, k) => (k === i ? 'bricks' : l)) };
    const before = kept(board);
    const after = kept(changed);
    expect(Buffer.compare(before, after)).not.toBe(0);
    expect(Buffer.compare(after, drawnAfresh(changed))).toBe(0);
    // The first board asked for again: its own picture, not the changed one's.
    expect(Buffer.compare(kept(board), before)).toBe(0);
    expect(Buffer.compare(kept(board), drawnAfresh(board))).toBe(0);
    releaseDrawingMemory();
  });

  it("serves a table on another map that board's picture, in the whole picture too", () => {
    releaseDrawingMemory();
    const ford = scTableView(meleeTable());
    // Reed River is Reed Ford's size: only its squares tell the two boards apart.
    const other: TableView = { ...ford, board: scView.map!('reed-river')!.board };
    expect([other.board.width, other.board.height]).toEqual([ford.board.width, ford.board.height]);
    const fordPng = renderTable(ford).png;
    const otherPng = renderTable(other).png;
    expect(Buffer.compare(fordPng, otherPng)).not.toBe(0);
    expect(Buffer.compare(kept(other.board), drawnAfresh(other.board))).toBe(0);
    expect(Buffer.compare(renderTable(ford).png, fordPng)).toBe(0);
    expect(Buffer.compare(renderTable(ford).png, encodePng(drawTableCanvas(ford)))).toBe(0);
    releaseDrawingMemory();
  });
});
