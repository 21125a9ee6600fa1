/**
 * The clock of asynchronous play through the fake Discord, on a game clock the test moves (issue 13):
 * deadlines, reminders, timeouts, forfeits, standing orders, vacations, a timeout racing an act, and a
 * restart with overdue deadlines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../src/commands/clock-terms';
import { actNow, newMessages, rowOf, roundOf, username, waitOf } from './clock-play';
import { challengeAccepted } from './setup-match';
import { startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(7);
}, 30_000);
afterAll(async () => world?.close());

const at = (ms: number) => Math.floor(ms / 1000);

describe('a player who never acts after round 1', () => {
  it('is reminded halfway and 2 hours before each deadline, and forfeits at the third miss', async () => {
    const thread = await challengeAccepted(world);
    const alice = world.fake.user('alice')!.id;
    const bob = world.fake.user('bob')!.id;
    // Setup and round 1: both players act at once.
    for (let i = 0; i < 200 && roundOf(world, thread) < 2; i++) await actNow(world, thread);
    expect(roundOf(world, thread)).toBe(2);
    expect(world.store.deadlines.misses(rowOf(world, thread).id, bob)).toBe(0);

    // From now on only alice acts; the clock moves an hour at a time while the match waits on bob.
    const seen: { hour: number; text: string; mentions: readonly string[] }[] = [];
    const start = world.clock();
    let last = newMessages(world, thread).at(-1)?.id;
    for (let i = 0; i < 400 && rowOf(world, thread).status !== 'over'; i++) {
      if (waitOf(world, thread)?.player === alice) await actNow(world, thread);
      else await world.advance(1);
      for (const m of newMessages(world, thread, last)) seen.push({ hour: (world.clock() - start) / HOUR, text: m.content, mentions: m.mentions });
      last = newMessages(world, thread).at(-1)?.id ?? last;
    }
    const row = rowOf(world, thread);
    expect(row.status).toBe('over');
    expect(row.winner).toBe(alice);
    expect(world.store.deadlines.misses(row.id, bob)).toBe(3);
    const timeouts = seen.filter((m) => m.text.startsWith('⏰'));
    expect(timeouts.map((m) => m.text.split('\n')[0]!.replace(/:.*/, ''))).toEqual(["⏰ **Bob**'s time ran out", "⏰ **Bob**'s time ran out", "⏰ **Bob**'s time ran out for the 3rd time, so **Bob** forfeits the match."]);
    expect(timeouts[0]!.text).toMatch(/\(1 of 3 missed deadlines forfeit the match\.\)/);
    expect(timeouts[1]!.text).toMatch(/\(2 of 3 missed deadlines forfeit the match\.\)/);
    expect(seen.at(-1)!.text).toMatch(/Alice\*\*\) wins!/);

    // Each of bob's deadlines: a reminder halfway and one 2 hours before, each posted in the hour it
    // fell due, pinging bob and naming the deadline as a Discord timestamp; the timeout at the deadline.
    const rows = world.store.deadlines.ofMatch(row.id).filter((d) => d.due >= start);
    const missed = rows.filter((d) => d.outcome === 'missed');
    expect(missed.map((d) => [d.kind, d.player])).toEqual([['prompt', bob], ['turn', bob], ['turn', bob]]);
    const hour = (ms: number) => (ms - start) / HOUR;
    expect(timeouts.map((m) => m.hour)).toEqual(missed.map((d) => hour(d.due)));
    const reminders = seen.filter((m) => m.text.startsWith('⏳'));
    expect(reminders.length).toBe(6);
    for (const [i, d] of missed.entries()) {
      const length = (d.kind === 'prompt' ? 24 : 48) * HOUR;
      const sent = rows.filter((r) => r.kind === 'reminder' && r.seq === d.seq && r.player === bob);
      expect(sent.map((r) => r.outcome)).toEqual(['sent', 'sent']);
      expect(sent.map((r) => r.due)).toEqual([d.due - length / 2, d.due - 2 * HOUR]);
      const posted = reminders.slice(2 * i, 2 * i + 2);
      expect(posted.map((m) => m.hour)).toEqual(sent.map((r) => hour(r.due)));
      for (const m of posted) {
        expect(m.mentions).toEqual([bob]);
        expect(m.text).toContain(`Time runs out <t:${at(d.due)}:R> (<t:${at(d.due)}:f>).`);
      }
    }
    // Alice acted each time at once: none of her deadlines ran out, and she was never reminded.
    expect(rows.filter((d) => d.player === alice).every((d) => d.outcome === 'cancelled')).toBe(true);
    expect(world.store.deadlines.pending(row.id)).toEqual([]);
    expect(world.errors).toEqual([]);
  }, 120_000);
});
