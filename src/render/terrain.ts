/**
 * The board picture: terrain fills and glyphs, grid, edge walls, low cover, objectives, start areas
 * and coordinates on all four sides. It depends only on the map and the players' colours, so it is
 * drawn once per map and colour set and reused (the map does not change during a game); the result
 * is the same pixels either way.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { columnName } from '../formats/squares';
import type { Terrain } from '../formats/vocabulary';
import { T } from '../engine';
import { Lru } from '../cache/lru';
import { font } from './fonts';
import { bricks, flame, peaks, pillars, pitHole, slidingDoor, smokeWisps, snowflake, star, tufts } from './glyphs';
import type { BoardGeometry } from './layout';
import { haloText } from './token-parts';
import {
  COLD_FILL,
  COLD_INK,
  EDGE_WALL,
  GRID_LINE,
  INK,
  LOW_COVER,
  OBJECTIVE,
  OBJECTIVE_INK,
  PAPER,
  START_AREA,
  TERRAIN_FILL,
  TERRAIN_INK,
  TERRAIN_ORDER,
} from './palette';
import type { BoardView, EdgeView } from './board-view';

type Ctx = SKRSContext2D;

/** Terrain that gets a glyph of its own; walls are drawn as a whole-square pattern instead. */
const GLYPH_TERRAIN: readonly Terrain[] = ['sliding-wall', 'pit', 'damaging', 'obstructing', 'smoke', 'brush', 'challenging'];

/** Draws one terrain glyph centred at (cx, cy). */
export function terrainGlyph(ctx: Ctx, t: Terrain, cx: number, cy: number, size: number, damage: string): void {
  const ink = TERRAIN_INK[t];
  switch (t) {
    case 'challenging':
      return peaks(ctx, cx, cy, size, ink);
    case 'brush':
      return tufts(ctx, cx, cy, size, ink);
    case 'damaging':
      return damage === 'cold' ? snowflake(ctx, cx, cy, size, COLD_INK) : flame(ctx, cx, cy, size, ink);
    case 'obstructing':
      return pillars(ctx, cx, cy, size, ink);
    case 'pit':
      return pitHole(ctx, cx, cy, size);
    case 'sliding-wall':
      return slidingDoor(ctx, cx, cy, size, ink);
    case 'smoke':
      return smokeWisps(ctx, cx, cy, size, ink);
    case 'wall':
      return;
  }
}

/** A whole square of terrain: the first fill in TERRAIN_ORDER, then one glyph per terrain it has. */
export function terrainSquare(ctx: Ctx, flags: number, x: number, y: number, size: number, damage: string): void {
  const fillOf = TERRAIN_ORDER.find((t) => (flags & T[t]) !== 0);
  ctx.fillStyle = fillOf === 'damaging' && damage === 'cold' ? COLD_FILL : fillOf ? TERRAIN_FILL[fillOf] : TERRAIN_FILL.clear;
  ctx.fillRect(x, y, size, size);
  if (flags & T.wall) {
    bricks(ctx, x, y, size, TERRAIN_INK.wall);
    return;
  }
  const glyphs = GLYPH_TERRAIN.filter((t) => (flags & T[t]) !== 0);
  // Several terrains in one square (multiclass) share it: glyphs shrink and spread out.
  const spots: Record<number, readonly (readonly [number, number])[]> = {
    1: [[0.5, 0.5]],
    2: [
      [0.3, 0.32],
      [0.7, 0.68],
    ],
    3: [
      [0.28, 0.3],
      [0.72, 0.3],
      [0.5, 0.72],
    ],
  };
  const place = spots[Math.min(glyphs.length, 3)] ?? [];
  const g = glyphs.length === 1 ? size * 0.62 : size * 0.42;
  glyphs.slice(0, 3).forEach((t, i) => terrainGlyph(ctx, t, x + place[i]![0] * size, y + place[i]![1] * size, g, damage));
}

function edgeLine(ctx: Ctx, g: BoardGeometry, width: number, e: EdgeView): void {
  const col = e.square % width;
  const row = Math.floor(e.square / width);
  const x = g.margin + col * g.cell;
  const y = g.margin + row * g.cell;
  if (e.side === 'right') {
    ctx.moveTo(x + g.cell, y);
    ctx.lineTo(x + g.cell, y + g.cell);
  } else {
    ctx.moveTo(x, y + g.cell);
    ctx.lineTo(x + g.cell, y + g.cell);
  }
}

