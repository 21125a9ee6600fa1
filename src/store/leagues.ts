import { asc, eq } from 'drizzle-orm';
import type { Async } from './async';
import type { Clock, Db } from './db';
import type { LeagueRow } from './rows';
import { leagues } from './schema';

/** The synchronous queries on one SQLite connection; callers see {@link Leagues}. */
export interface LeaguesSync {
  /** The league played in this channel, created if new (playing `ruleset`, default Sellsword); a different name renames it, its game stays. */
  ensure(guildId: string, channelId: string, name: string, ruleset?: string): LeagueRow;
  get(channelId: string): LeagueRow | undefined;
  /** A guild's leagues by name. */
  list(guildId: string): LeagueRow[];
}

/** What callers see: every query answers a Promise. */
export type Leagues = Async<LeaguesSync>;

export function leaguesStore(db: Db, now: Clock): LeaguesSync {
  return {
    ensure: (guildId, channelId, name, ruleset) =>
      db
        .insert(leagues)
        .values({ guildId, channelId, name, created: now(), ...(ruleset ? { ruleset } : {}) })
        .onConflictDoUpdate({ target: leagues.channelId, set: { name } })
        .returning()
        .get(),
    get: (channelId) => db.select().from(leagues).where(eq(leagues.channelId, channelId)).get(),
    list: (guildId) => db.select().from(leagues).where(eq(leagues.guildId, guildId)).orderBy(asc(leagues.name)).all(),
  };
}
