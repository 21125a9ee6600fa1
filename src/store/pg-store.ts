/**
 * The store on PostgreSQL (docs/store.md "Two backends"): the same `Store` as SQLite's, its queries
 * written for drizzle's asynchronous PostgreSQL drivers (node-postgres for a server, PGlite in process
 * for tests). Rows read back exactly as SQLite's (schema-pg.ts gives them the same types).
 *
 * Transactions: `transaction(fn)` runs `fn` in one PostgreSQL transaction, and an AsyncLocalStorage
 * context sends every store call made inside it (through `tx` or the store itself) to that transaction;
 * a transaction or act inside it is a savepoint. Many transactions run at once, each on its own pooled
 * connection: the database itself keeps them apart.
 *
 * - `matches.act` reads the match row `FOR UPDATE`, so two acts on one match queue on the row lock and
 *   the second sees the first's seq (stale), exactly as SQLite's IMMEDIATE lock makes it.
 * - `deadlines.claim` picks due rows `FOR UPDATE SKIP LOCKED`, so schedulers in several processes never
 *   claim the same row, and never wait for each other.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, min, ne, or, sql } from 'drizzle-orm';
import { planAct, type ActResult, type Step } from './act';
import type { Clock } from './db';
import { leagueLogPg, leaguePostsPg, leagueSettingsPg, ratingsPg, resultsPg, seasonsPg } from './league-pg';
import type { Acquired } from './leases';
import { mayBePacked, withPacked } from './match-logs';
import { markEndedPg, packedOfPg, retirePg } from './match-logs-pg';
import { wholeRowPg, withPartsStoredPg } from './match-rows';
import type { MatchRow } from './rows';
import * as t from './schema-pg';
import { OPEN_STATUSES } from './schema';
import { matchOnShard } from './shard';
import * as openWork from './open-work';
import { prunable, THREAD_PENDING } from './outbox';
import { dueCounts } from './deadlines';
import type { PoolUse, Store } from './store';
import { CommitUnknown, troubleOf } from './trouble';

import type { PgDb } from './pg-db';
import { pausesPg } from './pauses-pg';

export type { PgDb } from './pg-db';

export interface PgConnection {
  readonly db: PgDb;
  /** Ends the connection (the pool, or PGlite). */
  close(): Promise<void>;
  /** The pool's connections now (node-postgres only; PGlite has one, in process). */
  connections?(): PoolUse;
}

