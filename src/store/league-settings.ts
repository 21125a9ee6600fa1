/** A league's settings and the log of every organiser's change (docs/store.md "Leagues"). */
import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { Clock, Db } from './db';
import type { Json } from './json';
import type { Async } from './async';
import type { LeagueLogRow, LeaguePostRow, LeagueSettingsRow } from './rows';
import { leagueLog, leaguePosts, leagueSettings } from './schema';

/** The settings an organiser may change: every column but the key, the bookkeeping and the times. */
export type LeagueSettingsPatch = Partial<Omit<LeagueSettingsRow, 'leagueId' | 'created' | 'updated' | 'ratedThrough'>>;

export interface NewLeagueLogEntry {
  leagueId: string;
  by: string;
  kind: string;
  subject: string;
  before?: Json | undefined;
  after?: Json | undefined;
  reason?: string | null | undefined;
}

/** The synchronous queries on one SQLite connection; callers see {@link LeagueSettings}. */
export interface LeagueSettingsSync {
  /** The league's settings; undefined for a channel no one made a league with `/league create`. */
  get(leagueId: string): LeagueSettingsRow | undefined;
  /** Every league made with `/league create`, by channel id. */
  list(): LeagueSettingsRow[];
  /** Makes the settings row (every setting at its default), or leaves an existing one as it is. */
  create(leagueId: string): LeagueSettingsRow;
  /**
   * Queues a new standings post (a `league_posts` row with this body) and makes it the league's pinned
   * one, at once, so the row's id need not be read back inside a transaction.
   */
  pinStandings(leagueId: string, body: unknown): LeaguePostRow;
  /** Changes some settings and answers the row as it now is (undefined when there is none). */
  set(leagueId: string, patch: LeagueSettingsPatch): LeagueSettingsRow | undefined;
}

/** What callers see: every query answers a Promise. */
export type LeagueSettings = Async<LeagueSettingsSync>;

/** The synchronous queries on one SQLite connection; callers see {@link LeagueLog}. */
export interface LeagueLogSync {
  add(entry: NewLeagueLogEntry): LeagueLogRow;
  /** The league's log, newest first, `limit` entries before id `before`. */
  list(leagueId: string, options?: { limit?: number; before?: number }): LeagueLogRow[];
  /** The whole log in order (exports). */
  all(leagueId: string): LeagueLogRow[];
}

/** What callers see: every query answers a Promise. */
export type LeagueLog = Async<LeagueLogSync>;

export function leagueSettingsStore(db: Db, now: Clock): LeagueSettingsSync {
  const get = (leagueId: string) => db.select().from(leagueSettings).where(eq(leagueSettings.leagueId, leagueId)).get();
  return {
    get: (leagueId) => get(leagueId),
    list: () => db.select().from(leagueSettings).orderBy(asc(leagueSettings.leagueId)).all(),
    create(leagueId) {
      const at = now();
      db.insert(leagueSettings).values({ leagueId, created: at, updated: at }).onConflictDoNothing().run();
      return get(leagueId)!;
    },
    pinStandings(leagueId, body) {
      const at = now();
      const post = db.insert(leaguePosts).values({ leagueId, channelId: leagueId, body, created: at, due: at }).returning().get();
      db.update(leagueSettings).set({ standingsPost: post.id, updated: at }).where(eq(leagueSettings.leagueId, leagueId)).run();
      return post;
    },
    set: (leagueId, patch) =>
      db
        .update(leagueSettings)
        .set({ ...patch, updated: now() })
        .where(eq(leagueSettings.leagueId, leagueId))
        .returning()
        .get(),
  };
}

export function leagueLogStore(db: Db, now: Clock): LeagueLogSync {
  return {
    add: (e) =>
      db
        .insert(leagueLog)
        .values({ ...e, before: e.before ?? null, after: e.after ?? null, reason: e.reason ?? null, at: now() })
        .returning()
        .get(),
    list: (leagueId, { limit = 20, before } = {}) =>
      db
        .select()
        .from(leagueLog)
        .where(before === undefined ? eq(leagueLog.leagueId, leagueId) : and(eq(leagueLog.leagueId, leagueId), lt(leagueLog.id, before)))
        .orderBy(desc(leagueLog.id))
        .limit(limit)
        .all(),
    all: (leagueId) => db.select().from(leagueLog).where(eq(leagueLog.leagueId, leagueId)).orderBy(asc(leagueLog.id)).all(),
  };
}
