/**
 * The clock of asynchronous play through the fake Discord, on a game clock the test moves:
 * deadlines, reminders, timeouts, forfeits, standing orders, vacations, a timeout racing an act, and a
 * restart with overdue deadlines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InteractionOutcome } from '../../src/fakecord';
import { openPrompt, playThrough } from './driver';
import { HOUR } from '../../src/clock/clock-terms';
import { actNow, newMessages, rowOf, roundOf, username, waitOf } from './clock-play';
import { challengeAccepted } from './setup-match';
import { answerText, componentsOf, startWorld, type World } from './world';

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
    for (let i = 0; i < 200 && (await roundOf(world, thread)) < 2; i++) await actNow(world, thread);
    expect(await roundOf(world, thread)).toBe(2);
    expect(await world.store.deadlines.misses((await rowOf(world, thread)).id, bob)).toBe(0);

    // From now on only alice acts; the clock moves an hour at a time while the match waits on bob.
    const seen: { hour: number; text: string; mentions: readonly string[] }[] = [];
    const start = world.clock();
    let last = newMessages(world, thread).at(-1)?.id;
    for (let i = 0; i < 400 && (await rowOf(world, thread)).status !== 'over'; i++) {
      if ((await waitOf(world, thread))?.player === alice) await actNow(world, thread);
      else await world.advance(1);
      for (const m of newMessages(world, thread, last)) seen.push({ hour: (world.clock() - start) / HOUR, text: m.content, mentions: m.mentions });
      last = newMessages(world, thread).at(-1)?.id ?? last;
    }
    const row = await rowOf(world, thread);
    expect(row.status).toBe('over');
    expect(row.winner).toBe(alice);
    expect(await world.store.deadlines.misses(row.id, bob)).toBe(3);
    const timeouts = seen.filter((m) => m.text.startsWith('⏰'));
    expect(timeouts.map((m) => m.text.split('\n')[0]!.replace(/:.*/, ''))).toEqual([
      "⏰ **Bob**'s time ran out",
      "⏰ **Bob**'s time ran out",
      "⏰ **Bob**'s time ran out for the 3rd time, so **Bob** forfeits the match.",
    ]);
    expect(timeouts[0]!.text).toMatch(/\(1 of 3 missed deadlines forfeit the match\.\)/);
    expect(timeouts[1]!.text).toMatch(/\(2 of 3 missed deadlines forfeit the match\.\)/);
    expect(seen.at(-1)!.text).toContain(`🏆 <@${world.fake.user('alice')!.id}> wins!`);

    // Each of bob's deadlines: a reminder halfway and one 2 hours before, each posted in the hour it
    // fell due, pinging bob and naming the deadline as a Discord timestamp; the timeout at the deadline.
    const rows = (await world.store.deadlines.ofMatch(row.id)).filter((d) => d.due >= start);
    const missed = rows.filter((d) => d.outcome === 'missed');
    expect(missed.map((d) => [d.kind, d.player])).toEqual([
      ['prompt', bob],
      ['turn', bob],
      ['turn', bob],
    ]);
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
    expect(await world.store.deadlines.pending(row.id)).toEqual([]);
    expect(world.errors).toEqual([]);
  }, 120_000);
});

describe('standing orders', () => {
  it('answer a prompt at once, saying so in the thread, and the game goes on without waiting', async () => {
    const bob = world.fake.user('bob')!.id;
    // For all of bob's matches (typed outside any match thread): reply whenever possible, Vigor first, reroll when losing.
    const set = await world.run({ user: 'bob', name: 'orders set', options: { replies: 'at', chance: 5, wounds: 'vigor', rerolls: 'losing' } });
    expect(set.response?.ephemeral).toBe(true);
    expect(answerText(set)).toContain('Standing orders for all your matches');
    const thread = await challengeAccepted(world);
    const answered = () =>
      world.messages(thread).filter((m) => /🗒️ Answered by \*\*Bob\*\*'s standing order: .*(replies to|lets .* pass|takes the wounds)/.test(m.content));
    for (let i = 0; i < 40 && answered().length === 0 && (await rowOf(world, thread)).status !== 'over'; i++) await playThrough(world, thread, 100 + i, 12);
    const lines = answered();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]!.content).toMatch(/standing order: .*(replies to|takes the wounds|rerolls|lets)/);
    // No prompt of a kind bob's orders answer was ever posted for him to click.
    const asked = world.messages(thread).filter((m) => componentsOf(m).length > 0 && m.mentions.includes(bob));
    expect(asked.filter((m) => /may reply to|How does it take them|Reroll with a Warleader die/.test(m.content))).toEqual([]);
    // /orders show lists them; clearing them brings the prompts back.
    const shown = await world.run({ user: 'bob', channel: thread, name: 'orders show' });
    expect(answerText(shown)).toContain('**All your matches:**');
    expect(answerText(shown)).toContain('reply when the chance to hit is 5 % or more');
    const cleared = await world.run({ user: 'bob', name: 'orders clear', options: { scope: 'everything' } });
    expect(answerText(cleared)).toContain('Cleared all your standing orders');
    expect(await world.store.orders.list(bob)).toEqual([]);
    expect(world.errors).toEqual([]);
  }, 240_000);
});

