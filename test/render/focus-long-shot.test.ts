/**
 * A turn's close-up shows where its last attack landed even when that attack took its target off the
 * map: a Skeletal Archer's long shot that dropped a Longbowman (here L1 to L20) was shown round the archer
 * alone, the drop out of the frame (playtest round 24, sev-2).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/rulesets/sellsword/engine/events';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { focusWindow } from '../../src/rulesets/sellsword/render/focus';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { table } from './states';

describe("a long shot's close-up", () => {
  it('holds the square of the unit it dropped', () => {
    const before = table({
      map: 'barrow-hill',
      units: [
        { id: 'sa', card: 'havoc-skeletal-archer', player: 'p2', at: 'L1' },
        { id: 'lo', card: 'valor-archer', player: 'p1', at: 'L20' },
        { id: 'tg', card: 'valor-guard', player: 'p1', at: 'J9' },
      ],
    });
    const state: GameState = { ...before, units: { ...before.units, lo: { ...before.units.lo!, at: null, dropped: true, vigor: 0 } } };
    const events: GameEvent[] = [
      { type: 'unit-activated', unit: 'sa', acts: 3 },
      { type: 'act-begun', unit: 'sa', act: 'attack', acts: 1 },
      {
        type: 'attack-rolled',
        unit: 'sa',
        attack: 'bow',
        target: 'lo',
        rolls: [20],
        modifier: 5,
        need: 12,
        hit: true,
        critical: true,
        glancing: false,
        notes: [],
      },
      {
        type: 'wounded',
        unit: 'lo',
        wound: 20,
        woundType: 'pierce',
        source: 'sa',
        cause: 'Bow',
        from: 'attack',
        attack: 'bow',
        taken: 20,
        toughness: 0,
        avoided: 0,
        injuries: [],
      },
      { type: 'dropped', unit: 'lo', by: 'sa' },
    ];
    const view = toMapView(state, { lastTurn: events, before });
    const w = focusWindow(view)!;
    // L20: column L (the 12th, index 11), row 20 (index 19), too far from the archer on L1 for one close-up to hold both.
    const holds = (col: number, row: number) => col >= w.col && col < w.col + w.cols && row >= w.row && row < w.row + w.rows;
    expect(holds(11, 19)).toBe(true);
  });
});
