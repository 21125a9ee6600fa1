import { beforeEach, describe, expect, it } from 'vitest';
import type { MatchRow, Step, Store } from '../../src/store';
import { aMatch, memoryStore, testClock } from './fixture';
import type { TestClock } from './fixture';

/** A toy game: the snapshot is a running total, each event adds a number. */
interface Total {
  total: number;
  last: string | null;
}
interface Add {
  add: number;
  by: string;
}
type Refusal = { code: string; message: string };

const adding =
  (by: string, ...adds: number[]): Step<Total, Add, Refusal> =>
  (snapshot) => {
    const before = snapshot ?? { total: 0, last: null };
    const events = adds.map((add) => ({ add, by }));
    return { ok: true, events, snapshot: { total: events.reduce((t, e) => t + e.add, before.total), last: by } };
  };

const refusing: Step<Total, Add, Refusal> = () => ({ ok: false, error: { code: 'not-your-turn', message: 'It is Bob’s turn.' } });

/** Everything act may touch, to compare before and after. */
async function observe(store: Store, id = 'm1'): Promise<{ row: MatchRow | undefined; events: unknown[] }> {
  return { row: await store.matches.get(id), events: await store.matches.events(id) };
}

describe('matches.act', () => {
  let clock: TestClock;
  let store: Store;
  beforeEach(async () => {
    clock = testClock();
    store = memoryStore(clock);
    await store.matches.create(aMatch({ status: 'playing' }));
  });

  it('updates the terms when the step gives new ones (an acceptance adds no event), and keeps them otherwise', async () => {
    const r = await store.matches.act<Total, Add, Refusal>('m1', 0, () => ({
      ok: true,
      events: [],
      snapshot: { total: 0, last: null },
      terms: { accepted: ['bob'] },
    }));
    expect(r.ok).toBe(true);
    expect((await store.matches.get('m1'))!.terms).toEqual({ accepted: ['bob'] });
    await store.matches.act('m1', 0, adding('alice', 1));
    expect((await store.matches.get('m1'))!.terms).toEqual({ accepted: ['bob'] });
  });

  it('hands the step a null snapshot and the row first, then appends events at consecutive seqs', async () => {
    const seen: [Total | null, number][] = [];
    const spy =
      (inner: Step<Total, Add, Refusal>): Step<Total, Add, Refusal> =>
      (snapshot, row) => {
        seen.push([snapshot, row.seq]);
        return inner(snapshot, row);
      };

    const first = await store.matches.act('m1', 0, spy(adding('alice', 1, 2, 3)));
    expect(first).toMatchObject({
      ok: true,
      seq: 3,
      events: [
        { seq: 1, event: { add: 1, by: 'alice' } },
        { seq: 2, event: { add: 2, by: 'alice' } },
        { seq: 3, event: { add: 3, by: 'alice' } },
      ],
      snapshot: { total: 6, last: 'alice' },
      row: { seq: 3, snapshot: { total: 6, last: 'alice' } },
    });

    clock.advance(1000);
    const second = await store.matches.act('m1', 3, spy(adding('bob', 10)));
    expect(second).toMatchObject({ ok: true, seq: 4, events: [{ seq: 4, event: { add: 10, by: 'bob' } }] });

    expect(seen).toEqual([
      [null, 0],
      [{ total: 6, last: 'alice' }, 3],
    ]);
    expect((await store.matches.events('m1')).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(await store.matches.events<Add>('m1', 3)).toEqual([{ seq: 4, event: { add: 10, by: 'bob' } }]);
    expect(await store.matches.get('m1')).toMatchObject({ seq: 4, snapshot: { total: 16, last: 'bob' }, updated: clock() });
  });

  it('refuses a stale seq and changes nothing: a double click applies once', async () => {
    const click = adding('alice', 5);
    expect(await store.matches.act('m1', 0, click)).toMatchObject({ ok: true, seq: 1 });
    const after = await observe(store);
    let ran = false;
    const again = await store.matches.act<Total, Add, Refusal>('m1', 0, (s, row) => {
      ran = true;
      return click(s, row);
    });
    expect(again).toEqual({ ok: false, reason: 'stale', seq: 1 });
    expect(ran).toBe(false);
    expect(await observe(store)).toEqual(after);
  });

  it('answers not-found for an unknown match', async () => {
    expect(await store.matches.act('nope', 0, adding('alice', 1))).toEqual({ ok: false, reason: 'not-found' });
  });

  it('writes nothing for a refused step and hands back its error', async () => {
    await store.matches.act('m1', 0, adding('alice', 1));
    const before = await observe(store);
    clock.advance(1000);
    expect(await store.matches.act('m1', 1, refusing)).toEqual({
      ok: false,
      reason: 'refused',
      error: { code: 'not-your-turn', message: 'It is Bob’s turn.' },
    });
    expect(await observe(store)).toEqual(before);
  });

  it('rolls everything back when the step throws, and lets the error through', async () => {
    await store.matches.act('m1', 0, adding('alice', 1));
    const before = await observe(store);
    await expect(
      store.matches.act('m1', 1, () => {
        throw new Error('engine invariant broken');
      }),
    ).rejects.toThrow('engine invariant broken');
    expect(await observe(store)).toEqual(before);
  });

  it('rolls back events already inserted when saving the snapshot fails', async () => {
    await store.matches.act('m1', 0, adding('alice', 1));
    const before = await observe(store);
    // The events insert fine; JSON.stringify then throws on the BigInt while the row is updated.
    const unsavable: Step<unknown, Add, Refusal> = () => ({ ok: true, events: [{ add: 2, by: 'bob' }], snapshot: { total: 10n } });
    await expect(store.matches.act('m1', 1, unsavable)).rejects.toThrow(/BigInt/);
    expect(await observe(store)).toEqual(before);
  });

  it('refuses an async step before writing anything', async () => {
    const before = await observe(store);
    const asyncStep = (async () => ({ ok: true, events: [{ add: 1, by: 'alice' }], snapshot: { total: 1, last: null } })) as unknown as Step<
      Total,
      Add,
      Refusal
    >;
    await expect(store.matches.act('m1', 0, asyncStep)).rejects.toThrow(/synchronous/);
    expect(await observe(store)).toEqual(before);
  });

  it('keeps seq when a step accepts with no events, but saves what it changed', async () => {
    await store.matches.act('m1', 0, adding('alice', 1));
    const quiet: Step<Total, Add, Refusal> = (snapshot) => ({
      ok: true,
      events: [],
      snapshot: { total: snapshot?.total ?? 0, last: 'noted' },
      setup: { seed: 7 },
    });
    expect(await store.matches.act('m1', 1, quiet)).toMatchObject({ ok: true, seq: 1, events: [] });
    expect(await store.matches.get('m1')).toMatchObject({ seq: 1, setup: { seed: 7 }, snapshot: { total: 1, last: 'noted' } });
    expect(await store.matches.events('m1')).toHaveLength(1);
  });

  it('saves status, winner and result, stamps the end once, and passes extra back', async () => {
    const finish: Step<Total, Add, Refusal> = (snapshot) => ({
      ok: true,
      events: [{ add: 0, by: 'alice' }],
      snapshot: snapshot ?? { total: 0, last: null },
      status: 'over',
      winner: 'alice',
      result: { vp: { alice: 6, bob: 2 } },
      extra: { code: 'won', message: 'Alice wins.' },
    });
    const ended = clock.advance(5000);
    const done = await store.matches.act('m1', 0, finish);
    expect(done).toMatchObject({ ok: true, extra: { code: 'won', message: 'Alice wins.' } });
    expect(await store.matches.get('m1')).toMatchObject({ status: 'over', winner: 'alice', result: { vp: { alice: 6, bob: 2 } }, ended });

    clock.advance(5000);
    // Fields a step leaves out keep their values; the end time is not moved.
    const note: Step<Total, Add, Refusal> = (snapshot) => ({ ok: true, events: [], snapshot: snapshot ?? { total: 0, last: null } });
    await store.matches.act('m1', 1, note);
    expect(await store.matches.get('m1')).toMatchObject({ status: 'over', winner: 'alice', ended });
  });

  it('omits extra when the step gives none', async () => {
    const result = await store.matches.act('m1', 0, adding('alice', 1));
    expect(result.ok && 'extra' in result).toBe(false);
  });

  it('rolls back with an enclosing store.transaction', async () => {
    const before = await observe(store);
    await expect(
      store.transaction(async () => {
        expect(await store.matches.act('m1', 0, adding('alice', 1))).toMatchObject({ ok: true });
        await store.deadlines.add({ matchId: 'm1', due: 1, kind: 'turn' });
        throw new Error('posting failed');
      }),
    ).rejects.toThrow('posting failed');
    expect(await observe(store)).toEqual(before);
    expect(await store.deadlines.due(Number.MAX_SAFE_INTEGER)).toEqual([]);
  });
});
