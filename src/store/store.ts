/**
 * Opening the database: the one place that knows it is SQLite. Everything else talks to drizzle, so
 * a Postgres driver can later stand behind the same `Store` (ARCHITECTURE "Scale").
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { Async } from './async';
import { catalogsStore } from './catalogs';
import type { Catalogs } from './catalogs';
import type { Clock } from './db';
import { deadlinesStore } from './deadlines';
import type { Deadlines } from './deadlines';
import { followsStore } from './follows';
import { leasesStore } from './leases';
import type { Leases } from './leases';
import { outboxStore } from './outbox';
import { pausesStore } from './pauses';
import type { Pauses } from './pauses';
import type { Outbox } from './outbox';
import type { Follows } from './follows';
import { leaguesStore } from './leagues';
import type { Leagues } from './leagues';
import { mapsStore } from './maps';
import type { Maps } from './maps';
import { storeOldRowsParts } from './match-rows';
import { matchesStore } from './matches';
import { MatchRowCache } from './match-row-cache';
import { reuseStatements } from './statement-cache';
import type { Matches } from './matches';
import { playersStore } from './players';
import type { Players } from './players';
import { promptsStore } from './prompts';
import type { Prompts } from './prompts';
import { warbandsStore } from './warbands';
import { notifySettingsStore, standingOrdersStore } from './orders';
import type { NotifySettings, StandingOrders } from './orders';
import { SerialConnection } from './serial';
import { vacationsStore } from './vacations';
import type { Vacations } from './vacations';
import { leagueLogStore, leagueSettingsStore } from './league-settings';
import type { LeagueLog, LeagueSettings } from './league-settings';
import { leaguePostsStore } from './league-posts';
import type { LeaguePosts } from './league-posts';
import { seasonsStore } from './seasons';
import type { Seasons } from './seasons';
import { resultsStore } from './results';
import type { Results } from './results';
import { ratingsStore } from './ratings';
import type { Ratings } from './ratings';
import type { Warbands } from './warbands';

export interface TransactionOptions {
  /**
   * How long the transaction's statements may wait for another connection's lock before failing as busy
   * (store/busy.ts), in milliseconds: on PostgreSQL `SET LOCAL lock_timeout` for this transaction (not
   * inside a savepoint, where the outer transaction's holds). SQLite has one wait for every transaction of
   * a connection, its busy timeout (`busyMs`), so there it is the connection's.
   */
  readonly lockWaitMs?: number;
}

