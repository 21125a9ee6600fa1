import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store';
import { aMatch, memoryStore, testClock, type TestClock } from './fixture';

describe('outbox', () => {
  let clock: TestClock;
  let store: Store;
  beforeEach(async () => {
    clock = testClock();
    store = memoryStore(clock);
    await store.matches.create(aMatch());
    await store.matches.create(aMatch({ id: 'm2' }));
  });

  const add = (matchId: string, n: number) =>
    store.outbox.add(Array.from({ length: n }, (_, i) => ({ matchId, channelId: 't', body: { kind: 'text', content: `${matchId}-${i}` } })));

  it('keeps a match’s rows in order, and its head is the first not done', async () => {
    const [a, b] = await add('m1', 2);
    expect((await store.outbox.head('m1'))!.id).toBe(a!.id);
    await store.outbox.delivered(a!.id, 'msg-a');
    expect((await store.outbox.head('m1'))!.id).toBe(b!.id);
    expect(await store.outbox.get(a!.id)).toMatchObject({ done: clock(), messageId: 'msg-a', error: null });
    await store.outbox.dropped(b!.id, 'the match moved past this prompt');
    expect(await store.outbox.head('m1')).toBeUndefined();
    expect(await store.outbox.pending()).toEqual([]);
  });

  it('lists waiting matches by when their head is due, not by any later row', async () => {
    const [a] = await add('m1', 2);
    clock.advance(5);
    await add('m2', 1);
    // m1's head fails and waits a minute; m2 is due now and goes first.
    await store.outbox.failed(a!.id, 'HTTP 502', clock() + 60_000);
    expect(await store.outbox.waiting()).toEqual([
      { matchId: 'm2', due: clock() },
      { matchId: 'm1', due: clock() + 60_000 },
    ]);
    expect(await store.outbox.get(a!.id)).toMatchObject({ attempts: 1, error: 'HTTP 502', done: null });
  });

  it('forgets an interaction token once its row is done', async () => {
    const [row] = await store.outbox.add([{ matchId: 'm1', channelId: 't', body: { kind: 'reply', content: 'x' }, via: '123:secret' }]);
    expect(row!.via).toBe('123:secret');
    await store.outbox.delivered(row!.id, null);
    expect((await store.outbox.get(row!.id))!.via).toBeNull();
  });

  it('rolls back with the change that wrote it', async () => {
    await expect(
      store.transaction(async () => {
        await add('m1', 3);
        throw new Error('the act was refused');
      }),
    ).rejects.toThrow('refused');
    expect(await store.outbox.pending()).toEqual([]);
  });
});

describe('leases', () => {
  let clock: TestClock;
  let store: Store;
  beforeEach(() => {
    clock = testClock();
    store = memoryStore(clock);
  });
  const claim = (holder: string, over = {}) => ({ name: 'bot', holder, pid: 1, host: 'h', ttlMs: 30_000, ...over });

  it('refuses a second holder while the first renews, and lets it in once the lease runs out', async () => {
    expect((await store.leases.acquire(claim('a'))).ok).toBe(true);
    const refused = await store.leases.acquire(claim('b', { pid: 2 }));
    expect(refused).toMatchObject({ ok: false, heldBy: { holder: 'a', pid: 1, host: 'h' } });
    clock.advance(20_000);
    expect(await store.leases.renew('bot', 'a', 30_000)).toBe(true);
    clock.advance(20_000);
    expect((await store.leases.acquire(claim('b'))).ok).toBe(false);
    clock.advance(11_000);
    expect((await store.leases.acquire(claim('b'))).ok).toBe(true);
    // The first holder learns it lost the lease at its next renewal.
    expect(await store.leases.renew('bot', 'a', 30_000)).toBe(false);
  });

  it('is taken over at once when its holder is known to be gone, and released only by its holder', async () => {
    await store.leases.acquire(claim('a'));
    expect((await store.leases.acquire({ ...claim('b'), holderGone: (l) => l.pid === 1 })).ok).toBe(true);
    await store.leases.release('bot', 'a');
    expect((await store.leases.get('bot'))!.holder).toBe('b');
    await store.leases.release('bot', 'b');
    expect(await store.leases.get('bot')).toBeUndefined();
  });
});
