import { and, asc, eq } from 'drizzle-orm';
import type { Async } from './async';
import type { Clock, Db } from './db';
import { follows } from './schema';

/** The synchronous queries on one SQLite connection; callers see {@link Follows}. */
export interface FollowsSync {
  /** True when the user was not following yet. */
  add(matchId: string, userId: string): boolean;
  /** True when the user was following. */
  remove(matchId: string, userId: string): boolean;
  /** The followers' user ids, earliest first. */
  list(matchId: string): string[];
}

/** What callers see: every query answers a Promise. */
export type Follows = Async<FollowsSync>;

export function followsStore(db: Db, now: Clock): FollowsSync {
  return {
    add: (matchId, userId) => db.insert(follows).values({ matchId, userId, created: now() }).onConflictDoNothing().run().changes > 0,
    remove: (matchId, userId) =>
      db
        .delete(follows)
        .where(and(eq(follows.matchId, matchId), eq(follows.userId, userId)))
        .run().changes > 0,
    list: (matchId) =>
      db
        .select({ userId: follows.userId })
        .from(follows)
        .where(eq(follows.matchId, matchId))
        .orderBy(asc(follows.created), asc(follows.userId))
        .all()
        .map((r) => r.userId),
  };
}