export interface Store {
  players: Players;
  warbands: Warbands;
  maps: Maps;
  catalogs: Catalogs;
  leagues: Leagues;
  matches: Matches;
  prompts: Prompts;
  follows: Follows;
  deadlines: Deadlines;
  outbox: Outbox;
  /** Matches held still because their thread is gone (pauses.ts). */
  pauses: Pauses;
  leases: Leases;
  vacations: Vacations;
  orders: StandingOrders;
  notify: NotifySettings;
  /** Leagues: settings, seasons, pairings, results, organisers' log. */
  leagueSettings: LeagueSettings;
  leagueLog: LeagueLog;
  leaguePosts: LeaguePosts;
  seasons: Seasons;
  results: Results;
  ratings: Ratings;
  /**
   * Runs `fn` as one transaction: every store call inside it commits together or not at all (for
   * example creating a match and its first deadline); throw to roll back. `fn` gets the store to
   * query (calling the store itself from inside `fn` is the same). It must await nothing but the
   * store: the connection is held until it settles, so a network call inside it would stall every
   * other query. Inside another transaction it is a savepoint.
   */
  transaction<T>(fn: (tx: Store) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** The database file, or null for a `:memory:` database (which no other connection can open). */
  readonly path: string | null;
  /** Closes the connection once the queries before it are done. */
  close(): Promise<void>;
  /** A connection pool's use now (PostgreSQL through node-postgres); absent for SQLite's one connection. */
  connections?(): PoolUse;
}

/** A connection pool's connections: open in all, idle among them, and queries waiting for one. */
export interface PoolUse {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

export interface StoreOptions {
  /** The clock for created/updated times; `Date.now` by default. */
  now?: Clock;
  /** How long a write may block waiting for another connection's lock (ms); 5000 by default. */
  busyMs?: number;
  /** Open without write access (tests of the start-up check; read-only tools). */
  readonly?: boolean;
  /**
   * Bring the schema up to date (default true). A second, read-only connection of a running bot (its
   * render workers) passes false: the bot has migrated the file already.
   */
  migrate?: boolean;
}

/** Resolved from this file, not the working directory, so the bot and tests can start anywhere. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../migrations', import.meta.url));

export const DEFAULT_DATABASE_PATH = './data/sellsword.db';

/**
 * Opens (creating if needed) the database at `path` and brings its schema up to date.
 * `:memory:` gives a private database that vanishes on close, for tests.
 */
export function openStore(path: string = DEFAULT_DATABASE_PATH, options: StoreOptions = {}): Store {
  const inMemory = path === ':memory:' || path === '';
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path, { readonly: options.readonly ?? false });
  try {
    sqlite.pragma(`busy_timeout = ${options.busyMs ?? 5000}`);
    reuseStatements(sqlite);
    const db = drizzle({ client: sqlite });
    if (options.migrate !== false) {
      // WAL lets readers (another process, a backup, the bot's render workers) work while the bot
      // writes. A writer that finds the lock taken waits at most `busyMs`, blocking the event loop all
      // that time, then fails with SQLITE_BUSY; the bot retries such a failure asynchronously
      // (src/store/busy.ts).
      sqlite.pragma('journal_mode = WAL');
      // drizzle's migrator wraps every migration in one transaction, where SQLite ignores
      // `PRAGMA foreign_keys`. A future migration that rebuilds a table (drizzle-kit's way to alter one)
      // would then cascade-delete its children, so foreign keys stay off while migrating, are checked
      // afterwards, and only then switched on for good.
      sqlite.pragma('foreign_keys = OFF');
      migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      const broken = sqlite.pragma('foreign_key_check') as unknown[];
      if (broken.length > 0) throw new Error(`openStore: migrations left ${broken.length} broken foreign keys in ${path}`);
      // Match rows written before their maps and cards were stored once (match-rows.ts).
      storeOldRowsParts(db);
    }
    sqlite.pragma('foreign_keys = ON');

    const now = options.now ?? Date.now;
    // The repositories' own synchronous groups (a lease's read-then-write, an act) on the connection they already hold.
    const inline = <T>(fn: () => T): T => sqlite.transaction(fn).immediate();
    const connection = new SerialConnection(sqlite);
    const matchRows = new MatchRowCache(sqlite);
    connection.onSettled((committed) => matchRows.settled(committed));
    const serial = <T extends object>(queries: T): Async<T> => serialise(connection, queries);
    const store: Store = {
      players: serial(playersStore(db, now)),
      warbands: serial(warbandsStore(db, now)),
      maps: serial(mapsStore(db, now)),
      catalogs: serial(catalogsStore(db, now)),
      leagues: serial(leaguesStore(db, now)),
      matches: serial(matchesStore(db, now, matchRows)) as Matches,
      prompts: serial(promptsStore(db, now)),
      follows: serial(followsStore(db, now)),
      deadlines: serial(deadlinesStore(db, now)),
      outbox: serial(outboxStore(db, now)),
      pauses: serial(pausesStore(db)),
      leases: serial(leasesStore(db, now, inline)),
      vacations: serial(vacationsStore(db)),
      orders: serial(standingOrdersStore(db, now)),
      notify: serial(notifySettingsStore(db, now)),
      leagueSettings: serial(leagueSettingsStore(db, now)),
      leagueLog: serial(leagueLogStore(db, now)),
      leaguePosts: serial(leaguePostsStore(db, now)),
      seasons: serial(seasonsStore(db, now)),
      results: serial(resultsStore(db, now)),
      ratings: serial(ratingsStore(db, now)),
      transaction: (fn) => connection.transaction(() => fn(store)),
      path: inMemory ? null : path,
      close: () => connection.run(() => void sqlite.close()),
    };
    return store;
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

/** Every method of `queries`, run in turn on the connection (serial.ts) and answering a Promise. */
function serialise<T extends object>(connection: SerialConnection, queries: T): Async<T> {
  const out: Record<string, unknown> = {};
  for (const [name, query] of Object.entries(queries)) {
    out[name] = typeof query === 'function' ? (...args: unknown[]) => connection.run(() => query(...args)) : query;
  }
  return out as Async<T>;
}
