/**
 * Keys to the map, in two parts:
 * - the match's legend, a picture of its own posted once with the opening map (and spelled out in
 *   its alt text): the terrain on this map, a token drawn large with each part named, every status,
 *   and how the last turn is drawn;
 * - under a map picture, only what is particular to it: the key to an overlay asked for (reach,
 *   sight, preview) and the numbered list of tags that had no room on the board.
 */
import { previewWoundWords } from './roll-words';
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { STATUSES, type Terrain } from '../formats/vocabulary';
import { T } from '../../../engine';
import { measuringContext } from '../../../render/canvas-pool';
import { font, loadFonts } from '../../../render/fonts';
import { star } from '../../../render/glyphs';
import { activeMark } from '../../../render/token-parts';
import { drawToken } from './units';
import {
  CHARGE,
  CRITICAL,
  EDGE_WALL,
  GAIN,
  HIT,
  INK,
  LOW_COVER,
  MISS,
  OBJECTIVE,
  OBJECTIVE_INK,
  PAPER,
  PATH,
  PATH_EDGE,
  REACH,
  REPLY,
  SIGHT,
} from '../../../render/palette';
import { STATUS_COLOUR, STATUS_CODE } from './status-look';
import { numberBadge, type PlacedTag } from '../../../render/tags';
import { terrainSquare } from '../../../render/terrain';
import { flow, textWidth, type Flow, type Run } from '../../../render/text-flow';
import { areaSwatch, pic, playerSwatch, statusBadge, swatchLine, tagSwatch } from '../../../render/legend-parts';
import type { MapView, UnitView } from './view';

type Ctx = SKRSContext2D;

const TERRAIN_NAME: Record<Terrain, string> = {
  challenging: 'challenging',
  brush: 'brush',
  damaging: 'damaging',
  // What it does to a shot: a tester saw a shot line cross one and could not tell why it only gave cover (playtest round 24).
  obstructing: 'obstructing (low cover to a shot across it; no unit may end there)',
  pit: 'pit',
  // What it does, as the other names say it by their own: a tester could not tell it from a wall (playtest round 16).
  'sliding-wall': 'sliding wall (a door: blocks sight, but units may enter)',
  smoke: 'smoke',
  wall: 'wall',
};

/** A swatch and its words, kept together when a row wraps. */
const item = (picture: Run, text: string): Run[] => [{ group: [picture, { text: ` ${text}` }] }, { space: 0.9 }];
const heading = (text: string): Run => ({ text: `${text}  `, bold: true });

