/**
 * League results (docs/store.md "Leagues"): one per finished league match or organiser's award, each
 * with every player's side. A result is never deleted; overturning it stamps it and the standings and
 * ratings leave it out.
 */
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Clock, Db } from './db';
import type { Json } from './json';
import type { Async } from './async';
import type { ResultPlayerRow, ResultRow } from './rows';
import { type Outcome, type ResultWay, deadlines, matches, pairings, resultPlayers, results, seasonEntries, seasons } from './schema';

export interface NewResultPlayer {
  player: string;
  seat: number;
  outcome: Outcome;
  place: number;
  warband: Json | null;
  vpFor: number;
  vpAgainst: number;
}

export interface NewResult {
  leagueId: string;
  seasonId: number | null;
  pairingId: number | null;
  matchId: string | null;
  way: ResultWay;
  winner: string | null;
  rounds: number;
  duration: number;
  ended: number;
  by?: string | null;
  reason?: string | null;
  players: readonly NewResultPlayer[];
}

export type ResultWithPlayers = ResultRow & { readonly players: readonly ResultPlayerRow[] };

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

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: being split under issue 31
export function resultsStore(db: Db, now: Clock): ResultsSync {
  const withPlayers = (rows: ResultRow[]): ResultWithPlayers[] => {
    if (rows.length === 0) return [];
    const sides = new Map<number, ResultPlayerRow[]>();
    // Chunked: SQLite allows a limited number of bound parameters per statement.
    for (let i = 0; i < rows.length; i += 500) {
      const ids = rows.slice(i, i + 500).map((r) => r.id);
      for (const p of db.select().from(resultPlayers).where(inArray(resultPlayers.resultId, ids)).orderBy(asc(resultPlayers.seat)).all()) {
        const list = sides.get(p.resultId) ?? [];
        list.push(p);
        sides.set(p.resultId, list);
      }
    }
    return rows.map((r) => ({ ...r, players: sides.get(r.id) ?? [] }));
  };
  const one = (row: ResultRow | undefined) => (row ? withPlayers([row])[0] : undefined);
  const record = (r: NewResult): ResultWithPlayers => {
    const { players, ...result } = r;
    const row = db
      .insert(results)
      .values({ ...result, by: r.by ?? null, reason: r.reason ?? null, created: now() })
      .returning()
      .get();
    const sides =
      players.length > 0
        ? db
            .insert(resultPlayers)
            .values(players.map((p) => ({ ...p, resultId: row.id })))
            .returning()
            .all()
        : [];
    return { ...row, players: sides.sort((a, b) => a.seat - b.seat) };
  };
  return {
    recordMatch(r) {
      if (r.matchId === null) throw new Error('results.recordMatch: a match result needs its match');
      const standing = db
        .select({ id: results.id })
        .from(results)
        .where(and(eq(results.matchId, r.matchId), isNull(results.overturned)))
        .get();
      if (standing) return undefined;
      const pairing = db.select().from(pairings).where(eq(pairings.matchId, r.matchId)).get();
      let seasonId = pairing?.seasonId ?? null;
      if (!pairing) {
        const running = db
          .select({ id: seasons.id })
          .from(seasons)
          .where(and(eq(seasons.leagueId, r.leagueId), eq(seasons.state, 'running')))
          .get();
        if (running) {
          const ids = r.players.map((p) => p.player);
          const signed = db
            .select({ player: seasonEntries.player })
            .from(seasonEntries)
            .where(and(eq(seasonEntries.seasonId, running.id), isNull(seasonEntries.removed), inArray(seasonEntries.player, ids)))
            .all();
          if (signed.length === ids.length) seasonId = running.id;
        }
      }
      return record({ ...r, seasonId, pairingId: pairing?.id ?? null });
    },
    record(r) {
      return record(r);
    },
    get: (id) => one(db.select().from(results).where(eq(results.id, id)).get()),
    forMatch: (matchId) =>
      one(
        db
          .select()
          .from(results)
          .where(and(eq(results.matchId, matchId), isNull(results.overturned)))
          .get(),
      ),
    standing: (leagueId, after = 0) =>
      withPlayers(
        db
          .select()
          .from(results)
          .where(and(eq(results.leagueId, leagueId), isNull(results.overturned), gt(results.id, after)))
          .orderBy(asc(results.id))
          .all(),
      ),
    ofSeason: (leagueId, seasonId) =>
      withPlayers(
        db
          .select()
          .from(results)
          .where(and(eq(results.leagueId, leagueId), seasonId === null ? isNull(results.seasonId) : eq(results.seasonId, seasonId)))
          .orderBy(asc(results.id))
          .all(),
      ),
    forPlayer: (leagueId, player, limit = 1000) =>
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
    deadlineRecord(leagueId, player) {
      const row = db
        .select({
          met: sql<number>`coalesce(sum(case when ${deadlines.outcome} = 'cancelled' then 1 else 0 end), 0)`.mapWith(Number),
          missed: sql<number>`coalesce(sum(case when ${deadlines.outcome} in ('missed', 'lapsed') then 1 else 0 end), 0)`.mapWith(Number),
        })
        .from(deadlines)
        .innerJoin(matches, eq(matches.id, deadlines.matchId))
        .where(and(eq(matches.channelId, leagueId), eq(deadlines.player, player), ne(deadlines.kind, 'reminder')))
        .get();
      return { met: row?.met ?? 0, missed: row?.missed ?? 0 };
    },
    replace(replaced, r, o) {
      if (replaced !== null) {
        const done = db
          .update(results)
          .set({ overturned: o.at, overturnedBy: o.by, overturnReason: o.reason })
          .where(and(eq(results.id, replaced), isNull(results.overturned)))
          .run().changes;
        if (done === 0) throw new Error(`results.replace: result ${replaced} is not standing`);
      }
      const made = record(r);
      if (replaced !== null) db.update(results).set({ replacedBy: made.id }).where(eq(results.id, replaced)).run();
      return made;
    },
    overturn: (id, o) =>
      db
        .update(results)
        .set({ overturned: o.at, overturnedBy: o.by, overturnReason: o.reason, replacedBy: o.replacedBy })
        .where(and(eq(results.id, id), isNull(results.overturned)))
        .run().changes > 0,
    standings(leagueId, seasonId) {
      const count = (o: Outcome) => sql<number>`sum(case when ${resultPlayers.outcome} = ${o} then 1 else 0 end)`.mapWith(Number);
      return db
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
        .groupBy(resultPlayers.player)
        .all();
    },
  };
}
