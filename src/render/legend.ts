/**
 * The legend under the board: the terrain on this map, how to read a token, the statuses in play,
 * and a key for each overlay shown. Only what the picture uses is listed, so the legend stays short.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { StatusName, Terrain } from '../formats/vocabulary';
import { font } from './fonts';
import { shapePath, star } from './glyphs';
import { CHARGE, CRITICAL, EDGE_WALL, HIT, INK, LOW_COVER, MISS, MORTAL, OBJECTIVE, OBJECTIVE_INK, REACH, REPLY, SIGHT, STATUS_COLOUR, STATUS_CODE, TOKEN_STYLE } from './palette';
import { terrainSquare } from './terrain';
import { activeMark } from './units';
import { flow, type Flow, type Run } from './text-flow';
import { T } from '../engine/board';
import type { MapView } from './view';

type Ctx = SKRSContext2D;

const TERRAIN_NAME: Record<Terrain, string> = {
  challenging: 'challenging',
  brush: 'brush',
  damaging: 'damaging',
  obstructing: 'obstructing',
  pit: 'pit',
  'sliding-wall': 'sliding wall',
  smoke: 'smoke',
  wall: 'wall',
};

const pic = (width: number, draw: (ctx: Ctx, x: number, y: number, h: number) => void): Run => ({ width, picture: draw });
/** A swatch and its words, kept together when a row wraps. */
const item = (picture: Run, text: string): Run[] => [{ group: [picture, { text: ` ${text}` }] }, { space: 0.9 }];
const heading = (text: string): Run => ({ text: `${text}  `, bold: true });

function terrainRow(view: MapView): Run[] {
  const runs: Run[] = [heading('Map')];
  for (const t of view.board.terrains) {
    const name = t === 'damaging' ? `damaging (${view.board.damage})` : TERRAIN_NAME[t];
    runs.push(...item(pic(1.2, (ctx, x, y, h) => terrainSquare(ctx, T[t], x, y - h * 0.1, h * 1.2, view.board.damage)), name));
  }
  if (view.board.walls.length > 0) runs.push(...item(swatchLine(EDGE_WALL, [], 0.3, 1.3), 'wall edge'));
  if (view.board.lowCover.length > 0) runs.push(...item(swatchLine(LOW_COVER, [0.35, 0.2], 0.2, 1.3), 'low cover'));
  if (view.board.objectives.length > 0) runs.push(...item(pic(1.1, (ctx, x, y, h) => star(ctx, x + h / 2, y + h / 2, h, OBJECTIVE, OBJECTIVE_INK)), 'objective'));
  runs.push(...item(pic(1.2, (ctx, x, y, h) => {
    ctx.save();
    ctx.setLineDash([h * 0.25, h * 0.15]);
    ctx.strokeStyle = INK;
    ctx.lineWidth = h * 0.12;
    ctx.strokeRect(x + 2, y + 2, h - 4, h - 4);
    ctx.restore();
  }), 'start area P1-P4 (hatched)'));
  if (view.entries.length > 0) runs.push(...item(pic(1.2, (ctx, x, y, h) => entryMark(ctx, x, y, h, INK)), 'entry tile'));
  return runs;
}

/** An entry tile mark: a frame with a small inward arrow in the middle (used on the board too). */
export function entryMark(ctx: Ctx, x: number, y: number, size: number, colour: string): void {
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(2, size * 0.07);
  ctx.strokeRect(x + size * 0.04, y + size * 0.04, size * 0.92, size * 0.92);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  ctx.moveTo(x + size * 0.34, y + size * 0.5);
  ctx.lineTo(x + size * 0.64, y + size * 0.5);
  ctx.moveTo(x + size * 0.52, y + size * 0.38);
  ctx.lineTo(x + size * 0.65, y + size * 0.5);
  ctx.lineTo(x + size * 0.52, y + size * 0.62);
  ctx.stroke();
  ctx.restore();
}

function tokenRow(): Run[] {
  const boxPic = (shape: 'circle' | 'diamond', fill: string, edge: string) =>
    pic(0.8, (ctx, x, y, h) => {
      shapePath(ctx, shape, x + h * 0.35, y + h / 2, h * 0.55);
      ctx.fillStyle = fill;
      ctx.fill();
      ctx.lineWidth = h * 0.1;
      ctx.strokeStyle = edge;
      ctx.stroke();
    });
  const pip = (kind: keyof typeof TOKEN_STYLE) =>
    pic(0.8, (ctx, x, y, h) => {
      shapePath(ctx, TOKEN_STYLE[kind].shape, x + h * 0.35, y + h / 2, h * 0.6);
      ctx.fillStyle = TOKEN_STYLE[kind].colour;
      ctx.fill();
      ctx.lineWidth = h * 0.08;
      ctx.strokeStyle = INK;
      ctx.stroke();
    });
  return [
    heading('Tokens'),
    ...item(boxPic('circle', '#ffffff', INK), 'injury box'),
    ...item(boxPic('circle', INK, '#ffffff'), 'injured'),
    ...item(boxPic('diamond', '#ffffff', MORTAL), 'Mortal box'),
    ...item(boxPic('diamond', MORTAL, '#ffffff'), 'Mortal marked'),
    ...item(pic(1.3, (ctx, x, y, h) => {
      ctx.fillStyle = INK;
      ctx.fillRect(x, y + h * 0.35, h * 1.2, h * 0.3);
      ctx.fillStyle = '#f5f0dc';
      ctx.fillRect(x + 2, y + h * 0.35 + 2, h * 0.7, h * 0.3 - 4);
    }), 'Vigor'),
    pip('react'), pip('blue'), pip('red'),
    { text: ' react, blue, red token (hollow: spent), along the bottom; status letters in the corners' }, { space: 0.9 },
    { text: 'faded: has acted this round', bold: false }, { space: 0.9 },
    ...item(pic(1.1, (ctx, x, y, h) => activeMark(ctx, x, y, h, h)), 'active unit (magenta corners)'),
  ];
}

