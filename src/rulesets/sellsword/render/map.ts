/**
 * renderMap: state and request → PNG. `toMapView` works out what to show; `drawMap` draws a view and
 * nothing else. Same view, same bytes.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { GameState } from '../engine';
import { measuringContext, pooledCanvas } from '../../../render/canvas-pool';
import { loadFonts } from '../../../render/fonts';
import { boardGeometry, textSize } from '../../../render/layout';
import { mapKey, terrainKey } from './legend';
import { boardSquares, drawBoardMarks, overlayTags, tagSpace } from './overlays';
import { INK, PAPER, START_AREA } from '../../../render/palette';
import { panel } from './panel';
import { encodePng } from '../../../render/png';
import { boardPicture, startAreaNumbers } from '../../../render/terrain';
import { placeTags } from '../../../render/tags';
import type { Flow } from '../../../render/text-flow';
import { PHONE_SCREEN, PHONE_TEXT } from '../../../render/phone';
import { toMapView, type MapView, type ViewRequest } from './view';

/**
 * The map picture's parts and their places: the header, the tags, the key to its overlay and tags
 * (often nothing), and on the picture an entry tile is chosen on (the match's first) the key to the
 * terrain on this map, which the match's legend is posted only after setup to explain (issue 26).
 * That key is drawn at the header's size, and at least PHONE_TEXT tall when the picture is opened
 * PHONE_SCREEN wide.
 */
export function mapLayout(view: MapView) {
  loadFonts();
  const g = boardGeometry(view.board);
  const width = g.width;
  const px = textSize(width);
  const pad = Math.round(px * 0.6);
  // The header and the keys under the board are measured first, on a scratch context, so the image
  // is the right height; tags are placed first too, since the key lists those with no room.
  const scratch = measuringContext();
  const head = panel(scratch, view, width - 2 * pad, px);
  const tags = placeTags(overlayTags(g, view), tagSpace(g, view, boardSquares(g, view)), scratch);
  const foot = mapKey(scratch, view, tags, width - 2 * pad, Math.round(px * 0.8));
  const keyPx = Math.max(px, Math.ceil((PHONE_TEXT * width) / PHONE_SCREEN));
  const terrain = view.startLabels ? terrainKey(scratch, view, width - 2 * pad, keyPx) : null;
  const top = head.height + 2 * pad;
  // Each key under the board in turn, under a rule; an empty one takes no room.
  const below: { flow: Flow; at: number }[] = [];
  let height = top + g.height;
  for (const f of [foot, terrain]) {
    if (!f || f.height === 0) continue;
    below.push({ flow: f, at: height });
    height += f.height + 2 * pad;
  }
  return { g, width, height, px, pad, head, top, tags, below, terrain, keyPx };
}

/**
 * Draws a map view onto a canvas and returns it: a new canvas unless `reuse` (renderMap reuses one
 * per picture size, canvas-pool.ts; the benchmark keeps its own to time encoding alone). With
 * 'taller' the kept canvas may be taller than the picture, which is then its top rows
 * (canvas-pool.ts pictureHeight; png.ts encodes only those).
 */
export function drawMapCanvas(view: MapView, reuse: boolean | 'taller' = false) {
  const { g, width, height, pad, head, top, tags, below } = mapLayout(view);
  const canvas = reuse ? pooledCanvas(width, height, reuse === 'taller' ? 'taller' : 'exact') : createCanvas(width, height);
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

  for (const { flow, at } of below) {
    ctx.fillStyle = INK;
    ctx.fillRect(0, at, width, 2);
    flow.draw(ctx, pad, at + pad);
  }
  return canvas;
}

/** The view drawn and encoded. */
export function drawMap(view: MapView): Buffer {
  return encodePng(drawMapCanvas(view, 'taller'));
}

/** The map image for a state: a pure function of its inputs. */
export function renderMap(state: GameState, request: ViewRequest = {}): Buffer {
  return drawMap(toMapView(state, request));
}
