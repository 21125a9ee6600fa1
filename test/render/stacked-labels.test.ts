/**
 * A unit's label of several parts stacks them, a part a line, and tells the same attack several times
 * once, counted (issue 26): "KN: HIT by SA, 10 wounds · HIT by SA, 10 wounds · DROPPED" ran as one strip
 * across six squares, over others.
 */
import { describe, expect, it } from 'vitest';
import { measuringContext } from '../../src/render/canvas-pool';
import { loadFonts } from '../../src/render/fonts';
import { boardGeometry } from '../../src/render/layout';
import { placeTags, tagSize } from '../../src/render/tags';
import type { GameEvent } from '../../src/rulesets/sellsword/engine/events';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { boardSquares, overlayTags, tagSpace } from '../../src/rulesets/sellsword/render/overlays';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { yard } from './maps';
import { yardTable } from './states';

loadFonts();

/** The knight on C5 hits the skeleton on C6 twice with its longsword, 10 wounds each, and drops it. */
function twiceAndDropped(): { before: GameState; events: GameEvent[]; state: GameState } {
  const t = yardTable();
  const width = yard.grid[0]!.length;
  const before: GameState = { ...t, units: { ...t.units, hero: { ...t.units.hero!, at: 4 * width + 2 }, open: { ...t.units.open!, at: 5 * width + 2 } } };
  const state: GameState = { ...before, units: { ...before.units, open: { ...before.units.open!, at: null, dropped: true, vigor: 0 } } };
  const hit = (): GameEvent[] => [
    { type: 'act-begun', unit: 'hero', act: 'attack', acts: 1 },
    {
      type: 'attack-rolled',
      unit: 'hero',
      attack: 'longsword',
      target: 'open',
      rolls: [15],
      modifier: 5,
      need: 12,
      hit: true,
      critical: false,
      glancing: false,
      notes: [],
    },
    {
      type: 'wounded',
      unit: 'open',
      wound: 10,
      woundType: 'cut',
      source: 'hero',
      cause: 'Longsword',
      from: 'attack',
      attack: 'longsword',
      taken: 10,
      toughness: 0,
      avoided: 0,
      injuries: [],
    },
  ];
  const events: GameEvent[] = [{ type: 'unit-activated', unit: 'hero', acts: 3 }, ...hit(), ...hit(), { type: 'dropped', unit: 'open', by: 'hero' }];
  return { before, events, state };
}

describe("a unit's label of several parts (issue 26)", () => {
  const t = twiceAndDropped();
  const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
  const g = boardGeometry(view.board);
  const tags = placeTags(overlayTags(g, view), tagSpace(g, view, boardSquares(g, view)), measuringContext());
  const label = tags.find((x) => x.text.startsWith('SW: '))!;

  it('tells the same attack twice once, with its count and the wounds of both', () => {
    expect(label.text).toBe('SW: HIT ×2 by KN, 20 wounds · DROPPED');
    expect(label.listText).toBe('SW: HIT ×2 by KN, 20 wounds · DROPPED');
  });

  it('stacks its parts, a line each, never one strip across the board', () => {
    expect(label.number).toBeNull();
    expect(label.lines).toEqual(['SW: HIT ×2 by KN, 20 wounds', 'DROPPED']);
    // Three quarters of the one line's width at most: the strip it was ran over six squares.
    expect(label.rect.w).toBeLessThan(tagSize(measuringContext(), label.text, label.px).w * 0.75);
  });
});

describe("a harm under an attack in one unit's label (issue 26)", () => {
  // The knight hits the skeleton; then damaging ground wounds it, 5 cold marking a box.
  const t = twiceAndDropped();
  const [activated, ...rest] = t.events;
  const hit = rest.slice(0, 3);
  const ground: GameEvent = {
    type: 'wounded',
    unit: 'open',
    wound: 5,
    woundType: 'cold',
    source: null,
    cause: 'damaging terrain',
    from: 'terrain',
    taken: 5,
    toughness: 0,
    avoided: 0,
    injuries: ['mobility'],
  };
  const standing: GameState = { ...t.state, units: { ...t.state.units, open: t.before.units.open! } };
  const view = toMapView(standing, { lastTurn: [activated!, ...hit, ground], before: t.before });
  const g = boardGeometry(view.board);
  const tags = placeTags(overlayTags(g, view), tagSpace(g, view, boardSquares(g, view)), measuringContext());

  it('names its cause, so the ground\'s cold wounds never read as the hit\'s: "5 cold wounds (terrain)"', () => {
    const label = tags.find((x) => x.text.startsWith('SW: '))!;
    expect(label.text).toBe('SW: HIT by KN, 10 wounds · 5 cold wounds (terrain)');
  });
});
