/** Maps on PostgreSQL: the queries of maps.ts (see there) through drizzle's asynchronous drivers. */
import { asc, eq, isNull, or } from 'drizzle-orm';
import type { Maps } from './maps';
import { first, type PgRun } from './pg-db';
import * as t from './schema-pg';

export function mapsPg({ q, now }: PgRun): Maps {
  return {
    async save(m) {
      const row = { id: m.id, name: m.name, gridmap: m.gridmap, owner: m.owner ?? null, guildId: m.guildId ?? null };
      const rows = await q()
        .insert(t.maps)
        .values({ ...row, created: now() })
        .onConflictDoUpdate({ target: t.maps.id, set: row })
        .returning();
      return rows[0]!;
    },
    get: async (id) => first(await q().select().from(t.maps).where(eq(t.maps.id, id))),
    list: (guildId) =>
      q()
        .select()
        .from(t.maps)
        .where(guildId === undefined ? undefined : or(isNull(t.maps.guildId), eq(t.maps.guildId, guildId)))
        .orderBy(asc(t.maps.name)),
  };
}
