import { describe, expect, it } from 'vitest';
import { ALL_MATCHES } from '../../src/store';
import { memoryStore } from './fixture';

const DAY = 86_400_000;

describe('vacations', () => {
  it('has one running vacation at a time, ended early or by running out', () => {
    const store = memoryStore();
    const v = store.vacations.add({ userId: 'bob', days: 3, start: 1000, until: 1000 + 3 * DAY });
    expect(store.vacations.current('bob', 2000)?.id).toBe(v.id);
    expect(store.vacations.current('alice', 2000)).toBeUndefined();
    expect(store.vacations.current('bob', 1000 + 3 * DAY)).toBeUndefined();
    expect(store.vacations.end(v.id, 5000)).toBe(true);
    expect(store.vacations.end(v.id, 6000)).toBe(false);
    expect(store.vacations.current('bob', 5001)).toBeUndefined();
    expect(store.vacations.since('bob', 0).map((r) => r.ended)).toEqual([5000]);
    expect(store.vacations.since('bob', 1001)).toEqual([]);
  });
});

describe('standing orders and reminder settings', () => {
  it('keeps orders per match and for all matches, and clears them', () => {
    const store = memoryStore();
    store.orders.set('bob', ALL_MATCHES, { replies: { at: 60 } });
    store.orders.set('bob', 'm1', { wounds: 'vigor' });
    store.orders.set('bob', 'm1', { wounds: 'ask' });
    expect(store.orders.get('bob', 'm1')).toEqual({ wounds: 'ask' });
    expect(store.orders.list('bob').map((o) => o.scope)).toEqual(['*', 'm1']);
    expect(store.orders.clear('bob', 'm1')).toBe(1);
    expect(store.orders.get('bob', 'm1')).toBeUndefined();
    expect(store.orders.clear('bob')).toBe(1);
    expect(store.orders.list('bob')).toEqual([]);
  });

  it('sends reminders by DM only to players who asked', () => {
    const store = memoryStore();
    expect(store.notify.dms('bob')).toBe(false);
    store.notify.setDms('bob', true);
    expect(store.notify.dms('bob')).toBe(true);
    store.notify.setDms('bob', false);
    expect(store.notify.dms('bob')).toBe(false);
  });
});
