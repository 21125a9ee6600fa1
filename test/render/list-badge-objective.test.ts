/**
 * A numbered list badge (a tag with no room, moved to the list under the board) keeps off objective
 * squares, whose own number it was read as (issue 26: a red ① on objective 3's square).
 */
import { describe, expect, it } from 'vitest';
import { measuringContext } from '../../src/render/canvas-pool';
import { boardGeometry, cornerOf } from '../../src/render/layout';
import { overlap, placeTags, type Rect } from '../../src/render/tags';
import { boardSquares, tagSpace } from '../../src/rulesets/sellsword/render/overlays';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { table } from './states';

const u = (id: string, card: string, player: string, at: string) => ({ id, card, player, at });

describe('a list badge beside an objective (issue 26)', () => {
  // Mill Crossing's objective 3 is O9–P10; a unit stands on P10, another on N8.
  const view = toMapView(
    table({
      map: 'mill-crossing',
      units: [u('tg', 'valor-knight', 'p1', 'N8'), u('sa', 'havoc-zombie', 'p2', 'P10')],
    }),
  );
  const g = boardGeometry(view.board);
  const space = tagSpace(g, view, boardSquares(g, view));
  const p9: Rect = { ...cornerOf(g, { col: 15, row: 8 }), w: g.cell, h: g.cell };

  it('its squares are where badges keep off', () => {
    expect(space.numbered).toEqual(expect.arrayContaining([p9]));
  });

  it('goes off the objective when a tag anchored on it has no room', () => {
    const anchor = { x: p9.x + g.cell / 2, y: p9.y + g.cell / 2 };
    const [tag] = placeTags(
      [
        {
          text: 'KN: SA’s CRIT 20 wounds · DROPPED'.repeat(4),
          listText: 'KN: SA’s CRIT 20 wounds · DROPPED',
          colour: '#c00',
          anchor,
          spots: [anchor],
          px: g.cell * 0.38,
        },
      ],
      space,
      measuringContext(),
    );
    expect(tag!.number).toBe(1);
    const objective3 = view.board.objectives[2]!.map((i) => ({
      ...cornerOf(g, { col: i % view.board.width, row: Math.floor(i / view.board.width) }),
      w: g.cell,
      h: g.cell,
    }));
    for (const sq of objective3) expect(overlap(tag!.rect, sq)).toBe(0);
  });
});