const first = <R>(rows: R[]): R | undefined => rows[0];

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: being split under issue 31
export function pgStore(connection: PgConnection, now: Clock = Date.now): Store {
  const context = new AsyncLocalStorage<{ tx: PgDb; open: boolean }>();
  /** The transaction the caller runs in, or the database. */
  const q = (): PgDb => {
    const held = context.getStore();
    return held?.open ? held.tx : connection.db;
  };
  const inTransaction = <T>(fn: (tx: PgDb) => Promise<T>): Promise<T> =>
    q().transaction(async (tx) => {
      const mine = { tx: tx as unknown as PgDb, open: true };
      try {
        return await context.run(mine, () => fn(mine.tx));
      } finally {
        mine.open = false;
      }
    });

  /**
   * A statement prepared once (named, on each pooled connection as it first runs it) for calls outside
   * a transaction; inside one it is built on the transaction, since a statement of the pool's would run
   * outside it.
   */
  const prepared = <P>(make: (db: PgDb) => P): (() => P) => {
    let pooled: P | undefined;
    return () => (context.getStore()?.open ? make(q()) : (pooled ??= make(connection.db)));
  };
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
  const outboxHead = prepared((db) =>
    db
      .select()
      .from(t.outbox)
      .where(and(isNull(t.outbox.done), eq(t.outbox.matchId, sql.placeholder('match')), ne(t.outbox.channelId, THREAD_PENDING)))
      .orderBy(asc(t.outbox.id))
      .limit(1)
      .prepare('outbox_head'),
  );
  const outboxDelivered = prepared((db) =>
    db
      .update(t.outbox)
      .set({
        done: sql`${sql.placeholder('done')}`,
        messageId: sql`${sql.placeholder('message')}`,
        via: null,
        error: null,
        outcome: sql`${sql.placeholder('outcome')}`,
      })
      .where(eq(t.outbox.id, sql.placeholder('id')))
      .prepare('outbox_delivered'),
  );

  const store: Store = {
    players: {
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
    },
    warbands: {
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
    },
    maps: {
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
    },
    catalogs: {
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
    },
    leagues: {
      async ensure(guildId, channelId, name) {
        const rows = await q()
          .insert(t.leagues)
          .values({ guildId, channelId, name, created: now() })
          .onConflictDoUpdate({ target: t.leagues.channelId, set: { name } })
          .returning();
        return rows[0]!;
      },
      get: async (channelId) => first(await q().select().from(t.leagues).where(eq(t.leagues.channelId, channelId))),
      list: (guildId) => q().select().from(t.leagues).where(eq(t.leagues.guildId, guildId)).orderBy(asc(t.leagues.name)),
    },
    matches: {
      create(m) {
        if (m.players.length === 0 || new Set(m.players).size !== m.players.length) {
          return Promise.reject(new Error(`matches.create: players must be distinct and at least one, got ${JSON.stringify(m.players)}`));
        }
        const at = now();
        return inTransaction(async (tx) => {
          const rows = await tx
            .insert(t.matches)
            .values({
              id: m.id,
              guildId: m.guildId,
              channelId: m.channelId,
              threadId: m.threadId ?? null,
              status: m.status ?? 'challenged',
              players: [...m.players],
              terms: m.terms,
              setup: await withPartsStoredPg(tx, m.setup ?? null),
              snapshot: null,
              seq: 0,
              created: at,
              updated: at,
            })
            .returning();
          await tx.insert(t.matchPlayers).values(m.players.map((userId, seat) => ({ matchId: m.id, userId, seat })));
          return (await wholeRowPg(tx, rows[0]))!;
        });
      },
      get: async (id) => wholeRowPg(q(), first(await matchById().execute({ id }))),
      exists: async (id) => (await q().select({ id: t.matches.id }).from(t.matches).where(eq(t.matches.id, id))).length > 0,
      byThread: async (thread) => wholeRowPg(q(), first(await matchInThread().execute({ thread }))),
      versionByThread: async (thread) => first(await versionInThread().execute({ thread })),
      open: async () => {
        const rows = await q()
          .select()
          .from(t.matches)
          .where(inArray(t.matches.status, [...OPEN_STATUSES]))
          .orderBy(asc(t.matches.created), asc(t.matches.id));
        return Promise.all(rows.map(async (row) => (await wholeRowPg(q(), row))!));
      },
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
        const mine = eq(t.matchPlayers.userId, userId);
        const query = q()
          .select({ match: t.matches })
          .from(t.matchPlayers)
          .innerJoin(t.matches, eq(t.matches.id, t.matchPlayers.matchId))
          .where(opts.status ? and(mine, inArray(t.matches.status, [...opts.status])) : mine)
          .orderBy(desc(t.matches.updated), asc(t.matches.id));
        const rows = opts.limit === undefined ? await query : await query.limit(opts.limit);
        return Promise.all(rows.map(async (r) => (await wholeRowPg(q(), r.match))!));
      },
      countIn: async (channelId) => (await q().select({ n: count() }).from(t.matches).where(eq(t.matches.channelId, channelId)))[0]?.n ?? 0,
      setThread: async (id, threadId) =>
        (await q().update(t.matches).set({ threadId, updated: now() }).where(eq(t.matches.id, id)).returning({ id: t.matches.id })).length > 0,
      act: <S, E, X>(id: string, expectSeq: number, step: Step<S, E, X>) => inTransaction((tx) => act(tx, now, id, expectSeq, step)),
      async events<E = unknown>(id: string, afterSeq = 0, throughSeq?: number) {
        const after = and(eq(t.matchEvents.matchId, id), gt(t.matchEvents.seq, afterSeq));
        const rows = await q()
          .select({ seq: t.matchEvents.seq, event: t.matchEvents.event })
          .from(t.matchEvents)
          .where(throughSeq === undefined ? after : and(after, lte(t.matchEvents.seq, throughSeq)))
          .orderBy(asc(t.matchEvents.seq));
        const events = rows as { seq: number; event: E }[];
        return mayBePacked(events, afterSeq) ? withPacked(events, await packedOfPg(q(), id), afterSeq, throughSeq) : events;
      },
      retire: (before, limit) => retirePg(q(), inTransaction, before, limit),
    },
    prompts: {
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
    },
    follows: {
      add: async (matchId, userId) =>
        (await q().insert(t.follows).values({ matchId, userId, created: now() }).onConflictDoNothing().returning({ userId: t.follows.userId })).length > 0,
      remove: async (matchId, userId) =>
        (
          await q()
            .delete(t.follows)
            .where(and(eq(t.follows.matchId, matchId), eq(t.follows.userId, userId)))
            .returning({ userId: t.follows.userId })
        ).length > 0,
      list: async (matchId) =>
        (
          await q()
            .select({ userId: t.follows.userId })
            .from(t.follows)
            .where(eq(t.follows.matchId, matchId))
            .orderBy(asc(t.follows.created), asc(t.follows.userId))
        ).map((r) => r.userId),
    },
    deadlines: deadlines(q, now),
    pauses: pausesPg(q),
    outbox: {
      add: async (rows) => {
        if (rows.length === 0) return [];
        const at = now();
        return q()
          .insert(t.outbox)
          .values(rows.map((r) => ({ matchId: r.matchId, channelId: r.channelId, body: r.body, via: r.via ?? null, created: at, due: at })))
          .returning();
      },
      head: async (match) => first(await outboxHead().execute({ match })),
      waiting(limit = 1000, shard) {
        const heads = q()
          .select({ matchId: t.outbox.matchId, first: min(t.outbox.id).as('first') })
          .from(t.outbox)
          .where(and(isNull(t.outbox.done), ne(t.outbox.channelId, THREAD_PENDING), matchOnShard(t.outbox.matchId, shard, t.matches)))
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
              .where(and(isNull(t.outbox.done), matchOnShard(t.outbox.matchId, shard, t.matches)))
          )[0]?.n ?? 0,
        ),
      pending: (matchId) =>
        q()
          .select()
          .from(t.outbox)
          .where(matchId === undefined ? isNull(t.outbox.done) : and(isNull(t.outbox.done), eq(t.outbox.matchId, matchId)))
          .orderBy(asc(t.outbox.id)),
      async delivered(id, messageId, outcome = 'delivered') {
        await outboxDelivered().execute({ id, done: now(), message: messageId, outcome });
      },
      async failed(id, error, due) {
        await q()
          .update(t.outbox)
          .set({ attempts: sql`${t.outbox.attempts} + 1`, error, due })
          .where(and(eq(t.outbox.id, id), isNull(t.outbox.done)));
      },
      async dropped(id, reason, outcome = 'given-up') {
        await q().update(t.outbox).set({ done: now(), error: reason, via: null, outcome }).where(eq(t.outbox.id, id));
      },
      get: async (id) => first(await q().select().from(t.outbox).where(eq(t.outbox.id, id))),
      async toThread(matchId, channelId) {
        await q()
          .update(t.outbox)
          .set({ channelId, due: now() })
          .where(and(eq(t.outbox.matchId, matchId), eq(t.outbox.channelId, THREAD_PENDING), isNull(t.outbox.done)));
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
      troubles: (matchId, limit = 5) =>
        q()
          .select()
          .from(t.outbox)
          .where(and(eq(t.outbox.matchId, matchId), or(and(isNull(t.outbox.done), gt(t.outbox.attempts, 0)), eq(t.outbox.outcome, 'given-up'))))
          .orderBy(desc(t.outbox.id))
          .limit(limit),
      async prune(before, limit = 1000) {
        const ids = q().select({ id: t.outbox.id }).from(t.outbox).where(prunable(t.outbox, before)).limit(limit);
        return (await q().delete(t.outbox).where(inArray(t.outbox.id, ids)).returning({ id: t.outbox.id })).length;
      },
    },
    leases: {
      acquire: (claim) =>
        inTransaction(async (tx): Promise<Acquired> => {
          const at = now();
          const row = { name: claim.name, holder: claim.holder, pid: claim.pid, host: claim.host, acquired: at, expires: at + claim.ttlMs };
          // A lease nobody holds is taken by inserting it: of two claims at once, the second's insert
          // waits for the first's commit and then does nothing, and it goes on to read the first's row.
          // (Reading first would lock no row when there is none, and both claims would take it.)
          const fresh = first(await tx.insert(t.leases).values(row).onConflictDoNothing().returning());
          if (fresh) return { ok: true, lease: fresh };
          const held = first(await tx.select().from(t.leases).where(eq(t.leases.name, claim.name)).for('update'));
          if (held && held.holder !== claim.holder && held.expires > at && !claim.holderGone?.(held)) return { ok: false, heldBy: held };
          const rows = await tx.insert(t.leases).values(row).onConflictDoUpdate({ target: t.leases.name, set: row }).returning();
          return { ok: true, lease: rows[0]! };
        }),
      renew: async (name, holder, ttlMs) =>
        (
          await q()
            .update(t.leases)
            .set({ expires: now() + ttlMs })
            .where(and(eq(t.leases.name, name), eq(t.leases.holder, holder)))
            .returning({ name: t.leases.name })
        ).length > 0,
      async release(name, holder) {
        await q()
          .delete(t.leases)
          .where(and(eq(t.leases.name, name), eq(t.leases.holder, holder)));
      },
      get: async (name) => first(await q().select().from(t.leases).where(eq(t.leases.name, name))),
      all: () => q().select().from(t.leases).orderBy(t.leases.name),
    },
    vacations: {
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
    },
    orders: {
      get: async (userId, scope) =>
        first(
          await q()
            .select({ orders: t.standingOrders.orders })
            .from(t.standingOrders)
            .where(and(eq(t.standingOrders.userId, userId), eq(t.standingOrders.scope, scope))),
        )?.orders,
      async set(userId, scope, orders) {
        const at = now();
        await q()
          .insert(t.standingOrders)
          .values({ userId, scope, orders, updated: at })
          .onConflictDoUpdate({ target: [t.standingOrders.userId, t.standingOrders.scope], set: { orders, updated: at } });
      },
      clear: async (userId, scope) =>
        (
          await q()
            .delete(t.standingOrders)
            .where(scope === undefined ? eq(t.standingOrders.userId, userId) : and(eq(t.standingOrders.userId, userId), eq(t.standingOrders.scope, scope)))
            .returning({ scope: t.standingOrders.scope })
        ).length,
      list: (userId) =>
        q()
          .select({ scope: t.standingOrders.scope, orders: t.standingOrders.orders })
          .from(t.standingOrders)
          .where(eq(t.standingOrders.userId, userId))
          .orderBy(asc(t.standingOrders.scope)),
    },
    notify: {
      dms: async (userId) =>
        first(await q().select({ dms: t.notifySettings.dms }).from(t.notifySettings).where(eq(t.notifySettings.userId, userId)))?.dms ?? false,
      async setDms(userId, on) {
        const at = now();
        await q()
          .insert(t.notifySettings)
          .values({ userId, dms: on, updated: at })
          .onConflictDoUpdate({ target: t.notifySettings.userId, set: { dms: on, updated: at } });
      },
    },
    leagueSettings: leagueSettingsPg(q, now),
    leagueLog: leagueLogPg(q, now),
    leaguePosts: leaguePostsPg(q, now),
    seasons: seasonsPg(q, now),
    results: resultsPg(q, now),
    ratings: ratingsPg(q, now),
    transaction: async (fn, options) => {
      const outermost = context.getStore()?.open !== true;
      let committing = false;
      try {
        return await inTransaction(async (tx) => {
          // A whole number of milliseconds, written into the statement: SET takes no bound parameters.
          if (outermost && options?.lockWaitMs !== undefined)
            await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.round(options.lockWaitMs))}`));
          const result = await fn(store);
          committing = outermost;
          return result;
        });
      } catch (error) {
        // The work was done and only the COMMIT failed, with the connection: it may have been saved.
        if (committing && troubleOf(error) === 'unavailable') throw new CommitUnknown(error);
        throw error;
      }
    },
    path: null,
    close: () => connection.close(),
    ...(connection.connections ? { connections: () => connection.connections!() } : {}),
  };
  return store;
}

/** act.ts on PostgreSQL: the match row is locked FOR UPDATE before its seq is checked. */
async function act<S, E, X>(tx: PgDb, now: Clock, id: string, expectSeq: number, step: Step<S, E, X>): Promise<ActResult<S, E, X>> {
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
  const saved = first(
    await tx
      .update(t.matches)
      .set(set)
      .where(and(eq(t.matches.id, id), eq(t.matches.seq, expectSeq)))
      .returning(),
  ) as MatchRow | undefined;
  return plan.finish(await wholeRowPg(tx, saved));
}

function deadlines(q: () => PgDb, now: Clock): Store['deadlines'] {
  const markDone = async (id: number, at: number, outcome: string | null) =>
    (
      await q()
        .update(t.deadlines)
        .set({ done: at, outcome })
        .where(and(eq(t.deadlines.id, id), isNull(t.deadlines.done)))
        .returning({ id: t.deadlines.id })
    ).length;
  const pendingOf = (matchIds: readonly string[]) =>
    q()
      .select()
      .from(t.deadlines)
      .where(and(isNull(t.deadlines.done), inArray(t.deadlines.matchId, [...matchIds])))
      .orderBy(asc(t.deadlines.due), asc(t.deadlines.id));
  return {
    add: async (d) =>
      (
        await q()
          .insert(t.deadlines)
          .values({ matchId: d.matchId, due: d.due, kind: d.kind, player: d.player ?? null, seq: d.seq ?? null })
          .returning()
      )[0]!,
    due(at, limit) {
      const query = q()
        .select()
        .from(t.deadlines)
        .where(and(isNull(t.deadlines.done), lte(t.deadlines.due, at)))
        .orderBy(asc(t.deadlines.due), asc(t.deadlines.id));
      return limit === undefined ? query : query.limit(limit);
    },
    done: async (id, outcome) => (await markDone(id, now(), outcome ?? null)) > 0,
    doneForMatch: async (matchId, outcome = 'cancelled') =>
      (
        await q()
          .update(t.deadlines)
          .set({ done: now(), outcome })
          .where(and(eq(t.deadlines.matchId, matchId), isNull(t.deadlines.done)))
          .returning({ id: t.deadlines.id })
      ).length,
    async claim(at, until, limit = 1000, shard) {
      const free = or(isNull(t.deadlines.claimedUntil), lte(t.deadlines.claimedUntil, at));
      // SKIP LOCKED: rows another scheduler is claiming right now are left to it, not waited for.
      const ids = q()
        .select({ id: t.deadlines.id })
        .from(t.deadlines)
        .where(and(isNull(t.deadlines.done), lte(t.deadlines.due, at), free, matchOnShard(t.deadlines.matchId, shard, t.matches)))
        .orderBy(asc(t.deadlines.due), asc(t.deadlines.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await q()
        .update(t.deadlines)
        .set({ claimedUntil: until })
        .where(and(inArray(t.deadlines.id, ids), isNull(t.deadlines.done), free))
        .returning();
      return rows.sort((a, b) => a.due - b.due || a.id - b.id);
    },
    async unclaim(ids) {
      if (ids.length === 0) return;
      await q()
        .update(t.deadlines)
        .set({ claimedUntil: null })
        .where(and(inArray(t.deadlines.id, [...ids]), isNull(t.deadlines.done)));
    },
    releaseClaims: async (shard) =>
      (
        await q()
          .update(t.deadlines)
          .set({ claimedUntil: null })
          .where(and(isNull(t.deadlines.done), isNotNull(t.deadlines.claimedUntil), matchOnShard(t.deadlines.matchId, shard, t.matches)))
          .returning({ id: t.deadlines.id })
      ).length,
    async countDue(at, overdueAt, shard) {
      const [row] = await q()
        .select(dueCounts(overdueAt, t.deadlines.due))
        .from(t.deadlines)
        .where(and(isNull(t.deadlines.done), lte(t.deadlines.due, at), matchOnShard(t.deadlines.matchId, shard, t.matches)));
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
        .update(t.deadlines)
        .set({ due: sql`${t.deadlines.due} + ${ms}` })
        .where(and(eq(t.deadlines.player, player), isNull(t.deadlines.done)))
        .returning({ matchId: t.deadlines.matchId });
      return [...new Set(moved.map((r) => r.matchId))];
    },
    extend: async (matchId, ms) =>
      (
        await q()
          .update(t.deadlines)
          .set({ due: sql`${t.deadlines.due} + ${ms}` })
          .where(and(eq(t.deadlines.matchId, matchId), isNull(t.deadlines.done)))
          .returning({ id: t.deadlines.id })
      ).length,
    misses: async (matchId, player) =>
      (
        await q()
          .select({ n: count() })
          .from(t.deadlines)
          .where(and(eq(t.deadlines.matchId, matchId), eq(t.deadlines.player, player), eq(t.deadlines.outcome, 'missed')))
      )[0]?.n ?? 0,
    get: async (id) => first(await q().select().from(t.deadlines).where(eq(t.deadlines.id, id))),
    ofMatch: (matchId) => q().select().from(t.deadlines).where(eq(t.deadlines.matchId, matchId)).orderBy(asc(t.deadlines.id)),
  };
}
