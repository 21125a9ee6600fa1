import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** drizzle's PostgreSQL database or a transaction on it, whichever driver is behind it (pg-store.ts, league-pg.ts). */
// biome-ignore lint/suspicious/noExplicitAny: the schema type parameter; every query names its tables itself
export type PgDb = PgDatabase<PgQueryResultHKT, any>;
