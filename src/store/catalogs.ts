import { asc, eq } from 'drizzle-orm';
import type { Async } from './async';
import type { Clock, Db } from './db';
import type { Json } from './json';
import type { CatalogRow } from './rows';
import { catalogs } from './schema';

export interface NewCatalog {
  id: string;
  faction: string;
  document: Json;
  /** The organiser who added it. */
  owner: string;
}

/** The synchronous queries on one SQLite connection; callers see {@link Catalogs}. */
export interface CatalogsSync {
  /** Adds the catalog or replaces the one with the same id (keeping its created time). */
  save(c: NewCatalog): CatalogRow;
  get(id: string): CatalogRow | undefined;
  /** Catalogs by id, optionally of one faction. */
  list(faction?: string): CatalogRow[];
}

/** What callers see: every query answers a Promise. */
export type Catalogs = Async<CatalogsSync>;

export function catalogsStore(db: Db, now: Clock): CatalogsSync {
  return {
    save(c) {
      const { faction, document, owner } = c;
      return db
        .insert(catalogs)
        .values({ ...c, created: now() })
        .onConflictDoUpdate({ target: catalogs.id, set: { faction, document, owner } })
        .returning()
        .get();
    },
    get: (id) => db.select().from(catalogs).where(eq(catalogs.id, id)).get(),
    list(faction) {
      const query = db.select().from(catalogs);
      const scoped = faction === undefined ? query : query.where(eq(catalogs.faction, faction));
      return scoped.orderBy(asc(catalogs.id)).all();
    },
  };
}
