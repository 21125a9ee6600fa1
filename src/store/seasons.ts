/** A league's seasons: sign-ups (entries), rounds and pairings (docs/store.md "Leagues"). */
import { and, asc, desc, eq, isNull, max, ne } from 'drizzle-orm';
import type { Clock, Db } from './db';
import type { Json } from './json';
import type { Async } from './async';
import type { PairingRow, SeasonEntryRow, SeasonRoundRow, SeasonRow } from './rows';
import { type PairingSystem, type SeasonState, pairings, seasonEntries, seasonRounds, seasons } from './schema';

export interface NewSeason {
  leagueId: string;
  pairing: PairingSystem;
  rounds?: number | null;
  roundHours?: number | null;
  /** When sign-ups close by themselves; null: an organiser closes them. */
  signupDeadline?: number | null;
  settings?: unknown;
}

export interface NewPairing {
  seasonId: number;
  round: number;
  table: number;
  players: readonly string[];
  bye?: boolean;
  matchId?: string | null;
}

/** The synchronous queries on one SQLite connection; callers see {@link Seasons}. */
export interface SeasonsSync {
  /** Opens sign-ups for the league's next season (numbered after its last); fails while one is open. */
  create(s: NewSeason): SeasonRow;
  get(id: number): SeasonRow | undefined;
  /** The league's season in sign-up or running, if any. */
  open(leagueId: string): SeasonRow | undefined;
  /** Moves the time sign-ups close by themselves (null: an organiser closes them). */
  setSignupDeadline(id: number, at: number | null): void;
  /** Every season signing up or running, in any league: what the season runner looks after. */
  active(): SeasonRow[];
  /** The league's newest season, whatever its state. */
  latest(leagueId: string): SeasonRow | undefined;
  /** Every season of the league, oldest first. */
  list(leagueId: string): SeasonRow[];
  /** Moves a season on (`running` stamps started, `closed` stamps closed); false when it was not in `from`. */
  advance(id: number, from: SeasonState, to: SeasonState, at: number): boolean;

  /** Signs a player up (the `players` row must exist); replaces their warband if they had joined already. */
  join(e: { seasonId: number; player: string; warbandId: number | null; warband: Json; joined: number }): SeasonEntryRow;
  /** A season's entries in sign-up order, removed players included. */
  entries(seasonId: number): SeasonEntryRow[];
  entry(seasonId: number, player: string): SeasonEntryRow | undefined;
  /** An organiser removed the player; false when they were not in, or already removed. */
  removeEntry(seasonId: number, player: string, at: number): boolean;
  /** Flags (or, with null, clears) what makes an entry's warband illegal. */
  setProblem(seasonId: number, player: string, problem: string | null): void;

  addRound(r: { seasonId: number; number: number; started: number; deadline: number | null }): SeasonRoundRow;
  rounds(seasonId: number): SeasonRoundRow[];
  /** Marks a round over; false when it already was. */
  endRound(seasonId: number, number: number, at: number): boolean;
  /** Moves a round's deadline. */
  setRoundDeadline(seasonId: number, number: number, deadline: number | null): void;

  addPairings(rows: readonly NewPairing[]): PairingRow[];
  /** A season's pairings (one round's, when given) by round and table. */
  pairings(seasonId: number, round?: number): PairingRow[];
  pairingOfMatch(matchId: string): PairingRow | undefined;
  setPairingMatch(pairingId: number, matchId: string): void;
}

/** What callers see: every query answers a Promise. */
export type Seasons = Async<SeasonsSync>;

/** The league's next season (after number `last`), signing up: the row both backends insert. */
export const newSeasonRow = (s: NewSeason, last: number, at: number) => ({
  leagueId: s.leagueId,
  number: last + 1,
  state: 'signup' as const,
  pairing: s.pairing,
  rounds: s.rounds ?? null,
  roundHours: s.roundHours ?? null,
  signupDeadline: s.signupDeadline ?? null,
  settings: s.settings ?? null,
  created: at,
});

/** A season moved on to `to`: `running` stamps started, `closed` stamps closed. */
export const advanceSet = (to: SeasonState, at: number) => ({ state: to, ...(to === 'running' ? { started: at } : to === 'closed' ? { closed: at } : {}) });

/** Joining again (a new warband, or back after leaving during sign-ups) puts the player back in. */
export const rejoinSet = (e: { warbandId: number | null; warband: Json }) => ({ warbandId: e.warbandId, warband: e.warband, problem: null, removed: null });

