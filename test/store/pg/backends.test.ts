/**
 * The store's behaviour on every backend (docs/store.md "Two backends"): SQLite in memory, PostgreSQL in
 * process through PGlite, and a real PostgreSQL server where its binaries exist (a throw-away cluster).
 * Each backend starts from an empty database with its migrations applied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/store';
import { OUTBOX_RETENTION_MS } from '../../../src/store/outbox';
import { openPgStore } from '../../../src/store/open-pg';
import { aMatch, testClock } from '../fixture';
import { emptiedPgliteStores, pgliteStore } from '../../support/pglite-template';
import { pgServerMissing, startPgServer, type PgServer } from '../../support/pg-server';

type Open = (clock: () => number) => Promise<Store>;

let server: PgServer | null = null;
let serverDb = 0;
const missing = pgServerMissing();
if (missing) console.log(`PostgreSQL server tier skipped: ${missing}.`);

beforeAll(async () => {
  server = await startPgServer();
}, 60_000);
afterAll(() => server?.stop());

/** A fresh database on the real server for each store. */
async function serverStore(clock: () => number): Promise<Store> {
  return openPgStore(await server!.database(`t${++serverDb}_${process.pid}`), { now: clock });
}

/** PGlite for the tests that want an empty store of their own beside the describe's: one copy, emptied for each. */
const spare = emptiedPgliteStores();
afterAll(() => spare.end());

const sqliteStore: Open = async (clock) => openStore(':memory:', { now: clock });

/** Each backend: its name, the describe's store, whether it is there, and a further empty store. */
const BACKENDS: [string, Open, () => boolean, Open][] = [
  ['SQLite in memory', sqliteStore, () => true, sqliteStore],
  ['PGlite', (clock) => pgliteStore(clock), () => true, (clock) => spare.open(clock)],
  ['a PostgreSQL server', serverStore, () => server !== null, serverStore],
];

interface Add {
  add: number;
}

