/**
 * A busy PostgreSQL database (docs/store.md "A busy database"): two stores (two pools) whose
 * transactions lock two rows in opposite orders deadlock, and PostgreSQL aborts one of them with an error
 * isBusy recognises; run through the bot's retry (match/table.ts `inTransaction`), both commit. A
 * transaction waiting on a row a stuck connection holds fails after the pool's lock_timeout instead of
 * hanging, and the retry then refuses the change as busy; bringing the schema up to date waits longer
 * than that, so a bot starts beside one still running. Runs on a real server (a throw-away cluster)
 * where its binaries exist; PGlite has one connection, so nothing there can wait for another.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/match/table';
import { isBusy, type Store } from '../../../src/store';
import { openPgDatabase, openPgStore } from '../../../src/store/open-pg';
import { pgStore } from '../../../src/store/pg-store';
import { pgServerMissing, startPgServer, type PgServer } from '../../support/pg-server';

let server: PgServer | null = null;
let url: string;
let a: Store;
let b: Store;
const missing = pgServerMissing();
if (missing) console.log(`PostgreSQL busy tests skipped: ${missing}.`);

beforeAll(async () => {
  server = await startPgServer();
  if (!server) return;
  url = await server.database('busy');
  a = await openPgStore(url);
  b = await openPgStore(url, { migrate: false });
  for (const name of ['x', 'y']) await a.leases.acquire(claim(name));
}, 60_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  server?.stop();
});

/** Taking a lease reads its row FOR UPDATE: a row lock held until the transaction ends. */
const claim = (name: string) => ({ name, holder: 'h', pid: 1, host: 'test', ttlMs: 60_000 });

/** The SQLSTATE under drizzle's wrapping. */
function codeOf(error: unknown): unknown {
  for (let e = error; e instanceof Error; e = e.cause) if ('code' in e) return e.code;
  return undefined;
}

type Run = (store: Store, body: () => Promise<unknown>) => Promise<unknown>;

/** a locks x and b locks y; once both hold their first row, each asks for the other's. */
function crossed(run: Run) {
  let holding = 0;
  let go!: () => void;
  const both = new Promise<void>((resolve) => (go = resolve));
  const take = (store: Store, first: string, second: string) =>
    run(store, async () => {
      await store.leases.acquire(claim(first));
      // A retry finds `both` settled and simply queues behind the winner.
      if (++holding === 2) go();
      await both;
      return store.leases.acquire(claim(second));
    });
  return Promise.allSettled([take(a, 'x', 'y'), take(b, 'y', 'x')]);
}

describe('a busy PostgreSQL database', () => {
  it('aborts one of two deadlocked transactions with an error isBusy recognises', async ({ skip }) => {
    if (!server) skip();
    const results = await crossed((store, body) => store.transaction(body));
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(codeOf(failed[0]!.reason)).toBe('40P01');
    expect(isBusy(failed[0]!.reason)).toBe(true);
    expect(results.find((r) => r.status === 'fulfilled')).toMatchObject({ value: { ok: true } });
  });

  it('commits both deadlocked transactions when the bot retries them', async ({ skip }) => {
    if (!server) skip();
    const logged: string[] = [];
    let tries = 0;
    const results = await crossed((store, body) =>
      inTransaction({ store, log: (line) => logged.push(line) }, () => {
        tries++;
        return body();
      }),
    );
    // Two transactions and at least one retry: they did deadlock.
    expect(tries).toBeGreaterThanOrEqual(3);
    expect(results).toEqual([
      { status: 'fulfilled', value: expect.objectContaining({ ok: true }) },
      { status: 'fulfilled', value: expect.objectContaining({ ok: true }) },
    ]);
    expect(logged).toEqual([]);
  });

  it('fails a wait on a stuck row lock after the lock timeout, and the retry refuses the change as busy', async ({ skip }) => {
    if (!server) skip();
    const stuck = new pg.Client({ connectionString: url });
    await stuck.connect();
    const short = await openPgDatabase(url, { migrate: false, lockTimeoutMs: 100 });
    const shortStore = pgStore(short);
    // No lock timeout on this pool at all: a wait that only the pool's setting could end would never end.
    const patient = await openPgStore(url, { migrate: false, lockTimeoutMs: 0 });
    try {
      // The pool's connections carry the lock timeout they were opened with…
      expect(await short.db.execute(sql`show lock_timeout`)).toMatchObject({ rows: [{ lock_timeout: '100ms' }] });
      await stuck.query('begin');
      await stuck.query(`select name from leases where name = 'x' for update`);
      // …and a wait on the row the stuck connection holds (until the end of this test) fails on it.
      const error = await shortStore.leases.acquire(claim('x')).catch((e: unknown) => e);
      expect(codeOf(error)).toBe('55P03');
      expect(isBusy(error)).toBe(true);
      // The bot's changes wait 50 ms a try whatever the pool's timeout: on a pool with none, every try
      // still fails as busy and the retry refuses the change after its last pause (or sooner, once its
      // 2.5 s are spent on a slow machine), where a try waiting on the pool's setting would wait for the
      // stuck row for ever.
      const logged: string[] = [];
      let tries = 0;
      const refused = inTransaction({ store: patient, log: (line) => logged.push(line) }, () => {
        tries++;
        return patient.leases.acquire(claim('x'));
      });
      await expect(refused).rejects.toMatchObject({ code: 'table-busy' });
      expect(tries).toBeGreaterThanOrEqual(6);
      expect(tries).toBeLessThanOrEqual(8);
      expect(logged).toEqual(['the database stayed busy; a change was refused']);
      await stuck.query('rollback');
      expect(await shortStore.leases.acquire(claim('x'))).toMatchObject({ ok: true });
    } finally {
      await stuck.end();
      await shortStore.close();
      await patient.close();
    }
  }, 30_000);

  it("brings the schema up to date past the store's short lock timeout, waiting for a running bot's transaction", async ({ skip }) => {
    if (!server) skip();
    // A bot still running holds a lock on a table the migrator reads (at worst alters) for a moment.
    const running = new pg.Client({ connectionString: url });
    await running.connect();
    let store: Store | undefined;
    let released: Promise<unknown> = Promise.resolve();
    try {
      await running.query('begin');
      await running.query('lock table drizzle.__drizzle_migrations in access exclusive mode');
      // The migrator's lock waits are its own 2 s a try, far past the store's 50 ms: it waits for this
      // commit, and the store opens only after the commit was sent.
      let committing = false;
      released = new Promise((resolve) => setTimeout(resolve, 300)).then(() => {
        committing = true;
        return running.query('commit');
      });
      store = await openPgStore(url, { lockTimeoutMs: 50 });
      expect(committing).toBe(true);
      expect(await store.leases.acquire(claim('z'))).toMatchObject({ ok: true });
    } finally {
      await released;
      await store?.close();
      await running.end();
    }
  });
});
