/** Deadlines planned from a match's waits: reminders, cancelling the waits that ended, vacations. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLOCK, HOUR } from '../../src/clock/clock-terms';
import { planWaits, reminderTimes } from '../../src/clock/deadline-plan';
import { aMatch, memoryStore } from '../store/fixture';

/** A committed warband, as the challenge stores it (match/record.ts Terms). */
const warband = { name: 'Watch', faction: 'valor', points: 60, units: [{ card: 'valor-knight' }], map: 'mill-crossing' };

describe('reminder times', () => {
  const at = (start: number, hours: number) => reminderTimes(DEFAULT_CLOCK, start, start + hours * HOUR).map((t) => (t - start) / HOUR);
  it('halfway and 2 hours before, inside the wait, at most one a minute', () => {
    expect(at(0, 48)).toEqual([24, 46]);
    expect(at(1000, 24)).toEqual([12, 22]);
    expect(at(0, 3)).toEqual([1, 1.5]);
    expect(at(0, 4)).toEqual([2]);
    expect(at(0, 2)).toEqual([1]);
    expect(at(0, 1)).toEqual([0.5]);
  });
});

describe('planning the waits of a challenge', () => {
  it('gives each opponent a deadline to accept, keeps it while they think, and cancels it when they answer', async () => {
    const store = memoryStore();
    const row = await store.matches.create(aMatch({ players: ['alice', 'bob', 'carol'], terms: { points: 100, map: null, accepted: { alice: warband } } }));
    const added = await planWaits(store, 0, row);
    expect(added.filter((d) => d.kind === 'accept').map((d) => [d.player, d.due / HOUR])).toEqual([
      ['bob', 48],
      ['carol', 48],
    ]);
    expect(added.filter((d) => d.kind === 'reminder').length).toBe(4);
    // Nothing changed: nothing is added or cancelled.
    expect(await planWaits(store, 5 * HOUR, row)).toEqual([]);
    expect((await store.deadlines.pending('m1')).length).toBe(6);
    // Bob accepts: his rows go, carol's stay.
    const done = await store.matches.act('m1', 0, () => ({
      ok: true,
      events: [],
      snapshot: null,
      terms: { points: 100, map: null, accepted: { alice: warband, bob: warband } },
    }));
    if (!done.ok) throw new Error('act');
    expect(await planWaits(store, 6 * HOUR, done.row)).toEqual([]);
    expect([...new Set((await store.deadlines.pending('m1')).map((d) => d.player))]).toEqual(['carol']);
    // Declined: everything goes.
    const off = await store.matches.act('m1', 0, () => ({ ok: true, events: [], snapshot: null, status: 'declined' }));
    if (!off.ok) throw new Error('act');
    await planWaits(store, 7 * HOUR, off.row);
    expect(await store.deadlines.pending('m1')).toEqual([]);
    expect((await store.deadlines.ofMatch('m1')).every((d) => d.outcome === 'cancelled')).toBe(true);
  });

  it('starts the clock of a player on vacation when they are back', async () => {
    const store = memoryStore();
    await store.vacations.add({ userId: 'bob', days: 2, start: 0, until: 48 * HOUR });
    const row = await store.matches.create(aMatch({ terms: { points: 100, map: null, accepted: { alice: warband }, clock: { acceptHours: 10 } } }));
    const [timeout, ...reminders] = await planWaits(store, HOUR, row);
    expect(timeout!.due).toBe(58 * HOUR);
    expect(reminders.map((d) => d.due / HOUR)).toEqual([53, 56]);
  });
});