describe.each(BACKENDS)('the store on %s', (_name, open, available, openOwn) => {
  let store: Store;
  const clock = testClock();
  beforeAll(async () => {
    if (available()) store = await open(clock);
  }, 60_000);
  afterAll(async () => store?.close());

  it('creates a match, acts on it once per seq, and keeps its events in order', async ({ skip }) => {
    if (!available()) skip();
    await store.players.upsert({ id: 'alice', name: 'Alice' });
    const created = await store.matches.create(aMatch());
    expect(created).toMatchObject({ id: 'm1', seq: 0, status: 'challenged', snapshot: null, players: ['alice', 'bob'] });
    const step = (snapshot: { total: number } | null) => ({
      ok: true as const,
      events: [{ add: 2 }, { add: 3 }],
      snapshot: { total: (snapshot?.total ?? 0) + 5 },
    });
    const done = await store.matches.act<{ total: number }, Add, never>('m1', 0, step);
    expect(done).toMatchObject({ ok: true, seq: 2, snapshot: { total: 5 } });
    expect(await store.matches.act<{ total: number }, Add, never>('m1', 0, step)).toEqual({ ok: false, reason: 'stale', seq: 2 });
    expect(await store.matches.events<Add>('m1')).toEqual([
      { seq: 1, event: { add: 2 } },
      { seq: 2, event: { add: 3 } },
    ]);
    expect(await store.matches.forPlayer('bob')).toHaveLength(1);
    expect(await store.matches.countIn('c1')).toBe(1);
    expect(await store.matches.setThread('m1', 't1')).toBe(true);
    expect(await store.matches.versionByThread('t1')).toEqual({ id: 'm1', seq: 2, updated: done.ok ? (await store.matches.get('m1'))!.updated : -1 });
    expect((await store.matches.byThread('t1'))?.snapshot).toEqual({ total: 5 });
    expect(await store.matches.versionByThread('none')).toBeUndefined();
    await expect(store.matches.create(aMatch())).rejects.toThrow();
  });

  it('rolls a transaction back whole, and a failed savepoint alone', async ({ skip }) => {
    if (!available()) skip();
    await expect(
      store.transaction(async (tx) => {
        await tx.outbox.add([{ matchId: 'm1', channelId: 't', body: { n: 1 } }]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await store.outbox.pending('m1')).toEqual([]);
    await store.transaction(async (tx) => {
      await tx.outbox.add([{ matchId: 'm1', channelId: 't', body: { n: 2 } }]);
      await expect(
        tx.transaction(async () => {
          await store.deadlines.add({ matchId: 'm1', due: 1, kind: 'turn' });
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
    });
    expect((await store.outbox.pending('m1')).map((r) => r.body)).toEqual([{ n: 2 }]);
    expect(await store.deadlines.pending('m1')).toEqual([]);
  });

  it('claims each due deadline once, and marks it done once', async ({ skip }) => {
    if (!available()) skip();
    const now = clock();
    const a = await store.deadlines.add({ matchId: 'm1', due: now - 10, kind: 'turn', player: 'bob', seq: 2 });
    await store.deadlines.add({ matchId: 'm1', due: now + 1e9, kind: 'reminder' });
    const claimed = await store.deadlines.claim(now, now + 1000);
    expect(claimed.map((d) => d.id)).toEqual([a.id]);
    expect(await store.deadlines.claim(now, now + 1000)).toEqual([]);
    expect([await store.deadlines.done(a.id, 'missed'), await store.deadlines.done(a.id, 'missed')]).toEqual([true, false]);
    expect(await store.deadlines.misses('m1', 'bob')).toBe(1);
    expect(await store.deadlines.shift('bob', 5)).toEqual([]);
  });

  it('keeps the outbox, leases, settings and the rest', async ({ skip }) => {
    if (!available()) skip();
    const [row] = await store.outbox.add([{ matchId: 'm1', channelId: 't', body: { kind: 'text' }, via: 'i:tok' }]);
    expect(await store.outbox.waiting()).toEqual([{ matchId: 'm1', due: row!.due }]);
    await store.outbox.failed(row!.id, 'HTTP 502', row!.due + 1000);
    expect(await store.outbox.get(row!.id)).toMatchObject({ attempts: 1, error: 'HTTP 502' });
    // The hot queries are prepared statements: inside a transaction they still run in it, and roll back with it.
    await expect(
      store.transaction(async (tx) => {
        await tx.outbox.delivered(row!.id, 'msg');
        expect((await tx.outbox.get(row!.id))?.done).not.toBeNull();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await store.outbox.get(row!.id))?.done).toBeNull();
    await store.outbox.delivered(row!.id, 'msg');
    expect(await store.outbox.get(row!.id)).toMatchObject({ messageId: 'msg', outcome: 'delivered', via: null, done: clock() });
    expect((await store.outbox.pending('m1')).map((r) => r.id)).not.toContain(row!.id);
    const claim = { name: 'bot', holder: 'a', pid: 1, host: 'h', ttlMs: 1000 };
    expect(await store.leases.acquire(claim)).toMatchObject({ ok: true });
    expect(await store.leases.acquire({ ...claim, holder: 'b' })).toMatchObject({ ok: false, heldBy: { holder: 'a' } });
    expect(await store.leases.renew('bot', 'a', 1000)).toBe(true);
    await store.notify.setDms('bob', true);
    expect(await store.notify.dms('bob')).toBe(true);
    await store.orders.set('bob', '*', { pass: true });
    expect(await store.orders.get('bob', '*')).toEqual({ pass: true });
    expect(await store.follows.add('m1', 'carol')).toBe(true);
    expect(await store.follows.add('m1', 'carol')).toBe(false);
    const v = await store.vacations.add({ userId: 'bob', days: 2, start: clock(), until: clock() + 1000 });
    expect(await store.vacations.current('bob', clock())).toMatchObject({ id: v.id });
    expect((await store.warbands.save({ owner: 'alice', name: 'W', faction: 'valor', points: 3, document: { a: 1 }, source: 'x' })).document).toEqual({ a: 1 });
    expect(await store.warbands.remove('alice', 'W')).toBe(true);
    expect((await store.prompts.record({ matchId: 'm1', seq: 2, channelId: 't', messageId: 'p1', player: 'bob', kind: 'x' })).id).toBeGreaterThan(0);
    expect(await store.prompts.close('m1')).toBe(1);
  });

  it('records how each post ended, and lists the troubled ones', async ({ skip }) => {
    if (!available()) skip();
    const rows = await store.outbox.add([1, 2, 3, 4].map((n) => ({ matchId: 'm1', channelId: 't', body: { n } })));
    const [a, b, c, d] = rows.map((r) => r.id) as [number, number, number, number];
    await store.outbox.delivered(a, 'ma');
    await store.outbox.delivered(b, 'mb', 'fallback');
    await store.outbox.dropped(c, 'the thread was deleted');
    await store.outbox.failed(d, 'HTTP 502', clock() + 1000);
    expect((await store.outbox.get(b))?.outcome).toBe('fallback');
    expect(await store.outbox.get(c)).toMatchObject({ outcome: 'given-up', error: 'the thread was deleted' });
    expect((await store.outbox.troubles('m1')).map((r) => r.id)).toEqual([d, c]);
    expect(await store.outbox.recorded('m1', d, 3)).toEqual(['mb', 'ma']);
    await store.outbox.delivered(d, 'md');
  });

  it('prunes delivered and skipped posts past their retention, keeping waiting, given-up and fallback ones', async ({ skip }) => {
    if (!available()) skip();
    await store.matches.create(aMatch({ id: 'pr1' }));
    await store.matches.create(aMatch({ id: 'pr2' }));
    const add = async (matchId: string, n: number) =>
      (await store.outbox.add(Array.from({ length: n }, (_, i) => ({ matchId, channelId: 't', body: { i } })))).map((r) => r.id);
    const [a, b, c, d, e] = (await add('pr1', 5)) as [number, number, number, number, number];
    const [f, g] = (await add('pr2', 2)) as [number, number];
    await store.outbox.delivered(a, 'ma');
    await store.outbox.dropped(b, 'the prompt has passed', 'skipped');
    await store.outbox.delivered(c, 'mc', 'fallback');
    await store.outbox.dropped(d, 'the thread was deleted');
    await store.outbox.delivered(f, 'mf');
    clock.advance(OUTBOX_RETENTION_MS + 1);
    await store.outbox.delivered(e, 'me');
    // pr1: a and b go; c (a fallback), d (given up) and e (within retention) stay. pr2 still waits on g, so f stays.
    expect(await store.outbox.prune(OUTBOX_RETENTION_MS)).toBe(2);
    const left = async (ids: number[]) => (await Promise.all(ids.map((id) => store.outbox.get(id)))).flatMap((r) => (r ? [r.id] : []));
    expect(await left([a, b, c, d, e, f, g])).toEqual([c, d, e, f, g]);
    expect((await store.outbox.pending('pr2')).map((r) => r.id)).toEqual([g]);
    expect((await store.outbox.troubles('pr1')).map((r) => r.id)).toEqual([d]);
    await store.outbox.delivered(g, 'mg');
    expect(await store.outbox.prune(OUTBOX_RETENTION_MS)).toBe(1);
    expect(await left([f, g])).toEqual([g]);
  });

  it("packs a finished match's log past the retention period and reads it back the same, without its done reminders", async ({ skip }) => {
    if (!available()) skip();
    await store.matches.create(aMatch({ id: 'lg1' }));
    const step = (events: Add[], status?: 'over') => () => ({ ok: true as const, events, snapshot: { total: 0 }, ...(status && { status }) });
    await store.matches.act('lg1', 0, step([{ add: 1 }, { add: 2 }]));
    const reminder = await store.deadlines.add({ matchId: 'lg1', due: 1, kind: 'reminder', player: 'bob' });
    const turn = await store.deadlines.add({ matchId: 'lg1', due: 1, kind: 'turn', player: 'bob' });
    await store.deadlines.doneForMatch('lg1');
    await store.matches.act('lg1', 2, step([{ add: 3 }], 'over'));
    const log = await store.matches.events<Add>('lg1');
    expect(log.map((e) => e.event.add)).toEqual([1, 2, 3]);
    clock.advance(OUTBOX_RETENTION_MS + 1);
    expect(await store.matches.retire(OUTBOX_RETENTION_MS)).toBe(1);
    expect(await store.matches.retire(OUTBOX_RETENTION_MS)).toBe(0);
    expect(await store.matches.events<Add>('lg1')).toEqual(log);
    expect(await store.matches.events<Add>('lg1', 1, 2)).toEqual([log[1]]);
    expect((await store.deadlines.ofMatch('lg1')).map((d) => d.id)).toEqual([turn.id]);
    expect(reminder.id).not.toBe(turn.id);
  });

  it('pauses a match: its deadlines out of reach, then back by the time paused', async ({ skip }) => {
    if (!available()) skip();
    const due = clock() + 60_000;
    const row = await store.deadlines.add({ matchId: 'm1', due, kind: 'turn', player: 'bob', seq: 9 });
    expect(await store.pauses.pause('m1', clock(), 't', 'the thread was deleted')).toBe(true);
    expect(await store.pauses.pause('m1', clock(), 't', 'again')).toBe(false);
    expect(await store.deadlines.claim(due + 1e9, due + 2e9)).toEqual([]);
    expect((await store.pauses.among(['m1', 'm2'])).map((p) => p.reason)).toEqual(['the thread was deleted']);
    const resumed = await store.pauses.resume('m1', clock() + 5000);
    expect(resumed?.threadId).toBe('t');
    const after = (await store.deadlines.pending('m1')).find((x) => x.id === row.id);
    expect(after!.due - due).toBe(5000);
    expect(await store.pauses.get('m1')).toBeUndefined();
    await store.deadlines.done(row.id, 'cancelled');
  });

  it("gives a shard only its own guilds' deadlines and posts", async ({ skip }) => {
    if (!available()) skip();
    // A store of its own: the others' matches have made-up guild ids, which are not Discord's numbers.
    const store = await openOwn(clock);
    // Guild ids whose timestamp part is odd and even fall on shards 1 and 0 of 2, as Discord routes them.
    const guildAt = (ms: number) => (BigInt(ms) << 22n).toString();
    await store.matches.create(aMatch({ id: 'even', guildId: guildAt(1_234_567_890_124) }));
    await store.matches.create(aMatch({ id: 'odd', guildId: guildAt(1_234_567_890_123) }));
    await store.deadlines.add({ matchId: 'even', due: 100, kind: 'turn' });
    await store.deadlines.add({ matchId: 'odd', due: 100, kind: 'turn' });
    const [shard0, shard1] = [
      { id: 0, count: 2 },
      { id: 1, count: 2 },
    ];
    expect((await store.deadlines.claim(200, 300, 10, shard1)).map((d) => d.matchId)).toEqual(['odd']);
    expect((await store.deadlines.claim(200, 300, 10, shard0)).map((d) => d.matchId)).toEqual(['even']);
    expect(await store.deadlines.releaseClaims(shard1)).toBe(1);
    await store.outbox.add([
      { matchId: 'even', channelId: 'c', body: { kind: 'note' } },
      { matchId: 'odd', channelId: 'c', body: { kind: 'note' } },
    ]);
    expect((await store.outbox.waiting(10, shard0)).map((w) => w.matchId)).toEqual(['even']);
    expect((await store.outbox.waiting(10, shard1)).map((w) => w.matchId)).toEqual(['odd']);
    await store.close();
  }, 60_000);

  it('names open matches that lack a thread, deadlines or a prompt post, and counts, from the indexes', async ({ skip }) => {
    if (!available()) skip();
    const store = await openOwn(clock);
    const guildAt = (ms: number) => (BigInt(ms) << 22n).toString();
    const [mine, theirs] = [guildAt(1_234_567_890_123), guildAt(1_234_567_890_124)];
    const shard1 = { id: 1, count: 2 };
    const make = (id: string, threadId: string | null, guildId = mine) => store.matches.create(aMatch({ id, guildId, threadId }));
    await make('a', 'ta'); // waits on a turn: has its deadline
    await make('b', 'tb'); // waits on a prompt nobody posted
    await make('c', 'tc'); // waits on a prompt that was posted
    await make('d', null); // no thread yet, no deadline
    await make('e', 'te'); // a thread and no deadline: nothing says what it waits on
    await make('f', 'tf'); // over
    await make('g', 'tg', theirs); // another shard's
    await store.matches.act<unknown, never, never>('f', 0, (snapshot) => ({ ok: true, events: [], snapshot, status: 'over' }));
    const now = clock();
    await store.deadlines.add({ matchId: 'a', due: now - 120_000, kind: 'turn', player: 'alice', seq: 0 });
    await store.deadlines.add({ matchId: 'b', due: now - 1000, kind: 'prompt', player: 'bob', seq: 0 });
    await store.deadlines.add({ matchId: 'c', due: now + 1000, kind: 'prompt', player: 'bob', seq: 0 });
    await store.deadlines.add({ matchId: 'g', due: now - 120_000, kind: 'turn', player: 'bob', seq: 0 });
    await store.prompts.record({ matchId: 'c', seq: 0, channelId: 'tc', messageId: 'pc', player: 'bob', kind: 'reply' });
    await store.outbox.add([
      { matchId: 'a', channelId: 'ta', body: { kind: 'note' } },
      { matchId: 'g', channelId: 'tg', body: { kind: 'note' } },
    ]);
    const ids = (refs: readonly { id: string }[]) => refs.map((r) => r.id);
    expect(await store.matches.countOpen()).toBe(6);
    expect(await store.matches.countOpen(shard1)).toBe(5);
    expect(ids(await store.matches.unthreaded(shard1))).toEqual(['d']);
    expect(ids(await store.matches.withoutDeadlines({ after: '', limit: 10, shard: shard1 }))).toEqual(['d', 'e']);
    // Paged by id: the second page starts after the first's last.
    expect(ids(await store.matches.withoutDeadlines({ after: '', limit: 1, shard: shard1 }))).toEqual(['d']);
    expect(ids(await store.matches.withoutDeadlines({ after: 'd', limit: 1, shard: shard1 }))).toEqual(['e']);
    expect(await store.matches.promptUnposted(['prompt', 'setup'], { after: '', limit: 10, shard: shard1 })).toEqual([
      { id: 'b', guildId: mine, status: 'challenged', seq: 0, threadId: 'tb' },
      { id: 'e', guildId: mine, status: 'challenged', seq: 0, threadId: 'te' },
    ]);
    expect(ids(await store.matches.promptUnposted(['prompt', 'setup'], { after: '', limit: 10 }))).toEqual(['b', 'e']);
    expect(await store.outbox.countWaiting()).toBe(2);
    expect(await store.outbox.countWaiting(shard1)).toBe(1);
    expect(await store.deadlines.countDue(now, now - 60_000, shard1)).toEqual({ due: 2, overdue: 1 });
    expect(await store.deadlines.countDue(now, now - 60_000)).toEqual({ due: 3, overdue: 2 });
    await store.close();
  }, 60_000);
});
