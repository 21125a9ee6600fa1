/**
 * A table view's overlays (table-view.ts), drawn as the map draws a last turn (overlays.ts): a move's
 * path with a ring where it started and an arrow where it ended, an attack's line from the attacker's
 * edge to just inside the target's with its result tagged beside it, a cross where a removed unit
 * stood. Lines go under the tokens and heads, crosses and tags over them; tags are placed by tags.ts,
 * so none covers a token or another tag, and one with no room goes to the numbered list.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { arrowhead, cross } from './glyphs';
import { centreOf, cornerOf, type BoardGeometry } from './layout';
import { haloLine, pathLine, pathMarks, pathWidth } from './lines';
import { CRITICAL, HIT, MISS, PATH, TEMPLATE } from './palette';
import { along, drawLeaders, drawTags, placeTags, type PlacedTag, type Point, type Rect, type TagRequest, type TagSpace } from './tags';
import { drawTableUnits } from './table-tokens';
import type { PathStyle, Placed, TableOverlay, TableView } from './table-view';

type Ctx = SKRSContext2D;
type Of<K extends TableOverlay['kind']> = Extract<TableOverlay, { kind: K }>;

const DASH: Readonly<Record<PathStyle, (cell: number) => number[]>> = {
  solid: () => [],
  dashed: (c) => [c * 0.25, c * 0.18],
  dotted: (c) => [c * 0.06, c * 0.2],
  'dash-dot': (c) => [c * 0.3, c * 0.12, c * 0.06, c * 0.12],
};

const centre = (g: BoardGeometry, p: Placed): Point => centreOf(g, p.at, p.span);
const squareOf = (g: BoardGeometry, p: Placed): Rect => ({ ...cornerOf(g, p.at), w: g.cell * p.span, h: g.cell * p.span });

interface Line {
  readonly start: Point;
  readonly end: Point;
  readonly ux: number;
  readonly uy: number;
}

/** From the attacker's square edge to just inside the target's, so the line crosses as little of either token as it can. */
function attackLine(g: BoardGeometry, a: Of<'attack'>): Line | null {
  const p = centre(g, a.from);
  const q = centre(g, a.to);
  const len = Math.hypot(q.x - p.x, q.y - p.y);
  if (len < 1) return null;
  const ux = (q.x - p.x) / len;
  const uy = (q.y - p.y) / len;
  const edge = (span: number) => (g.cell * span) / 2 / Math.max(Math.abs(ux), Math.abs(uy));
  const from = Math.min(edge(a.from.span) - g.cell * 0.1, len / 2);
  const to = edge(a.to.span) - g.cell * 0.14;
  return { start: { x: p.x + ux * from, y: p.y + uy * from }, end: { x: q.x - ux * to, y: q.y - uy * to }, ux, uy };
}

const lineWidth = (g: BoardGeometry): number => Math.max(2.5, g.cell * 0.08);

/** What each overlay asks of tags.ts: attack results along their lines, REMOVED under its cross. */
export function tableTags(g: BoardGeometry, view: TableView): TagRequest[] {
  const px = g.cell * 0.38;
  return view.overlays.flatMap((o): TagRequest[] => {
    if (o.kind === 'attack') {
      const line = attackLine(g, o);
      if (!line) return [];
      const { start, end, ux, uy } = line;
      const at = { x: start.x + (end.x - start.x) * 0.55, y: start.y + (end.y - start.y) * 0.55 };
      const side = (k: number) => ({ x: at.x - uy * k * g.cell, y: at.y + ux * k * g.cell });
      const colour = o.hit ? HIT : MISS;
      return [{ text: o.tag, listText: o.listText, colour, anchor: end, spots: [...along(start, end), side(0.65), side(-0.65)], px, owner: squareOf(g, o.to) }];
    }
    if (o.kind === 'removed') {
      const c = centre(g, o.where);
      const below = (o.where.span * g.cell) / 2 + px * 0.7;
      return [
        {
          text: `${o.unit} REMOVED`,
          listText: `${o.unit} removed`,
          colour: CRITICAL,
          anchor: c,
          spots: [
            { x: c.x, y: c.y + below },
            { x: c.x, y: c.y - below },
          ],
          px,
        },
      ];
    }
    return [];
  });
}

/** Each path's points as drawn (drawPaths). */
const pathPoints = (g: BoardGeometry, view: TableView): Point[][] =>
  view.overlays.flatMap((o) => {
    if (o.kind !== 'path') return [];
    const span = view.units.find((u) => u.id === o.unit)?.span ?? 1;
    return [o.squares.map((at) => centreOf(g, at, span))];
  });

/**
 * Where tags may go: on the board's squares, off every unit on the table and every path's start ring
 * and arrowhead, off a removed unit's cross and the paths' lines when they can.
 */
export function tableTagSpace(g: BoardGeometry, view: TableView): TagSpace {
  const paths = pathPoints(g, view);
  return {
    marks: paths.flatMap((p) => pathMarks(g, p)),
    paths: { lines: paths, width: pathWidth(g) },
    bounds: { x: g.margin, y: g.margin, w: view.board.width * g.cell, h: view.board.height * g.cell },
    tokens: view.units.flatMap((u) => (u.at ? [squareOf(g, { at: u.at, span: u.span })] : [])),
    soft: view.overlays.flatMap((o) => (o.kind === 'removed' ? [squareOf(g, o.where)] : [])),
    cell: g.cell,
  };
}

