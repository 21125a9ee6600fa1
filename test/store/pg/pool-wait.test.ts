/**
 * A full PostgreSQL pool is busy, not gone (store/open-pg.ts PoolSaturated): in a burst of turns every
 * pooled connection can be in use for longer than a query may wait for one, and node-postgres words that
 * wait's timeout as it words a failed connect. Told as "unavailable", the player heard the bot could not
 * reach its database and the outbox backed off as from a lost server (bench:bot's PostgreSQL bursts).
 * A pool whose only connection is still connecting to a server that never answers stays unavailable.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/match/table';
import { isDown, troubleOf, type Store } from '../../../src/store';
import { openPgDatabase, openPgStore, PoolSaturated } from '../../../src/store/open-pg';
import { pgServerMissing, startPgServer, type PgServer } from '../../support/pg-server';

let server: PgServer | null = null;
let url: string;
const missing = pgServerMissing();
if (missing) console.log(`PostgreSQL pool-wait tests skipped: ${missing}.`);

beforeAll(async () => {
  server = await startPgServer();
  if (server) url = await server.database('poolwait');
}, 60_000);
afterAll(() => server?.stop());

const claim = (name: string) => ({ name, holder: 'h', pid: 1, host: 'test', ttlMs: 60_000 });

/** Holds the store's one connection in a transaction until `release` is called. */
function holdOnly(store: Store): { held: Promise<unknown>; release: () => void } {
  let release!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  let inside!: () => void;
  const entered = new Promise<void>((resolve) => (inside = resolve));
  const held = store.transaction(async () => {
    await store.leases.acquire(claim('held'));
    inside();
    await until;
  });
  return { held: entered.then(() => held), release };
}

describe('a PostgreSQL pool with every connection in use', () => {
  it('fails a query that waited too long for a connection as busy, not unavailable', async ({ skip }) => {
    if (!server) skip();
    const store = await openPgStore(url, { poolSize: 1 });
    const { held, release } = holdOnly(store);
    try {
      await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 500))]);
      const error = await store.leases.acquire(claim('waiting')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PoolSaturated);
      expect(troubleOf(error)).toBe('busy');
      expect(isDown(error)).toBe(false);
    } finally {
      release();
      await held;
      await store.close();
    }
  }, 20_000);

  it("refuses a change as busy inside Discord's 3 s, though each try may wait 2.5 s for the pool", async ({ skip }) => {
    if (!server) skip();
    const store = await openPgStore(url, { poolSize: 1, migrate: false });
    const { held, release } = holdOnly(store);
    try {
      await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 500))]);
      const logged: string[] = [];
      const started = performance.now();
      const refused = inTransaction({ store, log: (line) => logged.push(line) }, () => store.leases.acquire(claim('waiting')));
      await expect(refused).rejects.toMatchObject({ code: 'table-busy' });
      expect(performance.now() - started).toBeLessThan(3000);
      expect(logged).toEqual(['the database stayed busy; a change was refused']);
    } finally {
      release();
      await held;
      await store.close();
    }
  }, 20_000);
});

describe('a PostgreSQL server that never answers', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Accepts connections and never says a word: a network cut as a client meets it.
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('is unavailable both to the query connecting and to the one waiting behind it', async () => {
    const address = silent.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const connection = await openPgDatabase(`postgres://u:p@127.0.0.1:${address.port}/none`, { migrate: false, poolSize: 1 });
    try {
      const [connecting, waiting] = await Promise.allSettled([connection.db.execute(sql`select 1`), connection.db.execute(sql`select 1`)]);
      for (const result of [connecting, waiting]) {
        expect(result.status).toBe('rejected');
        const reason = (result as PromiseRejectedResult).reason;
        expect(reason).not.toBeInstanceOf(PoolSaturated);
        expect(troubleOf(reason)).toBe('unavailable');
      }
    } finally {
      await connection.close();
    }
  }, 20_000);
});
