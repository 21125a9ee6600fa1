/**
 * Alt text for a table view's picture (table-picture.ts): the header's lines, each player with the
 * colour and shape of their tokens, what happened (the overlays' words), and every unit's square
 * and condition. Discord caps an attachment's description (alt-text.ts DISCORD_ALT_TEXT_LIMIT), so
 * it is written at three levels of detail and the fullest that fits is used; the shortest still
 * names every unit on the table and its square.
 */
import { clip } from '../discord/text';
import { DISCORD_ALT_TEXT_LIMIT } from './alt-limit';
import { SEAT_COLOUR_NAMES, SEAT_SHAPES } from './palette';
import { placeWords } from './table-place';
import type { TableUnit, TableView } from './table-view';

type Detail = 0 | 1 | 2;

const SHAPE_WORDS: Readonly<Record<(typeof SEAT_SHAPES)[number], string>> = {
  circle: 'circles',
  square: 'squares',
  hexagon: 'hexagons',
  diamond: 'diamonds',
};

/** "blue circles": how a seat's tokens look, in words. */
export const seatWords = (seat: number): string =>
  `${SEAT_COLOUR_NAMES[seat % SEAT_COLOUR_NAMES.length]} ${SHAPE_WORDS[SEAT_SHAPES[seat % SEAT_SHAPES.length]!]}`;

function unitEntry(u: TableUnit, detail: Detail): string {
  const name = detail === 2 ? `${u.label} (${u.name})` : u.label;
  const where = placeWords(u);
  const condition = detail === 0 ? u.condition.slice(0, 1) : u.condition;
  return [where ? `${name} at ${where}` : name, ...condition].join(', ');
}

/** The whole description at one level of detail, without a limit. */
export function describeTable(view: TableView, detail: Detail = 2): string {
  const parts = [`${view.title}.`, ...view.lines.map((l) => `${l}.`)];
  const happened = view.overlays.map((o) => o.words);
  if (happened.length > 0 && detail > 0) parts.push(`${happened.join(' ')}`);
  for (const p of view.players) {
    const mine = view.units.filter((u) => u.seat === p.seat);
    const on = mine.filter((u) => u.at).map((u) => unitEntry(u, detail));
    const off = mine.filter((u) => !u.at).map((u) => u.label);
    const offWords = off.length > 0 ? [`off the table ${off.join(', ')}`] : [];
    const who = detail === 2 ? `${p.name}, ${seatWords(p.seat)}, ${p.words}` : `${p.name}, ${seatWords(p.seat)}`;
    parts.push(`${who}: ${[...on, ...offWords].join('; ') || 'no units'}.`);
  }
  return parts.join('\n');
}

/** Alt text within `limit` characters: the fullest description that fits, else the shortest cut at a word. */
export function tableAltText(view: TableView, limit: number = DISCORD_ALT_TEXT_LIMIT): string {
  for (const detail of [2, 1, 0] as const) {
    const text = describeTable(view, detail);
    if (text.length <= limit) return text;
  }
  return clip(describeTable(view, 0), limit, { atWord: true });
}
