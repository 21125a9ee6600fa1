/** Vacations on PostgreSQL: the queries of vacations.ts (see there) through drizzle's asynchronous drivers. */
import { and, asc, desc, eq, gt, gte, isNull } from 'drizzle-orm';
import type { Vacations } from './vacations';
import { first, type PgRun } from './pg-db';
import * as t from './schema-pg';

export function vacationsPg({ q }: PgRun): Vacations {
  return {
    add: async (v) => (await q().insert(t.vacations).values(v).returning())[0]!,
    current: async (userId, at) =>
      first(
        await q()
          .select()
          .from(t.vacations)
          .where(and(eq(t.vacations.userId, userId), isNull(t.vacations.ended), gt(t.vacations.until, at)))
          .orderBy(desc(t.vacations.start))
          .limit(1),
      ),
    end: async (id, at) =>
      (
        await q()
          .update(t.vacations)
          .set({ ended: at })
          .where(and(eq(t.vacations.id, id), isNull(t.vacations.ended)))
          .returning({ id: t.vacations.id })
      ).length > 0,
    since: (userId, from) =>
      q()
        .select()
        .from(t.vacations)
        .where(and(eq(t.vacations.userId, userId), gte(t.vacations.start, from)))
        .orderBy(asc(t.vacations.start)),
  };
}