/** New pairings, made at `at`: not a bye and without a match unless said. */
export const newPairingRows = (rows: readonly NewPairing[], at: number) =>
  rows.map((r) => ({ ...r, bye: r.bye ?? false, matchId: r.matchId ?? null, created: at }));

export function seasonsStore(db: Db, now: Clock): SeasonsSync {
  const getSeason = (id: number) => db.select().from(seasons).where(eq(seasons.id, id)).get();
  return {
    create(s) {
      const last = db
        .select({ n: max(seasons.number) })
        .from(seasons)
        .where(eq(seasons.leagueId, s.leagueId))
        .get();
      return db
        .insert(seasons)
        .values(newSeasonRow(s, last?.n ?? 0, now()))
        .returning()
        .get();
    },
    get: (id) => getSeason(id),
    open: (leagueId) =>
      db
        .select()
        .from(seasons)
        .where(and(eq(seasons.leagueId, leagueId), ne(seasons.state, 'closed')))
        .get(),
    setSignupDeadline(id, at) {
      db.update(seasons).set({ signupDeadline: at }).where(eq(seasons.id, id)).run();
    },
    active: () => db.select().from(seasons).where(ne(seasons.state, 'closed')).orderBy(asc(seasons.id)).all(),
    latest: (leagueId) => db.select().from(seasons).where(eq(seasons.leagueId, leagueId)).orderBy(desc(seasons.number)).limit(1).get(),
    list: (leagueId) => db.select().from(seasons).where(eq(seasons.leagueId, leagueId)).orderBy(asc(seasons.number)).all(),
    advance(id, from, to, at) {
      const changed = db
        .update(seasons)
        .set(advanceSet(to, at))
        .where(and(eq(seasons.id, id), eq(seasons.state, from)))
        .run().changes;
      return changed > 0;
    },

    join: (e) =>
      db
        .insert(seasonEntries)
        .values({ ...e, removed: null, problem: null })
        .onConflictDoUpdate({ target: [seasonEntries.seasonId, seasonEntries.player], set: rejoinSet(e) })
        .returning()
        .get(),
    entries: (seasonId) => db.select().from(seasonEntries).where(eq(seasonEntries.seasonId, seasonId)).orderBy(asc(seasonEntries.joined)).all(),
    entry: (seasonId, player) =>
      db
        .select()
        .from(seasonEntries)
        .where(and(eq(seasonEntries.seasonId, seasonId), eq(seasonEntries.player, player)))
        .get(),
    removeEntry: (seasonId, player, at) =>
      db
        .update(seasonEntries)
        .set({ removed: at })
        .where(and(eq(seasonEntries.seasonId, seasonId), eq(seasonEntries.player, player), isNull(seasonEntries.removed)))
        .run().changes > 0,
    setProblem(seasonId, player, problem) {
      db.update(seasonEntries)
        .set({ problem })
        .where(and(eq(seasonEntries.seasonId, seasonId), eq(seasonEntries.player, player)))
        .run();
    },

    addRound: (r) => db.insert(seasonRounds).values(r).returning().get(),
    rounds: (seasonId) => db.select().from(seasonRounds).where(eq(seasonRounds.seasonId, seasonId)).orderBy(asc(seasonRounds.number)).all(),
    endRound: (seasonId, number, at) =>
      db
        .update(seasonRounds)
        .set({ ended: at })
        .where(and(eq(seasonRounds.seasonId, seasonId), eq(seasonRounds.number, number), isNull(seasonRounds.ended)))
        .run().changes > 0,
    setRoundDeadline(seasonId, number, deadline) {
      db.update(seasonRounds)
        .set({ deadline })
        .where(and(eq(seasonRounds.seasonId, seasonId), eq(seasonRounds.number, number)))
        .run();
    },

    addPairings(rows) {
      if (rows.length === 0) return [];
      return db.insert(pairings).values(newPairingRows(rows, now())).returning().all();
    },
    pairings: (seasonId, round) =>
      db
        .select()
        .from(pairings)
        .where(round === undefined ? eq(pairings.seasonId, seasonId) : and(eq(pairings.seasonId, seasonId), eq(pairings.round, round)))
        .orderBy(asc(pairings.round), asc(pairings.table))
        .all(),
    pairingOfMatch: (matchId) => db.select().from(pairings).where(eq(pairings.matchId, matchId)).get(),
    setPairingMatch(pairingId, matchId) {
      db.update(pairings).set({ matchId }).where(eq(pairings.id, pairingId)).run();
    },
  };
}
