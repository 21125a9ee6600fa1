/**
 * One SQLite connection, many async callers (docs/store.md "One connection, in turn"). better-sqlite3
 * runs each query synchronously, but a transaction body is now async: between its queries other
 * callers' code runs. Were their queries to reach the connection then, they would read the open
 * transaction's uncommitted rows, or be committed or rolled back with it. So the connection is taken
 * in turn: a transaction holds it from BEGIN to COMMIT, and every query from outside it waits.
 *
 * The body's own queries must not wait for the transaction that is running them, so the body runs in
 * an AsyncLocalStorage context marking it as the holder: queries from that context (through `tx` or
 * the store itself) go straight to the connection, and a transaction inside it is a savepoint.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The transaction a piece of async code runs in; closed once it commits or rolls back. */
interface Holder {
  open: boolean;
  savepoints: number;
}

export interface SqlRunner {
  /** Runs SQL that returns nothing (BEGIN, COMMIT, SAVEPOINT …). */
  exec(sql: string): void;
  /** Whether the connection is inside a transaction (better-sqlite3's `inTransaction`). */
  readonly inTransaction: boolean;
}

export class SerialConnection {
  readonly #sql: SqlRunner;
  readonly #context = new AsyncLocalStorage<Holder>();
  #taken = false;
  readonly #waiting: (() => void)[] = [];
  readonly #settled: ((committed: boolean) => void)[] = [];

  constructor(sql: SqlRunner) {
    this.#sql = sql;
  }

  /**
   * Calls `listener` after each transaction commits (true), and after each rolls back, whole or to a
   * savepoint (false): what a cache of rows read or written inside a transaction waits for.
   */
  onSettled(listener: (committed: boolean) => void): void {
    this.#settled.push(listener);
  }

  #settle(committed: boolean): void {
    for (const listener of this.#settled) listener(committed);
  }

  /** True when the calling code runs inside a transaction that holds the connection. */
  get #inside(): boolean {
    return this.#context.getStore()?.open === true;
  }

  /**
   * Runs one synchronous query (or a synchronous group of them) once the connection is free, or at once
   * from inside the transaction holding it. Nothing else can run on the connection meanwhile, since
   * the query itself never yields.
   */
  run<T>(query: () => T): Promise<T> {
    if (this.#inside || !this.#taken) {
      try {
        return Promise.resolve(query());
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return this.#take().then(() => {
      try {
        return query();
      } finally {
        this.#give();
      }
    });
  }

  /**
   * Runs `body` as one `BEGIN IMMEDIATE` transaction holding the connection: it commits when the body
   * resolves and rolls back when it throws. Inside another transaction it is a savepoint of it.
   */
  async transaction<T>(body: () => Promise<T>): Promise<T> {
    const holder = this.#context.getStore();
    if (holder?.open) return this.#savepoint(holder, body);
    await this.#take();
    try {
      // IMMEDIATE takes the write lock before the first read; a busy database fails here, before the
      // body runs, and the caller retries (store/busy.ts).
      this.#sql.exec('BEGIN IMMEDIATE');
      const mine: Holder = { open: true, savepoints: 0 };
      try {
        const result = await this.#context.run(mine, body);
        this.#sql.exec('COMMIT');
        this.#settle(true);
        return result;
      } catch (error) {
        if (this.#sql.inTransaction) this.#sql.exec('ROLLBACK');
        this.#settle(false);
        throw error;
      } finally {
        // A stray promise the body left behind must not keep using the connection as its holder.
        mine.open = false;
      }
    } finally {
      this.#give();
    }
  }

  async #savepoint<T>(holder: Holder, body: () => Promise<T>): Promise<T> {
    const name = `sp${++holder.savepoints}`;
    this.#sql.exec(`SAVEPOINT ${name}`);
    try {
      const result = await body();
      this.#sql.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      this.#sql.exec(`ROLLBACK TO ${name}`);
      this.#sql.exec(`RELEASE ${name}`);
      this.#settle(false);
      throw error;
    }
  }

  /** Waits for the connection, then holds it (first come, first served). */
  #take(): Promise<void> {
    if (!this.#taken) {
      this.#taken = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the connection to the next waiter, or frees it. */
  #give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#taken = false;
  }
}
