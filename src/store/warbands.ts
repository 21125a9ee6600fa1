import { and, asc, eq } from 'drizzle-orm';
import type { Async } from './async';
import type { Clock, Db } from './db';
import type { Json } from './json';
import type { WarbandRow } from './rows';
import { warbands } from './schema';

export interface NewWarband {
  /** A player id: `players.upsert` must have been called for them (foreign key). */
  owner: string;
  /** Unique per owner, compared exactly (the caller decides whether to trim or fold case). */
  name: string;
  faction: string;
  points: number;
  document: Json;
  source: string;
}

/** The synchronous queries on one SQLite connection; callers see {@link Warbands}. */
export interface WarbandsSync {
  /** Saves a warband, replacing the owner's warband of the same name (which keeps its id and created time). */
  save(w: NewWarband): WarbandRow;
  get(owner: string, name: string): WarbandRow | undefined;
  /** The owner's warbands by name. */
  list(owner: string): WarbandRow[];
  /** True when there was one to remove. */
  remove(owner: string, name: string): boolean;
}

/** What callers see: every query answers a Promise. */
export type Warbands = Async<WarbandsSync>;

export function warbandsStore(db: Db, now: Clock): WarbandsSync {
  const same = (owner: string, name: string) => and(eq(warbands.owner, owner), eq(warbands.name, name));
  return {
    save(w) {
      const at = now();
      const { faction, points, document, source } = w;
      return db
        .insert(warbands)
        .values({ ...w, created: at, updated: at })
        .onConflictDoUpdate({
          target: [warbands.owner, warbands.name],
          set: { faction, points, document, source, updated: at },
        })
        .returning()
        .get();
    },
    get: (owner, name) => db.select().from(warbands).where(same(owner, name)).get(),
    list: (owner) => db.select().from(warbands).where(eq(warbands.owner, owner)).orderBy(asc(warbands.name)).all(),
    remove: (owner, name) => db.delete(warbands).where(same(owner, name)).run().changes > 0,
  };
}
