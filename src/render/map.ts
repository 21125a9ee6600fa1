/**
 * renderMap: state and request → PNG. `toMapView` works out what to show; `drawMap` draws a view and
 * nothing else (STYLE.md 8). Same view, same bytes.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { GameState } from '../engine/state';
import { measuringContext, pooledCanvas } from './canvas-pool';
import { loadFonts } from './fonts';
import { boardGeometry, cornerOf, textSize } from './layout';
import { entryMark, legend } from './legend';
import { drawAttacks, drawCharges, drawDrops, drawHarms, drawMoves, drawPreview, drawReach, drawSight, ring } from './overlays';
import { INK, PAPER, PREVIEW } from './palette';
import { panel } from './panel';
import { encodePng } from './png';
import { boardPicture } from './terrain';
import { TagLayer } from './tags';
import { drawUnits } from './units';
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
  // The header and legend are measured first, on a scratch context, so the image is the right height.
  const scratch = measuringContext();
  const head = panel(scratch, view, width - 2 * pad, px);
  const foot = legend(scratch, view, width - 2 * pad, Math.round(px * 0.8));
  const top = head.height + 2 * pad;
  const height = top + g.height + foot.height + 2 * pad;

  const canvas = reuse ? pooledCanvas(width, height) : createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, width, height);
  head.draw(ctx, pad, pad);
  ctx.fillStyle = INK;
  ctx.fillRect(0, top - 2, width, 2);

  const startColours = view.board.startAreas.map((_, seat) => view.players[seat]?.colour ?? '#7a7a7a');
  ctx.drawImage(boardPicture(g, view.board, startColours), 0, top);
  ctx.save();
  ctx.translate(0, top);
  for (const e of view.entries) {
    const colour = view.players.find((p) => p.id === e.player)?.colour ?? INK;
    const { x, y } = cornerOf(g, e.at);
    entryMark(ctx, x, y, g.cell * 2, colour);
  }
  // Tags keep off unit squares where they can, and off each other always.
  const squares = view.units.flatMap((u) => (u.at ? [{ ...cornerOf(g, u.at), w: g.cell * u.span, h: g.cell * u.span }] : []));
  const tags = new TagLayer(ctx, g, squares);
  // Under the tokens: shading, paths, sight and preview lines (they run from token to token, and
  // the labels must stay readable). Over them: attack lines between neighbours, drops, tags.
  if (view.reach) drawReach(ctx, g, view.reach);
  if (view.lastTurn) drawMoves(ctx, g, view.lastTurn, tags);
  if (view.sight) {
    ring(ctx, g, view.sight.from, view.sight.span, '#ffffff');
    drawSight(ctx, g, view.sight, tags);
  }
  if (view.preview) {
    if (view.preview.from) ring(ctx, g, view.preview.from, view.preview.fromSpan, PREVIEW);
    drawPreview(ctx, g, view.preview, tags);
  }
  drawUnits(ctx, g, view.units);
  if (view.reach) drawCharges(ctx, g, view.reach, tags);
  if (view.lastTurn) {
    drawDrops(ctx, g, view.lastTurn, tags);
    drawAttacks(ctx, g, view.lastTurn, tags);
    drawHarms(g, view.lastTurn, tags);
  }
  tags.draw();
  ctx.restore();

  ctx.fillStyle = INK;
  ctx.fillRect(0, top + g.height, width, 2);
  foot.draw(ctx, pad, top + g.height + pad);
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