/** The outline of an area of squares: every square side not shared with another square of the area. */
export function outlineArea(ctx: Ctx, g: BoardGeometry, width: number, squares: readonly number[]): void {
  const inside = new Set(squares);
  const edge = (x0: number, y0: number, x1: number, y1: number): void => {
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
  };
  ctx.beginPath();
  for (const i of squares) {
    const col = i % width;
    const row = Math.floor(i / width);
    const x = g.margin + col * g.cell;
    const y = g.margin + row * g.cell;
    if (!inside.has(i - width)) edge(x, y, x + g.cell, y);
    if (!inside.has(i + width)) edge(x, y + g.cell, x + g.cell, y + g.cell);
    if (col === 0 || !inside.has(i - 1)) edge(x, y, x, y + g.cell);
    if (col === width - 1 || !inside.has(i + 1)) edge(x + g.cell, y, x + g.cell, y + g.cell);
  }
}

/** Column letters and row numbers on all four sides of the board. */
export function coordinates(ctx: Ctx, g: BoardGeometry, board: Pick<BoardView, 'width' | 'height'>): void {
  ctx.fillStyle = INK;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const px = Math.round(g.cell * (board.width > 26 ? 0.5 : 0.6));
  ctx.font = font(px, 'bold');
  const bottom = g.margin + board.height * g.cell;
  const right = g.margin + board.width * g.cell;
  for (let c = 0; c < board.width; c++) {
    const x = g.margin + (c + 0.5) * g.cell;
    ctx.fillText(columnName(c), x, g.margin / 2);
    ctx.fillText(columnName(c), x, bottom + g.margin / 2);
  }
  for (let r = 0; r < board.height; r++) {
    const y = g.margin + (r + 0.5) * g.cell;
    ctx.fillText(String(r + 1), g.margin / 2, y);
    ctx.fillText(String(r + 1), right + g.margin / 2, y);
  }
}

/** The grid over the squares of `near` (every fifth line darker) and the board's frame. */
export function grid(ctx: Ctx, g: BoardGeometry, board: Pick<BoardView, 'width' | 'height'>, near: Span): void {
  const w = board.width * g.cell;
  const h = board.height * g.cell;
  const [x0, x1] = [g.margin + near.col * g.cell, g.margin + (near.col + near.cols) * g.cell];
  const [y0, y1] = [g.margin + near.row * g.cell, g.margin + (near.row + near.rows) * g.cell];
  // Every fifth line is darker, so squares can be counted at a glance.
  for (const major of [false, true]) {
    ctx.beginPath();
    for (let c = near.col; c <= near.col + near.cols; c++) {
      if ((c % 5 === 0) !== major) continue;
      ctx.moveTo(g.margin + c * g.cell, y0);
      ctx.lineTo(g.margin + c * g.cell, y1);
    }
    for (let r = near.row; r <= near.row + near.rows; r++) {
      if ((r % 5 === 0) !== major) continue;
      ctx.moveTo(x0, g.margin + r * g.cell);
      ctx.lineTo(x1, g.margin + r * g.cell);
    }
    ctx.strokeStyle = major ? 'rgba(40, 34, 26, 0.5)' : GRID_LINE;
    ctx.lineWidth = major ? 1.6 : 1;
    ctx.stroke();
  }
  ctx.strokeStyle = INK;
  ctx.lineWidth = 2;
  ctx.strokeRect(g.margin, g.margin, w, h);
}

/** Start areas: diagonal hatching, a dashed outline and the area's number ("S1"), as the entry prompt names them. */
function startAreas(ctx: Ctx, g: BoardGeometry, board: BoardView, colours: readonly string[], near: Span): void {
  board.startAreas.forEach((area, seat) => {
    if (!touches(board, area, near)) return;
    hatchedArea(ctx, g, board, area, colours[seat] ?? '#555555', `S${seat + 1}`);
  });
}

/** An area of squares hatched in `colour`, outlined with dashes, and `tag` in its first square. */
export function hatchedArea(
  ctx: Ctx,
  g: BoardGeometry,
  board: Pick<BoardView, 'width' | 'height'>,
  area: readonly number[],
  colour: string,
  tag: string,
): void {
  ctx.save();
  ctx.beginPath();
  for (const i of area) ctx.rect(g.margin + (i % board.width) * g.cell, g.margin + Math.floor(i / board.width) * g.cell, g.cell, g.cell);
  ctx.clip();
  ctx.strokeStyle = colour;
  ctx.globalAlpha = 0.4;
  ctx.lineWidth = Math.max(2, g.cell * 0.07);
  ctx.beginPath();
  const size = Math.max(board.width, board.height) * g.cell + 2 * g.margin;
  for (let d = -size; d < size; d += g.cell * 0.35) {
    ctx.moveTo(d, 0);
    ctx.lineTo(d + size, size);
  }
  ctx.stroke();
  ctx.restore();
  ctx.save();
  outlineArea(ctx, g, board.width, area);
  ctx.setLineDash([g.cell * 0.25, g.cell * 0.15]);
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(2, g.cell * 0.08);
  ctx.stroke();
  ctx.restore();
  // The tag in the area's first square, as prompts name it (Sellsword's entry prompt: "Start area 1" is S1).
  const first = Math.min(...area);
  ctx.fillStyle = colour;
  ctx.font = font(g.cell * 0.36, 'bold');
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText(tag, g.margin + (first % board.width) * g.cell + g.cell * 0.08, g.margin + Math.floor(first / board.width) * g.cell + g.cell * 0.06);
}

