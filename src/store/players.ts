import { eq } from 'drizzle-orm';
import type { Async } from './async';
import type { Clock, Db } from './db';
import type { PlayerRow } from './rows';
import { players } from './schema';

/** The synchronous queries on one SQLite connection; callers see {@link Players}. */
export interface PlayersSync {
  /** Adds the player or refreshes their display name. */
  upsert(p: { id: string; name: string }): PlayerRow;
  get(id: string): PlayerRow | undefined;
}

/** What callers see: every query answers a Promise. */
export type Players = Async<PlayersSync>;

export function playersStore(db: Db, now: Clock): PlayersSync {
  return {
    upsert({ id, name }) {
      const at = now();
      return db
        .insert(players)
        .values({ id, name, created: at, updated: at })
        .onConflictDoUpdate({ target: players.id, set: { name, updated: at } })
        .returning()
        .get();
    },
    get: (id) => db.select().from(players).where(eq(players.id, id)).get(),
  };
}
