/**
 * Match rows kept by version (src/store/match-row-cache.ts): the reads of one state of a match hand out
 * one row object, parsed once; any write to the match (an act with or without events, a thread linked)
 * is a new version, even under a clock that never moves, so a changed match is never served from the
 * cache; and a row read or written in a transaction that rolls back, whole or to a savepoint, is never
 * kept, so its version written again later with other content is read as written.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Step, Store } from '../../src/store';
import { MATCH_ROWS_KEPT } from '../../src/store/match-row-cache';
import { aMatch, memoryStore, testClock } from './fixture';

interface Total {
  total: number;
}

/** A step that adds `adds` as events (none: a write without events, as an acceptance is). */
const adding =
  (...adds: number[]): Step<Total, number, string> =>
  (snapshot) => ({ ok: true, events: adds, snapshot: { total: adds.reduce((t, a) => t + a, snapshot?.total ?? 0) } });

const setting =
  (total: number): Step<Total, number, string> =>
  () => ({ ok: true, events: [], snapshot: { total } });

describe('match rows kept by version', () => {
  let store: Store;
  beforeEach(async () => {
    // A clock that never moves: only the rule that every write moves the version keeps reads fresh.
    store = memoryStore(testClock());
    await store.matches.create(aMatch({ status: 'playing', threadId: 't1' }));
    await store.matches.act('m1', 0, adding(1));
  });

  it('hands out one row object for one state of a match, by id and by thread, and the act reads it too', async () => {
    const first = (await store.matches.get('m1'))!;
    expect(await store.matches.get('m1')).toBe(first);
    expect(await store.matches.byThread('t1')).toBe(first);
    let seen: unknown;
    const done = await store.matches.act<Total, number, string>('m1', first.seq, (snapshot, row) => {
      seen = row;
      return adding(2)(snapshot, row);
    });
    expect(seen).toBe(first);
    // The act's saved row is what the next reads get.
    expect(done.ok && (await store.matches.get('m1'))).toBe(done.ok && done.row);
  });

  it('never serves a changed match: an act with events, one without, and a linked thread, all under a still clock', async () => {
    const first = (await store.matches.get('m1'))!;
    await store.matches.act('m1', 1, setting(40));
    const second = (await store.matches.get('m1'))!;
    expect(second.snapshot).toEqual({ total: 40 });
    expect(second.seq).toBe(first.seq);
    expect(second.updated).toBeGreaterThan(first.updated);
    await store.matches.act('m1', 1, setting(41));
    expect((await store.matches.get('m1'))!.snapshot).toEqual({ total: 41 });
    expect(await store.matches.setThread('m1', 't2')).toBe(true);
    expect((await store.matches.byThread('t2'))!).toMatchObject({ threadId: 't2', snapshot: { total: 41 } });
    expect(await store.matches.byThread('t1')).toBeUndefined();
    await store.matches.act('m1', 1, adding(5));
    expect((await store.matches.get('m1'))!).toMatchObject({ seq: 2, snapshot: { total: 46 } });
  });

  it('keeps nothing from a transaction that rolls back: the same version written again reads as written', async () => {
    await expect(
      store.transaction(async () => {
        await store.matches.setThread('m1', 't9');
        expect((await store.matches.get('m1'))!.threadId).toBe('t9');
        throw new Error('the change fails after linking the thread');
      }),
    ).rejects.toThrow('the change fails');
    // The same seq and, under the still clock, the same `updated` as the rolled-back write.
    await store.matches.setThread('m1', 't3');
    expect((await store.matches.get('m1'))!.threadId).toBe('t3');
  });

  it('keeps nothing from a savepoint rolled back inside a transaction that commits', async () => {
    await store.transaction(async () => {
      await expect(
        store.transaction(async () => {
          await store.matches.setThread('m1', 't9');
          await store.matches.get('m1');
          throw new Error('the inner change fails');
        }),
      ).rejects.toThrow('the inner change fails');
    });
    await store.matches.setThread('m1', 't3');
    expect((await store.matches.get('m1'))!.threadId).toBe('t3');
  });

  it('keeps a committed transaction’s rows once it commits', async () => {
    let written: unknown;
    await store.transaction(async () => {
      const done = await store.matches.act('m1', 1, adding(3));
      written = done.ok && done.row;
    });
    expect(await store.matches.get('m1')).toBe(written);
  });

  it('keeps a bounded number of matches: the one read longest ago is read afresh', async () => {
    const first = (await store.matches.get('m1'))!;
    for (let i = 0; i < MATCH_ROWS_KEPT; i++) {
      await store.matches.create(aMatch({ id: `n${i}` }));
      await store.matches.get(`n${i}`);
    }
    const again = (await store.matches.get('m1'))!;
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