function terrainRow(view: MapView): Run[] {
  const runs: Run[] = [heading('Map')];
  for (const t of view.board.terrains) {
    const name = t === 'damaging' ? `damaging (${view.board.damage})` : TERRAIN_NAME[t];
    runs.push(
      ...item(
        pic(1.2, (ctx, x, y, h) => terrainSquare(ctx, T[t], x, y - h * 0.1, h * 1.2, view.board.damage)),
        name,
      ),
    );
  }
  if (view.board.walls.length > 0) runs.push(...item(swatchLine(EDGE_WALL, [], 0.3, 1.3), 'wall edge'));
  if (view.board.lowCover.length > 0) runs.push(...item(swatchLine(LOW_COVER, [0.35, 0.2], 0.2, 1.3), 'low cover'));
  if (view.board.objectives.length > 0)
    runs.push(
      ...item(
        pic(1.1, (ctx, x, y, h) => star(ctx, x + h / 2, y + h / 2, h, OBJECTIVE, OBJECTIVE_INK)),
        // The held objective's badge is said: two testers took its gold diamond for a Mortal box (playtest rounds 17, 18).
        // It says exactly where: the diamond shows the number a token covers, so only a unit on the numbered
        // square gets it (objective-badges.ts); "a unit on it" was read as any of its squares (playtest round 21).
        OBJECTIVE_KEY,
      ),
    );
  runs.push(
    ...item(
      pic(1.2, (ctx, x, y, h) => {
        ctx.save();
        ctx.setLineDash([h * 0.25, h * 0.15]);
        ctx.strokeStyle = INK;
        ctx.lineWidth = h * 0.12;
        ctx.strokeRect(x + 2, y + 2, h - 4, h - 4);
        ctx.restore();
      }),
      'start area S1, S2… (hatched; any player may enter from any)',
    ),
  );
  runs.push(
    ...item(
      pic(1.2, (ctx, x, y, h) => entryMark(ctx, x, y, h, INK)),
      'entry tile',
    ),
  );
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

/** Every status: any may turn up during a match, and this legend is posted once. */
function statusRow(): Run[] {
  return [heading('Status'), ...STATUSES.flatMap((s) => item(statusBadge(STATUS_CODE[s], STATUS_COLOUR[s]), s))];
}

function lastTurnRows(): Run[][] {
  return [
    [
      heading('Last turn'),
      ...item(swatchLine(PATH, [], 0.2, 1.25, PATH_EDGE), 'path moved (ring: start, arrow: end)'),
      ...item(swatchLine(PATH, [0.25, 0.18], 0.2, 1.25, PATH_EDGE), 'maneuver'),
      ...item(swatchLine(PATH, [0.06, 0.2], 0.2, 1.25, PATH_EDGE), 'pushed, pulled or recoiled'),
      ...item(swatchLine(CHARGE, [], 0.2, 1.25, PATH_EDGE), 'charge'),
    ],
    [
      heading('Attacks'),
      {
        group: [
          tagSwatch('GH: HIT by KN, 10 wounds', HIT),
          { text: ' one label per unit, named first: GH was hit by KN, the wounds taken after immunity and toughness' },
        ],
      },
      { space: 0.9 },
      { group: [tagSwatch('CRIT by KN, 20 wounds', CRITICAL, 'star'), { text: ' critical hit (star)' }] },
      { space: 0.9 },
      { group: [tagSwatch('GLANCE by KN, 5 wounds', HIT), { text: ' glancing blow' }] },
      { space: 0.9 },
      { group: [tagSwatch('MISSED by KN', MISS), { text: ' missed (dashed line, cross)' }] },
      { space: 0.9 },
      { group: [tagSwatch("HIT by GH's reply, 5 wounds", REPLY), { text: ' a reply (purple)' }] },
      { space: 0.9 },
      { group: [tagSwatch('SD: CRIT by KN, 20 wounds · DROPPED', CRITICAL, 'star'), { text: ' a critical hit that dropped SD (red cross where it stood)' }] },
      { space: 0.9 },
      { group: [tagSwatch("+3 Vigor from PD's Mend Wounds", GAIN), { text: ' what a trait used as an act gave (green)' }] },
      { space: 0.9 },
      ...item(
        pic(1.1, (ctx, x, y, h) => numberBadge(ctx, 1, HIT, x + h * 0.5, y + h * 0.5, h)),
        'a tag with no room on the board, listed under the map',
      ),
    ],
  ];
}

/** The picture-specific key under a map: an overlay's key and the numbered tags. Empty when there is neither. */
function overlayRows(view: MapView): Run[][] {
  const rows: Run[][] = [];
  if (view.reach) {
    const [r, g, b] = REACH;
    rows.push([
      heading('Reach'),
      ...item(
        pic(1.1, (ctx, x, y, h) => {
          ctx.fillStyle = `rgba(${r}, ${g}, ${b}, 0.5)`;
          ctx.fillRect(x, y, h, h);
        }),
        `${view.reach.unit} can`,
      ).slice(0, 1),
      // The rest may wrap: a close-up's key is as narrow as a phone's embed.
      { text: ` ${view.reach.maneuver ? 'maneuver' : 'move'} here; the number is the movement it costs` },
      { space: 0.9 },
      ...(view.reach.charges.length > 0
        ? item(swatchLine(CHARGE, [0.3, 0.2]), `CHARGE: ${view.reach.charges.map((c) => `${c.target} (${c.attack})`).join(', ')}`)
        : []),
    ]);
  }
  for (const b of view.lastTurn?.bursts ?? []) {
    rows.push([
      heading('Burst'),
      ...item(areaSwatch(1.1), `${b.attacker}'s`).slice(0, 1),
      // The rest may wrap: a close-up's key is as narrow as a phone's embed. R24 never attacks the attacker, which may stand in its own burst.
      {
        text: ` ${b.attack} covered the shaded squares, centred on ${b.origin.name} (its square outlined); every unit on them but the attacker was attacked, allies too`,
      },
      { space: 0.9 },
    ]);
  }
  if (view.burst) {
    const b = view.burst;
    const caught = b.caught.map((c) => `${c.unit} ${Math.round(c.chance * 100)}%${c.friend ? ' (ALLY: its own side)' : ''}`).join(', ');
    rows.push([
      heading('Preview'),
      ...item(areaSwatch(1.1), `${b.attacker}'s`).slice(0, 1),
      {
        text: ` ${b.attack} would cover the shaded squares, centred on ${b.origin.name} (its square outlined), and attack ${caught ? `every unit on them, allies too, with the chance to hit each: ${caught}` : 'no unit'}`,
      },
      { space: 0.9 },
    ]);
  }
  if (view.sight) {
    rows.push([
      heading('Sight'),
      { text: `from ${view.sight.unit}: ` },
      ...item(swatchLine(SIGHT.clear), 'CLEAR'),
      ...item(swatchLine(SIGHT.cover, [0.3, 0.18]), 'COVER (-2 to hit)'),
      ...item(swatchLine(SIGHT.invisible, [0.05, 0.2]), 'INVISIBLE (-4)'),
      { text: 'NO SIGHT: cannot be attacked; number: range; greyed, struck-through squares: out of its sight' },
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
        {
          text: ` (d20${mod} against ${p.odds.need}${p.odds.needWhy ? `: ${p.odds.needWhy}` : ''}), ${Math.round(p.odds.critical * 100)}% critical, ${previewWoundWords(p.odds)}${p.odds.notes.length > 0 ? `; ${p.odds.notes.join(', ')}` : ''}`,
        },
      ]);
    } else rows.push([heading('Preview'), { text: head }, { text: `cannot attack: ${p.problem ?? ''}`, bold: true }]);
  }
  return rows;
}

