/**
 * Tags leave a move's path in sight (playtest: a new player reading close-ups at 400 px). The label
 * "OW: HIT by WH's reply, 5 wounds" hid OW's move from J14 to H13, and "TG: CRIT by OW's reply, 20 wounds ·
 * DROPPED" hid where the Town Guard's charge started, its ring. A tag never covers a path's start ring
 * or arrowhead, and crosses a path's line only when no spot in its reach is clear of it.
 */
import { describe, expect, it } from 'vitest';
import { measuringContext } from '../../src/render/canvas-pool';
import { loadFonts } from '../../src/render/fonts';
import { boardGeometry } from '../../src/render/layout';
import { pathMarks, pathWidth } from '../../src/render/lines';
import { overlap, placeTags, polylineMeets, type PlacedTag, type Rect } from '../../src/render/tags';
import type { GameEvent } from '../../src/rulesets/sellsword/engine/events';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { boardSquares, movePoints, overlayTags, tagSpace } from '../../src/rulesets/sellsword/render/overlays';
import { sharedPlaces } from '../../src/rulesets/sellsword/render/units';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { chargedAndDropped, movedAndHit } from './path-label-states';

loadFonts();

const grow = (r: Rect, d: number): Rect => ({ x: r.x - d, y: r.y - d, w: r.w + 2 * d, h: r.h + 2 * d });

function placed(t: { before: GameState; events: GameEvent[]; state: GameState }) {
  const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
  const g = boardGeometry(view.board);
  const tags = placeTags(overlayTags(g, view), tagSpace(g, view, boardSquares(g, view)), measuringContext());
  const paths = movePoints(g, view.lastTurn!, sharedPlaces(g, view.units));
  return { g, tags, paths, marks: paths.flatMap((p) => pathMarks(g, p)) };
}

/** The tag's box as drawn, its white edge included. */
const drawn = (tag: PlacedTag): Rect => grow(tag.rect, 0.75);

describe('tags off the paths they speak of (playtest)', () => {
  it("a moved unit's label leaves its move, ring and arrowhead in sight", () => {
    const { g, tags, paths, marks } = placed(movedAndHit());
    const label = tags.find((x) => x.text.startsWith('KN: '))!;
    expect(label.text).toBe("KN: HIT by GH's reply, 5 wounds");
    expect(label.number).toBeNull();
    for (const m of marks) expect(overlap(drawn(label), m), 'label over a ring or arrowhead').toBe(0);
    for (const p of paths) expect(polylineMeets(p, grow(drawn(label), pathWidth(g) / 2)), 'label over the move').toBe(false);
  });

  it("a charging unit's label leaves the charge's start ring in sight", () => {
    const { g, tags, paths, marks } = placed(chargedAndDropped());
    const label = tags.find((x) => x.text.startsWith('SW: '))!;
    expect(label.text).toMatch(/^SW: CRIT by KN's reply, 20 wounds/);
    for (const tag of tags.filter((x) => !x.forced)) {
      for (const m of marks) expect(overlap(drawn(tag), m), `${tag.text} over a ring or arrowhead`).toBe(0);
    }
    for (const p of paths) expect(polylineMeets(p, grow(drawn(label), pathWidth(g) / 2)), 'label over the charge').toBe(false);
  });
});

describe('a path in the way of every spot (tags.ts)', () => {
  const CELL = 60;
  const bounds: Rect = { x: 0, y: 0, w: 4 * CELL, h: 1 * CELL };
  const anchor = { x: 0.5 * CELL, y: 0.5 * CELL };
  const request = { text: 'HIT 5', listText: 'hit, 5 wounds', colour: '#b71c1c', anchor, spots: [{ x: 2 * CELL, y: 0.5 * CELL }], px: 20 };
  // A one-row board with a path along its whole length: no spot is clear of the line.
  const line = [
    { x: 0, y: 0.5 * CELL },
    { x: 4 * CELL, y: 0.5 * CELL },
  ];

  it('crosses the line rather than go to the numbered list', () => {
    const [tag] = placeTags([request], { bounds, tokens: [], soft: [], paths: { lines: [line], width: 7 }, cell: CELL }, measuringContext());
    expect(tag!.number).toBeNull();
  });

  it('goes to the list rather than cover a ring or arrowhead', () => {
    const marks = [{ x: 0, y: 0, w: 4 * CELL, h: CELL }];
    const [tag] = placeTags([request], { bounds, tokens: [], soft: [], marks, cell: CELL }, measuringContext());
    expect(tag!.number).toBe(1);
    expect(tag!.forced).toBe(true);
  });
});