describe('a vacation', () => {
  it('moves the deadlines waiting on the player, starts new waits when they are back, and gives back unused days', async () => {
    const alice = world.fake.user('alice')!.id;
    const bob = world.fake.user('bob')!.id;
    const thread = await challengeAccepted(world);
    for (let i = 0; i < 50 && (await waitOf(world, thread))?.player !== alice; i++) await actNow(world, thread);
    const match = (await rowOf(world, thread)).id;
    const aliceDue = (await world.store.deadlines.pending(match)).find((d) => d.kind !== 'reminder')!.due;
    const t0 = world.clock();
    const away = await world.run({ user: 'bob', name: 'vacation start', options: { days: 3 } });
    expect(answerText(away)).toMatch(/You are away until <t:\d+:f>\..*Vacation: Matches outside a league: 3 of 14 days used this year/s);
    expect(world.messages(thread).some((m) => m.content.startsWith('🏖️ **Bob** is away until'))).toBe(true);
    // Alice's clock is not bob's: her deadline stays.
    expect((await world.store.deadlines.pending(match)).find((d) => d.kind !== 'reminder')!.due).toBe(aliceDue);
    // A wait on bob that begins while he is away starts its clock when he is back.
    for (let i = 0; i < 50 && (await waitOf(world, thread))?.player !== bob; i++) await actNow(world, thread);
    const wait = (await waitOf(world, thread))!;
    const hours = wait.kind === 'turn' ? 48 : 24;
    const bobDue = async () => (await world.store.deadlines.pending(match)).find((d) => d.kind !== 'reminder' && d.player === bob)!.due;
    expect(await bobDue()).toBe(t0 + 3 * 24 * HOUR + hours * HOUR);
    // Nothing runs out while he is away.
    await world.advance(25);
    expect(await world.store.deadlines.misses(match, bob)).toBe(0);
    const back = await world.run({ user: 'bob', name: 'vacation end' });
    expect(answerText(back)).toContain('This vacation counts 2 days; 1 is given back. Vacation: Matches outside a league: 2 of 14 days used this year.');
    expect(await bobDue()).toBe(t0 + 25 * HOUR + hours * HOUR);
    expect(world.messages(thread).some((m) => m.content.startsWith('🏖️ **Bob** is back'))).toBe(true);
    const again = await world.run({ user: 'bob', name: 'vacation start', options: { days: 13 } });
    expect(answerText(again)).toBe('Matches outside a league allow 14 vacation days a year; you have 12 left (2 used), not 13.');
    expect(world.errors).toEqual([]);
  }, 60_000);
});

