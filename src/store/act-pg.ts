/** act.ts on PostgreSQL: the same plan (`planAct`), with the match row locked FOR UPDATE before its seq is checked. */
import { and, eq } from 'drizzle-orm';
import { type ActResult, planAct, type Step } from './act';
import type { Clock } from './db';
import { markEndedPg } from './match-logs-pg';
import { wholeRowPg, withPartsStoredPg } from './match-rows';
import { first, type PgDb } from './pg-db';
import type { MatchRow } from './rows';
import * as t from './schema-pg';

/** One act in the caller's transaction `tx`: two acts on one match queue on the row lock, and the second sees the first's seq (stale). */
export async function actPg<S, E, X>(tx: PgDb, now: Clock, id: string, expectSeq: number, step: Step<S, E, X>): Promise<ActResult<S, E, X>> {
  const row = await wholeRowPg(tx, first(await tx.select().from(t.matches).where(eq(t.matches.id, id)).for('update')) as MatchRow | undefined);
  const plan = planAct(row, id, expectSeq, step, now);
  if (!plan.write) return plan.result;
  if (plan.eventRows.length > 0) await tx.insert(t.matchEvents).values(plan.eventRows);
  if (plan.ends) await markEndedPg(tx, id, plan.set.ended!);
  const set = {
    ...plan.set,
    snapshot: await withPartsStoredPg(tx, plan.set.snapshot),
    ...(plan.set.setup !== undefined && { setup: await withPartsStoredPg(tx, plan.set.setup) }),
  };
  const changed = await tx
    .update(t.matches)
    .set(set)
    .where(and(eq(t.matches.id, id), eq(t.matches.seq, expectSeq)))
    .returning({ id: t.matches.id });
  return plan.finish(changed.length === 1 ? plan.saved : undefined);
}
