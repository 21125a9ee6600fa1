/**
 * The your-turn ping carries the close-up of the turn just posted: the same picture as the
 * turn post's own close-up, so it is taken from there rather than drawn a second time. A ping whose
 * turn was not posted by this process (a restart, another worker) still gets it, drawn afresh.
 */
import { describe, expect, it, vi } from 'vitest';
import { Chooser } from '../../src/bench/selfplay';
import { picturePost } from '../../src/posts/post-pictures';
import { seeded } from '../../src/engine/dice';
import type { MatchEvent } from '../../src/match/match-state';
import * as render from '../../src/rulesets/sellsword/render';
import type { MatchRow, Store } from '../../src/store';
import { memoryStore } from '../store/fixture';
import { playOn, setupFor, storedMatch, untilPlaying } from './stored-match';

vi.mock('../../src/rulesets/sellsword/render', async (original) => {
  const actual = await original<typeof import('../../src/rulesets/sellsword/render')>();
  return { ...actual, renderFocusAsync: vi.fn(actual.renderFocusAsync) };
});

/** Plays until `count` turns have ended; the seqs of their turn-ended events. */
async function turnEnds(store: Store, id: string, choose: Chooser, count: number): Promise<number[]> {
  for (let i = 0; i < 400; i++) {
    const ends = (await store.matches.events<MatchEvent>(id, 0))
      .filter((e) => e.event.stage === 'game' && e.event.event.type === 'turn-ended')
      .map((e) => e.seq);
    if (ends.length >= count) return ends;
    await playOn(store, id, choose);
  }
  throw new Error('not enough turns ended');
}

const file = (post: Awaited<ReturnType<typeof picturePost>>, name: string) => post.files?.find((f) => f.name === name);

describe("the your-turn ping's close-up", () => {
  it('is the turn post’s own close-up, not drawn again', async () => {
    const store = memoryStore();
    const choose = new Chooser(seeded(31));
    await storedMatch(store, 'm1', setupFor(31, ['burning-village']));
    await untilPlaying(store, 'm1', choose);
    const [, second] = (await turnEnds(store, 'm1', choose, 2)) as [number, number];
    const row = async (): Promise<MatchRow> => (await store.matches.get('m1'))!;
    const drawn = vi.mocked(render.renderFocusAsync);

    // A ping for a turn this process never posted: drawn from the log.
    drawn.mockClear();
    const cold = await picturePost(store, await row(), { kind: 'your-turn', seq: second, player: '222', content: 'Your turn.' });
    expect(drawn).toHaveBeenCalledTimes(1);
    const coldPng = file(cold, 'last-turn-close-up.png')?.png;

    // The turn's post, then its ping: the ping's close-up is the post's, with no second drawing.
    const turn = await picturePost(store, await row(), { kind: 'turn', seq: second });
    drawn.mockClear();
    const ping = await picturePost(store, await row(), { kind: 'your-turn', seq: second, player: '222', content: 'Your turn.' });
    expect(drawn).not.toHaveBeenCalled();
    const posted = file(turn, `turn-${second}-close-up.png`);
    const carried = file(ping, 'last-turn-close-up.png');
    expect(posted).toBeDefined();
    expect(carried?.png.equals(posted!.png)).toBe(true);
    expect(carried?.alt).toBe(posted!.alt);
    // A copy, not the same memory: a render worker hands each post's PNGs over to the main thread.
    expect(carried?.png.buffer).not.toBe(posted!.png.buffer);
    // Drawn afresh or taken from the post, it is the same picture.
    expect(coldPng?.equals(carried!.png)).toBe(true);
  });
});
