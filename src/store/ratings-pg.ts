/** Ratings on PostgreSQL: the queries of ratings.ts (see there). */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { historyBatches, type Ratings, ratingUpsert } from './ratings';
import type { PgRun } from './pg-db';
import * as t from './schema-pg';

export function ratingsPg({ q, now }: PgRun): Ratings {
  const { ratings, ratingHistory, leagueSettings } = t;
  return {
    async of(leagueId, players) {
      const mine = eq(ratings.leagueId, leagueId);
      if (players === undefined) return q().select().from(ratings).where(mine);
      if (players.length === 0) return [];
      return q()
        .select()
        .from(ratings)
        .where(and(mine, inArray(ratings.player, [...players])));
    },
    async apply(leagueId, from, through, updates, history) {
      const moved = await q()
        .update(leagueSettings)
        .set({ ratedThrough: through })
        .where(and(eq(leagueSettings.leagueId, leagueId), eq(leagueSettings.ratedThrough, from)))
        .returning({ leagueId: leagueSettings.leagueId });
      if (moved.length === 0) return false;
      const at = now();
      for (const u of updates) {
        const upsert = ratingUpsert(ratings, leagueId, u, at);
        await q().insert(ratings).values(upsert.values).onConflictDoUpdate(upsert.conflict);
      }
      for (const batch of historyBatches(leagueId, history)) await q().insert(ratingHistory).values(batch);
      return true;
    },
    async reset(leagueId) {
      await q().delete(ratingHistory).where(eq(ratingHistory.leagueId, leagueId));
      await q().delete(ratings).where(eq(ratings.leagueId, leagueId));
      await q().update(leagueSettings).set({ ratedThrough: 0 }).where(eq(leagueSettings.leagueId, leagueId));
    },
    history: (leagueId, player, limit = 50) =>
      q()
        .select()
        .from(ratingHistory)
        .where(and(eq(ratingHistory.leagueId, leagueId), eq(ratingHistory.player, player)))
        .orderBy(desc(ratingHistory.resultId))
        .limit(limit),
    allHistory: (leagueId) =>
      q().select().from(ratingHistory).where(eq(ratingHistory.leagueId, leagueId)).orderBy(asc(ratingHistory.resultId), asc(ratingHistory.player)),
  };
}
