/**
 * A busy database: a transaction lost a race for a lock, so it changed nothing and may simply be run
 * again (match/table.ts retries it, then tells the player the table is busy).
 *
 * SQLite: another connection holds the write lock (a backup, the sqlite3 shell, a second process).
 * better-sqlite3 waits for a lock on the event loop, which would freeze every match, so the store waits
 * only briefly (busy_timeout) and callers retry without blocking.
 *
 * PostgreSQL: each of these SQLSTATEs aborts the transaction, and the store rolls it back whole before
 * the error reaches the caller, so nothing of it was written and a retry starts clean. A query that
 * waited too long for a full pool's free connection (open-pg.ts PoolSaturated) never ran at all.
 */
const PG_BUSY = new Set([
  // serialization_failure: a concurrent transaction changed what this one read; PostgreSQL's own
  // advice is to retry the whole transaction.
  '40001',
  // deadlock_detected: PostgreSQL broke a lock cycle by aborting this transaction; the other one goes on.
  '40P01',
  // lock_not_available: waited longer than the lock_timeout for a lock (a change's own 50 ms, or the
  // pool's, open-pg.ts), e.g. for a row another change or a stuck connection holds.
  '55P03',
]);

/** drizzle wraps driver errors (DrizzleQueryError, the driver's error as `cause`); a few levels are plenty. */
const MAX_CAUSES = 5;

export function isBusy(error: unknown): boolean {
  for (let depth = 0; depth <= MAX_CAUSES && error instanceof Error; depth++, error = error.cause) {
    const code = 'code' in error ? String(error.code) : '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || PG_BUSY.has(code) || code === 'POOL_SATURATED') return true;
  }
  return false;
}
