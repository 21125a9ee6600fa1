import { describe, expect, it } from 'vitest';
import { ALL_MATCHES } from '../../src/store';
import { memoryStore } from './fixture';

const DAY = 86_400_000;

describe('vacations', () => {
  it('has one running vacation at a time, ended early or by running out', async () => {
    const store = memoryStore();
    const v = await store.vacations.add({ userId: 'bob', days: 3, start: 1000, until: 1000 + 3 * DAY });
    expect((await store.vacations.current('bob', 2000))?.id).toBe(v.id);
    expect(await store.vacations.current('alice', 2000)).toBeUndefined();
    expect(await store.vacations.current('bob', 1000 + 3 * DAY)).toBeUndefined();
    expect(await store.vacations.end(v.id, 5000)).toBe(true);
    expect(await store.vacations.end(v.id, 6000)).toBe(false);
    expect(await store.vacations.current('bob', 5001)).toBeUndefined();
    expect((await store.vacations.since('bob', 0)).map((r) => r.ended)).toEqual([5000]);
    expect(await store.vacations.since('bob', 1001)).toEqual([]);
  });
});

describe('standing orders and reminder settings', () => {
  it('keeps orders per match and for all matches, and clears them', async () => {
    const store = memoryStore();
    await store.orders.set('bob', ALL_MATCHES, { replies: { at: 60 } });
    await store.orders.set('bob', 'm1', { wounds: 'vigor' });
    await store.orders.set('bob', 'm1', { wounds: 'ask' });
    expect(await store.orders.get('bob', 'm1')).toEqual({ wounds: 'ask' });
    expect((await store.orders.list('bob')).map((o) => o.scope)).toEqual(['*', 'm1']);
    expect(await store.orders.clear('bob', 'm1')).toBe(1);
    expect(await store.orders.get('bob', 'm1')).toBeUndefined();
    expect(await store.orders.clear('bob')).toBe(1);
    expect(await store.orders.list('bob')).toEqual([]);
  });

  it('sends reminders by DM only to players who asked', async () => {
    const store = memoryStore();
    expect(await store.notify.dms('bob')).toBe(false);
    await store.notify.setDms('bob', true);
    expect(await store.notify.dms('bob')).toBe(true);
    await store.notify.setDms('bob', false);
    expect(await store.notify.dms('bob')).toBe(false);
  });
});
