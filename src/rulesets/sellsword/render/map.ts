/**
 * renderMap: state and request → PNG. `toMapView` works out what to show; `drawMap` draws a view and
 * nothing else. Same view, same bytes.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { GameState } from '../engine';
import { measuringContext, pooledCanvas } from '../../../render/canvas-pool';
import { loadFonts } from '../../../render/fonts';
import { boardGeometry, textSize } from '../../../render/layout';
import { mapKey } from './legend';
import { boardSquares, drawBoardMarks, overlayTags, tagSpace } from './overlays';
import { INK, PAPER, START_AREA } from '../../../render/palette';
import { panel } from './panel';
import { encodePng } from '../../../render/png';
import { boardPicture, startAreaNumbers } from '../../../render/terrain';
import { placeTags } from '../../../render/tags';
import { toMapView, type MapView, type ViewRequest } from './view';

/**
 * Draws a map view onto a canvas and returns it: a new canvas unless `reuse` (renderMap reuses one
 * per picture size, canvas-pool.ts; the benchmark keeps its own to time encoding alone).
 */
export function drawMapCanvas(view: MapView, reuse = false) {
  loadFonts();
  const g = boardGeometry(view.board);
  const width = g.width;
  const px = textSize(width);
  const pad = Math.round(px * 0.6);
  // The header and the key under the board are measured first, on a scratch context, so the image
  // is the right height; tags are placed first too, since the key lists those with no room.
  const scratch = measuringContext();
  const head = panel(scratch, view, width - 2 * pad, px);
  const tags = placeTags(overlayTags(g, view), tagSpace(g, view, boardSquares(g, view)), scratch);
  const foot = mapKey(scratch, view, tags, width - 2 * pad, Math.round(px * 0.8));
  const top = head.height + 2 * pad;
  const height = top + g.height + (foot.height > 0 ? foot.height + 2 * pad : 0);

  const canvas = reuse ? pooledCanvas(width, height) : createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, width, height);
  head.draw(ctx, pad, pad);
  ctx.fillStyle = INK;
  ctx.fillRect(0, top - 2, width, 2);

  const startColours = view.board.startAreas.map(() => START_AREA);
  ctx.drawImage(boardPicture(g, view.board, startColours), 0, top);
  ctx.save();
  ctx.translate(0, top);
  if (view.startLabels) startAreaNumbers(ctx, g, view.board, startColours);
  drawBoardMarks(ctx, g, view, tags);
  ctx.restore();

  if (foot.height > 0) {
    ctx.fillStyle = INK;
    ctx.fillRect(0, top + g.height, width, 2);
    foot.draw(ctx, pad, top + g.height + pad);
  }
  return canvas;
}

/** The view drawn and encoded. */
export function drawMap(view: MapView): Buffer {
  return encodePng(drawMapCanvas(view, true));
}

/** The map image for a state: a pure function of its inputs. */
export function renderMap(state: GameState, request: ViewRequest = {}): Buffer {
  return drawMap(toMapView(state, request));
}
