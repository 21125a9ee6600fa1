/** Follows on PostgreSQL: the queries of follows.ts (see there) through drizzle's asynchronous drivers. */
import { and, asc, eq } from 'drizzle-orm';
import type { Follows } from './follows';
import type { PgRun } from './pg-db';
import * as t from './schema-pg';

export function followsPg({ q, now }: PgRun): Follows {
  return {
    add: async (matchId, userId) =>
      (await q().insert(t.follows).values({ matchId, userId, created: now() }).onConflictDoNothing().returning({ userId: t.follows.userId })).length > 0,
    remove: async (matchId, userId) =>
      (
        await q()
          .delete(t.follows)
          .where(and(eq(t.follows.matchId, matchId), eq(t.follows.userId, userId)))
          .returning({ userId: t.follows.userId })
      ).length > 0,
    list: async (matchId) =>
      (
        await q()
          .select({ userId: t.follows.userId })
          .from(t.follows)
          .where(eq(t.follows.matchId, matchId))
          .orderBy(asc(t.follows.created), asc(t.follows.userId))
      ).map((r) => r.userId),
  };
}
