/**
 * League results (docs/store.md "Leagues"): one per finished league match or organiser's award, each
 * with every player's side. A result is never deleted; overturning it stamps it and the standings and
 * ratings leave it out.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock, Db } from './db';
import type { Async } from './async';
import {
  deadlineRecordColumns,
  deadlineRecordOf,
  attachSides,
  fromRunningSeason,
  idChunks,
  ofLeague,
  overturnedSet,
  standingOf,
  standingsColumns,
  standingsOf,
  type NewResult,
  type ResultWithPlayers,
  toRecord,
} from './results-plan';
import type { ResultRow } from './rows';
import { deadlines, matches, pairings, resultPlayers, results, seasonEntries, seasons } from './schema';

export type { NewResult, NewResultPlayer, ResultWithPlayers } from './results-plan';

/** One player's line of a standings table, before ratings are joined to it. */
export interface StandingsLine {
  readonly player: string;
  readonly played: number;
  readonly won: number;
  readonly drawn: number;
  readonly lost: number;
  readonly forfeits: number;
  readonly vpFor: number;
  readonly vpAgainst: number;
}

/** The synchronous queries on one SQLite connection; callers see {@link Results}. */
export interface ResultsSync {
  /** Records a result and its players' sides at once; a match that already has a standing result fails (unique index). */
  record(r: NewResult): ResultWithPlayers;
  /**
   * Records a finished match's result (once: a match with a standing result is left alone, answering
   * undefined). Its season and pairing are found here: the pairing whose match it is, else the league's
   * running season when every player is signed up for it (and not removed), else none.
   */
  recordMatch(r: Omit<NewResult, 'seasonId' | 'pairingId'>): ResultWithPlayers | undefined;
  get(id: number): ResultWithPlayers | undefined;
  /** The match's standing (not overturned) result. */
  forMatch(matchId: string): ResultWithPlayers | undefined;
  /** The league's standing results after id `after`, oldest first: what ratings are made from. */
  standing(leagueId: string, after?: number): ResultWithPlayers[];
  /** Every result of a season (or, with null, of the league outside seasons), overturned ones too, oldest first (exports). */
  ofSeason(leagueId: string, seasonId: number | null): ResultWithPlayers[];
  /** A player's standing results in a league, newest first. */
  forPlayer(leagueId: string, player: string, limit?: number): ResultWithPlayers[];
  /**
   * A player's deadlines in the league's matches: met (the wait ended before its time ran out) and
   * missed (the clock acted, or their challenge lapsed). Reminders are not deadlines.
   */
  deadlineRecord(leagueId: string, player: string): { met: number; missed: number };
  /**
   * Records an organiser's result in place of a standing one (`replaced`, null when there is none): the
   * old one is overturned, pointing at the new one, at once.
   */
  replace(replaced: number | null, r: NewResult, o: { by: string; reason: string; at: number }): ResultWithPlayers;
  /** Marks a result overturned; false when it already was. */
  overturn(id: number, o: { by: string; reason: string; at: number; replacedBy: number | null }): boolean;
  /**
   * The standings of a season (of the whole league when `seasonId` is undefined): each player's
   * standing results counted. Ratings are the league layer's to add.
   */
  standings(leagueId: string, seasonId?: number): StandingsLine[];
}

/** What callers see: every query answers a Promise. */
export type Results = Async<ResultsSync>;

/** SQLite's results: the reads and the writes, each from the shared plan (results-plan.ts). */
export function resultsStore(db: Db, now: Clock): ResultsSync {
  return { ...resultReads(db), ...resultWrites(db, now) };
}

