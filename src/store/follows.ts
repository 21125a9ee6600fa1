import { and, asc, eq } from 'drizzle-orm';
import type { Clock, Db } from './db';
import { follows } from './schema';

export interface Follows {
  /** True when the user was not following yet. */
  add(matchId: string, userId: string): boolean;
  /** True when the user was following. */
  remove(matchId: string, userId: string): boolean;
  /** The followers' user ids, earliest first. */
  list(matchId: string): string[];
}

export function followsStore(db: Db, now: Clock): Follows {
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