describe('/games and /notify', () => {
  it('lists the open matches, the one waiting on the player first, with deadlines and a catch-up button each', async () => {
    const bob = world.fake.user('bob')!.id;
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    const notify = await world.run({ user: 'bob', name: 'notify', options: { dms: true } });
    expect(answerText(notify)).toContain('direct message');
    const listed = await world.run({ user: 'bob', name: 'games' });
    expect(listed.response?.ephemeral).toBe(true);
    const text = answerText(listed);
    expect(text).toMatch(/^\*\*Your open matches\*\* \(\d+\):\n1\. 🔔 \*\*Your move\*\* · <#\d+>: Waiting for <@\d+> .* Deadline <t:\d+:R>\./);
    expect(text).toContain(`<#${thread}>`);
    // The thread's link shows the match's title; it is not written beside it again.
    expect(text).not.toContain('**Alice vs Bob**');
    expect(text).toContain('Reminders by DM: on');
    const buttons = componentsOf(listed.original!);
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons[0]!.label).toMatch(/^📜 1\. Catch up: Alice vs Bob$/);
    const digest = await world.click('bob', listed.original!, buttons[0]!.custom_id);
    expect(digest.response?.ephemeral).toBe(true);
    expect(answerText(digest)).toMatch(/📜 \*\*Alice vs Bob\*\*/);
    expect(answerText(digest)).toMatch(/\*\*Now:\*\* Waiting for <@\d+>/);
    // A reminder now comes by DM as well as in the thread.
    const match = (await rowOf(world, thread)).id;
    const due = (await world.store.deadlines.pending(match)).find((d) => d.kind === 'reminder' && d.player === bob)!.due;
    await world.advance(Math.ceil((due - world.clock()) / HOUR));
    const dm = world.fake.dms().find((c) => c.recipientId === bob);
    expect(dm).toBeDefined();
    const dms = world.messages(dm!.id);
    expect(dms.at(-1)!.content).toMatch(/^⏳ \*\*Alice vs Bob\*\* in <#\d+>: Waiting for <@\d+> .*Time runs out <t:\d+:R>/);
    expect(world.errors).toEqual([]);
  }, 60_000);
});

/** Bob acts on the wait in front of him, without waiting for the bot: a click on the prompt, or /end. */
async function bobActs(thread: string): Promise<InteractionOutcome> {
  const row = await rowOf(world, thread);
  const wait = (await waitOf(world, thread))!;
  const who = username(world, wait.player);
  if (wait.kind === 'setup' || wait.kind === 'prompt') {
    const message = openPrompt(world, thread)!;
    const c = componentsOf(message)[0]!;
    return c.type === 3
      ? world.fake.select({ user: who, message: message.id, customId: c.custom_id, values: [c.options![0]!.value] })
      : world.fake.click({ user: who, message: message.id, customId: c.custom_id });
  }
  const game = (row.snapshot as { game: { turn: { unit: string | null; player: string } } }).game;
  const { waitingUnits } = await import('../../src/rulesets/sellsword/engine/turns');
  const unit = game.turn.unit ?? waitingUnits(game as never, game.turn.player)[0]!.id;
  return world.fake.command({ user: who, channel: thread, name: 'end', options: { unit } });
}

describe('a timeout racing a real act', () => {
  it('lets exactly one of them through: the act (the deadline is cancelled) or the timeout (the act is refused)', async () => {
    const bob = world.fake.user('bob')!.id;
    const outcomes: string[] = [];
    for (const delay of [0, 0, 1, 2, 5, 10, 40]) {
      const thread = await challengeAccepted(world);
      for (let i = 0; i < 50 && (await waitOf(world, thread))?.player !== bob; i++) await actNow(world, thread);
      const match = (await rowOf(world, thread)).id;
      const timeout = (await world.store.deadlines.pending(match)).find((d) => d.kind !== 'reminder' && d.player === bob)!;
      const posts = world.messages(thread).length;
      // Bob acts a moment before his deadline; while his act is on its way, the deadline passes and the
      // scheduler ticks. Whichever transaction comes first wins: an act that arrives late is refused.
      world.clock.set(timeout.due - 1);
      const act = bobActs(thread);
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      world.clock.set(timeout.due + 1);
      const tick = world.bot.scheduler.tick();
      const outcome = await act;
      await tick;
      const summary = await outcome.settled({ quietMs: 20 });
      await world.bot.idle();
      const acted = summary.response?.ephemeral === false || summary.response?.kind === 'update';
      const row = (await world.store.deadlines.get(timeout.id))!;
      const timedOut = row.outcome === 'missed';
      const lines = world
        .messages(thread)
        .slice(posts)
        .filter((m) => m.content.startsWith('⏰'));
      if (acted) {
        expect(row.outcome).toBe('cancelled');
        expect(lines).toEqual([]);
        expect(await world.store.deadlines.misses(match, bob)).toBe(0);
      } else {
        expect(timedOut).toBe(true);
        expect(summary.response?.ephemeral).toBe(true);
        expect(answerText(summary)).toMatch(
          /Your time for this ran out <t:\d+:R>, so nothing was changed|That prompt has passed|moved on|already had its turn|It is .*'s turn/,
        );
        expect(lines.length).toBe(1);
      }
      outcomes.push(acted ? 'act' : 'timeout');
    }
    expect(outcomes.length).toBe(7);
    // A late act is refused even before the scheduler has looked.
    const thread = await challengeAccepted(world);
    for (let i = 0; i < 50 && (await waitOf(world, thread))?.player !== bob; i++) await actNow(world, thread);
    const timeout = (await world.store.deadlines.pending((await rowOf(world, thread)).id)).find((d) => d.kind !== 'reminder' && d.player === bob)!;
    world.clock.set(timeout.due + 1);
    const late = await (await bobActs(thread)).settled({ quietMs: 20 });
    expect(answerText(late)).toMatch(/^⏰ Your time for this ran out <t:\d+:R>, so nothing was changed: the bot is taking the default for you now\.$/);
    expect((await world.store.deadlines.get(timeout.id))!.done).toBeNull();
    await world.advance(0);
    expect((await world.store.deadlines.get(timeout.id))!.outcome).toBe('missed');
    expect(world.errors).toEqual([]);
  }, 120_000);
});

describe('a restart with overdue deadlines', () => {
  it('handles each of them once, at start-up', async () => {
    const bob = world.fake.user('bob')!.id;
    const threads: string[] = [];
    for (let n = 0; n < 3; n++) {
      const thread = await challengeAccepted(world);
      for (let i = 0; i < 50 && (await waitOf(world, thread))?.player !== bob; i++) await actNow(world, thread);
      threads.push(thread);
    }
    const matches = await Promise.all(threads.map(async (t) => (await rowOf(world, t)).id));
    const before = threads.map((t) => world.messages(t).length);
    const pending = await world.store.deadlines.pendingOf(matches);
    // One of them was claimed by a process that died before handling it.
    await world.store.deadlines.claim(world.clock(), world.clock() + 1000 * HOUR, 1);
    await world.restart(() => world.clock.set(world.clock() + 60 * HOUR));
    for (const d of pending) {
      const row = (await world.store.deadlines.get(d.id))!;
      expect(row.done, `deadline ${d.id} (${d.kind})`).not.toBeNull();
      expect(row.outcome).toBe(d.kind === 'reminder' ? 'moot' : 'missed');
    }
    for (const [i, t] of threads.entries()) {
      const after = world.messages(t).slice(before[i]!);
      expect(after.filter((m) => m.content.startsWith('⏰')).length).toBe(1);
      expect(after.filter((m) => m.content.startsWith('⏳')).length).toBe(0);
      expect(await world.store.deadlines.misses(matches[i]!, bob)).toBe(1);
    }
    // Another restart finds nothing left to do.
    const counts = threads.map((t) => world.messages(t).length);
    await world.restart();
    expect(threads.map((t) => world.messages(t).length)).toEqual(counts);
    expect(world.errors).toEqual([]);
  }, 120_000);
});

describe('a challenge nobody accepts', () => {
  it('lapses at its deadline, and an accept that comes after it is refused', async () => {
    const bob = world.fake.user('bob')!.id;
    const start = world.clock();
    await world.run({
      user: 'alice',
      name: 'skirmish challenge',
      options: { opponent: 'bob', warband: "Hrolf's Watch", points: 60, map: 'mill-crossing', turn_hours: 12 },
    });
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    const row = await rowOf(world, thread);
    expect((row.terms as { clock?: unknown }).clock).toEqual({ turnHours: 12 });
    expect(world.messages(thread)[0]!.content).toContain(
      "⏱️ Deadlines: 48 h to accept, 12 h for each unit's turn, 24 h for each reply, wound split or setup choice; 3 missed deadlines forfeit the match.",
    );
    const timeout = (await world.store.deadlines.pending(row.id)).find((d) => d.kind === 'accept')!;
    expect([timeout.player, (timeout.due - start) / HOUR]).toEqual([bob, 48]);
    await world.advance(24);
    expect(world.messages(thread).at(-1)!.content).toMatch(/^⏳ Waiting for <@\d+> to accept the challenge/);
    world.clock.set(timeout.due + 1);
    const late = await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } });
    expect(answerText(late)).toMatch(/^⏰ The time to accept ran out <t:\d+:R>: the challenge has lapsed\.$/);
    await world.advance(0);
    expect((await rowOf(world, thread)).status).toBe('cancelled');
    expect(world.messages(thread).some((m) => m.content.startsWith(`⏰ The challenge lapsed: <@${bob}> did not accept within 48 h.`))).toBe(true);
    expect(await world.store.deadlines.pending(row.id)).toEqual([]);
    expect(world.errors).toEqual([]);
  }, 60_000);
});
