import type { RunResult } from 'better-sqlite3';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';

/** The synchronous drizzle database the repositories query: the connection itself or a transaction on it. */
export type Db = BaseSQLiteDatabase<'sync', RunResult>;

/** Milliseconds since the epoch. Injectable so tests can pin times; the bot uses `Date.now`. */
export type Clock = () => number;
