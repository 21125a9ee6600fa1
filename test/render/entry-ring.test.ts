/**
 * A unit that entered the map this turn gets the start ring the legend promises ("path moved (ring:
 * start, arrow: end)"), on the square it entered by: a playtester saw an entering unit's path with no
 * ring, under a key that says every path has one. The legend is posted once for every picture, so the
 * ring is drawn rather than the key made to depend on the picture.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { boardGeometry } from '../../src/render/layout';
import { drawMapCanvas } from '../../src/rulesets/sellsword/render/map';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { play, table } from './states';

/** The circles the map picture of `view` draws, by centre and radius. */
function circles(view: ReturnType<typeof toMapView>): { x: number; y: number; r: number }[] {
  const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as { arc: (...a: number[]) => void };
  const arc = proto.arc;
  const out: { x: number; y: number; r: number }[] = [];
  proto.arc = function (this: unknown, ...a: number[]) {
    out.push({ x: a[0]!, y: a[1]!, r: a[2]! });
    arc.apply(this, a);
  };
  try {
    drawMapCanvas(view);
  } finally {
    proto.arc = arc;
  }
  return out;
}

describe('an entering unit’s path', () => {
  it('starts with a ring on the square it entered by', () => {
    const start = table({
      map: 'barrow-hill',
      entry: { p1: 'J1', p2: 'J19' },
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'reserve' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'Q18' },
      ],
    });
    const t = play(start, [{ act: 'move', unit: 'kn', path: ['J1', 'J2', 'J3', 'J4'] }]);
    const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
    const move = view.lastTurn!.moves[0]!;
    expect(move.fromKnown).toBe(false);
    const g = boardGeometry(view.board);
    const first = move.path[0]!;
    const [cx, cy] = [g.margin + (first.col + 0.5) * g.cell, g.margin + (first.row + 0.5) * g.cell];
    const rings = circles(view).filter((c) => Math.abs(c.r - g.cell * 0.22) < 0.01 && Math.hypot(c.x - cx, c.y - cy) < 1);
    expect(rings.length, `a start ring at ${first.name}`).toBeGreaterThan(0);
  });
});
