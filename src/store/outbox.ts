/**
 * The outbox (docs/store.md "The outbox"): rows saying what a match must show people, added in the
 * transaction of the change that caused them and marked done by the worker that delivers them. Rows
 * of one match are delivered in id order, so the thread reads in the order things happened.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, min, ne, or, sql } from 'drizzle-orm';
import type { Async } from './async';
import type { Clock, Db } from './db';
import type { OutboxRow } from './rows';
import { outbox, type OutboxOutcome } from './schema';
import type { outbox as PgOutbox } from './schema-pg';
import { matchOnShard, type ShardScope } from './shard';
import { preparedOnce } from './prepared';

/**
 * The channel of a row written before its match's thread exists (commands/skirmish/match-thread.ts): such rows
 * wait, unseen by the worker, until `toThread` gives them the thread.
 */
export const THREAD_PENDING = '';

export interface NewOutboxRow {
  matchId: string;
  /** Where it goes; {@link THREAD_PENDING} for the thread a match does not have yet. */
  channelId: string;
  body: unknown;
  /** "interactionId:token" when the row may be delivered as that interaction's reply. */
  via?: string | null;
}

/** The synchronous queries on one SQLite connection; callers see {@link Outbox}. */
export interface OutboxSync {
  /** Adds rows in order; call it inside the transaction of the change they report. */
  add(rows: readonly NewOutboxRow[]): OutboxRow[];
  /** The first row of a match not yet done, due or not: the one that must go next (rows waiting for their thread are not). */
  head(matchId: string): OutboxRow | undefined;
  /** Matches with a row not yet done (with a shard, of that shard's guilds), with the time their head row is due, soonest first. */
  waiting(limit?: number, shard?: ShardScope): { matchId: string; due: number }[];
  /** Every row not yet done, oldest first (for tests and `db:check`). */
  pending(matchId?: string): OutboxRow[];
  /** How many rows are not yet done (with a shard, of its guilds' matches), counted without reading them. */
  countWaiting(shard?: ShardScope): number;
  /** Delivered (with the message it made or edited, if any), as itself or as a `fallback`. Clears `via`. */
  delivered(id: number, messageId: string | null, outcome?: Extract<OutboxOutcome, 'delivered' | 'fallback'>): void;
  /** A failed attempt: counted, with the error, and not tried again before `due`. */
  failed(id: number, error: string, due: number): void;
  /** Given up (the default) or skipped for good, with the reason. Clears `via`. */
  dropped(id: number, reason: string, outcome?: Extract<OutboxOutcome, 'skipped' | 'given-up'>): void;
  get(id: number): OutboxRow | undefined;
  /** The match's thread exists: its rows that waited for it go there, due now. Call it in the transaction that saves the thread. */
  toThread(matchId: string, channelId: string): void;
  /** The Discord messages already recorded for the match's last `limit` rows before `beforeId` (default 50). */
  recorded(matchId: string, beforeId: number, limit?: number): string[];
  /** Whether one of the match's rows ended with this outcome. */
  hasOutcome(matchId: string, outcome: OutboxOutcome): boolean;
  /** The match's rows in trouble, newest first: waiting after a failed try, or given up. */
  troubles(matchId: string, limit?: number): OutboxRow[];
  /**
   * Deletes up to `limit` (default 1000) rows delivered or skipped more than `ageMs` ago by the store's
   * clock (the one that stamped them), of matches with no row still waiting; returns how many. See
   * {@link prunable} for what stays.
   */
  prune(ageMs: number, limit?: number): number;
}

/**
 * How long a delivered row is kept: long enough for a delivery interrupted by a crash to be checked
 * against the messages its match's rows made (`recorded`), and for a look at what went out lately.
 */
export const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Rows `prune` may delete: delivered or skipped (never one still waiting, given up, whose reason
 * `/skirmish status` shows, or delivered as a fallback, which says the match's players were told
 * once), done before `before`, of a match with no row still waiting (whose delivery may look up the
 * messages earlier rows made). Replays, `db:check` and `/skirmish export` read the match's events, never
 * its outbox.
 */
export const prunable = (table: OutboxTable, before: number) =>
  and(
    isNotNull(table.done),
    lt(table.done, before),
    inArray(table.outcome, ['delivered', 'skipped']),
    sql`not exists (select 1 from ${outbox} as waiting where waiting.match_id = ${table.matchId} and waiting.done_at is null)`,
  );

/** Either dialect's `outbox` table. */
type OutboxTable = typeof outbox | typeof PgOutbox;

/** The rows `add` inserts, due now. */
export const newOutboxRows = (rows: readonly NewOutboxRow[], at: number) =>
  rows.map((r) => ({ matchId: r.matchId, channelId: r.channelId, body: r.body, via: r.via ?? null, created: at, due: at }));

/** Rows not yet done (of one match, when given). */
export const pendingIn = (table: OutboxTable, matchId?: string) =>
  matchId === undefined ? isNull(table.done) : and(isNull(table.done), eq(table.matchId, matchId));

/** The match's (a placeholder `match`) rows the worker may deliver: not done, not waiting for a thread. The head is the first. */
export const deliverableOf = (table: OutboxTable) => and(isNull(table.done), eq(table.matchId, sql.placeholder('match')), ne(table.channelId, THREAD_PENDING));