export function statusBadge(code: string, colour: string): Run {
  return pic(1.05, (ctx, x, y, h) => {
    ctx.fillStyle = colour;
    ctx.fillRect(x, y + h * 0.05, h * 0.9, h * 0.9);
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const size = h * 0.7;
    ctx.font = font(size, 'bold');
    ctx.fillText(code, x + h * 0.45, y + h * 0.52);
    ctx.textAlign = 'left';
  });
}

function statusRow(view: MapView): Run[] {
  const present = new Set<StatusName>(view.units.filter((u) => u.where === 'map').flatMap((u) => u.statuses.map((s) => s.status)));
  if (present.size === 0) return [];
  const order = Object.keys(STATUS_CODE) as StatusName[];
  return [heading('Status'), ...order.filter((s) => present.has(s)).flatMap((s) => item(statusBadge(STATUS_CODE[s], STATUS_COLOUR[s]), s))];
}

/** A legend swatch of a line: `width` and `length` are fractions of the text height. */
function swatchLine(colour: string, dash: number[] = [], width = 0.16, length = 1.25): Run {
  return pic(1.4, (ctx, x, y, h) => {
    ctx.save();
    ctx.beginPath();
    ctx.moveTo(x, y + h / 2);
    ctx.lineTo(x + h * length, y + h / 2);
    ctx.setLineDash(dash.map((d) => d * h));
    ctx.strokeStyle = colour;
    ctx.lineWidth = width * h;
    ctx.stroke();
    ctx.restore();
  });
}

function overlayRows(view: MapView): Run[][] {
  const rows: Run[][] = [];
  const last = view.lastTurn;
  if (last && (last.moves.length > 0 || last.attacks.length > 0 || last.drops.length > 0)) {
    rows.push([
      heading('Last turn'),
      ...item(swatchLine('#ffffff'), 'path moved (ring = start)'),
      ...item(swatchLine(HIT), 'HIT n: hit, n wounds'),
      ...item(swatchLine(CRITICAL), 'CRIT: critical'),
      ...item(swatchLine(MISS, [0.3, 0.2]), 'MISS'),
      ...item(swatchLine(REPLY), 'REPLY'),
      ...item(swatchLine(CHARGE), 'CHARGE'),
    ]);
  }
  if (view.reach) {
    const [r, g, b] = REACH;
    rows.push([
      heading('Reach'),
      ...item(pic(1.1, (ctx, x, y, h) => {
        ctx.fillStyle = `rgba(${r}, ${g}, ${b}, 0.5)`;
        ctx.fillRect(x, y, h, h);
      }), `${view.reach.unit} can ${view.reach.maneuver ? 'maneuver' : 'move'} here; the number is the movement it costs`),
      ...(view.reach.charges.length > 0 ? item(swatchLine(CHARGE, [0.3, 0.2]), `CHARGE: ${view.reach.charges.map((c) => `${c.target} (${c.attack})`).join(', ')}`) : []),
    ]);
  }
  if (view.sight) {
    rows.push([
      heading('Sight'),
      { text: `from ${view.sight.unit}: ` },
      ...item(swatchLine(SIGHT.clear), 'CLEAR'),
      ...item(swatchLine(SIGHT.cover, [0.3, 0.18]), 'COVER (-2 to hit)'),
      ...item(swatchLine(SIGHT.invisible, [0.05, 0.2]), 'INVISIBLE (-4)'),
      { text: 'NO SIGHT: cannot be attacked; number: range' },
    ]);
  }
  if (view.preview) {
    const p = view.preview;
    const head = `${p.attacker} ${p.charge ? 'charges' : 'attacks'} ${p.target} with ${p.attack}: `;
    if (p.odds) {
      const mod = p.odds.modifier === 0 ? '' : p.odds.modifier > 0 ? ` +${p.odds.modifier}` : ` ${p.odds.modifier}`;
      rows.push([
        heading('Preview'),
        { text: head },
        { text: `${Math.round(p.odds.chance * 100)}% to hit`, bold: true },
        { text: ` (d20${mod} against ${p.odds.need}), ${Math.round(p.odds.critical * 100)}% critical, about ${p.odds.expectedWounds.toFixed(1)} wounds${p.odds.notes.length > 0 ? `; ${p.odds.notes.join(', ')}` : ''}` },
      ]);
    } else rows.push([heading('Preview'), { text: head }, { text: `cannot attack: ${p.problem ?? ''}`, bold: true }]);
  }
  return rows;
}

/** The legend laid out for an image `width` wide. */
export function legend(ctx: Ctx, view: MapView, width: number, px: number): Flow {
  const rows = [terrainRow(view), tokenRow(), statusRow(view), ...overlayRows(view)].filter((r) => r.length > 0);
  return flow(ctx, rows, width, px);
}
