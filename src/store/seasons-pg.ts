/** Seasons on PostgreSQL: the queries of seasons.ts (see there). */
import { and, asc, desc, eq, isNull, max, ne } from 'drizzle-orm';
import { advanceSet, newPairingRows, newSeasonRow, rejoinSet, type Seasons } from './seasons';
import { first, type PgRun } from './pg-db';
import * as t from './schema-pg';

export function seasonsPg({ q, now }: PgRun): Seasons {
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
        .values(newSeasonRow(s, last?.n ?? 0, now()))
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
      const changed = await q()
        .update(seasons)
        .set(advanceSet(to, at))
        .where(and(eq(seasons.id, id), eq(seasons.state, from)))
        .returning({ id: seasons.id });
      return changed.length > 0;
    },

    join: async (e) =>
      (
        await q()
          .insert(seasonEntries)
          .values({ ...e, removed: null, problem: null })
          .onConflictDoUpdate({ target: [seasonEntries.seasonId, seasonEntries.player], set: rejoinSet(e) })
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
      const made = await q().insert(pairings).values(newPairingRows(rows, now())).returning();
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