/** The tags that had no room on the board, by number. */
/** The map key's words for an objective, its diamond said exactly as objective-badges.ts draws it. */
export const OBJECTIVE_KEY = 'objective (gold outline, its number in one square; a unit on that square: the number again in a gold diamond)';

function tagListRow(tags: readonly PlacedTag[]): Run[] {
  const listed = tags.filter((t) => t.number !== null);
  if (listed.length === 0) return [];
  return [
    heading('Tags'),
    ...listed.flatMap((t) =>
      item(
        pic(1.1, (ctx, x, y, h) => numberBadge(ctx, t.number!, t.colour, x + h * 0.5, y + h * 0.5, h)),
        t.listText,
      ),
    ),
  ];
}

/** The tags of marks outside a close-up's window, in words ("SW: CLEAR 5; GH: NO SIGHT"), so a sight close-up still answers for every enemy. */
function beyondRow(beyond: readonly string[]): Run[] {
  return beyond.length === 0 ? [] : [heading('Outside this close-up'), { text: beyond.join('; ') }];
}

/**
 * What goes under a map picture: the key to its overlay and its numbered tags (often nothing), and
 * (a close-up) the words of the tags whose marks are outside its window.
 */
export function mapKey(ctx: Ctx, view: MapView, tags: readonly PlacedTag[], width: number, px: number, beyond: readonly string[] = []): Flow {
  const rows = [...overlayRows(view), tagListRow(tags), beyondRow(beyond)].filter((r) => r.length > 0);
  return flow(ctx, rows, width, px);
}

/**
 * The key to the terrain on this map alone (the legend's "Map" row: only the terrains the board has,
 * its start areas and entry tiles), for the picture an entry tile is chosen on, posted before the legend.
 */
