/**
 * The league repositories on PostgreSQL (pg-store.ts): the same queries as league-settings.ts,
 * league-posts.ts, seasons.ts, results.ts and ratings.ts, written for drizzle's asynchronous drivers.
 * `q()` is the caller's transaction or the database. A method that writes several statements
 * (results.replace, ratings.apply, pinStandings) relies on its caller's transaction, as on SQLite.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lt, max, min, ne, sql } from 'drizzle-orm';
import type { Clock } from './db';
import type { LeaguePosts } from './league-posts';
import type { LeagueLog, LeagueSettings } from './league-settings';
import type { PgDb } from './pg-db';
import type { Ratings } from './ratings';
import type { NewResult, Results, ResultWithPlayers } from './results';
import type { ResultPlayerRow, ResultRow } from './rows';
import type { Outcome } from './schema';
import * as t from './schema-pg';
import type { Seasons } from './seasons';

const first = <R>(rows: R[]): R | undefined => rows[0];

export function leagueSettingsPg(q: () => PgDb, now: Clock): LeagueSettings {
  const get = async (leagueId: string) => first(await q().select().from(t.leagueSettings).where(eq(t.leagueSettings.leagueId, leagueId)));
  return {
    get,
    list: () => q().select().from(t.leagueSettings).orderBy(asc(t.leagueSettings.leagueId)),
    async create(leagueId) {
      const at = now();
      await q().insert(t.leagueSettings).values({ leagueId, created: at, updated: at }).onConflictDoNothing();
      return (await get(leagueId))!;
    },
    async pinStandings(leagueId, body) {
      const at = now();
      const [post] = await q().insert(t.leaguePosts).values({ leagueId, channelId: leagueId, body, created: at, due: at }).returning();
      await q().update(t.leagueSettings).set({ standingsPost: post!.id, updated: at }).where(eq(t.leagueSettings.leagueId, leagueId));
      return post!;
    },
    set: async (leagueId, patch) =>
      first(
        await q()
          .update(t.leagueSettings)
          .set({ ...patch, updated: now() })
          .where(eq(t.leagueSettings.leagueId, leagueId))
          .returning(),
      ),
  };
}

export function leagueLogPg(q: () => PgDb, now: Clock): LeagueLog {
  return {
    add: async (e) =>
      (
        await q()
          .insert(t.leagueLog)
          .values({ ...e, before: e.before ?? null, after: e.after ?? null, reason: e.reason ?? null, at: now() })
          .returning()
      )[0]!,
    list: (leagueId, { limit = 20, before } = {}) =>
      q()
        .select()
        .from(t.leagueLog)
        .where(before === undefined ? eq(t.leagueLog.leagueId, leagueId) : and(eq(t.leagueLog.leagueId, leagueId), lt(t.leagueLog.id, before)))
        .orderBy(desc(t.leagueLog.id))
        .limit(limit),
    all: (leagueId) => q().select().from(t.leagueLog).where(eq(t.leagueLog.leagueId, leagueId)).orderBy(asc(t.leagueLog.id)),
  };
}

export function leaguePostsPg(q: () => PgDb, now: Clock): LeaguePosts {
  const posts = t.leaguePosts;
  const pendingOf = (leagueId?: string) => (leagueId === undefined ? isNull(posts.done) : and(isNull(posts.done), eq(posts.leagueId, leagueId)));
  return {
    async add(rows) {
      if (rows.length === 0) return [];
      const at = now();
      return q()
        .insert(posts)
        .values(rows.map((r) => ({ ...r, created: at, due: at })))
        .returning();
    },
    head: async (leagueId) => first(await q().select().from(posts).where(pendingOf(leagueId)).orderBy(asc(posts.id)).limit(1)),
    waiting(limit = 1000) {
      const heads = q()
        .select({ leagueId: posts.leagueId, first: min(posts.id).as('first') })
        .from(posts)
        .where(isNull(posts.done))
        .groupBy(posts.leagueId)
        .as('heads');
      return q()
        .select({ leagueId: heads.leagueId, due: posts.due })
        .from(heads)
        .innerJoin(posts, eq(posts.id, heads.first))
        .orderBy(asc(posts.due))
        .limit(limit);
    },
    pending: (leagueId) => q().select().from(posts).where(pendingOf(leagueId)).orderBy(asc(posts.id)),
    async delivered(id, messageId) {
      await q().update(posts).set({ done: now(), messageId, error: null }).where(eq(posts.id, id));
    },
    async failed(id, error, due) {
      await q()
        .update(posts)
        .set({ attempts: sql`${posts.attempts} + 1`, error, due })
        .where(and(eq(posts.id, id), isNull(posts.done)));
    },
    async dropped(id, reason) {
      await q().update(posts).set({ done: now(), error: reason }).where(eq(posts.id, id));
    },
    get: async (id) => first(await q().select().from(posts).where(eq(posts.id, id))),
  };
}

export function seasonsPg(q: () => PgDb, now: Clock): Seasons {
  const { seasons, seasonEntries, seasonRounds, pairings } = t;
  return {
    async create(s) {
      const last = first(
        await q()
          .select({ n: max(seasons.number) })
          .from(seasons)
          .where(eq(seasons.leagueId, s.leagueId)),
      );
      const rows = await q()
        .insert(seasons)
        .values({
          leagueId: s.leagueId,
          number: (last?.n ?? 0) + 1,
          state: 'signup',
          pairing: s.pairing,
          rounds: s.rounds ?? null,
          roundHours: s.roundHours ?? null,
          signupDeadline: s.signupDeadline ?? null,
          settings: s.settings ?? null,
          created: now(),
        })
        .returning();
      return rows[0]!;
    },
    get: async (id) => first(await q().select().from(seasons).where(eq(seasons.id, id))),
    open: async (leagueId) =>
      first(
        await q()
          .select()
          .from(seasons)
          .where(and(eq(seasons.leagueId, leagueId), ne(seasons.state, 'closed'))),
      ),
    async setSignupDeadline(id, at) {
      await q().update(seasons).set({ signupDeadline: at }).where(eq(seasons.id, id));
    },
    active: () => q().select().from(seasons).where(ne(seasons.state, 'closed')).orderBy(asc(seasons.id)),
    latest: async (leagueId) => first(await q().select().from(seasons).where(eq(seasons.leagueId, leagueId)).orderBy(desc(seasons.number)).limit(1)),
    list: (leagueId) => q().select().from(seasons).where(eq(seasons.leagueId, leagueId)).orderBy(asc(seasons.number)),
    async advance(id, from, to, at) {
      const stamp = to === 'running' ? { started: at } : to === 'closed' ? { closed: at } : {};
      const changed = await q()
        .update(seasons)
        .set({ state: to, ...stamp })
        .where(and(eq(seasons.id, id), eq(seasons.state, from)))
        .returning({ id: seasons.id });
      return changed.length > 0;
    },

    join: async (e) =>
      (
        await q()
          .insert(seasonEntries)
          .values({ ...e, removed: null, problem: null })
          .onConflictDoUpdate({
            target: [seasonEntries.seasonId, seasonEntries.player],
            set: { warbandId: e.warbandId, warband: e.warband, problem: null, removed: null },
          })
          .returning()
      )[0]!,
    entries: (seasonId) => q().select().from(seasonEntries).where(eq(seasonEntries.seasonId, seasonId)).orderBy(asc(seasonEntries.joined)),
    entry: async (seasonId, player) =>
      first(
        await q()
          .select()
          .from(seasonEntries)
          .where(and(eq(seasonEntries.seasonId, seasonId), eq(seasonEntries.player, player))),
      ),
    removeEntry: async (seasonId, player, at) =>
      (
        await q()
          .update(seasonEntries)
          .set({ removed: at })
          .where(and(eq(seasonEntries.seasonId, seasonId), eq(seasonEntries.player, player), isNull(seasonEntries.removed)))
          .returning({ player: seasonEntries.player })
      ).length > 0,
    async setProblem(seasonId, player, problem) {
      await q()
        .update(seasonEntries)
        .set({ problem })
        .where(and(eq(seasonEntries.seasonId, seasonId), eq(seasonEntries.player, player)));
    },

    addRound: async (r) => (await q().insert(seasonRounds).values(r).returning())[0]!,
    rounds: (seasonId) => q().select().from(seasonRounds).where(eq(seasonRounds.seasonId, seasonId)).orderBy(asc(seasonRounds.number)),
    endRound: async (seasonId, number, at) =>
      (
        await q()
          .update(seasonRounds)
          .set({ ended: at })
          .where(and(eq(seasonRounds.seasonId, seasonId), eq(seasonRounds.number, number), isNull(seasonRounds.ended)))
          .returning({ number: seasonRounds.number })
      ).length > 0,
    async setRoundDeadline(seasonId, number, deadline) {
      await q()
        .update(seasonRounds)
        .set({ deadline })
        .where(and(eq(seasonRounds.seasonId, seasonId), eq(seasonRounds.number, number)));
    },

    async addPairings(rows) {
      if (rows.length === 0) return [];
      const at = now();
      const made = await q()
        .insert(pairings)
        .values(rows.map((r) => ({ ...r, bye: r.bye ?? false, matchId: r.matchId ?? null, created: at })))
        .returning();
      return made.sort((a, b) => a.id - b.id);
    },
    pairings: (seasonId, round) =>
      q()
        .select()
        .from(pairings)
        .where(round === undefined ? eq(pairings.seasonId, seasonId) : and(eq(pairings.seasonId, seasonId), eq(pairings.round, round)))
        .orderBy(asc(pairings.round), asc(pairings.table)),
    pairingOfMatch: async (matchId) => first(await q().select().from(pairings).where(eq(pairings.matchId, matchId))),
    async setPairingMatch(pairingId, matchId) {
      await q().update(pairings).set({ matchId }).where(eq(pairings.id, pairingId));
    },
  };
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: being split under issue 31
export function resultsPg(q: () => PgDb, now: Clock): Results {
  const { results, resultPlayers, pairings, seasons, seasonEntries, deadlines, matches } = t;
  const withPlayers = async (rows: ResultRow[]): Promise<ResultWithPlayers[]> => {
    if (rows.length === 0) return [];
    const sides = new Map<number, ResultPlayerRow[]>();
    for (let i = 0; i < rows.length; i += 500) {
      const ids = rows.slice(i, i + 500).map((r) => r.id);
      for (const p of await q().select().from(resultPlayers).where(inArray(resultPlayers.resultId, ids)).orderBy(asc(resultPlayers.seat))) {
        const list = sides.get(p.resultId) ?? [];
        list.push(p);
        sides.set(p.resultId, list);
      }
    }
    return rows.map((r) => ({ ...r, players: sides.get(r.id) ?? [] }));
  };
  const one = async (row: ResultRow | undefined) => (row ? (await withPlayers([row]))[0] : undefined);
  const record = async (r: NewResult): Promise<ResultWithPlayers> => {
    const { players, ...result } = r;
    const [row] = await q()
      .insert(results)
      .values({ ...result, by: r.by ?? null, reason: r.reason ?? null, created: now() })
      .returning();
    const sides =
      players.length > 0
        ? await q()
            .insert(resultPlayers)
            .values(players.map((p) => ({ ...p, resultId: row!.id })))
            .returning()
        : [];
    return { ...row!, players: sides.sort((a, b) => a.seat - b.seat) };
  };
  return {
    async recordMatch(r) {
      if (r.matchId === null) throw new Error('results.recordMatch: a match result needs its match');
      const standing = first(
        await q()
          .select({ id: results.id })
          .from(results)
          .where(and(eq(results.matchId, r.matchId), isNull(results.overturned))),
      );
      if (standing) return undefined;
      const pairing = first(await q().select().from(pairings).where(eq(pairings.matchId, r.matchId)));
      let seasonId = pairing?.seasonId ?? null;
      if (!pairing) {
        const running = first(
          await q()
            .select({ id: seasons.id })
            .from(seasons)
            .where(and(eq(seasons.leagueId, r.leagueId), eq(seasons.state, 'running'))),
        );
        if (running) {
          const ids = r.players.map((p) => p.player);
          const signed = await q()
            .select({ player: seasonEntries.player })
            .from(seasonEntries)
            .where(and(eq(seasonEntries.seasonId, running.id), isNull(seasonEntries.removed), inArray(seasonEntries.player, ids)));
          if (signed.length === ids.length) seasonId = running.id;
        }
      }
      return record({ ...r, seasonId, pairingId: pairing?.id ?? null });
    },
    record,
    get: async (id) => one(first(await q().select().from(results).where(eq(results.id, id)))),
    forMatch: async (matchId) =>
      one(
        first(
          await q()
            .select()
            .from(results)
            .where(and(eq(results.matchId, matchId), isNull(results.overturned))),
        ),
      ),
    standing: async (leagueId, after = 0) =>
      withPlayers(
        await q()
          .select()
          .from(results)
          .where(and(eq(results.leagueId, leagueId), isNull(results.overturned), gt(results.id, after)))
          .orderBy(asc(results.id)),
      ),
    ofSeason: async (leagueId, seasonId) =>
      withPlayers(
        await q()
          .select()
          .from(results)
          .where(and(eq(results.leagueId, leagueId), seasonId === null ? isNull(results.seasonId) : eq(results.seasonId, seasonId)))
          .orderBy(asc(results.id)),
      ),
    forPlayer: async (leagueId, player, limit = 1000) =>
      withPlayers(
        (
          await q()
            .select({ r: results })
            .from(results)
            .innerJoin(resultPlayers, eq(resultPlayers.resultId, results.id))
            .where(and(eq(results.leagueId, leagueId), eq(resultPlayers.player, player), isNull(results.overturned)))
            .orderBy(desc(results.id))
            .limit(limit)
        ).map((x) => x.r),
      ),
    async deadlineRecord(leagueId, player) {
      const row = first(
        await q()
          .select({
            met: sql<number>`coalesce(sum(case when ${deadlines.outcome} = 'cancelled' then 1 else 0 end), 0)`.mapWith(Number),
            missed: sql<number>`coalesce(sum(case when ${deadlines.outcome} in ('missed', 'lapsed') then 1 else 0 end), 0)`.mapWith(Number),
          })
          .from(deadlines)
          .innerJoin(matches, eq(matches.id, deadlines.matchId))
          .where(and(eq(matches.channelId, leagueId), eq(deadlines.player, player), ne(deadlines.kind, 'reminder'))),
      );
      return { met: row?.met ?? 0, missed: row?.missed ?? 0 };
    },
    async replace(replaced, r, o) {
      if (replaced !== null) {
        const done = await q()
          .update(results)
          .set({ overturned: o.at, overturnedBy: o.by, overturnReason: o.reason })
          .where(and(eq(results.id, replaced), isNull(results.overturned)))
          .returning({ id: results.id });
        if (done.length === 0) throw new Error(`results.replace: result ${replaced} is not standing`);
      }
      const made = await record(r);
      if (replaced !== null) await q().update(results).set({ replacedBy: made.id }).where(eq(results.id, replaced));
      return made;
    },
    overturn: async (id, o) =>
      (
        await q()
          .update(results)
          .set({ overturned: o.at, overturnedBy: o.by, overturnReason: o.reason, replacedBy: o.replacedBy })
          .where(and(eq(results.id, id), isNull(results.overturned)))
          .returning({ id: results.id })
      ).length > 0,
    standings(leagueId, seasonId) {
      const count = (o: Outcome) => sql<number>`sum(case when ${resultPlayers.outcome} = ${o} then 1 else 0 end)`.mapWith(Number);
      return q()
        .select({
          player: resultPlayers.player,
          played: sql<number>`count(*)`.mapWith(Number),
          won: count('win'),
          drawn: count('draw'),
          lost: count('loss'),
          forfeits: count('forfeit'),
          vpFor: sql<number>`sum(${resultPlayers.vpFor})`.mapWith(Number),
          vpAgainst: sql<number>`sum(${resultPlayers.vpAgainst})`.mapWith(Number),
        })
        .from(resultPlayers)
        .innerJoin(results, eq(results.id, resultPlayers.resultId))
        .where(and(eq(results.leagueId, leagueId), isNull(results.overturned), seasonId === undefined ? undefined : eq(results.seasonId, seasonId)))
        .groupBy(resultPlayers.player);
    },
  };
}

export function ratingsPg(q: () => PgDb, now: Clock): Ratings {
  const { ratings, ratingHistory, leagueSettings } = t;
  return {
    async of(leagueId, players) {
      const mine = eq(ratings.leagueId, leagueId);
      if (players === undefined) return q().select().from(ratings).where(mine);
      if (players.length === 0) return [];
      return q()
        .select()
        .from(ratings)
        .where(and(mine, inArray(ratings.player, [...players])));
    },
    async apply(leagueId, from, through, updates, history) {
      const moved = await q()
        .update(leagueSettings)
        .set({ ratedThrough: through })
        .where(and(eq(leagueSettings.leagueId, leagueId), eq(leagueSettings.ratedThrough, from)))
        .returning({ leagueId: leagueSettings.leagueId });
      if (moved.length === 0) return false;
      const at = now();
      for (const u of updates) {
        await q()
          .insert(ratings)
          .values({ ...u, leagueId, updated: at })
          .onConflictDoUpdate({
            target: [ratings.leagueId, ratings.player],
            set: { mu: u.mu, sigma: u.sigma, ordinal: u.ordinal, games: u.games, updated: at },
          });
      }
      for (let i = 0; i < history.length; i += 200) {
        await q()
          .insert(ratingHistory)
          .values(history.slice(i, i + 200).map((h) => ({ ...h, leagueId })));
      }
      return true;
    },
    async reset(leagueId) {
      await q().delete(ratingHistory).where(eq(ratingHistory.leagueId, leagueId));
      await q().delete(ratings).where(eq(ratings.leagueId, leagueId));
      await q().update(leagueSettings).set({ ratedThrough: 0 }).where(eq(leagueSettings.leagueId, leagueId));
    },
    history: (leagueId, player, limit = 50) =>
      q()
        .select()
        .from(ratingHistory)
        .where(and(eq(ratingHistory.leagueId, leagueId), eq(ratingHistory.player, player)))
        .orderBy(desc(ratingHistory.resultId))
        .limit(limit),
    allHistory: (leagueId) =>
      q().select().from(ratingHistory).where(eq(ratingHistory.leagueId, leagueId)).orderBy(asc(ratingHistory.resultId), asc(ratingHistory.player)),
  };
}
