/**
 * A close-up keeps the units its picture is about (issue 26): mid-charge, the charge's target (the
 * War Hound charging the Carrion Imp, its wound prompt on the way, left the Imp out); and the sight
 * close-up of `/skirmish view`, the enemy in sight ("Outside this close-up SA: COVER 9" kept two enemies
 * out of sight and left out the only one the Longbowman could shoot).
 */
import { describe, expect, it } from 'vitest';
import { focusWindow, toMapView } from '../../src/rulesets/sellsword/render';
import type { GameEvent } from '../../src/rulesets/sellsword/engine/events';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { boardOf } from '../../src/rulesets/sellsword/engine/table';
import { squareIndex } from '../../src/engine';
import { table } from './states';

type Spot = { readonly at: { readonly col: number; readonly row: number }; readonly span: number };
const inside = (w: { col: number; row: number; cols: number; rows: number }, s: Spot) =>
  s.at.col >= w.col && s.at.col + s.span <= w.col + w.cols && s.at.row >= w.row && s.at.row + s.span <= w.row + w.rows;
const u = (id: string, card: string, player: string, at: string) => ({ id, card, player, at });

describe('a close-up keeps the units it is about (issue 26)', () => {
  it('the sight close-up holds the one enemy in sight, not only the nearer ones out of it', () => {
    const state = table({
      map: 'mill-crossing',
      units: [
        u('lo', 'valor-crossbowman', 'p1', 'L5'),
        u('kn', 'valor-knight', 'p1', 'I5'),
        u('ow', 'havoc-armored-ogre', 'p2', 'H13'),
        u('gh', 'havoc-ghoul', 'p2', 'K13'),
        u('sa', 'havoc-skeletal-archer', 'p2', 'L13'),
      ],
    });
    const view = toMapView(state, { sight: { unit: 'lo' } });
    const seen = view.sight!.targets.filter((t) => t.mark !== 'blocked');
    expect(seen.map((t) => t.unit)).toEqual(['SA']);
    const w = focusWindow(view)!;
    expect(w).not.toBeNull();
    expect(inside(w, { at: view.sight!.from, span: 1 }), JSON.stringify(w)).toBe(true);
    expect(inside(w, { at: seen[0]!.at, span: 1 }), JSON.stringify(w)).toBe(true);
  });

  it("the close-up mid-charge holds the charge's target", () => {
    const before: GameState = table({
      map: 'mill-crossing',
      units: [u('wh', 'valor-war-hound', 'p1', 'M2'), u('kn', 'valor-knight', 'p1', 'I5'), u('ci', 'havoc-ghoul', 'p2', 'M10')],
    });
    const board = boardOf(before);
    // Moved M2 to M7, then charging M8, M9 at the Ghoul on M10: stopped on M8 (its first stretch, R19).
    const events: GameEvent[] = [
      { type: 'unit-activated', unit: 'wh', acts: 3 },
      { type: 'act-begun', unit: 'wh', act: 'move', acts: 1 },
      { type: 'moved', unit: 'wh', from: 'M2', path: ['M3', 'M4', 'M5', 'M6', 'M7'], spent: 5, diagonals: 0, pointsLeft: 0 },
      { type: 'act-begun', unit: 'wh', act: 'attack', acts: 2 },
      { type: 'charged', unit: 'wh', from: 'M7', path: ['M8'], target: 'ci' },
    ];
    const state: GameState = { ...before, units: { ...before.units, wh: { ...before.units.wh!, at: squareIndex(board, 'M8')! } } };
    const view = toMapView(state, { lastTurn: events, before });
    const ci = view.units.find((x) => x.label === 'GH')!;
    const w = focusWindow(view)!;
    expect(w).not.toBeNull();
    expect(inside(w, { at: ci.at!, span: 1 }), JSON.stringify(w)).toBe(true);
  });
});
