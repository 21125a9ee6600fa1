/**
 * A busy database: another connection holds the write lock (a backup, the sqlite3 shell, a second
 * process). better-sqlite3 waits for a lock on the event loop, which would freeze every match, so the
 * store waits only briefly (busy_timeout) and callers retry without blocking (commands/table.ts).
 */
export function isBusy(error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? String((error as { code: unknown }).code) : '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}