/**
 * Objectives: a gold outline round each area, a star on each square, and the area's number in its
 * first square, as the log names it ("holding objective 2": the engine's scoring counts from 1).
 */
function objectives(ctx: Ctx, g: BoardGeometry, board: BoardView, near: Span): void {
  board.objectives.forEach((area, n) => {
    if (!touches(board, area, near)) return;
    ctx.save();
    ctx.fillStyle = OBJECTIVE;
    ctx.globalAlpha = 0.22;
    for (const i of area) ctx.fillRect(g.margin + (i % board.width) * g.cell, g.margin + Math.floor(i / board.width) * g.cell, g.cell, g.cell);
    ctx.restore();
    ctx.save();
    outlineArea(ctx, g, board.width, area);
    ctx.strokeStyle = OBJECTIVE_INK;
    ctx.lineWidth = Math.max(3, g.cell * 0.12);
    ctx.stroke();
    ctx.strokeStyle = OBJECTIVE;
    ctx.lineWidth = Math.max(1.5, g.cell * 0.06);
    ctx.stroke();
    ctx.restore();
    for (const i of area) {
      const x = g.margin + (i % board.width) * g.cell;
      const y = g.margin + Math.floor(i / board.width) * g.cell;
      star(ctx, x + g.cell * 0.8, y + g.cell * 0.2, g.cell * 0.3, OBJECTIVE, OBJECTIVE_INK);
    }
    const first = Math.min(...area);
    ctx.save();
    ctx.font = font(g.cell * 0.36, 'bold');
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.lineWidth = Math.max(2, g.cell * 0.08);
    ctx.strokeStyle = PAPER;
    const x = g.margin + (first % board.width) * g.cell + g.cell * 0.08;
    const y = g.margin + Math.floor(first / board.width) * g.cell + g.cell * 0.06;
    ctx.strokeText(`${n + 1}`, x, y);
    ctx.fillStyle = OBJECTIVE_INK;
    ctx.fillText(`${n + 1}`, x, y);
    ctx.restore();
  });
}

function walls(ctx: Ctx, g: BoardGeometry, board: BoardView): void {
  if (board.lowCover.length > 0) {
    ctx.save();
    ctx.beginPath();
    for (const e of board.lowCover) edgeLine(ctx, g, board.width, e);
    // A pale underlay keeps the dashes readable on dark terrain.
    ctx.strokeStyle = 'rgba(255, 248, 230, 0.9)';
    ctx.lineWidth = Math.max(3, g.cell * 0.14);
    ctx.stroke();
    ctx.setLineDash([g.cell * 0.2, g.cell * 0.12]);
    ctx.strokeStyle = LOW_COVER;
    ctx.lineWidth = Math.max(2.5, g.cell * 0.1);
    ctx.stroke();
    ctx.restore();
  }
  if (board.walls.length > 0) {
    ctx.save();
    ctx.beginPath();
    for (const e of board.walls) edgeLine(ctx, g, board.width, e);
    ctx.strokeStyle = EDGE_WALL;
    ctx.lineCap = 'round';
    ctx.lineWidth = Math.max(4, g.cell * 0.16);
    ctx.stroke();
    ctx.restore();
  }
}

/** A window of squares: its top-left square and its size. */
export interface Span {
  readonly col: number;
  readonly row: number;
  readonly cols: number;
  readonly rows: number;
}

/** Whether any square of `area` lies in `span`. */
function touches(board: BoardView, area: readonly number[], span: Span): boolean {
  return area.some((i) => {
    const col = i % board.width;
    const row = Math.floor(i / board.width);
    return col >= span.col && col < span.col + span.cols && row >= span.row && row < span.row + span.rows;
  });
}

/** `span` grown by a square on every side, within the board. */
function grown(board: BoardView, span: Span): Span {
  const col = Math.max(0, span.col - 1);
  const row = Math.max(0, span.row - 1);
  return { col, row, cols: Math.min(board.width, span.col + span.cols + 1) - col, rows: Math.min(board.height, span.row + span.rows + 1) - row };
}

/**
 * Draws the whole board picture onto a canvas of the board's size. With `only`, the caller has
 * clipped to that window of squares (a close-up): squares, grid lines, start areas and objectives
 * that cannot reach into it are skipped (a mark stays within a square of its own squares, so those
 * a square away are still drawn), and so are the coordinates, which lie outside every window.
 */
