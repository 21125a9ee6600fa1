/**
 * What is wrong with the database when a query fails for a reason of the database's own, not of the
 * change: busy (store/busy.ts: retry at once), unavailable (the server cannot be reached, or is
 * shutting down or starting up), full (no room left on its disk) or read-only (the SQLite file cannot be
 * written, or was moved or deleted under the bot: SQLite then refuses to write to it). The router turns each into
 * a sentence that says nothing was changed; the outbox worker and the scheduler back off on all but busy.
 *
 * In each case the failed transaction wrote nothing: SQLite rolls it back, and PostgreSQL aborts it
 * ; a connection lost while the COMMIT was on its way is a CommitUnknown, whose change may have been
 * saved, and the player is told so).
 */
import { isBusy } from './busy';

export type Trouble = 'busy' | 'unavailable' | 'full' | 'read-only';

/**
 * The connection to PostgreSQL was lost after a transaction's work was done, while its COMMIT was on
 * its way: the server may have committed it or not, and nobody can know until it is back. Its cause is
 * the connection's error, so it still counts as unavailable.
 */
export class CommitUnknown extends Error {
  override name = 'CommitUnknown';
  constructor(cause: unknown) {
    super('the connection was lost while a transaction was being committed', { cause });
  }
}

/**
 * PostgreSQL SQLSTATEs of a server that cannot serve now: class 08 (connection exception) and the
 * operator-intervention codes a shutdown, a crash or a start-up answers with.
 */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '57P05', '08000', '08001', '08003', '08004', '08006', '08007']);
/** disk_full; insufficient_resources and out_of_memory say the same to a player: nothing could be written. */
const PG_FULL = new Set(['53100']);
/** read_only_sql_transaction: a standby, or a server set read-only. */
const PG_READ_ONLY = new Set(['25006']);
/** Socket errors node-postgres passes on when the server is gone or going. */
const NET_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * node-postgres reports a connection that ended under a query, or a pooled client whose connection
 * already failed, with these messages and no code.
 */
const PG_LOST =
  /^Connection terminated|^Client has encountered a connection error|^Client was closed and is not queryable|timeout exceeded when trying to connect/;

/** drizzle wraps driver errors (DrizzleQueryError, the driver's error as `cause`); a few levels are plenty. */
const MAX_CAUSES = 5;

function codeTrouble(code: string, message: string): Trouble | undefined {
  if (PG_UNAVAILABLE.has(code) || NET_UNAVAILABLE.has(code)) return 'unavailable';
  if (PG_FULL.has(code) || code === 'SQLITE_FULL') return 'full';
  if (PG_READ_ONLY.has(code) || code.startsWith('SQLITE_READONLY')) return 'read-only';
  // The file or its folder is gone, or its disk failed under it.
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_IOERR')) return 'unavailable';
  if (code === '' && PG_LOST.test(message)) return 'unavailable';
  return undefined;
}

export function troubleOf(error: unknown): Trouble | undefined {
  if (isBusy(error)) return 'busy';
  for (let depth = 0; depth <= MAX_CAUSES && error instanceof Error; depth++, error = error.cause) {
    const code = 'code' in error && error.code !== undefined ? String(error.code) : '';
    const found = codeTrouble(code, error.message);
    if (found) return found;
    // Node's happy-eyeballs connect fails with every address's error at once.
    if (error instanceof AggregateError) for (const e of error.errors) if (troubleOf(e)) return troubleOf(e);
  }
  return undefined;
}

/** True when the database cannot take changes for a while (not merely busy): wait longer before trying again. */
export const isDown = (error: unknown): boolean => {
  const t = troubleOf(error);
  return t !== undefined && t !== 'busy';
};
