import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store';
import { aMatch, memoryStore, testClock } from './fixture';
import type { TestClock } from './fixture';

describe('matches', () => {
  let clock: TestClock;
  let store: Store;
  beforeEach(() => {
    clock = testClock();
    store = memoryStore(clock);
  });

  it('creates a challenged match at seq 0 with no snapshot', async () => {
    const row = await store.matches.create(aMatch({ setup: { seed: 42 } }));
    expect(row).toEqual({
      id: 'm1',
      guildId: 'g1',
      channelId: 'c1',
      threadId: null,
      status: 'challenged',
      players: ['alice', 'bob'],
      terms: { points: 100, map: 'barrow-hill', accepted: {} },
      ruleset: 'sellsword',
      rulesetVersion: 1,
      setup: { seed: 42 },
      snapshot: null,
      seq: 0,
      winner: null,
      result: null,
      created: clock(),
      updated: clock(),
      ended: null,
    });
    expect(await store.matches.get('m1')).toEqual(row);
    expect(await store.matches.events('m1')).toEqual([]);
  });

  it('refuses a repeated id, and players that are missing or repeated', async () => {
    await store.matches.create(aMatch());
    await expect(store.matches.create(aMatch())).rejects.toThrow(/UNIQUE/);
    await expect(store.matches.create(aMatch({ id: 'm2', players: [] }))).rejects.toThrow(/players/);
    await expect(store.matches.create(aMatch({ id: 'm3', players: ['alice', 'alice'] }))).rejects.toThrow(/players/);
    expect(await store.matches.get('m2')).toBeUndefined();
    expect(await store.matches.get('m3')).toBeUndefined();
  });

  it('finds a match by its thread, which holds only one', async () => {
    await store.matches.create(aMatch());
    await store.matches.create(aMatch({ id: 'm2' }));
    expect(await store.matches.byThread('t1')).toBeUndefined();
    expect(await store.matches.setThread('m1', 't1')).toBe(true);
    expect((await store.matches.byThread('t1'))?.id).toBe('m1');
    await expect(store.matches.setThread('m2', 't1')).rejects.toThrow(/UNIQUE/);
    expect(await store.matches.setThread('nope', 't2')).toBe(false);
  });

  it('lists only open matches, oldest first', async () => {
    const end = (id: string, status: 'over' | 'declined' | 'cancelled') => store.matches.act(id, 0, () => ({ ok: true, events: [], snapshot: null, status }));
    for (const [i, id] of ['a', 'b', 'c', 'd', 'e', 'f'].entries()) {
      clock.advance(1000);
      await store.matches.create(aMatch({ id, status: (['challenged', 'setup', 'playing'] as const)[i % 3] }));
    }
    await end('b', 'over');
    await end('d', 'declined');
    await end('f', 'cancelled');
    expect((await store.matches.open()).map((m) => m.id)).toEqual(['a', 'c', 'e']);
  });

  it('lists a player’s matches, most recently changed first, by status and with a limit', async () => {
    await store.matches.create(aMatch({ id: 'ab', players: ['alice', 'bob'] }));
    clock.advance(1000);
    await store.matches.create(aMatch({ id: 'bc', players: ['bob', 'carol'] }));
    clock.advance(1000);
    await store.matches.create(aMatch({ id: 'ca', players: ['carol', 'alice'] }));
    clock.advance(1000);
    await store.matches.act('ab', 0, () => ({ ok: true, events: ['x'], snapshot: 1, status: 'over' }));

    expect((await store.matches.forPlayer('alice')).map((m) => m.id)).toEqual(['ab', 'ca']);
    expect((await store.matches.forPlayer('alice', { status: ['challenged', 'setup', 'playing'] })).map((m) => m.id)).toEqual(['ca']);
    expect((await store.matches.forPlayer('bob', { limit: 1 })).map((m) => m.id)).toEqual(['ab']);
    expect(await store.matches.forPlayer('dave')).toEqual([]);
    // The full row comes back, seats in order.
    expect((await store.matches.forPlayer('carol')).find((m) => m.id === 'ca')?.players).toEqual(['carol', 'alice']);
  });
});
