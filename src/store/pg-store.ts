/**
 * The store on PostgreSQL (docs/store.md "Two backends"): the same `Store` as SQLite's (store.ts), each
 * table's queries in its `*-pg.ts` module beside SQLite's, written for drizzle's asynchronous PostgreSQL
 * drivers (node-postgres for a server, PGlite in process for tests). Rows read back exactly as SQLite's
 * (schema-pg.ts gives them the same types).
 *
 * Transactions: `transaction(fn)` runs `fn` in one PostgreSQL transaction, and an AsyncLocalStorage
 * context sends every store call made inside it (through `tx` or the store itself) to that transaction;
 * a transaction or act inside it is a savepoint. Many transactions run at once, each on its own pooled
 * connection: the database itself keeps them apart.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { catalogsPg } from './catalogs-pg';
import type { Clock } from './db';
import { deadlinesPg } from './deadlines-pg';
import { followsPg } from './follows-pg';
import { leaguePostsPg } from './league-posts-pg';
import { leagueLogPg, leagueSettingsPg } from './league-settings-pg';
import { leaguesPg } from './leagues-pg';
import { leasesPg } from './leases-pg';
import { mapsPg } from './maps-pg';
import { matchesPg } from './matches-pg';
import { notifySettingsPg, standingOrdersPg } from './orders-pg';
import { outboxPg } from './outbox-pg';
import { pausesPg } from './pauses-pg';
import type { PgDb, PgRun } from './pg-db';
import { playersPg } from './players-pg';
import { promptsPg } from './prompts-pg';
import { ratingsPg } from './ratings-pg';
import { resultsPg } from './results-pg';
import { seasonsPg } from './seasons-pg';
import type { PoolUse, Store } from './store';
import { CommitUnknown, troubleOf } from './trouble';
import { vacationsPg } from './vacations-pg';
import { warbandsPg } from './warbands-pg';

export type { PgDb } from './pg-db';

export interface PgConnection {
  readonly db: PgDb;
  /** Ends the connection (the pool, or PGlite). */
  close(): Promise<void>;
  /** The pool's connections now (node-postgres only; PGlite has one, in process). */
  connections?(): PoolUse;
}

export function pgStore(connection: PgConnection, now: Clock = Date.now): Store {
  const context = new AsyncLocalStorage<{ tx: PgDb; open: boolean }>();
  const q = (): PgDb => {
    const held = context.getStore();
    return held?.open ? held.tx : connection.db;
  };
  const run: PgRun = {
    q,
    now,
    inTransaction: (fn) =>
      q().transaction(async (tx) => {
        const mine = { tx: tx as unknown as PgDb, open: true };
        try {
          return await context.run(mine, () => fn(mine.tx));
        } finally {
          mine.open = false;
        }
      }),
    prepared<P>(make: (db: PgDb) => P) {
      let pooled: P | undefined;
      return () => (context.getStore()?.open ? make(q()) : (pooled ??= make(connection.db)));
    },
  };
  const store: Store = {
    players: playersPg(run),
    warbands: warbandsPg(run),
    maps: mapsPg(run),
    catalogs: catalogsPg(run),
    leagues: leaguesPg(run),
    matches: matchesPg(run),
    prompts: promptsPg(run),
    follows: followsPg(run),
    deadlines: deadlinesPg(run),
    outbox: outboxPg(run),
    pauses: pausesPg(run),
    leases: leasesPg(run),
    vacations: vacationsPg(run),
    orders: standingOrdersPg(run),
    notify: notifySettingsPg(run),
    leagueSettings: leagueSettingsPg(run),
    leagueLog: leagueLogPg(run),
    leaguePosts: leaguePostsPg(run),
    seasons: seasonsPg(run),
    results: resultsPg(run),
    ratings: ratingsPg(run),
    transaction: async (fn, options) => {
      const outermost = context.getStore()?.open !== true;
      let committing = false;
      try {
        return await run.inTransaction(async (tx) => {
          // A whole number of milliseconds, written into the statement: SET takes no bound parameters.
          if (outermost && options?.lockWaitMs !== undefined)
            await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.round(options.lockWaitMs))}`));
          const result = await fn(store);
          committing = outermost;
          return result;
        });
      } catch (error) {
        // The work was done and only the COMMIT failed, with the connection: it may have been saved.
        if (committing && troubleOf(error) === 'unavailable') throw new CommitUnknown(error);
        throw error;
      }
    },
    path: null,
    close: () => connection.close(),
    ...(connection.connections ? { connections: () => connection.connections!() } : {}),
  };
  return store;
}
