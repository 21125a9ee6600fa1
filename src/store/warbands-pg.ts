/** Warbands on PostgreSQL: the queries of warbands.ts (see there) through drizzle's asynchronous drivers. */
import { and, asc, eq } from 'drizzle-orm';
import type { Warbands } from './warbands';
import { first, type PgRun } from './pg-db';
import * as t from './schema-pg';

export function warbandsPg({ q, now }: PgRun): Warbands {
  return {
    async save(w) {
      const at = now();
      const { faction, points, document, source } = w;
      const rows = await q()
        .insert(t.warbands)
        .values({ ...w, created: at, updated: at })
        .onConflictDoUpdate({ target: [t.warbands.owner, t.warbands.name], set: { faction, points, document, source, updated: at } })
        .returning();
      return rows[0]!;
    },
    get: async (owner, name) =>
      first(
        await q()
          .select()
          .from(t.warbands)
          .where(and(eq(t.warbands.owner, owner), eq(t.warbands.name, name))),
      ),
    list: (owner) => q().select().from(t.warbands).where(eq(t.warbands.owner, owner)).orderBy(asc(t.warbands.name)),
    remove: async (owner, name) =>
      (
        await q()
          .delete(t.warbands)
          .where(and(eq(t.warbands.owner, owner), eq(t.warbands.name, name)))
          .returning({ id: t.warbands.id })
      ).length > 0,
  };
}
