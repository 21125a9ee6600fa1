import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Clock } from './db';

/** drizzle's PostgreSQL database or a transaction on it, whichever driver is behind it (pg-store.ts and the `*-pg.ts` tables). */
// biome-ignore lint/suspicious/noExplicitAny: the schema type parameter; every query names its tables itself
export type PgDb = PgDatabase<PgQueryResultHKT, any>;

/**
 * What a table's PostgreSQL queries run on (pg-store.ts builds it once per store): the caller's
 * transaction or the database, the clock, and the two ways to open a transaction or prepare a statement.
 * A method that writes several statements relies on its caller's transaction, as on SQLite, unless it
 * opens one itself with `inTransaction`.
 */
export interface PgRun {
  /** The transaction the caller runs in, or the database. */
  readonly q: () => PgDb;
  readonly now: Clock;
  /** Runs `fn` in a transaction (a savepoint inside one); every store call made inside it goes to that transaction. */
  inTransaction<T>(fn: (tx: PgDb) => Promise<T>): Promise<T>;
  /**
   * A statement prepared once (named, on each pooled connection as it first runs it) for calls outside
   * a transaction; inside one it is built on the transaction, since a statement of the pool's would run
   * outside it.
   */
  prepared<P>(make: (db: PgDb) => P): () => P;
}

/** The first row of a query's answer, if any: `.get()` of SQLite's drizzle. */
export const first = <R>(rows: R[]): R | undefined => rows[0];
