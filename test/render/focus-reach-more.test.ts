/**
 * A reach close-up that cannot hold every square the unit can reach says the rest are on the full map:
 * a tester took "Where WH can move, close up B1 to K9" for all of it (playtest round 17).
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { drawFocusCanvas, focusWindow } from '../../src/rulesets/sellsword/render/focus';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { table } from './states';

/** Every piece of text drawing the close-up of `view` writes. */
function written(view: ReturnType<typeof toMapView>): string {
  const probe = createCanvas(1, 1).getContext('2d');
  const proto = Object.getPrototypeOf(probe) as { fillText: (this: unknown, text: string, ...rest: number[]) => void };
  const fillText = proto.fillText;
  const out: string[] = [];
  proto.fillText = function (this: unknown, text: string, ...rest: number[]) {
    out.push(text);
    fillText.call(this, text, ...rest);
  };
  try {
    drawFocusCanvas(view, focusWindow(view)!);
  } finally {
    proto.fillText = fillText;
  }
  return out.join('');
}

describe('the reach close-up', () => {
  const reachOf = (at: string) =>
    toMapView(
      table({
        map: 'mill-crossing',
        units: [
          { id: 'wh', card: 'valor-war-hound', player: 'p1', at },
          { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'A1' },
        ],
      }),
      { reach: { unit: 'wh' } },
    );
  const outside = (view: ReturnType<typeof toMapView>) => {
    const w = focusWindow(view)!;
    return view.reach!.squares.filter((s) => s.at.col < w.col || s.at.col >= w.col + w.cols || s.at.row < w.row || s.at.row >= w.row + w.rows).length;
  };

  it('says when squares the unit can reach lie outside it', () => {
    const view = reachOf('J10');
    expect(outside(view)).toBeGreaterThan(0);
    expect(written(view)).toContain('(more squares on the full map)');
  });

  it('says nothing of the kind when it holds them all', () => {
    const view = reachOf('B2');
    expect(outside(view)).toBe(0);
    expect(written(view)).not.toContain('full map');
  });
});
