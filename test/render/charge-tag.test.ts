/**
 * One CHARGE tag per charge, off its line (issue 26): a charge that damaging terrain cuts in two
 * (charge.ts emits a `charged` event for each stretch, R19) got two CHARGE tags, and the tags sat on
 * the path, hiding the charge they named.
 */
import { describe, expect, it } from 'vitest';
import { measuringContext } from '../../src/render/canvas-pool';
import { boardGeometry } from '../../src/render/layout';
import { placeTags, type Point, type Rect } from '../../src/render/tags';
import type { GameEvent } from '../../src/rulesets/sellsword/engine/events';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { boardSquares, movePoints, overlayTags, tagSpace } from '../../src/rulesets/sellsword/render/overlays';
import { sharedPlaces } from '../../src/rulesets/sellsword/render/units';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { yard } from './maps';
import { yardTable } from './states';

/** Whether a polyline comes into a rectangle, sampled every half pixel. */
function meets(points: readonly Point[], r: Rect): boolean {
  return points.slice(1).some((b, i) => {
    const a = points[i]!;
    const n = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) * 2);
    for (let k = 0; k <= n; k++) {
      const x = a.x + ((b.x - a.x) * k) / n;
      const y = a.y + ((b.y - a.y) * k) / n;
      if (x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h) return true;
    }
    return false;
  });
}

/** The knight charges from A5 through B5 to C5 at the skeleton on D5, stopped on B5 by its terrain wound and going on. */
function chargeInTwo(): { before: GameState; events: GameEvent[]; state: GameState } {
  const t = yardTable();
  const width = yard.grid[0]!.length;
  const before: GameState = { ...t, units: { ...t.units, hero: { ...t.units.hero!, at: 4 * width }, open: { ...t.units.open!, at: 4 * width + 3 } } };
  const state: GameState = { ...before, units: { ...before.units, hero: { ...before.units.hero!, at: 4 * width + 2 } } };
  const events: GameEvent[] = [
    { type: 'unit-activated', unit: 'hero', acts: 3 },
    { type: 'act-begun', unit: 'hero', act: 'attack', acts: 2 },
    { type: 'charged', unit: 'hero', from: 'A5', path: ['B5'], target: 'open' },
    { type: 'charged', unit: 'hero', from: 'B5', path: ['C5'], target: 'open' },
  ];
  return { before, events, state };
}

describe('a charge in two stretches (issue 26)', () => {
  const t = chargeInTwo();
  const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
  const g = boardGeometry(view.board);
  const requests = overlayTags(g, view);
  const tags = placeTags(requests, tagSpace(g, view, boardSquares(g, view)), measuringContext());

  it('gets one CHARGE tag', () => {
    expect(tags.filter((x) => x.text === 'CHARGE')).toHaveLength(1);
  });

  it('places it on the board, off both stretches of the charge line', () => {
    const tag = tags.find((x) => x.text === 'CHARGE')!;
    expect(tag.number).toBeNull();
    const drawn = movePoints(g, view.lastTurn!, sharedPlaces(g, view.units));
    for (const points of drawn) expect(meets(points, tag.rect)).toBe(false);
  });
});
