/**
 * Which window of a board a close-up shows (focus.ts for the map, table-focus.ts for a table view),
 * worked out once for both: the squares a turn touched, a square of room round them, and at least
 * half the board each way (up to MAX_COLS), so the close-up is about twice the full picture's scale
 * when both are shown equally wide; none when that would be less than MIN_ZOOM closer. Then rows are
 * given up (never the turn's own) until the close-up is no taller than a phone's embed box's shape.
 */
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { columnName } from '../formats/squares';
import { font } from './fonts';
import { type BoardGeometry, boardGeometry } from './layout';
import { INK, PAPER } from './palette';
import { EMBED_SHOWN, PHONE_SCREEN, PHONE_TEXT, phonePx } from './phone';
import type { Rect } from './tags';
import type { Flow } from './text-flow';

/** A window of the board: its top-left square, its size in squares, and the square size to draw it at. */
export interface FocusWindow {
  readonly col: number;
  readonly row: number;
  readonly cols: number;
  readonly rows: number;
  readonly cell: number;
}

/** A top-left square and the squares a side it covers. */
export interface Spot {
  readonly at: { readonly col: number; readonly row: number };
  readonly span: number;
}

interface Size {
  readonly width: number;
  readonly height: number;
}

/** The close-up is left out when it would be less than this much larger than the full map. */
const MIN_ZOOM = 1.3;
/** The close-up's width: twice the box of a phone's embed, so it is shown at half size, crisp, on a phone. */
export const CLOSE_UP_WIDTH = 2 * EMBED_SHOWN.width;
/**
 * At most this many columns (unless the turn needs more): at CLOSE_UP_WIDTH a square is then wide
 * enough for a label at phonePx.
 */
const MAX_COLS = 12;
/** Capitals' and digits' height over the font's size: Atkinson Hyperlegible's are 0.67 to 0.69, taken a little under. */
export const CAPS_OF_PX = 0.66;
/**
 * The unit strip's text size under a close-up `width` wide: its labels and numbers (capitals and
 * digits) at least PHONE_TEXT tall when the picture is opened PHONE_SCREEN wide, and never under
 * phonePx (the embed's size). At phonePx alone they were 10.7 px there (issue 26: about 9 px read).
 */
export const stripPx = (width: number): number => Math.max(phonePx(width), Math.ceil((PHONE_TEXT * width) / (CAPS_OF_PX * PHONE_SCREEN)));
/** The margin round the window, for its coordinates, in squares. */
export const MARGIN = 0.7;

/** The squares' extent: first and last column and row. */
function extent(squares: readonly Spot[]) {
  return {
    c0: Math.min(...squares.map((s) => s.at.col)),
    r0: Math.min(...squares.map((s) => s.at.row)),
    c1: Math.max(...squares.map((s) => s.at.col + s.span - 1)),
    r1: Math.max(...squares.map((s) => s.at.row + s.span - 1)),
  };
}

const place = (lo: number, hi: number, n: number, size: number) => Math.max(0, Math.min(size - n, Math.round((lo + hi + 1) / 2 - n / 2)));

/**
 * The window round `squares` at a larger scale than the full map, or null when they spread too far for
 * one; with `wide`, at any scale whose squares still fit a label at phonePx.
 */
export function windowOver(board: Size, squares: readonly Spot[], wide = false): FocusWindow | null {
  const { width: W, height: H } = board;
  const g = boardGeometry(board);
  const { c0, r0, c1, r1 } = extent(squares);
  // A square of room on every side, for tags and the units next to the action.
  const cols = Math.min(W, Math.max(c1 - c0 + 3, Math.min(MAX_COLS, Math.ceil(W / 2))));
  const rows = Math.min(H, Math.max(r1 - r0 + 3, Math.min(MAX_COLS, Math.ceil(H / 2))));
  // Both pictures are shown about equally wide (the map as the post's attachment, the close-up in an
  // embed): the close-up's scale over the map's is the board's width over the window's.
  const zoom = Math.min(2, W / cols, H / rows);
  // `wide`: an asked-for overlay's window may be as large as the map itself, as long as its squares
  // stay wide enough for a label at phonePx (MAX_COLS); its marks matter more than the zoom.
  if (wide ? cols > MAX_COLS : zoom < MIN_ZOOM) return null;
  const cell = Math.floor(CLOSE_UP_WIDTH / (cols + 2 * MARGIN));
  return { col: place(c0, c1, cols, W), row: place(r0, r1, rows, H), cols, rows, cell: Math.max(cell, Math.ceil(g.cell * 0.5)) };
}

/**
 * `w` with rows taken off (never the turn's squares and the square of room round them) until the
 * picture, whose size `laidOut` gives, is no taller than the phone's picture box is for its width: a
 * taller one is shown narrower.
 */
export function fitted(board: Size, squares: readonly Spot[], w: FocusWindow, laidOut: (w: FocusWindow) => Size): FocusWindow {
  const { r0, r1 } = extent(squares);
  const least = Math.min(board.height, r1 - r0 + 3);
  let fit = w;
  for (let rows = w.rows; rows >= least; rows--) {
    fit = { ...w, rows, row: place(r0, r1, rows, board.height) };
    const { width, height } = laidOut(fit);
    if (height * EMBED_SHOWN.width <= width * EMBED_SHOWN.height) return fit;
  }
  return fit;
}

