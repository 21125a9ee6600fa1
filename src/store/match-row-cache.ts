/**
 * Match rows read whole, kept by version, so that the reads of one state of a match (a command's, its
 * act's, the posts it plans, the next keystroke's) parse its JSON and put its parts back once, and
 * hand out one row object, which the bot decodes once (match/record.ts).
 *
 * Never stale: a row is found only by the version the database holds now, read first without parsing
 * any JSON (`MatchVersion`: id, seq, last change). Every write to a match moves it: an act with events
 * moves `seq`; any other write moves `updated` past its stored value (act.ts, `setThread`), even
 * within one millisecond or under a fixed clock. Only committed rows are kept: a row read or written
 * inside a transaction waits until it commits (serial.ts `onSettled`), and is dropped if it, or a
 * savepoint of it, rolls back, since its version could then be written again with other content.
 *
 * Rows handed out are shared: nothing may change one in place (every change to a match is a new row
 * from the store).
 */
import { Lru } from '../cache/lru';
import type { MatchRow } from './rows';

/** Which state of a match a row holds: any change to it moves `seq` (its events) or `updated`. */
export interface MatchVersion {
  readonly id: string;
  readonly seq: number;
  readonly updated: number;
}

/** Matches kept per connection: those being played at once. Each is one parsed row, tens of kilobytes. */
export const MATCH_ROWS_KEPT = 64;

const keyOf = (v: MatchVersion): string => `${v.id}\u0000${v.seq}\u0000${v.updated}`;

/** What tells the cache whether a read or write may still be rolled back: the connection (better-sqlite3's `inTransaction`). */
export interface TransactionState {
  readonly inTransaction: boolean;
}

export class MatchRowCache {
  readonly #rows = new Lru<string, MatchRow>(MATCH_ROWS_KEPT);
  readonly #connection: TransactionState;
  /** Rows read or written inside the open transaction. */
  readonly #pending: MatchRow[] = [];

  constructor(connection: TransactionState) {
    this.#connection = connection;
  }

  /** The row at `version`, read by `read` (whole) when it is not kept; undefined when there is no such match. */
  read(version: MatchVersion | undefined, read: () => MatchRow | undefined): MatchRow | undefined {
    if (!version) return undefined;
    const kept = this.#rows.get(keyOf(version));
    if (kept) return kept;
    const row = read();
    if (row) this.keep(row);
    return row;
  }

  /** Keeps a row read or written whole; inside a transaction, once it commits. */
  keep(row: MatchRow): void {
    if (this.#connection.inTransaction) this.#pending.push(row);
    else this.#rows.set(keyOf(row), row);
  }

  /** The transaction the pending rows were read or written in has committed, or rolled back (whole or in part). */
  settled(committed: boolean): void {
    if (committed) for (const row of this.#pending) this.#rows.set(keyOf(row), row);
    this.#pending.length = 0;
  }

  get size(): number {
    return this.#rows.size;
  }
}
