/**
 * Two processes on one PostgreSQL database (docs/store.md "Two backends"): two stores with their own
 * connection pools act on the same match at once. Exactly one act wins and the other is told stale; the
 * winner's outbox and deadline rows are written once. Two schedulers claiming at once split the due
 * deadlines between them (SKIP LOCKED), each row claimed once. Runs on a real server (a throw-away
 * cluster) where its binaries exist; PGlite has one connection, so nothing there can overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/store';
import { openPgStore } from '../../../src/store/open-pg';
import { aMatch } from '../fixture';
import { pgServerMissing, startPgServer, type PgServer } from '../../support/pg-server';

let server: PgServer | null = null;
let a: Store;
let b: Store;
const missing = pgServerMissing();
if (missing) console.log(`PostgreSQL race tests skipped: ${missing}.`);

beforeAll(async () => {
  server = await startPgServer();
  if (!server) return;
  const url = await server.database('race');
  a = await openPgStore(url);
  b = await openPgStore(url, { migrate: false });
}, 60_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  server?.stop();
});

/** One player's act, with what it posts and the deadline it plans, in one transaction. */
const actOn = (store: Store, who: string, seq: number) =>
  store.transaction(async (tx) => {
    const done = await tx.matches.act<{ by: string }, { by: string }, never>('m1', seq, () => ({ ok: true, events: [{ by: who }], snapshot: { by: who } }));
    if (done.ok) {
      await tx.outbox.add([{ matchId: 'm1', channelId: 't', body: { by: who, seq: done.seq } }]);
      await tx.deadlines.add({ matchId: 'm1', due: 1, kind: 'turn', player: who, seq: done.seq });
    }
    return done;
  });

describe('two writers on one PostgreSQL database', () => {
  it('let exactly one of two simultaneous acts through; the other is stale, and each row is written once', async ({ skip }) => {
    if (!server) skip();
    await a.matches.create(aMatch());
    for (let round = 0; round < 20; round++) {
      const results = await Promise.all([actOn(a, 'alice', round), actOn(b, 'bob', round)]);
      const won = results.filter((r) => r.ok);
      expect(won).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'stale', seq: round + 1 }]);
    }
    const events = await a.matches.events<{ by: string }>('m1');
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const posts = await b.outbox.pending('m1');
    expect(posts.map((p) => (p.body as { seq: number }).seq)).toEqual(events.map((e) => e.seq));
    expect((await a.deadlines.ofMatch('m1')).map((d) => d.seq)).toEqual(events.map((e) => e.seq));
    expect((await b.matches.get('m1'))!.seq).toBe(20);
  });

  it('split due deadlines between two schedulers claiming at once, each row claimed once', async ({ skip }) => {
    if (!server) skip();
    await a.deadlines.doneForMatch('m1');
    for (let i = 0; i < 200; i++) await a.deadlines.add({ matchId: 'm1', due: i, kind: 'reminder' });
    const claimed: number[] = [];
    for (let i = 0; i < 10; i++) {
      const [x, y] = await Promise.all([a.deadlines.claim(1000, 1_000_000, 15), b.deadlines.claim(1000, 1_000_000, 15)]);
      claimed.push(...x.map((d) => d.id), ...y.map((d) => d.id));
    }
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed).toHaveLength(200);
  });
});
