/**
 * What both backends' results queries share (results.ts for SQLite, results-pg.ts for PostgreSQL): the
 * rows a result writes, how sides are joined to results, and the conditions and columns of the reads,
 * over either dialect's tables. Each backend only runs them.
 */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Json } from './json';
import type { ResultPlayerRow, ResultRow } from './rows';
import type { Outcome, ResultWay } from './schema';
import type * as lite from './schema';
import type * as pg from './schema-pg';

type Results = typeof lite.results | typeof pg.results;
type ResultPlayers = typeof lite.resultPlayers | typeof pg.resultPlayers;
type SeasonEntries = typeof lite.seasonEntries | typeof pg.seasonEntries;
type Deadlines = typeof lite.deadlines | typeof pg.deadlines;
type Matches = typeof lite.matches | typeof pg.matches;

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

/** How many result ids one query of their sides names: SQLite allows a limited number of bound parameters per statement. */
const SIDES_CHUNK = 500;

/** The ids of `rows` in chunks, each read in one query of their sides. */
export function idChunks(rows: readonly ResultRow[]): number[][] {
  const chunks: number[][] = [];
  for (let i = 0; i < rows.length; i += SIDES_CHUNK) chunks.push(rows.slice(i, i + SIDES_CHUNK).map((r) => r.id));
  return chunks;
}

/** Results with their players' sides (`sides` in seat order, as read). */
export function attachSides(rows: readonly ResultRow[], sides: readonly ResultPlayerRow[]): ResultWithPlayers[] {
  const byResult = new Map<number, ResultPlayerRow[]>();
  for (const p of sides) {
    const list = byResult.get(p.resultId) ?? [];
    list.push(p);
    byResult.set(p.resultId, list);
  }
  return rows.map((r) => ({ ...r, players: byResult.get(r.id) ?? [] }));
}

/** A result's row and, once it has an id, its players' sides. */
export function toRecord(r: NewResult, at: number) {
  const { players, ...result } = r;
  return {
    row: { ...result, by: r.by ?? null, reason: r.reason ?? null, created: at },
    players,
    sides: (resultId: number) => players.map((p) => ({ ...p, resultId })),
  };
}

/** The match's standing (not overturned) result. */
export const standingOf = (table: Results, matchId: string) => and(eq(table.matchId, matchId), isNull(table.overturned));

/** A league's results of a season (with null, outside seasons). */
export const ofLeague = (table: Results, leagueId: string, seasonId: number | null) =>
  and(eq(table.leagueId, leagueId), seasonId === null ? isNull(table.seasonId) : eq(table.seasonId, seasonId));

/** These players, signed up for the running season and not removed: a result counts for it when all are. */
export const fromRunningSeason = (table: SeasonEntries, seasonId: number, players: string[]) =>
  and(eq(table.seasonId, seasonId), isNull(table.removed), inArray(table.player, players));

/** What overturning a result stamps on it. */
export const overturnedSet = (o: { by: string; reason: string; at: number }) => ({ overturned: o.at, overturnedBy: o.by, overturnReason: o.reason });

/** A player's deadlines met (the wait ended in time) and missed (the clock acted, or their challenge lapsed). */
export const deadlineRecordColumns = (d: Deadlines) => ({
  met: sql<number>`coalesce(sum(case when ${d.outcome} = 'cancelled' then 1 else 0 end), 0)`.mapWith(Number),
  missed: sql<number>`coalesce(sum(case when ${d.outcome} in ('missed', 'lapsed') then 1 else 0 end), 0)`.mapWith(Number),
});

/** A player's deadlines in the league's matches (joined on the match); reminders are not deadlines. */
export const deadlineRecordOf = (t: { deadlines: Deadlines; matches: Matches }, leagueId: string, player: string) =>
  and(eq(t.matches.channelId, leagueId), eq(t.deadlines.player, player), ne(t.deadlines.kind, 'reminder'));

/** One player's line of the standings, counted over their sides (grouped by player). */
export const standingsColumns = <P extends ResultPlayers>(rp: P) => {
  const count = (o: Outcome) => sql<number>`sum(case when ${rp.outcome} = ${o} then 1 else 0 end)`.mapWith(Number);
  return {
    player: rp.player as P['player'],
    played: sql<number>`count(*)`.mapWith(Number),
    won: count('win'),
    drawn: count('draw'),
    lost: count('loss'),
    forfeits: count('forfeit'),
    vpFor: sql<number>`sum(${rp.vpFor})`.mapWith(Number),
    vpAgainst: sql<number>`sum(${rp.vpAgainst})`.mapWith(Number),
  };
};

/** The standing results of a season (of the whole league when `seasonId` is undefined). */
export const standingsOf = (t: { results: Results }, leagueId: string, seasonId?: number) =>
  and(eq(t.results.leagueId, leagueId), isNull(t.results.overturned), seasonId === undefined ? undefined : eq(t.results.seasonId, seasonId));
