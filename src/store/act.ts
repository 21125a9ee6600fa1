/**
 * The one way a match changes (ARCHITECTURE "Storage"): one synchronous transaction that reads the
 * row, checks the caller saw the latest seq, runs the caller's pure step, and appends its events and
 * the new snapshot together. A double click, a race between two players or a crash half-way can then
 * never apply an act twice or half of it.
 */
import { and, eq } from 'drizzle-orm';
import type { Clock, Db } from './db';
import { markEnded } from './match-logs';
import { wholeRow, withPartsStored } from './match-rows';
import type { MatchRowCache, MatchVersion } from './match-row-cache';
import type { MatchRow } from './rows';
import { matchEvents, matches, OPEN_STATUSES } from './schema';
import type { MatchStatus } from './schema';

/**
 * What a step decides. Fields left undefined keep their stored value; `null` clears `setup`,
 * `winner` and `result`. `extra` is handed back untouched (for example what to tell the players).
 */
export type StepResult<S, E, X> =
  | {
      ok: true;
      events: readonly E[];
      snapshot: S;
      status?: MatchStatus;
      setup?: unknown;
      /** New terms of a challenge not yet accepted by everyone (who has accepted, with what). */
      terms?: unknown;
      winner?: string | null;
      result?: unknown;
      extra?: X;
    }
  /** A refusal (a broken rule, a wrong player): nothing is written. */
  | { ok: false; error: X };

export type ActResult<S, E, X> =
  | { ok: true; seq: number; events: { seq: number; event: E }[]; snapshot: S; row: MatchRow; extra?: X }
  | { ok: false; reason: 'not-found' }
  /** Someone else acted first (or the same click arrived twice): `seq` is the match's current one. */
  | { ok: false; reason: 'stale'; seq: number }
  | { ok: false; reason: 'refused'; error: X };

/**
 * `step` must be pure and synchronous: it sees the stored snapshot (null before the first one) and
 * the row, and must not write to the store itself. If it throws, nothing is written and the error
 * propagates.
 */
export type Step<S, E, X> = (snapshot: S | null, row: MatchRow) => StepResult<S, E, X>;

const OPEN: ReadonlySet<MatchStatus> = new Set(OPEN_STATUSES);

/** The columns an act sets on its match row (the same names on both backends). */
export interface ActSet {
  readonly seq: number;
  readonly snapshot: unknown;
  readonly status: MatchStatus;
  readonly setup?: unknown;
  readonly terms?: unknown;
  readonly winner?: string | null;
  readonly result?: unknown;
  readonly updated: number;
  readonly ended: number | null;
}

/**
 * What an act does with its match row, read under the write lock: nothing (not found, stale, refused)
 * with its answer, or the events to append and the row's new columns, and how to answer once the row
 * is saved. Each backend's transaction (here and act-pg.ts) only reads, writes and calls `finish`.
 */
export type ActPlan<S, E, X> =
  | { readonly write: false; readonly result: ActResult<S, E, X> }
  | {
      readonly write: true;
      readonly events: { seq: number; event: E }[];
      readonly eventRows: { matchId: string; seq: number; event: E; created: number }[];
      readonly set: ActSet;
      /** This act ends the match (sets a final status for the first time): match-logs.ts marks it. */
      readonly ends: boolean;
      /**
       * The row as the write saves it, made from the row read and the step's own values instead of read
       * back and parsed again: the same columns and values, but for members set to `undefined`, which
       * the JSON columns drop (a read would not have them). Nothing may change it in place.
       */
      readonly saved: MatchRow;
      /** The answer from the row as saved, which must have been updated (the lock is held since the read). */
      finish(saved: MatchRow | undefined): ActResult<S, E, X>;
    };

/** The row read with the act's columns set (match-row-cache.ts keeps it once committed). */
const savedRow = (row: MatchRow, set: ActSet): MatchRow => ({ ...row, ...set }) as MatchRow;