export function terrainKey(ctx: Ctx, view: MapView, width: number, px: number): Flow {
  return flow(ctx, [terrainRow(view)], width, px);
}

/** A token to explain the parts of one: in the first player's colour and shape, with one of everything. */
function sampleToken(view: MapView): UnitView {
  const p = view.players[0];
  return {
    id: 'sample',
    label: 'KC',
    name: 'Knight-Captain',
    player: p?.id ?? 'p1',
    colour: p?.colour ?? '#1f5fbf',
    shape: p?.shape ?? 'circle',
    size: 'medium',
    span: 1,
    where: 'map',
    at: null,
    vigor: 7,
    vigorMax: 10,
    boxes: [
      { kind: 'mobility', marked: true },
      { kind: 'defensive', marked: false },
      { kind: 'mortal', marked: false },
    ],
    statuses: [
      { status: 'pinned', code: STATUS_CODE.pinned, source: null, words: 'pinned' },
      { status: 'hobbled', code: STATUS_CODE.hobbled, source: null, words: 'hobbled' },
    ],
    tokens: { react: { left: 1, max: 1 }, blue: { left: 1, max: 2 }, red: { left: 1, max: 1 } },
    acted: false,
    active: false,
  };
}

/** How to read a token: one drawn large, each part named beside it with a leader line. */
function tokenDiagram(measure: Ctx, view: MapView, px: number, width: number): Flow {
  const cell = Math.round(px * 6);
  // Top to bottom, so the leader lines do not cross.
  const parts: { text: string; x: number; y: number }[] = [
    { text: 'status badges (letters below)', x: 0.87, y: 0.13 },
    { text: 'injury boxes (filled: marked; diamond: Mortal)', x: 0.56, y: 0.15 },
    { text: 'label: initials of the card name (Longbowman: LO)', x: 0.8, y: 0.49 },
    { text: 'Vigor left', x: 0.7, y: 0.75 },
    { text: 'action-pool tokens: react, blue, red (hollow: spent)', x: 0.62, y: 0.885 },
  ];
  const pad = px * 0.4;
  const textX = pad + cell + px * 2.2;
  // The names a size smaller when the longest would run past the picture's edge (a narrow legend).
  const longest = Math.max(...parts.map((p) => textWidth(measure, font(px, 'normal'), p.text)));
  const namePx = Math.min(px, Math.floor((px * (width - textX)) / longest));
  return {
    height: cell + 2 * pad,
    widest: textX + Math.max(...parts.map((p) => textWidth(measure, font(namePx, 'normal'), p.text))),
    draw: (ctx, x0, y0) => {
      ctx.save();
      const tx = x0 + pad;
      const ty = y0 + pad;
      ctx.fillStyle = '#ece4cf';
      ctx.fillRect(x0, y0, cell + 2 * pad, cell + 2 * pad);
      drawToken(ctx, sampleToken(view), tx, ty, cell);
      parts.forEach((p, i) => {
        const ly = ty + (cell / parts.length) * (i + 0.5);
        const to = { x: tx + cell * p.x, y: ty + cell * p.y };
        ctx.beginPath();
        ctx.moveTo(x0 + textX - px * 0.3, ly);
        ctx.lineTo(tx + cell + px * 0.9, ly);
        ctx.lineTo(to.x, to.y);
        ctx.lineJoin = 'round';
        ctx.strokeStyle = '#ffffff';
        ctx.lineWidth = 4;
        ctx.stroke();
        ctx.strokeStyle = INK;
        ctx.lineWidth = 1.6;
        ctx.stroke();
        ctx.beginPath();
        ctx.arc(to.x, to.y, 3.5, 0, Math.PI * 2);
        ctx.fillStyle = INK;
        ctx.fill();
        ctx.font = font(namePx, 'normal');
        ctx.textAlign = 'left';
        ctx.textBaseline = 'middle';
        ctx.fillText(p.text, x0 + textX, ly);
      });
      ctx.restore();
    },
  };
}

