/** match-logs.ts on PostgreSQL: the same rows, the same codec. */
import { and, asc, eq, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import { packLog } from './match-logs';
import type { PgDb } from './pg-db';
import { deadlines, matchEvents, matchLogs } from './schema-pg';

/** The retention job's batch when the caller names none. */
const RETIRE_BATCH = 50;

/** The row that marks a match ended, in the act that ends it. */
export async function markEndedPg(tx: PgDb, matchId: string, ended: number): Promise<void> {
  await tx.insert(matchLogs).values({ matchId, ended }).onConflictDoNothing();
}

/** The packed part of a match's log, if any. */
export async function packedOfPg(db: PgDb, matchId: string): Promise<{ codec: string | null; data: Buffer | null } | undefined> {
  return (await db.select({ codec: matchLogs.codec, data: matchLogs.data }).from(matchLogs).where(eq(matchLogs.matchId, matchId)))[0];
}

/** As match-logs.ts `retire`: each match in its own transaction, its log row locked while it is packed. */
export async function retirePg(
  db: PgDb,
  inTransaction: <T>(fn: (tx: PgDb) => Promise<T>) => Promise<T>,
  before: number,
  limit = RETIRE_BATCH,
): Promise<number> {
  const due = await db
    .select({ matchId: matchLogs.matchId })
    .from(matchLogs)
    .where(and(isNull(matchLogs.codec), lt(matchLogs.ended, before)))
    .orderBy(asc(matchLogs.ended))
    .limit(limit);
  for (const { matchId } of due) {
    await inTransaction(async (tx) => {
      const held = await tx.select({ codec: matchLogs.codec }).from(matchLogs).where(eq(matchLogs.matchId, matchId)).for('update');
      // Another process packed it between the list and the lock.
      if (held[0]?.codec !== null) return;
      const rows = await tx
        .select({ seq: matchEvents.seq, event: matchEvents.event })
        .from(matchEvents)
        .where(eq(matchEvents.matchId, matchId))
        .orderBy(asc(matchEvents.seq));
      const packed = packLog(rows);
      await tx.update(matchLogs).set(packed).where(eq(matchLogs.matchId, matchId));
      await tx.delete(matchEvents).where(and(eq(matchEvents.matchId, matchId), lte(matchEvents.seq, packed.throughSeq)));
      await tx.delete(deadlines).where(and(eq(deadlines.matchId, matchId), eq(deadlines.kind, 'reminder'), isNotNull(deadlines.done)));
    });
  }
  return due.length;
}
