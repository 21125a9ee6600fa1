/**
 * A miss's cross never covers a unit's label (playtest: on the knight's token the cross read as its
 * label's first letter, "✕N"). It goes back along its line, beside the token, to the first spot clear
 * of every label.
 */
import { describe, expect, it } from 'vitest';
import { measuringContext } from '../../src/render/canvas-pool';
import { loadFonts } from '../../src/render/fonts';
import { boardGeometry } from '../../src/render/layout';
import { overlap, placeTags, type Rect } from '../../src/render/tags';
import { attackLines, boardSquares, missCentre, overlayTags, tagSpace } from '../../src/rulesets/sellsword/render/overlays';
import { labelBoxes, sharedPlaces } from '../../src/rulesets/sellsword/render/units';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { missedKnight } from './path-label-states';

loadFonts();

describe("a miss's cross beside its target's label (playtest)", () => {
  const t = missedKnight();
  const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
  const g = boardGeometry(view.board);
  const labels = labelBoxes(measuringContext(), g, view.units);
  const [line] = attackLines(g, view.lastTurn!, sharedPlaces(g, view.units));
  /** The cross's box as drawn at `p`, its white edge included (drawAttackHeads). */
  const crossBox = (p: { x: number; y: number }): Rect => {
    const half = (g.cell * 0.26) / 2 + (line!.width + 4) / 2;
    return { x: p.x - half, y: p.y - half, w: 2 * half, h: 2 * half };
  };
  const knight: Rect = { x: g.margin + 5 * g.cell, y: g.margin + 4 * g.cell, w: g.cell, h: g.cell };
  const knightLabel = labels.find((l) => overlap(l, knight) > 0)!;

  it('is a miss along the row, whose line ends on the knight’s label (where the cross was drawn)', () => {
    expect(line!.attack.result).toBe('miss');
    expect(overlap(crossBox(line!.end), knightLabel)).toBeGreaterThan(0);
  });

  it('is drawn clear of every label, on its line, and still by the knight', () => {
    const at = missCentre(g, line!, labels);
    for (const l of labels) expect(overlap(crossBox(at), l), 'cross over a label').toBe(0);
    expect(Math.abs(at.y - line!.end.y)).toBeLessThan(0.5);
    // Beside the token: touching its square, or within a fifth of a square of it.
    expect(knight.x - (crossBox(at).x + crossBox(at).w)).toBeLessThan(g.cell * 0.2);
  });

  it('is left in sight by the tags: none covers it', () => {
    const at = missCentre(g, line!, labels);
    const tags = placeTags(overlayTags(g, view), tagSpace(g, view, boardSquares(g, view)), measuringContext());
    for (const tag of tags.filter((x) => !x.forced)) expect(overlap(tag.rect, crossBox(at)), `${tag.text} over the cross`).toBe(0);
  });
});