/** The tags placed for a view, measured on `measure` (before drawing, so the key can list the ones with no room). */
export const placeTableTags = (g: BoardGeometry, view: TableView, measure: Ctx): PlacedTag[] => placeTags(tableTags(g, view), tableTagSpace(g, view), measure);

function drawPaths(ctx: Ctx, g: BoardGeometry, view: TableView): void {
  const styles = view.overlays.flatMap((o) => (o.kind === 'path' ? [o.style] : []));
  pathPoints(g, view).forEach((points, i) => pathLine(ctx, g, points, PATH, DASH[styles[i]!](g.cell), true));
}

function drawAttacks(ctx: Ctx, g: BoardGeometry, view: TableView, heads: boolean): void {
  const w = lineWidth(g);
  for (const o of view.overlays) {
    const line = o.kind === 'attack' ? attackLine(g, o) : null;
    if (o.kind !== 'attack' || !line) continue;
    const colour = o.hit ? HIT : MISS;
    ctx.save();
    ctx.lineCap = 'round';
    if (!heads) haloLine(ctx, line.start, line.end, '#ffffff', w + 4, colour, w, o.hit ? [] : [g.cell * 0.18, g.cell * 0.14]);
    else if (o.hit) arrowhead(ctx, line.end.x, line.end.y, Math.atan2(line.uy, line.ux), g.cell * 0.32, colour, '#ffffff');
    else {
      cross(ctx, line.end.x, line.end.y, g.cell * 0.26, '#ffffff', w + 4);
      cross(ctx, line.end.x, line.end.y, g.cell * 0.26, colour, w);
    }
    ctx.restore();
  }
}

/**
 * The squares an area attack covered, shaded and each outlined with dashes: the one look of an area on
 * any game's map (a table view's template, Sellsword's burst), drawn under the tokens; with `border`,
 * its outer edge solid in that colour too.
 */
export function drawArea(ctx: Ctx, g: BoardGeometry, squares: readonly { readonly col: number; readonly row: number }[], border?: string): void {
  ctx.save();
  ctx.fillStyle = TEMPLATE;
  // With its border the area is drawn over busy terrain too (a burst lands anywhere): a stronger shade.
  ctx.globalAlpha = border ? 0.42 : 0.3;
  for (const sq of squares) ctx.fillRect(cornerOf(g, sq).x, cornerOf(g, sq).y, g.cell, g.cell);
  ctx.globalAlpha = 1;
  ctx.strokeStyle = TEMPLATE;
  ctx.lineWidth = Math.max(2, g.cell * 0.07);
  ctx.setLineDash([g.cell * 0.2, g.cell * 0.12]);
  for (const sq of squares) ctx.strokeRect(cornerOf(g, sq).x + 1, cornerOf(g, sq).y + 1, g.cell - 2, g.cell - 2);
  if (border) areaBorder(ctx, g, squares, border);
  ctx.restore();
}

/**
 * The area's outer edge, solid in `colour` on a white halo: the shade alone is faint on a terrain of
 * like colour (hills, lava), and the edge says where the area ends on any of them.
 */
function areaBorder(ctx: Ctx, g: BoardGeometry, squares: readonly { readonly col: number; readonly row: number }[], colour: string): void {
  const inside = new Set(squares.map((s) => `${s.col},${s.row}`));
  ctx.beginPath();
  for (const s of squares) {
    const { x, y } = cornerOf(g, s);
    const sides: [number, number, number, number, number, number][] = [
      [0, -1, x, y, x + g.cell, y],
      [0, 1, x, y + g.cell, x + g.cell, y + g.cell],
      [-1, 0, x, y, x, y + g.cell],
      [1, 0, x + g.cell, y, x + g.cell, y + g.cell],
    ];
    for (const [dc, dr, x1, y1, x2, y2] of sides) {
      if (inside.has(`${s.col + dc},${s.row + dr}`)) continue;
      ctx.moveTo(x1, y1);
      ctx.lineTo(x2, y2);
    }
  }
  ctx.setLineDash([]);
  ctx.lineCap = 'round';
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = Math.max(5, g.cell * 0.15);
  ctx.stroke();
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(3, g.cell * 0.09);
  ctx.stroke();
}

/** The squares an area attack covered: shaded and outlined with dashes, under everything else. */
export function drawTemplates(ctx: Ctx, g: BoardGeometry, view: TableView): void {
  for (const o of view.overlays) if (o.kind === 'template') drawArea(ctx, g, o.squares);
}

function drawRemoved(ctx: Ctx, g: BoardGeometry, view: TableView): void {
  for (const o of view.overlays) {
    if (o.kind !== 'removed') continue;
    const c = centre(g, o.where);
    const size = g.cell * o.where.span * 0.7;
    cross(ctx, c.x, c.y, size, '#ffffff', g.cell * 0.22);
    cross(ctx, c.x, c.y, size, CRITICAL, g.cell * 0.13);
  }
}

/** Everything drawn on the board, in order: templates, paths, leaders and attack lines under the tokens; crosses, heads and tags over them. */
export function drawTableMarks(ctx: Ctx, g: BoardGeometry, view: TableView, tags: readonly PlacedTag[]): void {
  drawTemplates(ctx, g, view);
  drawPaths(ctx, g, view);
  drawLeaders(ctx, tags, g.cell);
  drawAttacks(ctx, g, view, false);
  drawTableUnits(ctx, g, view.units);
  drawRemoved(ctx, g, view);
  drawAttacks(ctx, g, view, true);
  drawTags(ctx, tags);
}
