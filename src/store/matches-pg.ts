/** Matches on PostgreSQL: the queries of matches.ts (see there), from the same plans and conditions. */
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { actPg } from './act-pg';
import type { Step } from './act';
import { mayBePacked, withPacked } from './match-logs';
import { packedOfPg, retirePg } from './match-logs-pg';
import { wholeRowPg, withPartsStoredPg } from './match-rows';
import { eventsBetween, type Matches, ofPlayer, planNewMatch } from './matches';
import * as openWork from './open-work';
import { first, type PgRun } from './pg-db';
import type { MatchRow } from './rows';
import { OPEN_STATUSES } from './schema';
import * as t from './schema-pg';

export function matchesPg({ q, now, inTransaction, prepared }: PgRun): Matches {
  const matchById = prepared((db) =>
    db
      .select()
      .from(t.matches)
      .where(eq(t.matches.id, sql.placeholder('id')))
      .prepare('match_by_id'),
  );
  const matchInThread = prepared((db) =>
    db
      .select()
      .from(t.matches)
      .where(eq(t.matches.threadId, sql.placeholder('thread')))
      .prepare('match_in_thread'),
  );
  const versionInThread = prepared((db) =>
    db
      .select({ id: t.matches.id, seq: t.matches.seq, updated: t.matches.updated })
      .from(t.matches)
      .where(eq(t.matches.threadId, sql.placeholder('thread')))
      .prepare('match_version_in_thread'),
  );
  const whole = async (rows: MatchRow[]) => Promise.all(rows.map(async (row) => (await wholeRowPg(q(), row))!));
  return {
    async create(m) {
      const plan = planNewMatch(m, now());
      return inTransaction(async (tx) => {
        const rows = await tx
          .insert(t.matches)
          .values({ ...plan.row, setup: await withPartsStoredPg(tx, m.setup ?? null) })
          .returning();
        await tx.insert(t.matchPlayers).values(plan.seats);
        return (await wholeRowPg(tx, rows[0]))!;
      });
    },
    get: async (id) => wholeRowPg(q(), first(await matchById().execute({ id }))),
    exists: async (id) => (await q().select({ id: t.matches.id }).from(t.matches).where(eq(t.matches.id, id))).length > 0,
    byThread: async (thread) => wholeRowPg(q(), first(await matchInThread().execute({ thread }))),
    versionByThread: async (thread) => first(await versionInThread().execute({ thread })),
    open: async () =>
      whole(
        await q()
          .select()
          .from(t.matches)
          .where(inArray(t.matches.status, [...OPEN_STATUSES]))
          .orderBy(asc(t.matches.created), asc(t.matches.id)),
      ),
    countOpen: async (shard) => Number((await q().select({ n: count() }).from(t.matches).where(openWork.openOn(t, shard)))[0]?.n ?? 0),
    unthreaded: (shard) => q().select(openWork.refColumns(t.matches)).from(t.matches).where(openWork.unthreaded(t, shard)).orderBy(asc(t.matches.id)),
    withoutDeadlines: (page) =>
      q().select(openWork.refColumns(t.matches)).from(t.matches).where(openWork.withoutDeadlines(t, page)).orderBy(asc(t.matches.id)).limit(page.limit),
    promptUnposted: (kinds, page) =>
      q()
        .select(openWork.refColumns(t.matches))
        .from(t.matches)
        .where(openWork.promptUnposted(t, kinds, page))
        .orderBy(asc(t.matches.id))
        .limit(page.limit),
    ids: async () => (await q().select({ id: t.matches.id }).from(t.matches).orderBy(asc(t.matches.created), asc(t.matches.id))).map((r) => r.id),
    async forPlayer(userId, opts = {}) {
      const query = q()
        .select({ match: t.matches })
        .from(t.matchPlayers)
        .innerJoin(t.matches, eq(t.matches.id, t.matchPlayers.matchId))
        .where(ofPlayer(t, userId, opts.status))
        .orderBy(desc(t.matches.updated), asc(t.matches.id));
      return whole((opts.limit === undefined ? await query : await query.limit(opts.limit)).map((r) => r.match));
    },
    countIn: async (channelId) => (await q().select({ n: count() }).from(t.matches).where(eq(t.matches.channelId, channelId)))[0]?.n ?? 0,
    setThread: async (id, threadId) =>
      (
        await q()
          .update(t.matches)
          .set({ threadId, updated: sql`greatest(${now()}, ${t.matches.updated} + 1)` })
          .where(eq(t.matches.id, id))
          .returning({ id: t.matches.id })
      ).length > 0,
    act: <S, E, X>(id: string, expectSeq: number, step: Step<S, E, X>) => inTransaction((tx) => actPg(tx, now, id, expectSeq, step)),
    async events<E = unknown>(id: string, afterSeq = 0, throughSeq?: number) {
      const rows = await q()
        .select({ seq: t.matchEvents.seq, event: t.matchEvents.event })
        .from(t.matchEvents)
        .where(eventsBetween(t.matchEvents, id, afterSeq, throughSeq))
        .orderBy(asc(t.matchEvents.seq));
      const events = rows as { seq: number; event: E }[];
      return mayBePacked(events, afterSeq) ? withPacked(events, await packedOfPg(q(), id), afterSeq, throughSeq) : events;
    },
    retire: (ageMs, limit) => retirePg(q(), inTransaction, now() - ageMs, limit),
  };
}
