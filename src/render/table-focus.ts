/**
 * The close-up of a table view's turn (table-view.ts), as the map's (focus.ts): the squares its
 * overlays touch, chosen by focus-window.ts, drawn at the close-up's square size for a phone's embed
 * box, 560 px wide, so token labels, pips and every word are at least phonePx there (11 px on the
 * phone), with the window's coordinates round it and the units standing in it in words (the key is
 * the full picture's, posted with it).
 * Null when the view marks nothing, or the marks spread over most of the board.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { clip } from '../discord/text';
import { DISCORD_ALT_TEXT_LIMIT } from './alt-limit';
import { measuringContext } from './canvas-pool';
import { loadFonts } from './fonts';
import { drawFocus, fitted, focusBelow, focusFrame, type FocusWindow, type Spot, stripPx, windowName, windowOver } from './focus-window';
import { encodePng } from './png';
import { placeTags } from './tags';
import { placeWords } from './table-place';
import { drawTableBoard } from './table-board';
import { drawTableMarks, tableTagSpace, tableTags } from './table-marks';
import { footRows, stripRows } from './table-picture';
import type { TableUnit, TableView } from './table-view';
import { flow } from './text-flow';

/** Every square the view's overlays touch, as top-left squares with their span. */
export function markedSpots(view: TableView): Spot[] {
  const span = (id: string) => view.units.find((u) => u.id === id)?.span ?? 1;
  return view.overlays.flatMap((o): Spot[] => {
    if (o.kind === 'path') return o.squares.map((at) => ({ at, span: span(o.unit) }));
    if (o.kind === 'attack') return [o.from, o.to];
    if (o.kind === 'template') return o.squares.map((at) => ({ at, span: 1 as const }));
    return [o.where];
  });
}

/** The units standing at least partly in window `w`, in the view's order. */
export const tableUnitsIn = (view: TableView, w: FocusWindow): TableUnit[] =>
  view.units.filter((u) => u.at && u.at.col + u.span > w.col && u.at.col < w.col + w.cols && u.at.row + u.span > w.row && u.at.row < w.row + w.rows);

/** The close-up's parts and their places. */
function layOut(view: TableView, w: FocusWindow) {
  loadFonts();
  const { g, margin, boardW, boardH, width, px, pad, win, inWindow } = focusFrame(view.board, w);
  const scratch = measuringContext();
  const head = flow(
    scratch,
    [[{ text: `${view.marks ?? view.title}, close up`, bold: true }, { text: `  ${windowName(w).replace('-', ' to ')}` }]],
    width - 2 * pad,
    px,
  );
  const top = head.height + 2 * pad;
  const requests = tableTags(g, view)
    .filter((t) => inWindow(t.anchor))
    .map((t) => ({ ...t, px: Math.max(t.px, px) }));
  const tags = placeTags(requests, { ...tableTagSpace(g, view), bounds: win }, scratch);
  const strip = flow(scratch, stripRows(view, tableUnitsIn(view, w)), width - 2 * pad, stripPx(width));
  const foot = flow(scratch, footRows(view, tags, false), width - 2 * pad, px);
  const { stripTop, footTop, height } = focusBelow({ boardH, margin, pad }, top, strip.height, foot.height);
  return { g, margin, boardW, boardH, width, height, px, pad, head, top, win, tags, strip, foot, stripTop, footTop };
}

/** The window to show the view's marks in, or null when there is nothing to show closer. */
export function tableFocusWindow(view: TableView): FocusWindow | null {
  const spots = markedSpots(view);
  const w = spots.length > 0 ? windowOver(view.board, spots) : null;
  return w ? fitted(view.board, spots, w, (fit) => layOut(view, fit)) : null;
}

/** Draws the close-up of `view` in window `w` on a new canvas. */
export function drawTableFocusCanvas(view: TableView, w: FocusWindow): Canvas {
  const parts = layOut(view, w);
  return drawFocus(createCanvas(parts.width, parts.height), w, parts, (ctx) => {
    drawTableBoard(ctx, parts.g, view.board);
    drawTableMarks(ctx, parts.g, view, parts.tags);
  });
}

/** Alt text for the close-up: where it is, what happened there, and who stands in it. */
export function tableFocusAltText(view: TableView, w: FocusWindow, limit: number = DISCORD_ALT_TEXT_LIMIT): string {
  const inside = tableUnitsIn(view, w).map((u) => `${u.label} ${placeWords(u)}${u.condition.length > 0 ? ` (${u.condition.join(', ')})` : ''}`);
  const parts = [
    `Close-up of squares ${windowName(w).replace('-', ' to ')}: ${view.marks ?? view.title}.`,
    ...view.overlays.map((o) => o.words),
    inside.length > 0 ? `Units here: ${inside.join('; ')}.` : '',
  ];
  return clip(parts.filter(Boolean).join(' '), limit, { atWord: true });
}

/** The close-up as a picture and its alt text, or null when there is none. */
export function renderTableFocus(view: TableView): { readonly png: Buffer; readonly alt: string } | null {
  const w = tableFocusWindow(view);
  return w ? { png: encodePng(drawTableFocusCanvas(view, w)), alt: tableFocusAltText(view, w) } : null;
}
