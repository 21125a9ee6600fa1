/**
 * Deadlines (docs/store.md "Deadlines"): rows, not timers, so any process can pick one up after a
 * restart. A wait's rows are added and cancelled in the transaction of the change that starts or ends
 * it (clock/deadline-plan.ts); a scheduler claims due rows (bot/scheduler.ts) and marks each done
 * in the transaction that acts on it, so each is handled once.
 */
import { and, asc, count, eq, inArray, isNotNull, isNull, lte, or, sql, type Column } from 'drizzle-orm';
import type { Async } from './async';
import type { Clock, Db } from './db';
import type { DeadlineRow } from './rows';
import { deadlines } from './schema';
import type { deadlines as PgDeadlines } from './schema-pg';
import { matchOnShard, type ShardScope } from './shard';

export interface NewDeadline {
  matchId: string;
  /** When it falls due, in ms since the epoch. */
  due: number;
  kind: string;
  player?: string | null;
  /** The match's seq when the wait it belongs to began. */
  seq?: number | null;
}

/** Pending deadlines already due, and those of them due for a while (the scheduler is behind). */
export interface DueCount {
  readonly due: number;
  readonly overdue: number;
}

/** `countDue`'s two counts in one pass over the pending index, on either dialect's table. */
export const dueCounts = (overdueAt: number, due: Column) => ({
  due: count(),
  overdue: sql<number>`coalesce(sum(case when ${due} <= ${overdueAt} then 1 else 0 end), 0)`,
});

/** How a deadline ended. */
/** `played`: the practice opponent's wait, answered by the AI. */
export type DeadlineOutcome = 'missed' | 'sent' | 'lapsed' | 'cancelled' | 'moot' | 'played';

/** The synchronous queries on one SQLite connection; callers see {@link Deadlines}. */
export interface DeadlinesSync {
  add(d: NewDeadline): DeadlineRow;
  /** Pending deadlines due at or before `now`, earliest first. */
  due(now: number, limit?: number): DeadlineRow[];
  /**
   * Marks one done. True only for the caller that marked it, so when several processes see the same
   * due row, exactly one handles it: call this first and act only on true.
   */
  done(id: number, outcome?: DeadlineOutcome): boolean;
  /** Marks a match's pending deadlines done (say, when it ends); returns how many. */
  doneForMatch(matchId: string, outcome?: DeadlineOutcome): number;
  /**
   * Claims up to `limit` pending rows due at `now` that nobody holds (or whose holder's claim ran out)
   * until `until`, in one `UPDATE … RETURNING`, earliest first. A claim only keeps other schedulers
   * away; the row is done when `done` marks it, in the transaction that acts on it.
   */
  claim(now: number, until: number, limit?: number, shard?: ShardScope): DeadlineRow[];
  /** Hands claimed rows back (a scheduler that could not handle them now). */
  unclaim(ids: readonly number[]): void;
  /**
   * Releases every claim (with a shard, of that shard's matches): at start-up, when the database's
   * lease (the shard's lease) says no other scheduler runs over these rows.
   */
  releaseClaims(shard?: ShardScope): number;
  /**
   * Pending rows (with a shard, of its guilds' matches) due at `at`, and how many of them were due
   * already at `overdueAt` (earlier): counted on the pending index, no row is read.
   */
  countDue(at: number, overdueAt: number, shard?: ShardScope): DueCount;
  /** A match's pending rows, earliest first. */
  pending(matchId: string): DeadlineRow[];
  /** Pending rows of several matches at once (for /games). */
  pendingOf(matchIds: readonly string[]): DeadlineRow[];
  /** Marks these rows done as cancelled, if still pending. */
  cancel(ids: readonly number[]): number;
  /** Moves every pending row of a player by `ms` (a vacation); returns the matches touched. */
  shift(player: string, ms: number): string[];
  /** Moves every pending deadline of one match by `ms` (an organiser extends it); answers how many moved. */
  extend(matchId: string, ms: number): number;
  /** Timeouts of this player in this match that ran out (`missed`). */
  misses(matchId: string, player: string): number;
  get(id: number): DeadlineRow | undefined;
  /** Every row of a match, done or not, in id order (checks and tests). */
  ofMatch(matchId: string): DeadlineRow[];
}

/** Either dialect's `deadlines` table. */
type DeadlinesTable = typeof deadlines | typeof PgDeadlines;

/** Pending and due by `at`. */
export const dueBy = (table: DeadlinesTable, at: number) => and(isNull(table.done), lte(table.due, at));

/** Claimed by nobody, or by a scheduler whose claim ran out by `at`. */
export const unclaimedAt = (table: DeadlinesTable, at: number) => or(isNull(table.claimedUntil), lte(table.claimedUntil, at));

/** A match's (or, with `player`, a player's) pending rows. */
export const pendingFor = (column: Column, id: string, table: DeadlinesTable) => and(eq(column, id), isNull(table.done));

/** Moved by `ms`. */
export const movedBy = (table: DeadlinesTable, ms: number) => ({ due: sql`${table.due} + ${ms}` });

/** A new row: unset fields are null. */
export const newDeadlineRow = (d: NewDeadline) => ({ matchId: d.matchId, due: d.due, kind: d.kind, player: d.player ?? null, seq: d.seq ?? null });

