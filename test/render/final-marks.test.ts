/**
 * The final picture's marks leave the winner's token clear (issue 26): a playtester could not see who
 * won, the critical's star and arrowhead lying over the knight beside the unit it dropped. The star
 * goes on the dropped unit's label, which never covers a token; the arrowhead and the cross stay on
 * the dropped unit's last square.
 */
import { describe, expect, it } from 'vitest';
import { measuringContext } from '../../src/render/canvas-pool';
import { loadFonts } from '../../src/render/fonts';
import { boardGeometry } from '../../src/render/layout';
import { overlap, placeTags } from '../../src/render/tags';
import { attackLines, boardSquares, overlayTags, tagSpace } from '../../src/rulesets/sellsword/render/overlays';
import { sharedPlaces } from '../../src/rulesets/sellsword/render/units';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { finalTable } from './states';

loadFonts();

describe("the final picture's marks (issue 26)", () => {
  const t = finalTable();
  const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
  const g = boardGeometry(view.board);
  const tags = placeTags(overlayTags(g, view), tagSpace(g, view, boardSquares(g, view)), measuringContext());
  const knight = view.units.find((u) => u.label === 'KN' && u.at)!;
  const knightSquare = { x: g.margin + knight.at!.col * g.cell, y: g.margin + knight.at!.row * g.cell, w: g.cell, h: g.cell };

  it("put the critical's star on the dropped unit's label, beside the tokens", () => {
    const starred = tags.filter((x) => x.icon === 'star');
    expect(starred.map((x) => x.text)).toEqual([expect.stringMatching(/^[A-Z]+: CRIT by KN, 20 wounds/)]);
    for (const x of tags) expect(overlap(x.rect, knightSquare), `"${x.text}" covers the knight`).toBe(0);
  });

  it("keep the arrowhead into the dropped unit inside the square it left, off the knight's token", () => {
    const [line] = attackLines(g, view.lastTurn!, sharedPlaces(g, view.units));
    const drop = view.lastTurn!.drops[0]!;
    const left = { x: g.margin + drop.at!.col * g.cell, y: g.margin + drop.at!.row * g.cell };
    const a = Math.atan2(line!.uy, line!.ux);
    const size = g.cell * 0.32;
    // The arrowhead's corners (glyphs.ts arrowhead): its tip and its base's two ends.
    const corners = [line!.end, ...[a - 0.45, a + 0.45].map((b) => ({ x: line!.end.x - size * Math.cos(b), y: line!.end.y - size * Math.sin(b) }))];
    for (const p of corners) {
      expect(p.x).toBeGreaterThanOrEqual(left.x);
      expect(p.x).toBeLessThanOrEqual(left.x + g.cell);
      expect(p.y).toBeGreaterThanOrEqual(left.y);
      expect(p.y).toBeLessThanOrEqual(left.y + g.cell);
    }
  });
});
