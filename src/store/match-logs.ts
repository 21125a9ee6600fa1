/**
 * A finished match's event log at rest (docs/store.md "Finished matches at rest"). The act that ends a
 * match adds its `match_logs` row; once the retention period has passed, `retire` packs the match's
 * `match_events` rows into that row's `data` (one compressed blob instead of a row per event) and
 * deletes the match's done reminders, which nothing reads once the match is over (the league's
 * deadline record counts timeouts, not reminders). `matches.events` reads the packed part and any
 * rows alike, so replays, `verify`, `db:check` and exports see the same log either way.
 *
 * The codec is named in each row, so a later format can be added beside this one and old rows still
 * read; a row with a codec this version does not know is an error, not an empty log.
 */
import { deflateSync, inflateSync } from 'node:zlib';
import { and, asc, eq, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import type { Db } from './db';
import { deadlines, matchEvents, matchLogs } from './schema';

/** zlib's deflate of the JSON `{ first, events }` (seqs first, first+1 …), or `{ seqs, events }` when they have gaps. */
export const LOG_CODEC = 'deflate-json-1';

export interface LoggedEvent {
  readonly seq: number;
  readonly event: unknown;
}

export interface PackedLog {
  readonly codec: string;
  readonly throughSeq: number;
  readonly data: Buffer;
}

/** The retention job's batch when the caller names none. */
const RETIRE_BATCH = 50;

export function packLog(events: readonly LoggedEvent[]): PackedLog {
  const seqs = events.map((e) => e.seq);
  const first = seqs[0] ?? 1;
  const inOrder = seqs.every((seq, i) => seq === first + i);
  const body = inOrder ? { first, events: events.map((e) => e.event) } : { seqs, events: events.map((e) => e.event) };
  return { codec: LOG_CODEC, throughSeq: seqs.at(-1) ?? 0, data: deflateSync(JSON.stringify(body)) };
}

export function unpackLog(codec: string, data: Uint8Array): LoggedEvent[] {
  if (codec !== LOG_CODEC) throw new Error(`match log: codec '${codec}' is not one this version reads`);
  const body = JSON.parse(inflateSync(data).toString('utf8')) as { first?: number; seqs?: number[]; events: unknown[] };
  return body.events.map((event, i) => ({ seq: body.seqs ? body.seqs[i]! : body.first! + i, event }));
}

/**
 * Whether rows read from `match_events` after `afterSeq` may be missing a packed part: they do not
 * start right after it (or there are none). Open matches' reads then cost no second query.
 */
export const mayBePacked = (rows: readonly LoggedEvent[], afterSeq: number): boolean => rows.length === 0 || rows[0]!.seq !== afterSeq + 1;

/** The packed events in (afterSeq, throughSeq], then the rows (which come after what was packed). */
export function withPacked<E>(
  rows: { seq: number; event: E }[],
  packed: { codec: string | null; data: Uint8Array | null } | undefined,
  afterSeq: number,
  throughSeq: number | undefined,
): { seq: number; event: E }[] {
  if (!packed?.codec || !packed.data) return rows;
  const old = unpackLog(packed.codec, packed.data).filter((e) => e.seq > afterSeq && (throughSeq === undefined || e.seq <= throughSeq));
  if (old.length === 0) return rows;
  const last = old.at(-1)!.seq;
  // Events are stored exactly as a step returned them, so they read back as the caller's type.
  return [...(old as { seq: number; event: E }[]), ...rows.filter((r) => r.seq > last)];
}

/** SQLite: the row that marks a match ended, in the act that ends it. */
export function markEnded(db: Db, matchId: string, ended: number): void {
  db.insert(matchLogs).values({ matchId, ended }).onConflictDoNothing().run();
}

/** SQLite: the packed part of a match's log, if any. */
export function packedOf(db: Db, matchId: string): { codec: string | null; data: Buffer | null } | undefined {
  return db.select({ codec: matchLogs.codec, data: matchLogs.data }).from(matchLogs).where(eq(matchLogs.matchId, matchId)).get();
}

/**
 * SQLite: packs the logs of up to `limit` matches that ended before `before` and are not packed yet,
 * oldest first, each in its own transaction; answers how many.
 */
export function retire(db: Db, before: number, limit = RETIRE_BATCH): number {
  const due = db
    .select({ matchId: matchLogs.matchId })
    .from(matchLogs)
    .where(and(isNull(matchLogs.codec), lt(matchLogs.ended, before)))
    .orderBy(asc(matchLogs.ended))
    .limit(limit)
    .all();
  for (const { matchId } of due) {
    db.transaction(
      (tx) => {
        // Another process sharing the file packed it between the list and this write lock.
        if (packedOf(tx, matchId)?.codec !== null) return;
        const rows = tx
          .select({ seq: matchEvents.seq, event: matchEvents.event })
          .from(matchEvents)
          .where(eq(matchEvents.matchId, matchId))
          .orderBy(asc(matchEvents.seq))
          .all();
        const packed = packLog(rows);
        tx.update(matchLogs).set(packed).where(eq(matchLogs.matchId, matchId)).run();
        tx.delete(matchEvents)
          .where(and(eq(matchEvents.matchId, matchId), lte(matchEvents.seq, packed.throughSeq)))
          .run();
        tx.delete(deadlines)
          .where(and(eq(deadlines.matchId, matchId), eq(deadlines.kind, 'reminder'), isNotNull(deadlines.done)))
          .run();
      },
      { behavior: 'immediate' },
    );
  }
  return due.length;
}
