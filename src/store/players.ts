import { eq } from 'drizzle-orm';
import type { Clock, Db } from './db';
import type { PlayerRow } from './rows';
import { players } from './schema';

export interface Players {
  /** Adds the player or refreshes their display name. */
  upsert(p: { id: string; name: string }): PlayerRow;
  get(id: string): PlayerRow | undefined;
}

export function playersStore(db: Db, now: Clock): Players {
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
