/** A league's posts on PostgreSQL: the queries of league-posts.ts (see there). */
import { and, asc, eq, isNull, min, sql } from 'drizzle-orm';
import { type LeaguePosts, newLeaguePostRows, pendingPosts } from './league-posts';
import { first, type PgRun } from './pg-db';
import * as t from './schema-pg';

export function leaguePostsPg({ q, now }: PgRun): LeaguePosts {
  const posts = t.leaguePosts;
  const pendingOf = (leagueId?: string) => pendingPosts(posts, leagueId);
  return {
    add: async (rows) => (rows.length === 0 ? [] : q().insert(posts).values(newLeaguePostRows(rows, now())).returning()),
    head: async (leagueId) => first(await q().select().from(posts).where(pendingOf(leagueId)).orderBy(asc(posts.id)).limit(1)),
    waiting(limit = 1000) {
      const heads = q()
        .select({ leagueId: posts.leagueId, first: min(posts.id).as('first') })
        .from(posts)
        .where(isNull(posts.done))
        .groupBy(posts.leagueId)
        .as('heads');
      return q()
        .select({ leagueId: heads.leagueId, due: posts.due })
        .from(heads)
        .innerJoin(posts, eq(posts.id, heads.first))
        .orderBy(asc(posts.due))
        .limit(limit);
    },
    pending: (leagueId) => q().select().from(posts).where(pendingOf(leagueId)).orderBy(asc(posts.id)),
    async delivered(id, messageId) {
      await q().update(posts).set({ done: now(), messageId, error: null }).where(eq(posts.id, id));
    },
    async failed(id, error, due) {
      await q()
        .update(posts)
        .set({ attempts: sql`${posts.attempts} + 1`, error, due })
        .where(and(eq(posts.id, id), isNull(posts.done)));
    },
    async dropped(id, reason) {
      await q().update(posts).set({ done: now(), error: reason }).where(eq(posts.id, id));
    },
    get: async (id) => first(await q().select().from(posts).where(eq(posts.id, id))),
  };
}