const squareName = (col: number, row: number) => `${columnName(col)}${row + 1}`;

/** The window's corners by name: "H8-Q17". */
export const windowName = (w: FocusWindow): string => `${squareName(w.col, w.row)}-${squareName(w.col + w.cols - 1, w.row + w.rows - 1)}`;

/** The window's column letters and row numbers on all four sides, at least `px` tall. */
export function windowCoordinates(ctx: SKRSContext2D, w: FocusWindow, margin: number, top: number, px: number): void {
  ctx.fillStyle = INK;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = font(Math.max(Math.round(w.cell * 0.42), px), 'bold');
  const bottom = top + margin + w.rows * w.cell;
  const right = margin + w.cols * w.cell;
  for (let c = 0; c < w.cols; c++) {
    const x = margin + (c + 0.5) * w.cell;
    ctx.fillText(columnName(w.col + c), x, top + margin / 2);
    ctx.fillText(columnName(w.col + c), x, bottom + margin / 2);
  }
  for (let r = 0; r < w.rows; r++) {
    const y = top + margin + (r + 0.5) * w.cell;
    ctx.fillText(String(w.row + r + 1), margin / 2, y);
    ctx.fillText(String(w.row + r + 1), right + margin / 2, y);
  }
}

/**
 * A close-up's frame for window `w` of a board `board` squares in size, the same for the map's and a
 * table view's: the whole board's geometry at the window's square size (only the window is drawn),
 * the picture's width, its text size (at least phonePx of that width) and padding, and the window as
 * a rectangle in the whole board's coordinates, which tags stay inside.
 */
export function focusFrame(board: { readonly width: number; readonly height: number }, w: FocusWindow) {
  const margin = Math.round(w.cell * MARGIN);
  const g: BoardGeometry = { cell: w.cell, margin, width: board.width * w.cell + 2 * margin, height: board.height * w.cell + 2 * margin };
  const boardW = w.cols * w.cell;
  const boardH = w.rows * w.cell;
  const width = boardW + 2 * margin;
  const px = phonePx(width);
  const pad = Math.round(px * 0.6);
  const win: Rect = { x: margin + w.col * w.cell, y: margin + w.row * w.cell, w: boardW, h: boardH };
  const inWindow = (p: { readonly x: number; readonly y: number }) => p.x >= win.x && p.x <= win.x + win.w && p.y >= win.y && p.y <= win.y + win.h;
  return { margin, g, boardW, boardH, width, px, pad, win, inWindow };
}

/** Under the window's board (its top at `top`): where the unit strip and the key start, and the picture's height; an empty part takes no room. */
export function focusBelow(
  f: { readonly boardH: number; readonly margin: number; readonly pad: number },
  top: number,
  stripHeight: number,
  footHeight: number,
) {
  const stripTop = top + f.boardH + 2 * f.margin;
  const footTop = stripTop + (stripHeight > 0 ? stripHeight + 2 * f.pad : 0);
  const height = footTop + (footHeight > 0 ? footHeight + 2 * f.pad : 0);
  return { stripTop, footTop, height };
}

/** A close-up laid out: focusFrame's measures, its caption, unit strip and key flowed, and where each goes (focusBelow). */
export interface FocusParts {
  readonly margin: number;
  readonly boardW: number;
  readonly boardH: number;
  readonly width: number;
  readonly height: number;
  readonly px: number;
  readonly pad: number;
  readonly head: Flow;
  readonly top: number;
  readonly win: Rect;
  readonly strip: Flow;
  readonly foot: Flow;
  readonly stripTop: number;
  readonly footTop: number;
}

/**
 * Draws a close-up on `canvas` (width × height of `p`), the same for the map's and a table view's:
 * paper, the caption over a rule, `board` drawn in the whole board's coordinates clipped to the
 * window, the window's frame and coordinates, then the unit strip and the key, each under a rule.
 */
export function drawFocus(canvas: Canvas, w: FocusWindow, p: FocusParts, board: (ctx: SKRSContext2D) => void): Canvas {
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, p.width, p.height);
  p.head.draw(ctx, p.pad, p.pad);
  ctx.fillStyle = INK;
  ctx.fillRect(0, p.top - 2, p.width, 2);
  ctx.save();
  ctx.translate(-w.col * w.cell, p.top - w.row * w.cell);
  ctx.beginPath();
  ctx.rect(p.win.x, p.win.y, p.win.w, p.win.h);
  ctx.clip();
  board(ctx);
  ctx.restore();
  ctx.strokeStyle = INK;
  ctx.lineWidth = 2;
  ctx.strokeRect(p.margin, p.top + p.margin, p.boardW, p.boardH);
  windowCoordinates(ctx, w, p.margin, p.top, p.px);
  for (const [flowed, at] of [
    [p.strip, p.stripTop],
    [p.foot, p.footTop],
  ] as const) {
    if (flowed.height === 0) continue;
    ctx.fillStyle = INK;
    ctx.fillRect(0, at, p.width, 2);
    flowed.draw(ctx, p.pad, at + p.pad);
  }
  return canvas;
}
