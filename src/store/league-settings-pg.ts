/** League settings and the organisers' log on PostgreSQL: the queries of league-settings.ts (see there). */
import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { LeagueSettings, LeagueLog } from './league-settings';
import { first, type PgRun } from './pg-db';
import * as t from './schema-pg';

export function leagueSettingsPg({ q, now }: PgRun): LeagueSettings {
  const get = async (leagueId: string) => first(await q().select().from(t.leagueSettings).where(eq(t.leagueSettings.leagueId, leagueId)));
  return {
    get,
    list: () => q().select().from(t.leagueSettings).orderBy(asc(t.leagueSettings.leagueId)),
    async create(leagueId) {
      const at = now();
      await q().insert(t.leagueSettings).values({ leagueId, created: at, updated: at }).onConflictDoNothing();
      return (await get(leagueId))!;
    },
    async pinStandings(leagueId, body) {
      const at = now();
      const [post] = await q().insert(t.leaguePosts).values({ leagueId, channelId: leagueId, body, created: at, due: at }).returning();
      await q().update(t.leagueSettings).set({ standingsPost: post!.id, updated: at }).where(eq(t.leagueSettings.leagueId, leagueId));
      return post!;
    },
    set: async (leagueId, patch) =>
      first(
        await q()
          .update(t.leagueSettings)
          .set({ ...patch, updated: now() })
          .where(eq(t.leagueSettings.leagueId, leagueId))
          .returning(),
      ),
  };
}

export function leagueLogPg({ q, now }: PgRun): LeagueLog {
  return {
    add: async (e) =>
      (
        await q()
          .insert(t.leagueLog)
          .values({ ...e, before: e.before ?? null, after: e.after ?? null, reason: e.reason ?? null, at: now() })
          .returning()
      )[0]!,
    list: (leagueId, { limit = 20, before } = {}) =>
      q()
        .select()
        .from(t.leagueLog)
        .where(before === undefined ? eq(t.leagueLog.leagueId, leagueId) : and(eq(t.leagueLog.leagueId, leagueId), lt(t.leagueLog.id, before)))
        .orderBy(desc(t.leagueLog.id))
        .limit(limit),
    all: (leagueId) => q().select().from(t.leagueLog).where(eq(t.leagueLog.leagueId, leagueId)).orderBy(asc(t.leagueLog.id)),
  };
}
