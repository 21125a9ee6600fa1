/** Catalogs on PostgreSQL: the queries of catalogs.ts (see there) through drizzle's asynchronous drivers. */
import { asc, eq } from 'drizzle-orm';
import type { Catalogs } from './catalogs';
import { first, type PgRun } from './pg-db';
import * as t from './schema-pg';

export function catalogsPg({ q, now }: PgRun): Catalogs {
  return {
    async save(c) {
      const { faction, document, owner } = c;
      const rows = await q()
        .insert(t.catalogs)
        .values({ ...c, created: now() })
        .onConflictDoUpdate({ target: t.catalogs.id, set: { faction, document, owner } })
        .returning();
      return rows[0]!;
    },
    get: async (id) => first(await q().select().from(t.catalogs).where(eq(t.catalogs.id, id))),
    list: (faction) =>
      q()
        .select()
        .from(t.catalogs)
        .where(faction === undefined ? undefined : eq(t.catalogs.faction, faction))
        .orderBy(asc(t.catalogs.id)),
  };
}
