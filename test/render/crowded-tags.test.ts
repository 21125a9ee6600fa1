/**
 * In a packed melee no label covers a token (playtest: at 400 px, labels sat over other tokens and hid
 * who stood where). A tag with no room goes to the numbered list; its badge, crowded out of the
 * squares round what it labels, goes to the nearest room anywhere on the board with a leader line, and
 * with no room at all it is left off the board (the list still says it), never drawn on a token.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { measuringContext } from '../../src/render/canvas-pool';
import { loadFonts } from '../../src/render/fonts';
import { drawTags, overlap, placeTags, type Rect, type TagRequest } from '../../src/render/tags';

loadFonts();

const CELL = 60;
const square = (col: number, row: number): Rect => ({ x: col * CELL, y: row * CELL, w: CELL, h: CELL });
/** Every square of a 12×12 board within `n` squares of F6 (or all of them) holds a token. */
const packed = (n: number): Rect[] => {
  const out: Rect[] = [];
  for (let c = 0; c < 12; c++) for (let r = 0; r < 12; r++) if (Math.max(Math.abs(c - 5), Math.abs(r - 5)) <= n) out.push(square(c, r));
  return out;
};
const anchor = { x: 5.5 * CELL, y: 5.5 * CELL };
const request: TagRequest = { text: 'GH: HIT by KN, 10 wounds', listText: 'KN on GH: hit, 10 wounds', colour: '#b71c1c', anchor, spots: [anchor], px: 22 };
const bounds: Rect = { x: 0, y: 0, w: 12 * CELL, h: 12 * CELL };

describe('tags in a packed melee', () => {
  it('puts a crowded-out badge beyond the crowd, with a leader line, not on a token', () => {
    const tokens = packed(4);
    const [tag] = placeTags([request], { bounds, tokens, soft: [], cell: CELL }, measuringContext());
    expect(tag!.number).toBe(1);
    expect(tag!.forced).toBe(false);
    for (const t of tokens) expect(overlap(tag!.rect, t), 'badge over a token').toBe(0);
  });

  it('leaves the badge off a board with no room at all, rather than on a token', () => {
    const tokens = packed(12);
    const [tag] = placeTags([request], { bounds, tokens, soft: [], cell: CELL }, measuringContext());
    expect(tag!.number).toBe(1);
    expect(tag!.forced).toBe(true);
    // Nothing is drawn for it on the board.
    const ctx = createCanvas(12 * CELL, 12 * CELL).getContext('2d');
    drawTags(ctx, [tag!]);
    const data = ctx.getImageData(0, 0, 12 * CELL, 12 * CELL).data;
    expect(data.some((v) => v !== 0)).toBe(false);
  });
});
