/**
 * What a league shows its channel outside any match (settings changes, the pinned standings and their
 * edits): the league's outbox, written in the transaction of the change and delivered by the outbox
 * worker, one league's rows in id order (docs/store.md "The outbox").
 */
import { and, asc, eq, isNull, min, sql } from 'drizzle-orm';
import type { Clock, Db } from './db';
import type { Async } from './async';
import type { LeaguePostRow } from './rows';
import { leaguePosts } from './schema';
import type { leaguePosts as PgLeaguePosts } from './schema-pg';

export interface NewLeaguePost {
  leagueId: string;
  channelId: string;
  body: unknown;
}

/** The synchronous queries on one SQLite connection; callers see {@link LeaguePosts}. */
export interface LeaguePostsSync {
  /** Adds rows in order; call it inside the transaction of the change they report. */
  add(rows: readonly NewLeaguePost[]): LeaguePostRow[];
  /** The first row of a league not yet done: the one that must go next. */
  head(leagueId: string): LeaguePostRow | undefined;
  /** Leagues with a row not yet done, with the time their head row is due, soonest first. */
  waiting(limit?: number): { leagueId: string; due: number }[];
  /** Rows not yet done, oldest first. */
  pending(leagueId?: string): LeaguePostRow[];
  delivered(id: number, messageId: string | null): void;
  failed(id: number, error: string, due: number): void;
  dropped(id: number, reason: string): void;
  get(id: number): LeaguePostRow | undefined;
}

/** What callers see: every query answers a Promise. */
export type LeaguePosts = Async<LeaguePostsSync>;

/** Either dialect's `league_posts` table. */
type LeaguePostsTable = typeof leaguePosts | typeof PgLeaguePosts;

/** Rows not yet done (of one league, when given). */
export const pendingPosts = (table: LeaguePostsTable, leagueId?: string) =>
  leagueId === undefined ? isNull(table.done) : and(isNull(table.done), eq(table.leagueId, leagueId));

/** The rows `add` inserts, due now. */
export const newLeaguePostRows = (rows: readonly NewLeaguePost[], at: number) => rows.map((r) => ({ ...r, created: at, due: at }));

export function leaguePostsStore(db: Db, now: Clock): LeaguePostsSync {
  const pendingOf = (leagueId?: string) => pendingPosts(leaguePosts, leagueId);
  return {
    add(rows) {
      if (rows.length === 0) return [];
      return db.insert(leaguePosts).values(newLeaguePostRows(rows, now())).returning().all();
    },
    head: (leagueId) => db.select().from(leaguePosts).where(pendingOf(leagueId)).orderBy(asc(leaguePosts.id)).limit(1).get(),
    waiting(limit = 1000) {
      const heads = db
        .select({ leagueId: leaguePosts.leagueId, first: min(leaguePosts.id).as('first') })
        .from(leaguePosts)
        .where(isNull(leaguePosts.done))
        .groupBy(leaguePosts.leagueId)
        .as('heads');
      return db
        .select({ leagueId: heads.leagueId, due: leaguePosts.due })
        .from(heads)
        .innerJoin(leaguePosts, eq(leaguePosts.id, heads.first))
        .orderBy(asc(leaguePosts.due))
        .limit(limit)
        .all();
    },
    pending: (leagueId) => db.select().from(leaguePosts).where(pendingOf(leagueId)).orderBy(asc(leaguePosts.id)).all(),
    delivered(id, messageId) {
      db.update(leaguePosts).set({ done: now(), messageId, error: null }).where(eq(leaguePosts.id, id)).run();
    },
    failed(id, error, due) {
      db.update(leaguePosts)
        .set({ attempts: sql`${leaguePosts.attempts} + 1`, error, due })
        .where(and(eq(leaguePosts.id, id), isNull(leaguePosts.done)))
        .run();
    },
    dropped(id, reason) {
      db.update(leaguePosts).set({ done: now(), error: reason }).where(eq(leaguePosts.id, id)).run();
    },
    get: (id) => db.select().from(leaguePosts).where(eq(leaguePosts.id, id)).get(),
  };
}
