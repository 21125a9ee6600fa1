/** Prompts on PostgreSQL: the queries of prompts.ts (see there) through drizzle's asynchronous drivers. */
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Prompts } from './prompts';
import type { PgRun } from './pg-db';
import * as t from './schema-pg';

export function promptsPg({ q, now }: PgRun): Prompts {
  return {
    async record(p) {
      const rows = await q()
        .insert(t.prompts)
        .values({ ...p, created: now() })
        .returning();
      return rows[0]!;
    },
    open: (matchId) =>
      q()
        .select()
        .from(t.prompts)
        .where(matchId === undefined ? isNull(t.prompts.closed) : and(isNull(t.prompts.closed), eq(t.prompts.matchId, matchId)))
        .orderBy(asc(t.prompts.created), asc(t.prompts.id)),
    async close(matchId, throughSeq) {
      const mine = and(eq(t.prompts.matchId, matchId), isNull(t.prompts.closed));
      const rows = await q()
        .update(t.prompts)
        .set({ closed: now() })
        .where(throughSeq === undefined ? mine : and(mine, lte(t.prompts.seq, throughSeq)))
        .returning({ id: t.prompts.id });
      return rows.length;
    },
  };
}
