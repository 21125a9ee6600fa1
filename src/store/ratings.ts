/**
 * League ratings (src/league/ratings.ts computes them): each player's current rating per league and
 * its history after each result. They are derived data: `league_settings.rated_through` says which
 * results they include, and `npm run ratings:rebuild` remakes them from the results.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Clock, Db } from './db';
import type { Async } from './async';
import type { RatingHistoryRow, RatingRow } from './rows';
import { leagueSettings, ratingHistory, ratings } from './schema';
import type { ratings as PgRatings } from './schema-pg';

export interface RatingUpdate {
  player: string;
  mu: number;
  sigma: number;
  ordinal: number;
  games: number;
}

/** The synchronous queries on one SQLite connection; callers see {@link Ratings}. */
export interface RatingsSync {
  /** The league's ratings of these players (all its players when none are named). */
  of(leagueId: string, players?: readonly string[]): RatingRow[];
  /**
   * Saves the ratings made by results up to `through` (and their history rows), if the stored ratings
   * still include results up to `from`: false, writing nothing, when another update got in first.
   */
  apply(leagueId: string, from: number, through: number, updates: readonly RatingUpdate[], history: readonly Omit<RatingHistoryRow, 'leagueId'>[]): boolean;
  /** Forgets the league's ratings and history (before a rebuild or a recomputation after an overturn). */
  reset(leagueId: string): void;
  /** A player's ratings after each result, newest first. */
  history(leagueId: string, player: string, limit?: number): RatingHistoryRow[];
  /** The whole history of a league in result order (the rebuild compares it). */
  allHistory(leagueId: string): RatingHistoryRow[];
}

/** What callers see: every query answers a Promise. */
export type Ratings = Async<RatingsSync>;

/** Either dialect's `ratings` table. */
type RatingsTable = typeof ratings | typeof PgRatings;

/** A player's new rating in the league, replacing the stored one (the upsert both backends run). */
export const ratingUpsert = <T extends RatingsTable>(table: T, leagueId: string, u: RatingUpdate, at: number) => ({
  values: { ...u, leagueId, updated: at },
  conflict: {
    target: [table.leagueId as T['leagueId'], table.player as T['player']],
    set: { mu: u.mu, sigma: u.sigma, ordinal: u.ordinal, games: u.games, updated: at },
  },
});

/** History rows in batches of a size one insert's bound parameters allow. */
export function historyBatches(leagueId: string, history: readonly Omit<RatingHistoryRow, 'leagueId'>[]): RatingHistoryRow[][] {
  const batches: RatingHistoryRow[][] = [];
  for (let i = 0; i < history.length; i += 200) batches.push(history.slice(i, i + 200).map((h) => ({ ...h, leagueId })));
  return batches;
}

export function ratingsStore(db: Db, now: Clock): RatingsSync {
  return {
    of(leagueId, players) {
      const mine = eq(ratings.leagueId, leagueId);
      if (players === undefined) return db.select().from(ratings).where(mine).all();
      if (players.length === 0) return [];
      return db
        .select()
        .from(ratings)
        .where(and(mine, inArray(ratings.player, [...players])))
        .all();
    },
    apply(leagueId, from, through, updates, history) {
      const moved = db
        .update(leagueSettings)
        .set({ ratedThrough: through })
        .where(and(eq(leagueSettings.leagueId, leagueId), eq(leagueSettings.ratedThrough, from)))
        .run().changes;
      if (moved === 0) return false;
      const at = now();
      for (const u of updates) {
        const upsert = ratingUpsert(ratings, leagueId, u, at);
        db.insert(ratings).values(upsert.values).onConflictDoUpdate(upsert.conflict).run();
      }
      for (const batch of historyBatches(leagueId, history)) db.insert(ratingHistory).values(batch).run();
      return true;
    },
    reset(leagueId) {
      db.delete(ratingHistory).where(eq(ratingHistory.leagueId, leagueId)).run();
      db.delete(ratings).where(eq(ratings.leagueId, leagueId)).run();
      db.update(leagueSettings).set({ ratedThrough: 0 }).where(eq(leagueSettings.leagueId, leagueId)).run();
    },
    history: (leagueId, player, limit = 50) =>
      db
        .select()
        .from(ratingHistory)
        .where(and(eq(ratingHistory.leagueId, leagueId), eq(ratingHistory.player, player)))
        .orderBy(desc(ratingHistory.resultId))
        .limit(limit)
        .all(),
    allHistory: (leagueId) =>
      db.select().from(ratingHistory).where(eq(ratingHistory.leagueId, leagueId)).orderBy(asc(ratingHistory.resultId), asc(ratingHistory.player)).all(),
  };
}
