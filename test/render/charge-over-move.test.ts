/**
 * A charge back along its unit's move is drawn beside the move, not on it (issue 26): on the
 * last-turn overlay the charge's line covered the move the same unit made before it. The charge still
 * starts where the move ended.
 */
import { describe, expect, it } from 'vitest';
import { boardGeometry } from '../../src/render/layout';
import type { GameEvent } from '../../src/rulesets/sellsword/engine/events';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { movePoints } from '../../src/rulesets/sellsword/render/overlays';
import { sharedPlaces } from '../../src/rulesets/sellsword/render/units';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { yard } from './maps';
import { yardTable } from './states';

/** Distance from `p` to the segment a–b. */
function toSegment(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/** The knight moves C5 → C8, then charges back up to C6 at the skeleton on D5. */
function moveThenChargeBack(): { before: GameState; events: GameEvent[]; state: GameState } {
  const t = yardTable();
  const width = yard.grid[0]!.length;
  const before: GameState = { ...t, units: { ...t.units, hero: { ...t.units.hero!, at: 4 * width + 2 }, open: { ...t.units.open!, at: 4 * width + 3 } } };
  const state: GameState = { ...before, units: { ...before.units, hero: { ...before.units.hero!, at: 5 * width + 2 } } };
  const events: GameEvent[] = [
    { type: 'unit-activated', unit: 'hero', acts: 3 },
    { type: 'act-begun', unit: 'hero', act: 'move', acts: 1 },
    { type: 'moved', unit: 'hero', from: 'C5', path: ['C6', 'C7', 'C8'], spent: 3, diagonals: 0, pointsLeft: 2 },
    { type: 'act-begun', unit: 'hero', act: 'attack', acts: 2 },
    { type: 'charged', unit: 'hero', from: 'C8', path: ['C7', 'C6'], target: 'open' },
  ];
  return { before, events, state };
}

describe("a charge over its unit's earlier move (issue 26)", () => {
  const t = moveThenChargeBack();
  const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
  const g = boardGeometry(view.board);
  const [move, charge] = movePoints(g, view.lastTurn!, sharedPlaces(g, view.units));

  it('starts where the move ended', () => {
    expect(view.lastTurn!.moves.map((m) => [m.kind, m.path.map((s) => s.name)])).toEqual([
      ['move', ['C5', 'C6', 'C7', 'C8']],
      ['charge', ['C8', 'C7', 'C6']],
    ]);
  });

  it('is drawn clear of the move: every point of it at least the two lines’ widths from the move’s line', () => {
    for (const p of charge!) {
      const d = Math.min(...move!.slice(1).map((b, i) => toSegment(p, move![i]!, b)));
      expect(d).toBeGreaterThanOrEqual(g.cell * 0.2);
    }
  });
});
