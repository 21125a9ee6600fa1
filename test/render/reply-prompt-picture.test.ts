/**
 * The reply prompt's picture draws the attack it asks about (R26, issue 26): a replier was asked
 * whether to reply to an attack its close-up did not show, declared and not yet rolled. The view
 * carries it (MapView.declared), and the overlays draw its line and tag "KN ATTACKS GH".
 */
import { describe, expect, it } from 'vitest';
import { boardGeometry } from '../../src/render/layout';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { apply, type GameEvent } from '../../src/rulesets/sellsword/engine/events';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { overlayTags } from '../../src/rulesets/sellsword/render/overlays';
import { focusWindow, toMapView } from '../../src/rulesets/sellsword/render';
import { yard } from './maps';
import { yardTable } from './states';

/** The knight on C5 attacks the Ghoul beside it on D5: the game waits on the Ghoul's reply prompt. */
function atReplyPrompt(): { before: GameState; events: GameEvent[]; state: GameState } {
  const t = yardTable();
  const before: GameState = { ...t, units: { ...t.units, hidden: { ...t.units.hidden!, at: 4 * yard.grid[0]!.length + 3 } } };
  const r = decide(before, { act: 'attack', unit: 'hero', attack: 'longsword', target: 'hidden' });
  if ('error' in r) throw new Error(r.error.message);
  return { before, events: [...r.events], state: r.events.reduce(apply, before) };
}

describe("R26: a reply prompt's picture", () => {
  const t = atReplyPrompt();
  const view = toMapView(t.state, { lastTurn: t.events, before: t.before, underWay: true });

  it('holds the declared attack, attacker to target, from where they stand', () => {
    expect(t.state.prompt).toMatchObject({ kind: 'reply', unit: 'hidden', options: { against: 'hero' } });
    expect(view.declared).toMatchObject({ attacker: 'KN', target: 'GH', attack: 'Longsword', from: { name: 'C5' }, to: { name: 'D5' } });
  });

  it('tags its line and shows both units in the close-up', () => {
    const g = boardGeometry(view.board);
    expect(overlayTags(g, view).map((x) => x.text)).toContain('KN ATTACKS GH');
    const w = focusWindow(view)!;
    for (const at of [view.declared!.from, view.declared!.to]) {
      expect(at.col >= w.col && at.col < w.col + w.cols && at.row >= w.row && at.row < w.row + w.rows).toBe(true);
    }
  });

  it('is absent once no reply prompt is open', () => {
    expect(toMapView(t.before).declared).toBeUndefined();
  });
});
