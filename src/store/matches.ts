import { and, asc, type Column, count, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import * as openWork from './open-work';
import type { OpenMatchRef, OpenPage } from './open-work';
import { act } from './act';
import type { ActResult, Step } from './act';
import type { Async } from './async';
import type { Clock, Db } from './db';
import { wholeRow, withPartsStored } from './match-rows';
import type { MatchRow } from './rows';
import { deadlines, matchEvents, matches, matchPlayers, OPEN_STATUSES, prompts } from './schema';
import { mayBePacked, packedOf, retire, withPacked } from './match-logs';
import { preparedOnce } from './prepared';
import type { MatchRowCache, MatchVersion } from './match-row-cache';
import type { MatchStatus } from './schema';
import type { ShardScope } from './shard';

const tables = { matches, deadlines, prompts };

export interface NewMatch {
  /** Minted by the caller; a duplicate id throws (a constraint error), so retry with a new one. */
  id: string;
  guildId: string;
  channelId: string;
  threadId?: string | null;
  /** User ids in seat order, at least one, no repeats. */
  players: readonly string[];
  terms: unknown;
  setup?: unknown;
  /** Defaults to 'challenged'. */
  status?: (typeof OPEN_STATUSES)[number];
  /** The game and its rules' version (src/rulesets); default Sellsword, version 1. The store never reads them. */
  ruleset?: string;
  rulesetVersion?: number;
}

export type { MatchVersion } from './match-row-cache';

/** The synchronous queries on one SQLite connection; callers see {@link Matches}. */
export interface MatchesSync {
  /** A new match at seq 0 with no snapshot. */
  create(m: NewMatch): MatchRow;
  get(id: string): MatchRow | undefined;
  /** True when the match exists: a read that parses none of its JSON. */
  exists(id: string): boolean;
  byThread(threadId: string): MatchRow | undefined;
  /**
   * The match in a thread by its id, seq and last change only, parsing none of its JSON: what a cache
   * of a match's answers is keyed by (any change to the match moves `seq` or `updated`).
   */
  versionByThread(threadId: string): MatchVersion | undefined;
  /** Matches that may still change (challenged, setup, playing), oldest first. */
  open(): MatchRow[];
  /** Every match id, oldest first (for checks over the whole database). */
  ids(): string[];
  /** How many matches are open (with a shard, of its guilds), counted on an index: no row is read. */
  countOpen(shard?: ShardScope): number;
  /** Open matches (of the shard's guilds) without a thread yet, by id. */
  unthreaded(shard?: ShardScope): OpenMatchRef[];
  /** A page of open matches (of the shard's guilds) with no pending deadline, by id (open-work.ts). */
  withoutDeadlines(page: OpenPage): OpenMatchRef[];
  /**
   * A page of open matches (of the shard's guilds) with a thread that may owe a prompt post: waiting on
   * a prompt (a pending deadline of one of `kinds` at the match's seq) or on nothing known, with no open
   * prompt recorded at that seq; by id (open-work.ts).
   */
  promptUnposted(kinds: readonly string[], page: OpenPage): OpenMatchRef[];
  /** A user's matches, most recently changed first. */
  forPlayer(userId: string, opts?: { status?: readonly MatchStatus[]; limit?: number }): MatchRow[];
  /** How many matches were ever made from a channel (its league): numbers its threads. */
  countIn(channelId: string): number;
  /** True when the match exists. A thread holds one match (unique). */
  setThread(id: string, threadId: string): boolean;
  /** See act.ts: the one way a match's state, status and events change. */
  act<S, E, X>(id: string, expectSeq: number, step: Step<S, E, X>): ActResult<S, E, X>;
  /** The match's events after `afterSeq` (default 0: all) and up to `throughSeq` (default: the last), in seq order. */
  events<E = unknown>(id: string, afterSeq?: number, throughSeq?: number): { seq: number; event: E }[];
  /**
   * Finished matches at rest (match-logs.ts): packs the event logs of up to `limit` matches that ended
   * more than `ageMs` ago by the store's clock (the one that stamped their end) and deletes their done
   * reminders; answers how many matches.
   */
  retire(ageMs: number, limit?: number): number;
}

/** What callers see: every query answers a Promise (the generic ones written out: a mapped type would erase them). */
export type Matches = Omit<Async<MatchesSync>, 'act' | 'events'> & {
  /** See act.ts: the one way a match's state, status and events change. The step itself stays synchronous. */
  act<S, E, X>(id: string, expectSeq: number, step: Step<S, E, X>): Promise<ActResult<S, E, X>>;
  /** The match's events after `afterSeq` (default 0: all) and up to `throughSeq` (default: the last), in seq order. */
  events<E = unknown>(id: string, afterSeq?: number, throughSeq?: number): Promise<{ seq: number; event: E }[]>;
};

/**
 * A new match's row (all but its setup, which each backend stores as parts: match-rows.ts) and its
 * seats, after checking the players: what both backends insert.
 */
export function planNewMatch(m: NewMatch, at: number) {
  if (m.players.length === 0 || new Set(m.players).size !== m.players.length) {
    throw new Error(`matches.create: players must be distinct and at least one, got ${JSON.stringify(m.players)}`);
  }
  const row = {
    id: m.id,
    guildId: m.guildId,
    channelId: m.channelId,
    threadId: m.threadId ?? null,
    status: m.status ?? ('challenged' as const),
    players: [...m.players],
    terms: m.terms,
    ruleset: m.ruleset ?? 'sellsword',
    rulesetVersion: m.rulesetVersion ?? 1,
    snapshot: null,
    seq: 0,
    created: at,
    updated: at,
  };
  return { row, seats: m.players.map((userId, seat) => ({ matchId: m.id, userId, seat })) };
}

/** Either dialect's seats and matches, as far as {@link ofPlayer} needs them. */
interface SeatTables {
  readonly matches: { status: Column };
  readonly matchPlayers: { userId: Column };
}

/** A user's seats, in matches of these statuses when given: the condition `forPlayer` reads by. */
export const ofPlayer = (t: SeatTables, userId: string, status?: readonly MatchStatus[]): SQL | undefined => {
  const mine = eq(t.matchPlayers.userId, userId);
  return status ? and(mine, inArray(t.matches.status, [...status])) : mine;
};

/** A match's events after `afterSeq` and through `throughSeq` (when given), in either dialect's `match_events`. */
export const eventsBetween = (events: { matchId: Column; seq: Column }, id: string, afterSeq: number, throughSeq?: number): SQL | undefined => {
  const after = and(eq(events.matchId, id), gt(events.seq, afterSeq));
  return throughSeq === undefined ? after : and(after, lte(events.seq, throughSeq));
};

/**
 * The `updated` a write without events sets: now, or one past the stored value when the clock has not
 * moved past it, so that every write moves a match's version (match-row-cache.ts). SQLite's two-argument
 * `max`; PostgreSQL's `greatest` (matches-pg.ts).
 */
export const movedUpdated = (updated: Column, at: number): SQL => sql`max(${at}, ${updated} + 1)`;

/** Match rows are read through `rows`, a cache by version (match-row-cache.ts) of this connection's. */
export function matchesStore(db: Db, now: Clock, rows: MatchRowCache): MatchesSync {
  const versionOf = preparedOnce(() =>
    db
      .select({ id: matches.id, seq: matches.seq, updated: matches.updated })
      .from(matches)
      .where(eq(matches.id, sql.placeholder('id')))
      .prepare(),
  );
  const byId = preparedOnce(() =>
    db
      .select()
      .from(matches)
      .where(eq(matches.id, sql.placeholder('id')))
      .prepare(),
  );
  const inThread = preparedOnce(() =>
    db
      .select()
      .from(matches)
      .where(eq(matches.threadId, sql.placeholder('thread')))
      .prepare(),
  );
  const versionInThread = preparedOnce(() =>
    db
      .select({ id: matches.id, seq: matches.seq, updated: matches.updated })
      .from(matches)
      .where(eq(matches.threadId, sql.placeholder('thread')))
      .prepare(),
  );
  return {
    create(m) {
      const plan = planNewMatch(m, now());
      return db.transaction((tx) => {
        const row = tx
          .insert(matches)
          .values({ ...plan.row, setup: withPartsStored(tx, m.setup ?? null) })
          .returning()
          .get();
        tx.insert(matchPlayers).values(plan.seats).run();
        return wholeRow(tx, row);
      });
    },
    get: (id) => rows.read(versionOf().get({ id }), () => wholeRow(db, byId().get({ id }))),
    exists: (id) => db.select({ id: matches.id }).from(matches).where(eq(matches.id, id)).get() !== undefined,
    byThread: (thread) => rows.read(versionInThread().get({ thread }), () => wholeRow(db, inThread().get({ thread }))),
    versionByThread: (thread) => versionInThread().get({ thread }),
    open: () =>
      db
        .select()
        .from(matches)
        .where(inArray(matches.status, [...OPEN_STATUSES]))
        .orderBy(asc(matches.created), asc(matches.id))
        .all()
        .map((row) => wholeRow(db, row)),
    ids: () =>
      db
        .select({ id: matches.id })
        .from(matches)
        .orderBy(asc(matches.created), asc(matches.id))
        .all()
        .map((r) => r.id),
    countOpen: (shard) => db.select({ n: count() }).from(matches).where(openWork.openOn(tables, shard)).get()?.n ?? 0,
    unthreaded: (shard) => db.select(openWork.refColumns(matches)).from(matches).where(openWork.unthreaded(tables, shard)).orderBy(asc(matches.id)).all(),
    withoutDeadlines: (page) =>
      db.select(openWork.refColumns(matches)).from(matches).where(openWork.withoutDeadlines(tables, page)).orderBy(asc(matches.id)).limit(page.limit).all(),
    promptUnposted: (kinds, page) =>
      db
        .select(openWork.refColumns(matches))
        .from(matches)
        .where(openWork.promptUnposted(tables, kinds, page))
        .orderBy(asc(matches.id))
        .limit(page.limit)
        .all(),
    forPlayer(userId, opts = {}) {
      const query = db
        .select({ match: matches })
        .from(matchPlayers)
        .innerJoin(matches, eq(matches.id, matchPlayers.matchId))
        .where(ofPlayer({ matches, matchPlayers }, userId, opts.status))
        .orderBy(desc(matches.updated), asc(matches.id));
      const rows = opts.limit === undefined ? query.all() : query.limit(opts.limit).all();
      return rows.map((r) => wholeRow(db, r.match));
    },
    countIn: (channelId) => db.select({ n: count() }).from(matches).where(eq(matches.channelId, channelId)).get()?.n ?? 0,
    setThread: (id, threadId) =>
      db
        .update(matches)
        .set({ threadId, updated: movedUpdated(matches.updated, now()) })
        .where(eq(matches.id, id))
        .run().changes > 0,
    act: (id, expectSeq, step) => act(db, now, id, expectSeq, step, { rows, version: () => versionOf().get({ id }) }),
    events<E = unknown>(id: string, afterSeq = 0, throughSeq?: number) {
      const rows = db
        .select({ seq: matchEvents.seq, event: matchEvents.event })
        .from(matchEvents)
        .where(eventsBetween(matchEvents, id, afterSeq, throughSeq))
        .orderBy(asc(matchEvents.seq))
        .all();
      // Events are stored exactly as a step returned them, so they read back as the caller's type.
      const events = rows as { seq: number; event: E }[];
      return mayBePacked(events, afterSeq) ? withPacked(events, packedOf(db, id), afterSeq, throughSeq) : events;
    },
    retire: (ageMs, limit) => retire(db, now() - ageMs, limit),
  };
}
