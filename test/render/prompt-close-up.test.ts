/**
 * A prompt's close-up shows the unit it asks about (issue: a long shot's wound prompt showed the
 * shooter's corner of the board, without the target whose wounds were asked for). When the whole turn
 * does not fit a close-up, the window falls back to the prompt's units before the acting unit, and
 * holds every unit the prompt names (its attacker too) at any scale a phone still reads.
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { apply, type GameEvent } from '../../src/rulesets/sellsword/engine/events';
import { squareIndex } from '../../src/engine/board';
import { boardOf } from '../../src/rulesets/sellsword/engine/table';
import { focusWindow, toMapView } from '../../src/rulesets/sellsword/render';
import { table } from './states';

describe("a wound prompt's close-up after a long shot", () => {
  it('holds the target whose wounds are asked for', () => {
    // The archer at B1 shoots the Ghoul at B14, 13 rows off: the whole shot does not fit a close-up.
    const start = table({
      map: 'barrow-hill',
      dice: [18],
      units: [
        { id: 'ar', card: 'valor-archer', player: 'p1', at: 'B1' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'B14' },
      ],
    });
    const made = decide(start, { act: 'attack', unit: 'ar', attack: 'longbow', target: 'gh' });
    if ('error' in made) throw new Error(made.error.message);
    const events: GameEvent[] = made.events;
    const state = events.reduce(apply, start);
    expect(state.prompt?.kind).toBe('wounds');
    const view = toMapView(state, { lastTurn: events, before: start, underWay: true });
    const w = focusWindow(view);
    expect(w).not.toBeNull();
    const inside = (square: string) => {
      const at = squareIndex(boardOf(state), square)!;
      const [col, row] = [at % boardOf(state).width, Math.floor(at / boardOf(state).width)];
      return col >= w!.col && col < w!.col + w!.cols && row >= w!.row && row < w!.row + w!.rows;
    };
    expect(inside('B14'), 'the target asked how to take its wounds').toBe(true);
    // And the archer that shot, 13 rows off, which the prompt's words name (playtest): the window is as
    // large as a phone still reads rather than the target alone.
    expect(inside('B1'), 'the attacker the prompt names').toBe(true);
  });
});