export function drawBoard(ctx: Ctx, g: BoardGeometry, board: BoardView, startColours: readonly string[], only?: Span): void {
  const near = only ? grown(board, only) : { col: 0, row: 0, cols: board.width, rows: board.height };
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, g.width, g.height);
  for (let i = 0; i < board.width * board.height; i++) {
    const col = i % board.width;
    const row = Math.floor(i / board.width);
    if (only && (col < only.col || col >= only.col + only.cols || row < only.row || row >= only.row + only.rows)) continue;
    terrainSquare(ctx, board.terrain[i]!, g.margin + col * g.cell, g.margin + row * g.cell, g.cell, board.damage);
  }
  startAreas(ctx, g, board, startColours, near);
  grid(ctx, g, board, near);
  objectives(ctx, g, board, near);
  walls(ctx, g, board);
  if (!only) coordinates(ctx, g, board);
}

/**
 * Board pictures by the map's content, the square size and the start areas' colours. A picture is a
 * canvas of a few megabytes held outside the JavaScript heap, so only the last few are kept (every
 * map of the games being played, at the map's and the close-up's square size; a process that renders
 * draws each board once per map, size and colour set, not per picture).
 */
const pictures = new Lru<string, Canvas>(8);

/** Lets go of the kept board pictures (freed when collected). */
export function releaseBoardPictures(): void {
  pictures.clear();
}

/** How many board pictures are kept (what the tests check sharing by). */
export const keptBoardPictures = (): number => pictures.size;

const pictureKey = (g: BoardGeometry, board: BoardView, startColours: readonly string[]): string =>
  `${board.key}|${g.cell}|${g.margin}|${startColours.join(',')}`;

/** The board picture for a map, geometry and start-area colours, drawn once and kept while the map is in use. */
export function boardPicture(g: BoardGeometry, board: BoardView, startColours: readonly string[]): Canvas {
  return pictures.getOrMake(pictureKey(g, board, startColours), () => {
    const canvas = createCanvas(g.width, g.height);
    drawBoard(canvas.getContext('2d'), g, board, startColours);
    return canvas;
  });
}

/**
 * The largest whole-board picture kept for a close-up, in pixels: the close-up shows a window of a
 * board drawn at its own square size, and a board larger than this is drawn window by window instead.
 */
const KEPT_CLOSE_UP_PIXELS = 3_000_000;

/**
 * Draws the squares of window `w` of the board at geometry `g` (a close-up's), onto a context already
 * clipped to that window: copied from the whole board's picture at that size, kept like the map's, or
 * drawn window by window when that picture would be too large to keep. Which way depends on the
 * geometry alone, never on what happens to be kept: the two differ by a few edge pixels (lines cut to
 * the window anti-alias differently), and the same close-up must be the same bytes every time it is
 * drawn (a ping's close-up is the turn post's, tests and goldens compare bytes).
 */
export function drawBoardWindow(ctx: Ctx, g: BoardGeometry, board: BoardView, startColours: readonly string[], w: Span): void {
  if (g.width * g.height > KEPT_CLOSE_UP_PIXELS) {
    drawBoard(ctx, g, board, startColours, w);
    return;
  }
  const x = g.margin + w.col * g.cell;
  const y = g.margin + w.row * g.cell;
  const width = w.cols * g.cell;
  const height = w.rows * g.cell;
  ctx.drawImage(boardPicture(g, board, startColours), x, y, width, height, x, y, width, height);
}

/**
 * Each start area's tag ("S1") drawn large on the square nearest the area's middle, for the picture
 * an entry tile is chosen on: the small tag in the area's corner is about 5 px tall on a phone, this
 * one a square tall, so a player on a phone can tell the areas apart.
 */
export function startAreaNumbers(ctx: Ctx, g: BoardGeometry, board: BoardView, colours: readonly string[]): void {
  board.startAreas.forEach((area, seat) => {
    if (area.length === 0) return;
    const col = (i: number) => i % board.width;
    const row = (i: number) => Math.floor(i / board.width);
    const mid = { col: area.reduce((n, i) => n + col(i), 0) / area.length, row: area.reduce((n, i) => n + row(i), 0) / area.length };
    const at = area.reduce((best, i) => (Math.hypot(col(i) - mid.col, row(i) - mid.row) < Math.hypot(col(best) - mid.col, row(best) - mid.row) ? i : best));
    ctx.save();
    ctx.font = font(Math.round(g.cell * 0.9), 'bold');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    haloText(
      ctx,
      `S${seat + 1}`,
      g.margin + (col(at) + 0.5) * g.cell,
      g.margin + (row(at) + 0.5) * g.cell,
      colours[seat] ?? START_AREA,
      PAPER,
      Math.max(3, g.cell * 0.16),
    );
    ctx.restore();
  });
}