function resultReads(db: Db) {
  const withPlayers = (rows: ResultRow[]): ResultWithPlayers[] =>
    attachSides(
      rows,
      idChunks(rows).flatMap((ids) => db.select().from(resultPlayers).where(inArray(resultPlayers.resultId, ids)).orderBy(asc(resultPlayers.seat)).all()),
    );
  const one = (row: ResultRow | undefined) => (row ? withPlayers([row])[0] : undefined);
  return {
    get: (id: number) => one(db.select().from(results).where(eq(results.id, id)).get()),
    forMatch: (matchId: string) => one(db.select().from(results).where(standingOf(results, matchId)).get()),
    standing: (leagueId: string, after = 0) =>
      withPlayers(
        db
          .select()
          .from(results)
          .where(and(eq(results.leagueId, leagueId), isNull(results.overturned), gt(results.id, after)))
          .orderBy(asc(results.id))
          .all(),
      ),
    ofSeason: (leagueId: string, seasonId: number | null) =>
      withPlayers(
        db
          .select()
          .from(results)
          .where(ofLeague(results, leagueId, seasonId))
          .orderBy(asc(results.id))
          .all(),
      ),
    forPlayer: (leagueId: string, player: string, limit = 1000) =>
      withPlayers(
        db
          .select({ r: results })
          .from(results)
          .innerJoin(resultPlayers, eq(resultPlayers.resultId, results.id))
          .where(and(eq(results.leagueId, leagueId), eq(resultPlayers.player, player), isNull(results.overturned)))
          .orderBy(sql`${results.id} desc`)
          .limit(limit)
          .all()
          .map((x) => x.r),
      ),
    deadlineRecord(leagueId: string, player: string) {
      const row = db
        .select(deadlineRecordColumns(deadlines))
        .from(deadlines)
        .innerJoin(matches, eq(matches.id, deadlines.matchId))
        .where(deadlineRecordOf({ deadlines, matches }, leagueId, player))
        .get();
      return { met: row?.met ?? 0, missed: row?.missed ?? 0 };
    },
    standings: (leagueId: string, seasonId?: number): StandingsLine[] =>
      db
        .select(standingsColumns(resultPlayers))
        .from(resultPlayers)
        .innerJoin(results, eq(results.id, resultPlayers.resultId))
        .where(standingsOf({ results }, leagueId, seasonId))
        .groupBy(resultPlayers.player)
        .all(),
  };
}

function resultWrites(db: Db, now: Clock) {
  const record = (r: NewResult): ResultWithPlayers => {
    const plan = toRecord(r, now());
    const row = db.insert(results).values(plan.row).returning().get();
    const sides = plan.players.length > 0 ? db.insert(resultPlayers).values(plan.sides(row.id)).returning().all() : [];
    return { ...row, players: sides.sort((a, b) => a.seat - b.seat) };
  };
  return {
    record,
    recordMatch(r: Omit<NewResult, 'seasonId' | 'pairingId'>) {
      if (r.matchId === null) throw new Error('results.recordMatch: a match result needs its match');
      if (db.select({ id: results.id }).from(results).where(standingOf(results, r.matchId)).get()) return undefined;
      const pairing = db.select().from(pairings).where(eq(pairings.matchId, r.matchId)).get();
      if (pairing) return record({ ...r, seasonId: pairing.seasonId, pairingId: pairing.id });
      const running = db
        .select({ id: seasons.id })
        .from(seasons)
        .where(and(eq(seasons.leagueId, r.leagueId), eq(seasons.state, 'running')))
        .get();
      const ids = r.players.map((p) => p.player);
      const signed = running
        ? db
            .select({ player: seasonEntries.player })
            .from(seasonEntries)
            .where(fromRunningSeason(seasonEntries, running.id, ids))
            .all()
        : [];
      return record({ ...r, seasonId: running && signed.length === ids.length ? running.id : null, pairingId: null });
    },
    replace(replaced: number | null, r: NewResult, o: { by: string; reason: string; at: number }) {
      if (replaced !== null) {
        const done = db
          .update(results)
          .set(overturnedSet(o))
          .where(and(eq(results.id, replaced), isNull(results.overturned)))
          .run().changes;
        if (done === 0) throw new Error(`results.replace: result ${replaced} is not standing`);
      }
      const made = record(r);
      if (replaced !== null) db.update(results).set({ replacedBy: made.id }).where(eq(results.id, replaced)).run();
      return made;
    },
    overturn: (id: number, o: { by: string; reason: string; at: number; replacedBy: number | null }) =>
      db
        .update(results)
        .set({ ...overturnedSet(o), replacedBy: o.replacedBy })
        .where(and(eq(results.id, id), isNull(results.overturned)))
        .run().changes > 0,
  };
}
