/**
 * A table view's board (table-view.ts): each square's look drawn as the map's terrain of that look
 * is (terrain.ts, the same fills and glyphs), the grid and the coordinates round it.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { T } from '../engine';
import type { BoardGeometry } from './layout';
import { PAPER } from './palette';
import { coordinates, grid, terrainSquare } from './terrain';
import type { SquareLook, TableBoard } from './table-view';

type Ctx = SKRSContext2D;

/** The terrain each look is drawn as: its fill and glyph. */
const LOOK_FLAGS: Readonly<Record<SquareLook, number>> = {
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
  terrainSquare(ctx, LOOK_FLAGS[look], x, y, size, 'fire');
}

/** The whole board: paper, the squares, the grid and the coordinates on all four sides. */
export function drawTableBoard(ctx: Ctx, g: BoardGeometry, board: TableBoard): void {
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, g.width, g.height);
  board.looks.forEach((look, i) => {
    lookSquare(ctx, look, g.margin + (i % board.width) * g.cell, g.margin + Math.floor(i / board.width) * g.cell, g.cell);
  });
  grid(ctx, g, board, { col: 0, row: 0, cols: board.width, rows: board.height });
  coordinates(ctx, g, board);
}
