/** A league's seasons: sign-ups (entries), rounds and pairings (docs/store.md "Leagues"). */
import { and, asc, desc, eq, isNull, max, ne } from 'drizzle-orm';
import type { Clock, Db } from './db';
import type { Json } from './json';
import { settled } from './promised';
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

export interface Seasons {
  /** Opens sign-ups for the league's next season (numbered after its last); fails while one is open. */
  create(s: NewSeason): Promise<SeasonRow>;
  get(id: number): Promise<SeasonRow | undefined>;
  /** The league's season in sign-up or running, if any. */
  open(leagueId: string): Promise<SeasonRow | undefined>;
  /** Moves the time sign-ups close by themselves (null: an organiser closes them). */
  setSignupDeadline(id: number, at: number | null): Promise<void>;
  /** Every season signing up or running, in any league: what the season runner looks after. */
  active(): Promise<SeasonRow[]>;
  /** The league's newest season, whatever its state. */
  latest(leagueId: string): Promise<SeasonRow | undefined>;
  /** Every season of the league, oldest first. */
  list(leagueId: string): Promise<SeasonRow[]>;
  /** Moves a season on (`running` stamps started, `closed` stamps closed); false when it was not in `from`. */
  advance(id: number, from: SeasonState, to: SeasonState, at: number): Promise<boolean>;

  /** Signs a player up (the `players` row must exist); replaces their warband if they had joined already. */
  join(e: { seasonId: number; player: string; warbandId: number | null; warband: Json; joined: number }): Promise<SeasonEntryRow>;
  /** A season's entries in sign-up order, removed players included. */
  entries(seasonId: number): Promise<SeasonEntryRow[]>;
  entry(seasonId: number, player: string): Promise<SeasonEntryRow | undefined>;
  /** An organiser removed the player; false when they were not in, or already removed. */
  removeEntry(seasonId: number, player: string, at: number): Promise<boolean>;
  /** Flags (or, with null, clears) what makes an entry's warband illegal. */
  setProblem(seasonId: number, player: string, problem: string | null): Promise<void>;

  addRound(r: { seasonId: number; number: number; started: number; deadline: number | null }): Promise<SeasonRoundRow>;
  rounds(seasonId: number): Promise<SeasonRoundRow[]>;
  /** Marks a round over; false when it already was. */
  endRound(seasonId: number, number: number, at: number): Promise<boolean>;
  /** Moves a round's deadline. */
  setRoundDeadline(seasonId: number, number: number, deadline: number | null): Promise<void>;

  addPairings(rows: readonly NewPairing[]): Promise<PairingRow[]>;
  /** A season's pairings (one round's, when given) by round and table. */
  pairings(seasonId: number, round?: number): Promise<PairingRow[]>;
  pairingOfMatch(matchId: string): Promise<PairingRow | undefined>;
  setPairingMatch(pairingId: number, matchId: string): Promise<void>;
}