/** Claimed rows in the order they are handled: earliest due, then oldest. */
export const byDue = (a: DeadlineRow, b: DeadlineRow) => a.due - b.due || a.id - b.id;

/** What callers see: every query answers a Promise. */
export type Deadlines = Async<DeadlinesSync>;

export function deadlinesStore(db: Db, now: Clock): DeadlinesSync {
  // The scheduler and every change of a match run these: prepared once, not built and compiled each time.
  const pendingOne = db
    .select()
    .from(deadlines)
    .where(and(isNull(deadlines.done), eq(deadlines.matchId, sql.placeholder('matchId'))))
    .orderBy(asc(deadlines.due), asc(deadlines.id))
    .prepare();
  const insertOne = db
    .insert(deadlines)
    .values({
      matchId: sql.placeholder('matchId'),
      due: sql.placeholder('due'),
      kind: sql.placeholder('kind'),
      player: sql.placeholder('player'),
      seq: sql.placeholder('seq'),
    })
    .returning()
    .prepare();
  const markDone = db
    .update(deadlines)
    .set({ done: sql`${sql.placeholder('at')}`, outcome: sql`${sql.placeholder('outcome')}` })
    .where(and(eq(deadlines.id, sql.placeholder('id')), isNull(deadlines.done)))
    .prepare();
  const countMisses = db
    .select({ n: count() })
    .from(deadlines)
    .where(and(eq(deadlines.matchId, sql.placeholder('matchId')), eq(deadlines.player, sql.placeholder('player')), eq(deadlines.outcome, 'missed')))
    .prepare();
  const pendingRows = (matchIds: readonly string[]) =>
    db
      .select()
      .from(deadlines)
      .where(and(isNull(deadlines.done), inArray(deadlines.matchId, [...matchIds])))
      .orderBy(asc(deadlines.due), asc(deadlines.id))
      .all();
  return {
    add: (d) => insertOne.get(newDeadlineRow(d))!,
    due(at, limit) {
      const query = db.select().from(deadlines).where(dueBy(deadlines, at)).orderBy(asc(deadlines.due), asc(deadlines.id));
      return limit === undefined ? query.all() : query.limit(limit).all();
    },
    done: (id, outcome) => markDone.run({ id, at: now(), outcome: outcome ?? null }).changes > 0,
    doneForMatch: (matchId, outcome = 'cancelled') =>
      db
        .update(deadlines)
        .set({ done: now(), outcome })
        .where(pendingFor(deadlines.matchId, matchId, deadlines))
        .run().changes,
    claim(at, until, limit = 1000, shard) {
      const free = unclaimedAt(deadlines, at);
      const ids = db
        .select({ id: deadlines.id })
        .from(deadlines)
        .where(and(dueBy(deadlines, at), free, matchOnShard(deadlines.matchId, shard)))
        .orderBy(asc(deadlines.due), asc(deadlines.id))
        .limit(limit);
      // The conditions are checked again on the row being updated, so two processes never both claim it.
      const rows = db
        .update(deadlines)
        .set({ claimedUntil: until })
        .where(and(inArray(deadlines.id, ids), isNull(deadlines.done), free))
        .returning()
        .all();
      return rows.sort(byDue);
    },
    unclaim(ids) {
      if (ids.length === 0) return;
      db.update(deadlines)
        .set({ claimedUntil: null })
        .where(and(inArray(deadlines.id, [...ids]), isNull(deadlines.done)))
        .run();
    },
    releaseClaims: (shard) =>
      db
        .update(deadlines)
        .set({ claimedUntil: null })
        .where(and(isNull(deadlines.done), isNotNull(deadlines.claimedUntil), matchOnShard(deadlines.matchId, shard)))
        .run().changes,
    countDue(at, overdueAt, shard) {
      const row = db
        .select(dueCounts(overdueAt, deadlines.due))
        .from(deadlines)
        .where(and(dueBy(deadlines, at), matchOnShard(deadlines.matchId, shard)))
        .get();
      return { due: row?.due ?? 0, overdue: Number(row?.overdue ?? 0) };
    },
    pending: (matchId) => pendingOne.all({ matchId }),
    pendingOf: (matchIds) => (matchIds.length === 0 ? [] : pendingRows(matchIds)),
    cancel(ids) {
      const at = now();
      return ids.reduce((n, id) => n + markDone.run({ id, at, outcome: 'cancelled' }).changes, 0);
    },
    shift(player, ms) {
      const moved = db
        .update(deadlines)
        .set(movedBy(deadlines, ms))
        .where(pendingFor(deadlines.player, player, deadlines))
        .returning({ matchId: deadlines.matchId })
        .all();
      return [...new Set(moved.map((r) => r.matchId))];
    },
    extend: (matchId, ms) =>
      db
        .update(deadlines)
        .set(movedBy(deadlines, ms))
        .where(pendingFor(deadlines.matchId, matchId, deadlines))
        .run().changes,
    misses: (matchId, player) => countMisses.get({ matchId, player })!.n,
    get: (id) => db.select().from(deadlines).where(eq(deadlines.id, id)).get(),
    ofMatch: (matchId) => db.select().from(deadlines).where(eq(deadlines.matchId, matchId)).orderBy(asc(deadlines.id)).all(),
  };
}
