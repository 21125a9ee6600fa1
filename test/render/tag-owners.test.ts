/**
 * Playtest round 21's tags (a new player at 400 px):
 * - "OW: MISSED by TG's reply" sat four squares from OW, on the reply's line where OW was when TG replied,
 *   with no leader to OW: a unit's label goes beside it where it is now, or joins it by a leader;
 * - tags after a charge covered its step square: they keep off a path's squares when they can;
 * - the key said "a unit on it: its number in a gold diamond", but only a unit on the numbered
 *   square gets one: the key says that square.
 */
import { describe, expect, it } from 'vitest';
import { measuringContext } from '../../src/render/canvas-pool';
import { loadFonts } from '../../src/render/fonts';
import { boardGeometry } from '../../src/render/layout';
import { overlap, placeTags, rectGap, type Rect } from '../../src/render/tags';
import { terrainKey } from '../../src/rulesets/sellsword/render/legend';
import { boardSquares, overlayTags, tagSpace } from '../../src/rulesets/sellsword/render/overlays';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { repliedAndMovedOn } from './away-states';
import { chargedAndDropped, movedAndHit } from './path-label-states';
import { statusTable } from './states';
import { keyWords } from './key-words';

loadFonts();

const viewOf = (t: ReturnType<typeof movedAndHit>) => toMapView(t.state, { lastTurn: t.events, before: t.before });

describe("a unit's label stays with the unit it names (playtest round 21)", () => {
  it('labels a unit replied to as it stepped away where it is now, its leader to it', () => {
    const view = viewOf(repliedAndMovedOn());
    const g = boardGeometry(view.board);
    const tags = placeTags(overlayTags(g, view), tagSpace(g, view, boardSquares(g, view)), measuringContext());
    const label = tags.find((x) => x.text.startsWith('KN: '))!;
    expect(label.text).toBe("KN: MISSED by GH's reply");
    const kn = view.units.find((u) => u.label === 'KN')!.at!;
    const square: Rect = { x: g.margin + kn.col * g.cell, y: g.margin + kn.row * g.cell, w: g.cell, h: g.cell };
    // Its leader (or its badge's) ends on the knight's square, and it is drawn by the knight.
    expect(overlap({ ...label.anchor, w: 0.01, h: 0.01 }, square)).toBeGreaterThan(0);
    expect(rectGap(label.rect, square)).toBeLessThanOrEqual(g.cell);
  });
});

describe("tags keep off a path's squares (playtest round 21)", () => {
  for (const [name, make] of [
    ['a charge', chargedAndDropped],
    ['a move', movedAndHit],
  ] as const) {
    it(`after ${name}, no word tag covers the inside of a square on the path`, () => {
      const view = viewOf(make());
      const g = boardGeometry(view.board);
      const tags = placeTags(overlayTags(g, view), tagSpace(g, view, boardSquares(g, view)), measuringContext());
      // A tag may graze a square's edge, as it may a token's: the square less a rim.
      const rim = g.cell * 0.12;
      const squares = view.lastTurn!.moves.flatMap((m) =>
        m.path.map((s) => ({ x: g.margin + s.col * g.cell + rim, y: g.margin + s.row * g.cell + rim, w: g.cell - 2 * rim, h: g.cell - 2 * rim })),
      );
      for (const tag of tags.filter((x) => x.number === null)) {
        for (const s of squares) expect(overlap(tag.rect, s), `"${tag.text}" over a path square`).toBe(0);
      }
    });
  }
});

describe("the key says which unit gets an objective's diamond (playtest round 21)", () => {
  it('names the numbered square, as objective-badges.ts draws it', () => {
    const view = toMapView(statusTable().state);
    const words = keyWords((ctx) => terrainKey(ctx, view, 4000, 14));
    expect(words).not.toContain('a unit on it:');
    expect(words).toContain('a unit on that square: the number again in a gold diamond');
  });
});
