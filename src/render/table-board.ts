/**
 * A table view's board (table-view.ts): each square's look drawn as the map's terrain of that look
 * is (terrain.ts, the same fills and glyphs), its areas hatched as the map's start areas are, the grid
 * and the coordinates round it.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { Lru } from '../cache/lru';
import { T } from '../engine';
import type { BoardGeometry } from './layout';
import { font } from './fonts';
import { waves } from './glyphs';
import { INK, PAPER, START_AREA, WATER_FILL, WATER_INK } from './palette';
import { haloText } from './token-parts';
import { coordinates, grid, hatchedArea, terrainSquare } from './terrain';
import { seatColour } from './table-tokens';
import type { SquareLook, TableBoard } from './table-view';

type Ctx = SKRSContext2D;

/** The terrain each look is drawn as: its fill and glyph (water, which no Sellsword map has, is drawn by lookSquare). */
const LOOK_FLAGS: Readonly<Record<Exclude<SquareLook, 'water'>, number>> = {
  plain: 0,
  brush: T.brush,
  peaks: T.challenging,
  bricks: T.wall,
  pillars: T.obstructing,
  pit: T.pit,
  smoke: T.smoke,
  flame: T.damaging,
};

/** One square of a look, its top-left at (x, y): also the legend's swatch. */
export function lookSquare(ctx: Ctx, look: SquareLook, x: number, y: number, size: number): void {
  if (look !== 'water') return terrainSquare(ctx, LOOK_FLAGS[look], x, y, size, 'fire');
  ctx.fillStyle = WATER_FILL;
  ctx.fillRect(x, y, size, size);
  waves(ctx, x + size / 2, y + size / 2, size * 0.7, WATER_INK);
}

/** A square's mark (a water's depth) in its top-left corner, on a light halo so it reads on any fill. */
function markSquare(ctx: Ctx, text: string, x: number, y: number, size: number): void {
  const px = Math.max(8, Math.round(size * 0.3));
  ctx.font = font(px, 'bold');
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  haloText(ctx, text, x + size * 0.06, y + size * 0.04, INK, PAPER, Math.max(2, px * 0.25));
}

/** An area's colour: its seat's, or a neutral ink for an area of no side. */
export const areaColour = (seat: number | null): string => (seat === null ? START_AREA : seatColour(seat));

/** The whole board: paper, the squares, the grid and the coordinates on all four sides. */
export function drawTableBoard(ctx: Ctx, g: BoardGeometry, board: TableBoard): void {
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, g.width, g.height);
  board.looks.forEach((look, i) => {
    lookSquare(ctx, look, g.margin + (i % board.width) * g.cell, g.margin + Math.floor(i / board.width) * g.cell, g.cell);
  });
  board.marks?.forEach((mark, i) => {
    if (mark) markSquare(ctx, mark, g.margin + (i % board.width) * g.cell, g.margin + Math.floor(i / board.width) * g.cell, g.cell);
  });
  for (const a of board.areas) hatchedArea(ctx, g, board, a.squares, areaColour(a.seat), a.tag);
  grid(ctx, g, board, { col: 0, row: 0, cols: board.width, rows: board.height });
  coordinates(ctx, g, board);
}

/**
 * Board pictures by the board's content and the square size: a table picture is drawn after every
 * player turn, on a board that does not change in a match, so the squares, areas, grid and coordinates
 * are drawn once and copied (at a whole-pixel offset, the same pixels as drawn in place). A picture
 * is a canvas of a few megabytes outside the JavaScript heap, so only the last few are kept.
 */
const pictures = new Lru<string, Canvas>(4);

/** Lets go of the kept table board pictures (freed when collected). */
export function releaseTableBoards(): void {
  pictures.clear();
}

/** The board drawn by drawTableBoard onto a canvas of its own, kept by content (see `pictures`). */
export function tableBoardPicture(g: BoardGeometry, board: TableBoard): Canvas {
  const key = JSON.stringify([g.cell, g.margin, g.width, g.height, board]);
  return pictures.getOrMake(key, () => {
    const canvas = createCanvas(g.width, g.height);
    drawTableBoard(canvas.getContext('2d'), g, board);
    return canvas;
  });
}
