/**
 * Opening the PostgreSQL store (docs/store.md "Two backends"): `postgres://…` through a node-postgres
 * pool, or `pglite:` for PGlite, PostgreSQL compiled to WebAssembly and run in this process (tests, and
 * machines without a server). Migrations come from migrations-pg/, applied at open like SQLite's.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { storeOldRowsPartsPg } from './match-rows';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { isBusy } from './busy';
import type { Clock } from './db';
import { pgStore, type PgConnection, type PgDb } from './pg-store';
import type { Store } from './store';

/** Resolved from this file, like the SQLite migrations. */
export const PG_MIGRATIONS_FOLDER = fileURLToPath(new URL('../../migrations-pg', import.meta.url));

export interface PgStoreOptions {
  now?: Clock;
  /** Bring the schema up to date (default true); a second connection of a running bot passes false. */
  migrate?: boolean;
  /** Connections in the pool (node-postgres only); 10 by default. */
  poolSize?: number;
  /**
   * How long a statement may wait for a lock (ms, node-postgres only) before failing with 55P03, which
   * isBusy (store/busy.ts) counts as busy; 2000 by default, so a row held by a stuck connection never
   * hangs a caller. The bot's changes, which retry, wait 50 ms a try instead (`store.transaction`'s
   * `lockWaitMs`, match/table.ts). Migrations run on a connection of their own (migrateServer).
   */
  lockTimeoutMs?: number;
  /** Told when an idle pooled connection is lost (the server stopped or was cut off); the pool drops it and goes on. */
  onConnectionLost?: (error: Error) => void;
}

/**
 * How long a query may wait for a new connection (ms) before failing as unavailable (store/trouble.ts),
 * or for a full pool's free one before failing as busy (PoolSaturated): a server that does not answer at
 * all (a network cut) must not hold an interaction past Discord's 3 s, nor the outbox and the scheduler
 * for ever.
 */
const CONNECT_TIMEOUT_MS = 2500;

/**
 * A query that waited CONNECT_TIMEOUT_MS for one of a full pool's connections while the server was
 * answering on the others: the database is saturated (a burst of turns), not gone, so it counts as busy
 * (store/busy.ts): a change is tried again or told "busy", and the outbox tries again at once rather
 * than backing off as from a lost server. node-postgres words this wait's timeout as it words a
 * connect that failed, so the pool tells them apart (PgPool).
 */
export class PoolSaturated extends Error {
  override name = 'PoolSaturated';
  readonly code = 'POOL_SATURATED';
  constructor(cause: unknown) {
    super('every pooled connection stayed in use for longer than the wait allows', { cause });
  }
}

/**
 * A pool whose lost connections never crash the process, and whose full-pool waits are told apart from
 * an unreachable server. node-postgres emits `error` on the pool when an idle connection fails (the
 * server stopped, restarted or was cut off) and drops that connection; unhandled, Node would end the
 * process. Queries under way fail on their own and reach their callers as unavailable
 * (store/trouble.ts); the next query opens a fresh connection once the server is back.
 */
class PgPool extends pg.Pool {
  /** Connections that connected and are not yet removed, from the pool's own events. */
  #answering = 0;

