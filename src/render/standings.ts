/**
 * A league's standings as a picture: a title, then one row per player (rank, name, points, played,
 * won, drawn, lost, forfeits, VP difference, rating) in the order the league ranks them, the top rows only, since a phone shows a long
 * picture too small to read; the rest is in `/league export`. The caller gives plain rows, so the
 * renderer knows nothing of leagues (the league layer makes them, src/league/standings.ts).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { graphemesOf } from '../discord/text';
import { pooledCanvas } from './canvas-pool';
import { font, fontSafe, loadFonts } from './fonts';
import { INK, MUTED, PAPER } from './palette';
import { encodePng } from './png';

export interface StandingsPictureRow {
  readonly rank: number;
  readonly name: string;
  readonly points: number;
  readonly played: number;
  readonly won: number;
  readonly drawn: number;
  readonly lost: number;
  readonly forfeits: number;
  readonly vpDiff: number;
  readonly rating: number;
}

/** Rows drawn at most; "and N more" says what was left out. */
export const STANDINGS_PICTURE_ROWS = 25;

const W = 800;
const PAD = 20;
const ROW = 30;
const TITLE = 54;
const HEAD = 30;
const STRIPE = '#ece5d6';

/** Columns after the name: header, right edge, and the text of a row. */
const COLUMNS: readonly { head: string; right: number; text: (r: StandingsPictureRow) => string }[] = [
  { head: 'Pts', right: 398, text: (r) => String(r.points) },
  { head: 'P', right: 446, text: (r) => String(r.played) },
  { head: 'W', right: 490, text: (r) => String(r.won) },
  { head: 'D', right: 534, text: (r) => String(r.drawn) },
  { head: 'L', right: 578, text: (r) => String(r.lost) },
  { head: 'FF', right: 622, text: (r) => String(r.forfeits) },
  { head: 'VP ±', right: 700, text: (r) => (r.vpDiff > 0 ? `+${r.vpDiff}` : String(r.vpDiff)) },
  { head: 'Rating', right: W - PAD, text: (r) => r.rating.toFixed(1) },
];

function fitted(ctx: SKRSContext2D, text: string, width: number): string {
  const t = fontSafe(text);
  if (ctx.measureText(t).width <= width) return t;
  // Whole graphemes come off the end, so an emoji is never cut in half.
  const kept = graphemesOf(t);
  while (kept.length > 1 && ctx.measureText(`${kept.join('')}…`).width > width) kept.pop();
  return `${kept.join('')}…`;
}

export function renderStandings(title: string, rows: readonly StandingsPictureRow[]): Buffer {
  loadFonts();
  const shown = rows.slice(0, STANDINGS_PICTURE_ROWS);
  const more = rows.length - shown.length;
  const height = TITLE + HEAD + Math.max(1, shown.length) * ROW + (more > 0 ? ROW : 0) + PAD;
  const canvas = pooledCanvas(W, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, W, height);
  ctx.fillStyle = INK;
  ctx.textBaseline = 'middle';
  ctx.font = font(24, 'bold');
  ctx.textAlign = 'left';
  ctx.fillText(fitted(ctx, title, W - 2 * PAD), PAD, TITLE / 2 + 4);
  const headY = TITLE + HEAD / 2;
  ctx.font = font(16, 'bold');
  ctx.fillStyle = MUTED;
  ctx.fillText('#', PAD, headY);
  ctx.fillText('Player', PAD + 44, headY);
  ctx.textAlign = 'right';
  for (const c of COLUMNS) ctx.fillText(c.head, c.right, headY);
  ctx.fillRect(PAD, TITLE + HEAD - 1, W - 2 * PAD, 2);
  shown.forEach((r, i) => {
    const top = TITLE + HEAD + i * ROW;
    if (i % 2 === 1) {
      ctx.fillStyle = STRIPE;
      ctx.fillRect(PAD, top, W - 2 * PAD, ROW);
    }
    const y = top + ROW / 2;
    ctx.fillStyle = INK;
    ctx.font = font(18, 'bold');
    ctx.textAlign = 'left';
    ctx.fillText(String(r.rank), PAD + 4, y);
    ctx.font = font(18);
    ctx.fillText(fitted(ctx, r.name, 398 - 50 - PAD - 44), PAD + 44, y);
    ctx.textAlign = 'right';
    for (const c of COLUMNS) ctx.fillText(c.text(r), c.right, y);
  });
  ctx.textAlign = 'left';
  ctx.fillStyle = MUTED;
  ctx.font = font(16);
  if (shown.length === 0) ctx.fillText('No results yet.', PAD + 44, TITLE + HEAD + ROW / 2);
  if (more > 0) ctx.fillText(`…and ${more} more (/league export has them all)`, PAD + 44, TITLE + HEAD + shown.length * ROW + ROW / 2);
  return encodePng(canvas);
}
