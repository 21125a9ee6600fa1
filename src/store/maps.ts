import { asc, eq, isNull, or } from 'drizzle-orm';
import type { Async } from './async';
import type { Clock, Db } from './db';
import type { Json } from './json';
import type { MapRow } from './rows';
import { maps } from './schema';

export interface NewMap {
  id: string;
  name: string;
  gridmap: Json;
  /** Null or absent for shipped maps. */
  owner?: string | null;
  /** Null or absent when every server may use it. */
  guildId?: string | null;
}

/** The synchronous queries on one SQLite connection; callers see {@link Maps}. */
export interface MapsSync {
  /** Adds the map or replaces the one with the same id (keeping its created time). */
  save(m: NewMap): MapRow;
  get(id: string): MapRow | undefined;
  /** Maps by name; with a guild id, only the maps that guild may use (its own and the global ones). */
  list(guildId?: string): MapRow[];
}

/** What callers see: every query answers a Promise. */
export type Maps = Async<MapsSync>;

export function mapsStore(db: Db, now: Clock): MapsSync {
  return {
    save(m) {
      const row = { id: m.id, name: m.name, gridmap: m.gridmap, owner: m.owner ?? null, guildId: m.guildId ?? null };
      return db
        .insert(maps)
        .values({ ...row, created: now() })
        .onConflictDoUpdate({ target: maps.id, set: row })
        .returning()
        .get();
    },
    get: (id) => db.select().from(maps).where(eq(maps.id, id)).get(),
    list(guildId) {
      const query = db.select().from(maps);
      const scoped = guildId === undefined ? query : query.where(or(isNull(maps.guildId), eq(maps.guildId, guildId)));
      return scoped.orderBy(asc(maps.name)).all();
    },
  };
}