export function seasonsStore(db: Db, now: Clock): Seasons {
  const getSeason = (id: number) => db.select().from(seasons).where(eq(seasons.id, id)).get();
  return {
    create(s) {
      const last = db
        .select({ n: max(seasons.number) })
        .from(seasons)
        .where(eq(seasons.leagueId, s.leagueId))
        .get();
      return settled(
        db
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
          .returning()
          .get(),
      );
    },
    get: (id) => settled(getSeason(id)),
    open: (leagueId) =>
      settled(
        db
          .select()
          .from(seasons)
          .where(and(eq(seasons.leagueId, leagueId), ne(seasons.state, 'closed')))
          .get(),
      ),
    setSignupDeadline(id, at) {
      db.update(seasons).set({ signupDeadline: at }).where(eq(seasons.id, id)).run();
      return settled(undefined);
    },
    active: () => settled(db.select().from(seasons).where(ne(seasons.state, 'closed')).orderBy(asc(seasons.id)).all()),
    latest: (leagueId) => settled(db.select().from(seasons).where(eq(seasons.leagueId, leagueId)).orderBy(desc(seasons.number)).limit(1).get()),
    list: (leagueId) => settled(db.select().from(seasons).where(eq(seasons.leagueId, leagueId)).orderBy(asc(seasons.number)).all()),
    advance(id, from, to, at) {
      const stamp = to === 'running' ? { started: at } : to === 'closed' ? { closed: at } : {};
      const changed = db
        .update(seasons)
        .set({ state: to, ...stamp })
        .where(and(eq(seasons.id, id), eq(seasons.state, from)))
        .run().changes;
      return settled(changed > 0);
    },

    join: (e) =>
      settled(
        db
          .insert(seasonEntries)
          .values({ ...e, removed: null, problem: null })
          .onConflictDoUpdate({
            target: [seasonEntries.seasonId, seasonEntries.player],
            // Joining again (a new warband, or back after leaving during sign-ups) puts the player back in.
            set: { warbandId: e.warbandId, warband: e.warband, problem: null, removed: null },
          })
          .returning()
          .get(),
      ),
    entries: (seasonId) => settled(db.select().from(seasonEntries).where(eq(seasonEntries.seasonId, seasonId)).orderBy(asc(seasonEntries.joined)).all()),
    entry: (seasonId, player) =>
      settled(
        db
          .select()
          .from(seasonEntries)
          .where(and(eq(seasonEntries.seasonId, seasonId), eq(seasonEntries.player, player)))
          .get(),
      ),
    removeEntry: (seasonId, player, at) =>
      settled(
        db
          .update(seasonEntries)
          .set({ removed: at })
          .where(and(eq(seasonEntries.seasonId, seasonId), eq(seasonEntries.player, player), isNull(seasonEntries.removed)))
          .run().changes > 0,
      ),
    setProblem(seasonId, player, problem) {
      db.update(seasonEntries)
        .set({ problem })
        .where(and(eq(seasonEntries.seasonId, seasonId), eq(seasonEntries.player, player)))
        .run();
      return settled(undefined);
    },

    addRound: (r) => settled(db.insert(seasonRounds).values(r).returning().get()),
    rounds: (seasonId) => settled(db.select().from(seasonRounds).where(eq(seasonRounds.seasonId, seasonId)).orderBy(asc(seasonRounds.number)).all()),
    endRound: (seasonId, number, at) =>
      settled(
        db
          .update(seasonRounds)
          .set({ ended: at })
          .where(and(eq(seasonRounds.seasonId, seasonId), eq(seasonRounds.number, number), isNull(seasonRounds.ended)))
          .run().changes > 0,
      ),
    setRoundDeadline(seasonId, number, deadline) {
      db.update(seasonRounds)
        .set({ deadline })
        .where(and(eq(seasonRounds.seasonId, seasonId), eq(seasonRounds.number, number)))
        .run();
      return settled(undefined);
    },

    addPairings(rows) {
      if (rows.length === 0) return settled([]);
      const at = now();
      return settled(
        db
          .insert(pairings)
          .values(rows.map((r) => ({ ...r, bye: r.bye ?? false, matchId: r.matchId ?? null, created: at })))
          .returning()
          .all(),
      );
    },
    pairings: (seasonId, round) =>
      settled(
        db
          .select()
          .from(pairings)
          .where(round === undefined ? eq(pairings.seasonId, seasonId) : and(eq(pairings.seasonId, seasonId), eq(pairings.round, round)))
          .orderBy(asc(pairings.round), asc(pairings.table))
          .all(),
      ),
    pairingOfMatch: (matchId) => settled(db.select().from(pairings).where(eq(pairings.matchId, matchId)).get()),
    setPairingMatch(pairingId, matchId) {
      db.update(pairings).set({ matchId }).where(eq(pairings.id, pairingId)).run();
      return settled(undefined);
    },
  };
}