  constructor(config: pg.PoolConfig, onLost: ((error: Error) => void) | undefined) {
    super({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...config });
    this.on('error', (error) => onLost?.(error));
    this.on('connect', () => this.#answering++);
    this.on('remove', () => this.#answering--);
  }

  /**
   * A wait that timed out with at least one connection answering was a wait for a busy connection;
   * with none (every one still connecting to a server that does not answer), the server is unavailable.
   */
  #saturated(error: Error | undefined): Error | undefined {
    return error?.message === 'timeout exceeded when trying to connect' && this.#answering > 0 ? new PoolSaturated(error) : error;
  }

  // pg-pool's query() checks out its connection through this.connect(callback), so both forms pass here.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | undefined {
    if (callback) return void super.connect((err, client, done) => callback(this.#saturated(err), client, done));
    return super.connect().catch((error: Error) => {
      throw this.#saturated(error);
    });
  }
}

const pool = (config: pg.PoolConfig, onLost: ((error: Error) => void) | undefined): pg.Pool => new PgPool(config, onLost);

/** Far longer than a healthy transaction holds a row (milliseconds); short enough that a stuck one is reported, not waited out. */
const DEFAULT_LOCK_TIMEOUT_MS = 2000;

/**
 * Migrations' lock waits. A new migration's ALTER TABLE waits until every transaction on its table has
 * ended; with a bot of the last version still running (a rolling restart, another shard) that is a
 * moment, but a waiting ALTER also makes every later query on the table queue behind it, so it must not
 * wait long: 2 s a try, and the whole migration (one transaction, rolled back whole) tried again.
 */
const MIGRATION_LOCK_TIMEOUT_MS = 2000;
const MIGRATION_TRIES = 10;
const MIGRATION_PAUSE_MS = 1000;

/**
 * The advisory lock every process holds while it migrates (an arbitrary constant of this project's):
 * two bots started at the same instant on an empty database would otherwise both create the same
 * tables and one would fail inside a migration. The second waits, finds the schema up to date, and
 * meets the first's lease (bot/lease.ts), which refuses it in one sentence.
 */
const MIGRATION_LOCK = 0x5e11_5bd;

/** Brings a server's schema up to date on a connection of its own, with the migrations' own lock waits. */
async function migrateServer(url: string, onLost: PgStoreOptions['onConnectionLost']): Promise<void> {
  // One connection: the advisory lock is the session's, and the migration runs in that session.
  const migrations = pool({ connectionString: url, max: 1, lock_timeout: MIGRATION_LOCK_TIMEOUT_MS }, onLost);
  try {
    for (let tried = 1; ; tried++) {
      try {
        // A wait longer than the lock_timeout fails as busy (55P03) and is tried again below.
        await migrations.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          return await migratePg(drizzlePg({ client: migrations }), { migrationsFolder: PG_MIGRATIONS_FOLDER });
        } finally {
          await migrations.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } catch (error) {
        if (!isBusy(error) || tried >= MIGRATION_TRIES) throw error;
        await sleep(MIGRATION_PAUSE_MS);
      }
    }
  } finally {
    await migrations.end();
  }
}

/** True for a URL that names PostgreSQL (a server or PGlite) rather than a SQLite file. */
export const isPostgresUrl = (url: string | undefined): url is string => url !== undefined && /^(postgres(ql)?|pglite):/.test(url);

/** The drizzle database of a PostgreSQL URL, migrated unless told not to: for the store, and for tools (db:copy). */
export async function openPgDatabase(url: string, options: PgStoreOptions = {}): Promise<PgConnection> {
  if (url.startsWith('pglite:')) {
    // Loaded only here, when a URL chooses it: a bot on SQLite or a PostgreSQL server never loads
    // PGlite's WebAssembly build (test/cli/pglite-when-chosen.test.ts).
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    // `pglite:` alone is a database in memory; `pglite:/some/dir` one kept in that folder.
    const dir = url.slice('pglite:'.length);
    const client = new PGlite(dir === '' ? undefined : dir);
    try {
      const db = drizzlePglite({ client });
      if (options.migrate !== false) await migratePglite(db, { migrationsFolder: PG_MIGRATIONS_FOLDER });
      return { db: db as unknown as PgDb, close: () => client.close() };
    } catch (error) {
      await client.close();
      throw error;
    }
  }
  // PGlite has one connection, so nothing there waits for another's lock.
  if (options.migrate !== false) await migrateServer(url, options.onConnectionLost);
  const connections = pool(
    { connectionString: url, max: options.poolSize ?? 10, lock_timeout: options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS },
    options.onConnectionLost,
  );
  try {
    const db = drizzlePg({ client: connections });
    return {
      db: db as unknown as PgDb,
      close: () => connections.end(),
      connections: () => ({ total: connections.totalCount, idle: connections.idleCount, waiting: connections.waitingCount }),
    };
  } catch (error) {
    await connections.end();
    throw error;
  }
}

export async function openPgStore(url: string, options: PgStoreOptions = {}): Promise<Store> {
  const connection = await openPgDatabase(url, options);
  try {
    // Match rows written before their maps and cards were stored once (match-rows.ts).
    if (options.migrate !== false) await storeOldRowsPartsPg(connection.db);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return pgStore(connection, options.now);
}
