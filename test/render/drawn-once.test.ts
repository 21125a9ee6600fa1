/**
 * A close-up asked for again from an equal view (a prompt after a prompt about the same attack, the
 * state read afresh from the store) is the picture already drawn, not drawn and encoded again; a view
 * that differs in anything is drawn. The bytes are the same either way.
 */
import { describe, expect, it, vi } from 'vitest';
import * as focus from '../../src/rulesets/sellsword/render/focus';
import { renderFocus, renderTurnAsync } from '../../src/rulesets/sellsword/render';
import { releaseDrawingMemory } from '../../src/render/release';
import { lastTurnTable } from './states';

vi.mock('../../src/rulesets/sellsword/render/focus', async (original) => {
  const actual = await original<typeof import('../../src/rulesets/sellsword/render/focus')>();
  return { ...actual, drawFocusCanvas: vi.fn(actual.drawFocusCanvas) };
});

/** The state as the store gives it back: equal content in new objects. */
const fresh = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('a close-up drawn once', () => {
  it('is reused for an equal view, and drawn for a different one, the same bytes either way', async () => {
    const { before, events, state } = lastTurnTable();
    const drawn = vi.mocked(focus.drawFocusCanvas);
    releaseDrawingMemory();
    drawn.mockClear();

    const first = renderFocus(fresh(state), { before, lastTurn: events })!;
    const again = renderFocus(fresh(state), { before: fresh(before), lastTurn: fresh(events) })!;
    expect(drawn).toHaveBeenCalledTimes(1);
    expect(again.png.equals(first.png)).toBe(true);
    expect(again.alt).toBe(first.alt);
    // A copy each time: a render worker hands a post's PNG memory over to the main thread.
    expect(again.png.buffer).not.toBe(first.png.buffer);
    again.png.fill(0);
    expect(renderFocus(fresh(state), { before, lastTurn: events })!.png.equals(first.png)).toBe(true);

    // The turn post's close-up of the same view is that picture too.
    const turn = await renderTurnAsync(fresh(state), { before, lastTurn: events });
    expect(turn.focus?.png.equals(first.png)).toBe(true);
    expect(drawn).toHaveBeenCalledTimes(1);

    // The same turn still under way is another picture.
    const underWay = renderFocus(fresh(state), { before, lastTurn: events, underWay: true })!;
    expect(drawn).toHaveBeenCalledTimes(2);
    expect(underWay.png.equals(first.png)).toBe(false);

    // Let go with the rest of what drawing keeps, then drawn again: the same bytes.
    releaseDrawingMemory();
    expect(renderFocus(fresh(state), { before, lastTurn: events })!.png.equals(first.png)).toBe(true);
    expect(drawn).toHaveBeenCalledTimes(3);
  });
});
