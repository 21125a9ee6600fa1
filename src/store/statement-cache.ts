/**
 * Statements compiled once per SQL text on a SQLite connection. drizzle prepares a statement for
 * every query it runs that was not prepared ahead (`.prepare()`): better-sqlite3 compiles the SQL
 * anew each time, though most of the bot's queries are a few texts with different parameters. So
 * the connection's `prepare` keeps the statements it made, by text, and hands the same one out again.
 *
 * Safe because drizzle uses a statement only synchronously (`run`, `get`, `all`, never `iterate`), so
 * one is never handed out while another query is in the middle of using it; the one state it sets on
 * a statement, `raw()` for rows as arrays, is set back when the statement is handed out again. A
 * statement outlives a change of the schema: SQLite compiles it again on its next run.
 */
import type { Database, Statement } from 'better-sqlite3';
import { Lru } from '../cache/lru';

/** Distinct SQL texts kept per connection: more than the bot's queries, fewer than a migration's. */
export const STATEMENTS_KEPT = 512;

export function reuseStatements(sqlite: Database, limit = STATEMENTS_KEPT): void {
  const compile = sqlite.prepare.bind(sqlite);
  const kept = new Lru<string, Statement>(limit);
  const prepare = (source: string): Statement => {
    const statement = kept.get(source);
    if (statement === undefined) {
      const made = compile(source);
      kept.set(source, made);
      return made;
    }
    if (statement.reader) statement.raw(false);
    return statement;
  };
  sqlite.prepare = prepare as Database['prepare'];
}
