/** Players on PostgreSQL: the queries of players.ts (see there) through drizzle's asynchronous drivers. */
import { eq } from 'drizzle-orm';
import type { Players } from './players';
import { first, type PgRun } from './pg-db';
import * as t from './schema-pg';

export function playersPg({ q, now }: PgRun): Players {
  return {
    async upsert({ id, name }) {
      const at = now();
      const rows = await q()
        .insert(t.players)
        .values({ id, name, created: at, updated: at })
        .onConflictDoUpdate({ target: t.players.id, set: { name, updated: at } })
        .returning();
      return rows[0]!;
    },
    get: async (id) => first(await q().select().from(t.players).where(eq(t.players.id, id))),
  };
}
