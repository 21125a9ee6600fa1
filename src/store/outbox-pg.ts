/** The outbox on PostgreSQL: the queries of outbox.ts (see there), from the same conditions and row plans. */
import { and, asc, count, desc, eq, inArray, lt, min, sql } from 'drizzle-orm';
import { DELIVERED_SET, deliverableOf, failedSet, inTroubleOf, newOutboxRows, type Outbox, pendingIn, prunable, threadPendingOf, waitingIn } from './outbox';
import { first, type PgRun } from './pg-db';
import * as t from './schema-pg';
import { matchOnShard } from './shard';

export function outboxPg({ q, now, prepared }: PgRun): Outbox {
  const outboxHead = prepared((db) => db.select().from(t.outbox).where(deliverableOf(t.outbox)).orderBy(asc(t.outbox.id)).limit(1).prepare('outbox_head'));
  const outboxDelivered = prepared((db) =>
    db
      .update(t.outbox)
      .set(DELIVERED_SET)
      .where(eq(t.outbox.id, sql.placeholder('id')))
      .prepare('outbox_delivered'),
  );
  return {
    add: async (rows) => (rows.length === 0 ? [] : q().insert(t.outbox).values(newOutboxRows(rows, now())).returning()),
    head: async (match) => first(await outboxHead().execute({ match })),
    waiting(limit = 1000, shard) {
      // A match's head row decides when it may move: the smallest id's due time, not the smallest due.
      const heads = q()
        .select({ matchId: t.outbox.matchId, first: min(t.outbox.id).as('first') })
        .from(t.outbox)
        .where(waitingIn(t.outbox, shard, t.matches))
        .groupBy(t.outbox.matchId)
        .as('heads');
      return q()
        .select({ matchId: heads.matchId, due: t.outbox.due })
        .from(heads)
        .innerJoin(t.outbox, eq(t.outbox.id, heads.first))
        .orderBy(asc(t.outbox.due))
        .limit(limit);
    },
    countWaiting: async (shard) =>
      Number(
        (
          await q()
            .select({ n: count() })
            .from(t.outbox)
            .where(and(pendingIn(t.outbox), matchOnShard(t.outbox.matchId, shard, t.matches)))
        )[0]?.n ?? 0,
      ),
    pending: (matchId) => q().select().from(t.outbox).where(pendingIn(t.outbox, matchId)).orderBy(asc(t.outbox.id)),
    async delivered(id, messageId, outcome = 'delivered') {
      await outboxDelivered().execute({ id, done: now(), message: messageId, outcome });
    },
    async failed(id, error, due) {
      await q()
        .update(t.outbox)
        .set(failedSet(t.outbox, error, due))
        .where(and(eq(t.outbox.id, id), pendingIn(t.outbox)));
    },
    async dropped(id, reason, outcome = 'given-up') {
      await q().update(t.outbox).set({ done: now(), error: reason, via: null, outcome }).where(eq(t.outbox.id, id));
    },
    get: async (id) => first(await q().select().from(t.outbox).where(eq(t.outbox.id, id))),
    async toThread(matchId, channelId) {
      await q().update(t.outbox).set({ channelId, due: now() }).where(threadPendingOf(t.outbox, matchId));
    },
    recorded: async (matchId, beforeId, limit = 50) =>
      (
        await q()
          .select({ messageId: t.outbox.messageId })
          .from(t.outbox)
          .where(and(eq(t.outbox.matchId, matchId), lt(t.outbox.id, beforeId)))
          .orderBy(desc(t.outbox.id))
          .limit(limit)
      ).flatMap((r) => (r.messageId ? [r.messageId] : [])),
    hasOutcome: async (matchId, outcome) =>
      (
        await q()
          .select({ id: t.outbox.id })
          .from(t.outbox)
          .where(and(eq(t.outbox.matchId, matchId), eq(t.outbox.outcome, outcome)))
          .limit(1)
      ).length > 0,
    troubles: (matchId, limit = 5) => q().select().from(t.outbox).where(inTroubleOf(t.outbox, matchId)).orderBy(desc(t.outbox.id)).limit(limit),
    async prune(ageMs, limit = 1000) {
      const ids = q()
        .select({ id: t.outbox.id })
        .from(t.outbox)
        .where(prunable(t.outbox, now() - ageMs))
        .limit(limit);
      return (await q().delete(t.outbox).where(inArray(t.outbox.id, ids)).returning({ id: t.outbox.id })).length;
    },
  };
}
