/** Paused matches on PostgreSQL: the same queries as pauses.ts (see there). */
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { PAUSE_OFFSET_MS, type Pauses } from './pauses';
import type { PgRun } from './pg-db';
import { deadlines, matchPauses } from './schema-pg';

export function pausesPg({ q }: PgRun): Pauses {
  const get = async (matchId: string) => (await q().select().from(matchPauses).where(eq(matchPauses.matchId, matchId)))[0];
  const pending = (matchId: string) => and(eq(deadlines.matchId, matchId), isNull(deadlines.done));
  return {
    async pause(matchId, at, threadId, reason) {
      const added = (await q().insert(matchPauses).values({ matchId, since: at, threadId, reason }).onConflictDoNothing().returning()).length > 0;
      if (added)
        await q()
          .update(deadlines)
          .set({ due: sql`${deadlines.due} + ${PAUSE_OFFSET_MS}` })
          .where(pending(matchId));
      return added;
    },
    async resume(matchId, at) {
      const paused = (await q().delete(matchPauses).where(eq(matchPauses.matchId, matchId)).returning())[0];
      if (!paused) return undefined;
      const back = PAUSE_OFFSET_MS - Math.max(0, at - paused.since);
      await q()
        .update(deadlines)
        .set({ due: sql`${deadlines.due} - ${back}` })
        .where(and(pending(matchId), gte(deadlines.due, paused.since + PAUSE_OFFSET_MS / 2)));
      return paused;
    },
    get,
    among: async (matchIds) =>
      matchIds.length === 0
        ? []
        : q()
            .select()
            .from(matchPauses)
            .where(inArray(matchPauses.matchId, [...matchIds])),
  };
}
