/** League results on PostgreSQL: the queries of results.ts (see there), from the same plan (results-plan.ts). */
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { first, type PgRun } from './pg-db';
import type { NewResult, Results, ResultWithPlayers } from './results';
import * as plan from './results-plan';
import type { ResultPlayerRow, ResultRow } from './rows';
import * as t from './schema-pg';

export function resultsPg(pg: PgRun): Results {
  return { ...resultReadsPg(pg), ...resultWritesPg(pg) };
}

function resultReadsPg({ q }: PgRun) {
  const { results, resultPlayers, deadlines, matches } = t;
  const withPlayers = async (rows: ResultRow[]): Promise<ResultWithPlayers[]> => {
    const sides: ResultPlayerRow[] = [];
    for (const ids of plan.idChunks(rows))
      sides.push(...(await q().select().from(resultPlayers).where(inArray(resultPlayers.resultId, ids)).orderBy(asc(resultPlayers.seat))));
    return plan.attachSides(rows, sides);
  };
  const one = async (row: ResultRow | undefined) => (row ? (await withPlayers([row]))[0] : undefined);
  return {
    get: async (id: number) => one(first(await q().select().from(results).where(eq(results.id, id)))),
    forMatch: async (matchId: string) => one(first(await q().select().from(results).where(plan.standingOf(results, matchId)))),
    standing: async (leagueId: string, after = 0) =>
      withPlayers(
        await q()
          .select()
          .from(results)
          .where(and(eq(results.leagueId, leagueId), isNull(results.overturned), gt(results.id, after)))
          .orderBy(asc(results.id)),
      ),
    ofSeason: async (leagueId: string, seasonId: number | null) =>
      withPlayers(
        await q()
          .select()
          .from(results)
          .where(plan.ofLeague(results, leagueId, seasonId))
          .orderBy(asc(results.id)),
      ),
    forPlayer: async (leagueId: string, player: string, limit = 1000) =>
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
    async deadlineRecord(leagueId: string, player: string) {
      const row = first(
        await q()
          .select(plan.deadlineRecordColumns(deadlines))
          .from(deadlines)
          .innerJoin(matches, eq(matches.id, deadlines.matchId))
          .where(plan.deadlineRecordOf({ deadlines, matches }, leagueId, player)),
      );
      return { met: row?.met ?? 0, missed: row?.missed ?? 0 };
    },
    standings: (leagueId: string, seasonId?: number) =>
      q()
        .select(plan.standingsColumns(resultPlayers))
        .from(resultPlayers)
        .innerJoin(results, eq(results.id, resultPlayers.resultId))
        .where(plan.standingsOf({ results }, leagueId, seasonId))
        .groupBy(resultPlayers.player),
  };
}

function resultWritesPg({ q, now }: PgRun) {
  const { results, resultPlayers, pairings, seasons, seasonEntries } = t;
  const record = async (r: NewResult): Promise<ResultWithPlayers> => {
    const rows = plan.toRecord(r, now());
    const [row] = await q().insert(results).values(rows.row).returning();
    const sides = rows.players.length > 0 ? await q().insert(resultPlayers).values(rows.sides(row!.id)).returning() : [];
    return { ...row!, players: sides.sort((a, b) => a.seat - b.seat) };
  };
  return {
    record,
    async recordMatch(r: Omit<NewResult, 'seasonId' | 'pairingId'>) {
      if (r.matchId === null) throw new Error('results.recordMatch: a match result needs its match');
      if (first(await q().select({ id: results.id }).from(results).where(plan.standingOf(results, r.matchId)))) return undefined;
      const pairing = first(await q().select().from(pairings).where(eq(pairings.matchId, r.matchId)));
      if (pairing) return record({ ...r, seasonId: pairing.seasonId, pairingId: pairing.id });
      const running = first(
        await q()
          .select({ id: seasons.id })
          .from(seasons)
          .where(and(eq(seasons.leagueId, r.leagueId), eq(seasons.state, 'running'))),
      );
      const ids = r.players.map((p) => p.player);
      const signed = running
        ? await q()
            .select({ player: seasonEntries.player })
            .from(seasonEntries)
            .where(plan.fromRunningSeason(seasonEntries, running.id, ids))
        : [];
      return record({ ...r, seasonId: running && signed.length === ids.length ? running.id : null, pairingId: null });
    },
    async replace(replaced: number | null, r: NewResult, o: { by: string; reason: string; at: number }) {
      if (replaced !== null) {
        const done = await q()
          .update(results)
          .set(plan.overturnedSet(o))
          .where(and(eq(results.id, replaced), isNull(results.overturned)))
          .returning({ id: results.id });
        if (done.length === 0) throw new Error(`results.replace: result ${replaced} is not standing`);
      }
      const made = await record(r);
      if (replaced !== null) await q().update(results).set({ replacedBy: made.id }).where(eq(results.id, replaced));
      return made;
    },
    overturn: async (id: number, o: { by: string; reason: string; at: number; replacedBy: number | null }) =>
      (
        await q()
          .update(results)
          .set({ ...plan.overturnedSet(o), replacedBy: o.replacedBy })
          .where(and(eq(results.id, id), isNull(results.overturned)))
          .returning({ id: results.id })
      ).length > 0,
  };
}