/** What `delivered` sets, from placeholders `done`, `message` and `outcome` (a statement prepared once). */
export const DELIVERED_SET = {
  done: sql`${sql.placeholder('done')}`,
  messageId: sql`${sql.placeholder('message')}`,
  via: null,
  error: null,
  outcome: sql`${sql.placeholder('outcome')}`,
};

/** A failed try: counted, with its error, not due again before `due`. */
export const failedSet = (table: OutboxTable, error: string, due: number) => ({ attempts: sql`${table.attempts} + 1`, error, due });

/** The match's rows that waited for its thread. */
export const threadPendingOf = (table: OutboxTable, matchId: string) =>
  and(eq(table.matchId, matchId), eq(table.channelId, THREAD_PENDING), isNull(table.done));

/** Rows that keep their match waiting (of the shard's guilds, when given; `matchesTable` is the dialect's `matches`). */
export const waitingIn = (table: OutboxTable, shard: ShardScope | undefined, matchesTable?: Parameters<typeof matchOnShard>[2]) =>
  and(isNull(table.done), ne(table.channelId, THREAD_PENDING), matchOnShard(table.matchId, shard, matchesTable));

/** The match's rows in trouble: waiting after a failed try, or given up. */
export const inTroubleOf = (table: OutboxTable, matchId: string) =>
  and(eq(table.matchId, matchId), or(and(isNull(table.done), gt(table.attempts, 0)), eq(table.outcome, 'given-up')));

/** What callers see: every query answers a Promise. */
export type Outbox = Async<OutboxSync>;

export function outboxStore(db: Db, now: Clock): OutboxSync {
  const headOf = preparedOnce(() => db.select().from(outbox).where(deliverableOf(outbox)).orderBy(asc(outbox.id)).limit(1).prepare());
  const waitingOn = (shard: ShardScope | undefined) => {
    // A match's head row decides when it may move: the smallest id's due time, not the smallest due.
    const heads = db
      .select({ matchId: outbox.matchId, first: min(outbox.id).as('first') })
      .from(outbox)
      .where(waitingIn(outbox, shard))
      .groupBy(outbox.matchId)
      .as('heads');
    return db
      .select({ matchId: heads.matchId, due: outbox.due })
      .from(heads)
      .innerJoin(outbox, eq(outbox.id, heads.first))
      .orderBy(asc(outbox.due))
      .limit(sql.placeholder('limit'))
      .prepare();
  };
  // An unsharded bot's query; a shard's names its guilds, so it is built for the call.
  const waitingAll = preparedOnce(() => waitingOn(undefined));
  const markDelivered = preparedOnce(() =>
    db
      .update(outbox)
      .set(DELIVERED_SET)
      .where(eq(outbox.id, sql.placeholder('id')))
      .prepare(),
  );
  return {
    add(rows) {
      if (rows.length === 0) return [];
      return db.insert(outbox).values(newOutboxRows(rows, now())).returning().all();
    },
    head: (match) => headOf().get({ match }),
    waiting: (limit = 1000, shard) => (shard === undefined ? waitingAll() : waitingOn(shard)).all({ limit }),
    pending: (matchId) => db.select().from(outbox).where(pendingIn(outbox, matchId)).orderBy(asc(outbox.id)).all(),
    countWaiting: (shard) =>
      db
        .select({ n: count() })
        .from(outbox)
        .where(and(isNull(outbox.done), matchOnShard(outbox.matchId, shard)))
        .get()?.n ?? 0,
    delivered(id, messageId, outcome = 'delivered') {
      markDelivered().run({ id, done: now(), message: messageId, outcome });
    },
    failed(id, error, due) {
      db.update(outbox)
        .set(failedSet(outbox, error, due))
        .where(and(eq(outbox.id, id), isNull(outbox.done)))
        .run();
    },
    dropped(id, reason, outcome = 'given-up') {
      db.update(outbox).set({ done: now(), error: reason, via: null, outcome }).where(eq(outbox.id, id)).run();
    },
    get: (id) => db.select().from(outbox).where(eq(outbox.id, id)).get(),
    toThread(matchId, channelId) {
      db.update(outbox).set({ channelId, due: now() }).where(threadPendingOf(outbox, matchId)).run();
    },
    recorded: (matchId, beforeId, limit = 50) =>
      db
        .select({ messageId: outbox.messageId })
        .from(outbox)
        .where(and(eq(outbox.matchId, matchId), lt(outbox.id, beforeId)))
        .orderBy(desc(outbox.id))
        .limit(limit)
        .all()
        .flatMap((r) => (r.messageId ? [r.messageId] : [])),
    hasOutcome: (matchId, outcome) =>
      db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.matchId, matchId), eq(outbox.outcome, outcome)))
        .limit(1)
        .get() !== undefined,
    troubles: (matchId, limit = 5) => db.select().from(outbox).where(inTroubleOf(outbox, matchId)).orderBy(desc(outbox.id)).limit(limit).all(),
    prune(ageMs, limit = 1000) {
      const ids = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(prunable(outbox, now() - ageMs))
        .limit(limit);
      return db.delete(outbox).where(inArray(outbox.id, ids)).run().changes;
    },
  };
}