/** The other marks on tokens: the active unit's brackets, a faded token, each player's shape and colour. */
function tokenRow(view: MapView): Run[] {
  const faded = { ...sampleToken(view), acted: true, statuses: [] };
  return [
    heading('Tokens'),
    ...item(
      pic(1.1, (ctx, x, y, h) => activeMark(ctx, x, y, h, h)),
      'magenta corners: the unit whose turn it is',
    ),
    ...item(
      pic(1.1, (ctx, x, y, h) => drawToken(ctx, faded, x, y, h)),
      'faded: has acted this round',
    ),
    ...players(view),
  ];
}

/** The legend's parts laid out for a picture `width` wide: each part's `widest` stays within `inner` (legend.test.ts). */
export function legendLayout(view: MapView, width = 760): { pad: number; inner: number; parts: readonly Flow[] } {
  loadFonts();
  const px = 24;
  const pad = Math.round(px * 0.8);
  const inner = width - 2 * pad;
  const scratch = measuringContext();
  const title = flow(scratch, [[{ text: `Key to the map: ${view.board.name}`, bold: true, scale: 1.15 }]], inner, px);
  const diagram = tokenDiagram(scratch, view, px, inner);
  const rows = flow(scratch, [tokenRow(view), terrainRow(view), statusRow(), ...lastTurnRows()], inner, px);
  return { pad, inner, parts: [title, diagram, rows] };
}

/** The match's legend as a picture `width` wide: title, token diagram, tokens, map, statuses, last turn. */
export function drawLegendCanvas(view: MapView, width = 760): Canvas {
  const { pad, parts } = legendLayout(view, width);
  const height = Math.ceil(pad + parts.reduce((h, p) => h + p.height + pad / 2, 0) + pad / 2);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, width, height);
  let y = pad;
  for (const part of parts) {
    part.draw(ctx, pad, y);
    y += part.height + pad / 2;
  }
  return canvas;
}

/** Each player's token shape and colour, with the seat number the start areas show. */
function players(view: MapView): Run[] {
  return view.players.flatMap((p) => item(playerSwatch(p), `${p.name}'s units (P${p.seat + 1})`));
}

const SHAPE_WORD = { circle: 'circles', square: 'rounded squares', hexagon: 'hexagons', diamond: 'diamonds' } as const;

/** The legend in words, for the legend picture's alt text (under Discord's 1,024 characters). */
export function legendWords(view: MapView): string {
  const terrain = view.board.terrains.map((t) => (t === 'damaging' ? `damaging (${view.board.damage})` : TERRAIN_NAME[t]));
  const lines = [
    `Key to the maps of ${view.board.name}.`,
    view.players.length > 0
      ? `Tokens: ${view.players.map((p) => `${p.name} ${SHAPE_WORD[p.shape]}`).join(', ')}, labelled from the card's name: the initials of its first two words, or the first two letters of a one-word name (Longbowman: LO), with a number for a second unit of the same card.`
      : '',
    `Terrain, each with its own mark: ${terrain.join(', ') || 'none'}. Thick black lines: walls; dashed brown: low cover; gold outline: objective, numbered as the log names it (objective 1, 2…); hatched: start areas S1, S2 and so on, any player may enter from any.`,
    'On a token: injury boxes on top (filled: marked, diamond: Mortal), Vigor bar and react, blue and red tokens below (hollow: spent), status letters in the corners. Faded: has acted. Magenta corners: the unit whose turn it is.',
    `Statuses: ${STATUSES.map((s) => `${STATUS_CODE[s]} ${s}`).join(', ')}.`,
    'Last turn: a path from a ring to an arrow (dashed: maneuver, dotted: pushed, orange: charge); one label per unit attacked, wounded or dropped, naming it first ("SD: CRIT 20 wounds · DROPPED"): HIT, CRIT, GLANCE or AUTO with the wounds, or MISS; replies purple; a red cross where a unit dropped; a numbered disc is a tag listed under the map.',
  ];
  return lines.filter(Boolean).join(' ');
}
