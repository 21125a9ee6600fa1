/**
 * What a league shows its channel outside any match (settings changes, the pinned standings and their
 * edits): the league's outbox, written in the transaction of the change and delivered by the outbox
 * worker, one league's rows in id order (docs/store.md "The outbox").
 */
import { and, asc, eq, isNull, min, sql } from 'drizzle-orm';
import type { Clock, Db } from './db';
import { settled } from './promised';
import type { LeaguePostRow } from './rows';
import { leaguePosts } from './schema';

export interface NewLeaguePost {
  leagueId: string;
  channelId: string;
  body: unknown;
}

export interface LeaguePosts {
  /** Adds rows in order; call it inside the transaction of the change they report. */
  add(rows: readonly NewLeaguePost[]): Promise<LeaguePostRow[]>;
  /** The first row of a league not yet done: the one that must go next. */
  head(leagueId: string): Promise<LeaguePostRow | undefined>;
  /** Leagues with a row not yet done, with the time their head row is due, soonest first. */
  waiting(limit?: number): Promise<{ leagueId: string; due: number }[]>;
  /** Rows not yet done, oldest first. */
  pending(leagueId?: string): Promise<LeaguePostRow[]>;
  delivered(id: number, messageId: string | null): Promise<void>;
  failed(id: number, error: string, due: number): Promise<void>;
  dropped(id: number, reason: string): Promise<void>;
  get(id: number): Promise<LeaguePostRow | undefined>;
}

export function leaguePostsStore(db: Db, now: Clock): LeaguePosts {
  const pendingOf = (leagueId?: string) =>
    leagueId === undefined ? isNull(leaguePosts.done) : and(isNull(leaguePosts.done), eq(leaguePosts.leagueId, leagueId));
  return {
    add(rows) {
      if (rows.length === 0) return settled([]);
      const at = now();
      return settled(
        db
          .insert(leaguePosts)
          .values(rows.map((r) => ({ ...r, created: at, due: at })))
          .returning()
          .all(),
      );
    },
    head: (leagueId) => settled(db.select().from(leaguePosts).where(pendingOf(leagueId)).orderBy(asc(leaguePosts.id)).limit(1).get()),
    waiting(limit = 1000) {
      const heads = db
        .select({ leagueId: leaguePosts.leagueId, first: min(leaguePosts.id).as('first') })
        .from(leaguePosts)
        .where(isNull(leaguePosts.done))
        .groupBy(leaguePosts.leagueId)
        .as('heads');
      return settled(
        db
          .select({ leagueId: heads.leagueId, due: leaguePosts.due })
          .from(heads)
          .innerJoin(leaguePosts, eq(leaguePosts.id, heads.first))
          .orderBy(asc(leaguePosts.due))
          .limit(limit)
          .all(),
      );
    },
    pending: (leagueId) => settled(db.select().from(leaguePosts).where(pendingOf(leagueId)).orderBy(asc(leaguePosts.id)).all()),
    delivered(id, messageId) {
      db.update(leaguePosts).set({ done: now(), messageId, error: null }).where(eq(leaguePosts.id, id)).run();
      return settled(undefined);
    },
    failed(id, error, due) {
      db.update(leaguePosts)
        .set({ attempts: sql`${leaguePosts.attempts} + 1`, error, due })
        .where(and(eq(leaguePosts.id, id), isNull(leaguePosts.done)))
        .run();
      return settled(undefined);
    },
    dropped(id, reason) {
      db.update(leaguePosts).set({ done: now(), error: reason }).where(eq(leaguePosts.id, id)).run();
      return settled(undefined);
    },
    get: (id) => settled(db.select().from(leaguePosts).where(eq(leaguePosts.id, id)).get()),
  };
}