export function planAct<S, E, X>(row: MatchRow | undefined, id: string, expectSeq: number, step: Step<S, E, X>, now: Clock): ActPlan<S, E, X> {
  if (!row) return { write: false, result: { ok: false, reason: 'not-found' } };
  if (row.seq !== expectSeq) return { write: false, result: { ok: false, reason: 'stale', seq: row.seq } };
  // The stored snapshot is whatever an earlier step returned for this match.
  const decided = step(row.snapshot as S | null, row);
  // An async step would write after the transaction had already committed.
  if ((decided as unknown) instanceof Promise) throw new Error('matches.act: the step must be synchronous');
  if (!decided.ok) return { write: false, result: { ok: false, reason: 'refused', error: decided.error } };

  const at = now();
  const events = decided.events.map((event, i) => ({ seq: row.seq + 1 + i, event }));
  const status = decided.status ?? row.status;
  const ended = row.ended ?? (OPEN.has(status) ? null : at);
  const set: ActSet = {
    seq: row.seq + events.length,
    snapshot: decided.snapshot,
    status,
    ...(decided.setup !== undefined && { setup: decided.setup }),
    ...(decided.terms !== undefined && { terms: decided.terms }),
    ...(decided.winner !== undefined && { winner: decided.winner }),
    ...(decided.result !== undefined && { result: decided.result }),
    // A write without events moves `updated` all the same, so that every write moves the version
    // (match-row-cache.ts), whatever the clock says.
    updated: events.length > 0 ? at : Math.max(at, row.updated + 1),
    ended,
  };
  return {
    write: true,
    events,
    eventRows: events.map((e) => ({ matchId: id, seq: e.seq, event: e.event, created: at })),
    set,
    ends: row.ended === null && ended !== null,
    saved: savedRow(row, set),
    finish(saved) {
      if (!saved) throw new Error(`matches.act: match ${id} changed inside its own transaction`);
      const done = { ok: true as const, seq: saved.seq, events, snapshot: decided.snapshot, row: saved };
      return decided.extra === undefined ? done : { ...done, extra: decided.extra };
    },
  };
}

/** The match rows kept by version (match-row-cache.ts), and how to read the match's version. */
export interface ActRows {
  readonly rows: MatchRowCache;
  readonly version: () => MatchVersion | undefined;
}

export function act<S, E, X>(db: Db, now: Clock, id: string, expectSeq: number, step: Step<S, E, X>, cache: ActRows): ActResult<S, E, X> {
  const done = actInTransaction(db, now, id, expectSeq, step, cache);
  // Kept once committed: at once when the act was its own transaction, else with the caller's.
  if (done.ok) cache.rows.keep(done.row);
  return done;
}

function actInTransaction<S, E, X>(db: Db, now: Clock, id: string, expectSeq: number, step: Step<S, E, X>, cache: ActRows): ActResult<S, E, X> {
  // IMMEDIATE takes the write lock before the read, so two processes sharing the file queue up on
  // busy_timeout instead of both reading the same seq and one failing to upgrade its lock.
  return db.transaction(
    (tx): ActResult<S, E, X> => {
      const row = cache.rows.read(cache.version(), () => wholeRow(tx, tx.select().from(matches).where(eq(matches.id, id)).get()));
      const plan = planAct(row, id, expectSeq, step, now);
      if (!plan.write) return plan.result;
      if (plan.eventRows.length > 0) tx.insert(matchEvents).values(plan.eventRows).run();
      if (plan.ends) markEnded(tx, id, plan.set.ended!);
      const set = {
        ...plan.set,
        snapshot: withPartsStored(tx, plan.set.snapshot),
        ...(plan.set.setup !== undefined && { setup: withPartsStored(tx, plan.set.setup) }),
      };
      // The write lock is held since the read, so the row cannot have moved.
      const changed = tx
        .update(matches)
        .set(set)
        .where(and(eq(matches.id, id), eq(matches.seq, expectSeq)))
        .run().changes;
      return plan.finish(changed === 1 ? plan.saved : undefined);
    },
    { behavior: 'immediate' },
  );
}
