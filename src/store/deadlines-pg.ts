/**
 * Deadlines on PostgreSQL: the queries of deadlines.ts (see there), from the same conditions. `claim`
 * picks due rows `FOR UPDATE SKIP LOCKED`, so schedulers in several processes never claim the same
 * row, and never wait for each other.
 */
import { and, asc, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { byDue, type Deadlines, dueBy, dueCounts, movedBy, newDeadlineRow, pendingFor, unclaimedAt } from './deadlines';
import { first, type PgRun } from './pg-db';
import * as t from './schema-pg';
import { matchOnShard } from './shard';

export function deadlinesPg({ q, now }: PgRun): Deadlines {
  const d = t.deadlines;
  const markDone = async (id: number, at: number, outcome: string | null) =>
    (
      await q()
        .update(d)
        .set({ done: at, outcome })
        .where(and(eq(d.id, id), isNull(d.done)))
        .returning({ id: d.id })
    ).length;
  const pendingOf = (matchIds: readonly string[]) =>
    q()
      .select()
      .from(d)
      .where(and(isNull(d.done), inArray(d.matchId, [...matchIds])))
      .orderBy(asc(d.due), asc(d.id));
  const onShard = (shard: Parameters<Deadlines['claim']>[3]) => matchOnShard(d.matchId, shard, t.matches);
  return {
    add: async (row) => (await q().insert(d).values(newDeadlineRow(row)).returning())[0]!,
    due(at, limit) {
      const query = q().select().from(d).where(dueBy(d, at)).orderBy(asc(d.due), asc(d.id));
      return limit === undefined ? query : query.limit(limit);
    },
    done: async (id, outcome) => (await markDone(id, now(), outcome ?? null)) > 0,
    doneForMatch: async (matchId, outcome = 'cancelled') =>
      (
        await q()
          .update(d)
          .set({ done: now(), outcome })
          .where(pendingFor(d.matchId, matchId, d))
          .returning({ id: d.id })
      ).length,
    async claim(at, until, limit = 1000, shard) {
      const free = unclaimedAt(d, at);
      // SKIP LOCKED: rows another scheduler is claiming right now are left to it, not waited for.
      const ids = q()
        .select({ id: d.id })
        .from(d)
        .where(and(dueBy(d, at), free, onShard(shard)))
        .orderBy(asc(d.due), asc(d.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await q()
        .update(d)
        .set({ claimedUntil: until })
        .where(and(inArray(d.id, ids), isNull(d.done), free))
        .returning();
      return rows.sort(byDue);
    },
    async unclaim(ids) {
      if (ids.length === 0) return;
      await q()
        .update(d)
        .set({ claimedUntil: null })
        .where(and(inArray(d.id, [...ids]), isNull(d.done)));
    },
    releaseClaims: async (shard) =>
      (
        await q()
          .update(d)
          .set({ claimedUntil: null })
          .where(and(isNull(d.done), isNotNull(d.claimedUntil), onShard(shard)))
          .returning({ id: d.id })
      ).length,
    async countDue(at, overdueAt, shard) {
      const [row] = await q()
        .select(dueCounts(overdueAt, d.due))
        .from(d)
        .where(and(dueBy(d, at), onShard(shard)));
      return { due: Number(row?.due ?? 0), overdue: Number(row?.overdue ?? 0) };
    },
    pending: (matchId) => pendingOf([matchId]),
    pendingOf: async (matchIds) => (matchIds.length === 0 ? [] : pendingOf(matchIds)),
    async cancel(ids) {
      const at = now();
      let n = 0;
      for (const id of ids) n += await markDone(id, at, 'cancelled');
      return n;
    },
    async shift(player, ms) {
      const moved = await q()
        .update(d)
        .set(movedBy(d, ms))
        .where(pendingFor(d.player, player, d))
        .returning({ matchId: d.matchId });
      return [...new Set(moved.map((r) => r.matchId))];
    },
    extend: async (matchId, ms) =>
      (
        await q()
          .update(d)
          .set(movedBy(d, ms))
          .where(pendingFor(d.matchId, matchId, d))
          .returning({ id: d.id })
      ).length,
    misses: async (matchId, player) =>
      (
        await q()
          .select({ n: count() })
          .from(d)
          .where(and(eq(d.matchId, matchId), eq(d.player, player), eq(d.outcome, 'missed')))
      )[0]?.n ?? 0,
    get: async (id) => first(await q().select().from(d).where(eq(d.id, id))),
    ofMatch: (matchId) => q().select().from(d).where(eq(d.matchId, matchId)).orderBy(asc(d.id)),
  };
}
