/**
 * A shot is drawn along a line the engine's sight walk found clear (engine sightLine), never across a
 * wall (issue 26): on Mill Crossing the Skeletal Archer on L13 shot the Longbowman on L5 with cover,
 * along the side of the wall squares L7–L12 (R17, R18), and the turn picture and the Longbowman's sight
 * overlay drew the line straight down column L over all six.
 */
import { describe, expect, it } from 'vitest';
import { hasTerrain, T } from '../../src/engine/board';
import { boardGeometry, type BoardGeometry } from '../../src/render/layout';
import type { Point } from '../../src/render/tags';
import type { GameEvent } from '../../src/rulesets/sellsword/engine/events';
import { boardOf } from '../../src/rulesets/sellsword/engine/table';
import { attackLines, declaredLine, previewLine, shotPoints } from '../../src/rulesets/sellsword/render/overlays';
import { sharedPlaces } from '../../src/rulesets/sellsword/render/units';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { table } from './states';

const u = (id: string, card: string, player: string, at: string) => ({ id, card, player, at });
const state = table({ map: 'mill-crossing', units: [u('lo', 'valor-crossbowman', 'p1', 'L5'), u('sa', 'havoc-skeletal-archer', 'p2', 'L13')] });
const board = boardOf(state);

/** The wall squares whose inside a drawn polyline comes into (pixels back to squares), sampled every pixel. */
function wallsCrossed(g: BoardGeometry, points: readonly Point[]): string[] {
  const out = new Set<string>();
  points.slice(1).forEach((b, i) => {
    const a = points[i]!;
    const n = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y));
    for (let k = 0; k <= n; k++) {
      const x = (a.x + ((b.x - a.x) * k) / n - g.margin) / g.cell;
      const y = (a.y + ((b.y - a.y) * k) / n - g.margin) / g.cell;
      const i = Math.floor(y) * board.width + Math.floor(x);
      if (x !== Math.floor(x) && y !== Math.floor(y) && hasTerrain(board, i, T.wall)) out.add(`${'ABCDEFGHIJKLMNOPQR'[Math.floor(x)]}${Math.floor(y) + 1}`);
    }
  });
  return [...out].sort();
}

describe('a shot past a wall (issue 26)', () => {
  it("the turn picture draws SA's shot on LO beside the wall, not over it", () => {
    const events: GameEvent[] = [
      { type: 'unit-activated', unit: 'sa', acts: 3 },
      { type: 'act-begun', unit: 'sa', act: 'attack', acts: 1 },
      {
        type: 'attack-rolled',
        unit: 'sa',
        attack: 'bow',
        target: 'lo',
        rolls: [4],
        modifier: 2,
        need: 13,
        hit: false,
        critical: false,
        glancing: false,
        notes: ['cover'],
      },
    ];
    const view = toMapView(state, { lastTurn: events, before: state });
    const g = boardGeometry(view.board);
    const [line] = attackLines(g, view.lastTurn!, sharedPlaces(g, view.units));
    expect(line).toBeDefined();
    expect(wallsCrossed(g, line!.points)).toEqual([]);
  });

  it("LO's sight overlay draws its COVER mark on SA beside the wall, not over it", () => {
    const view = toMapView(state, { sight: { unit: 'lo' } });
    const g = boardGeometry(view.board);
    const sa = view.sight!.targets.find((t) => t.unit === 'SA')!;
    expect(sa.mark).toBe('cover');
    const from = { x: g.margin + 11.5 * g.cell, y: g.margin + 4.5 * g.cell };
    const to = { x: g.margin + 11.5 * g.cell, y: g.margin + 12.5 * g.cell };
    expect(wallsCrossed(g, shotPoints(g, sa.line, from, to))).toEqual([]);
  });
});

describe('an attack to come past a wall (issue 26)', () => {
  it("SA's previewed shot on LO and the same shot declared to a reply prompt are drawn beside the wall", () => {
    const view = toMapView(state, { preview: { unit: 'sa', attack: 'bow', target: 'lo' } });
    const g = boardGeometry(view.board);
    expect(view.preview!.odds, view.preview!.problem ?? '').not.toBeNull();
    expect(wallsCrossed(g, previewLine(g, view.preview!)!.points)).toEqual([]);
    const declared = {
      attacker: 'SA',
      target: 'LO',
      attack: 'Bow',
      from: view.preview!.from!,
      fromSpan: 1,
      to: view.preview!.to!,
      toSpan: 1,
      line: view.preview!.line,
    } as const;
    expect(wallsCrossed(g, declaredLine(g, declared)!.points)).toEqual([]);
  });
});
