/** Leagues on PostgreSQL: the queries of leagues.ts (see there) through drizzle's asynchronous drivers. */
import { asc, eq } from 'drizzle-orm';
import type { Leagues } from './leagues';
import { first, type PgRun } from './pg-db';
import * as t from './schema-pg';

export function leaguesPg({ q, now }: PgRun): Leagues {
  return {
    async ensure(guildId, channelId, name, ruleset) {
      const rows = await q()
        .insert(t.leagues)
        .values({ guildId, channelId, name, created: now(), ...(ruleset ? { ruleset } : {}) })
        .onConflictDoUpdate({ target: t.leagues.channelId, set: { name } })
        .returning();
      return rows[0]!;
    },
    get: async (channelId) => first(await q().select().from(t.leagues).where(eq(t.leagues.channelId, channelId))),
    list: (guildId) => q().select().from(t.leagues).where(eq(t.leagues.guildId, guildId)).orderBy(asc(t.leagues.name)),
  };
}
