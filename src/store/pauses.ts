/**
 * Paused matches (schema `match_pauses`), timed on the game clock (the one deadlines use, which tests move): a match whose thread the bot can no longer post in holds
 * still until `/skirmish reopen` gives it a new one. Pausing pushes the match's pending deadlines out
 * of reach in the same statement group, and resuming pulls them back by the time the match was
 * paused, as a vacation moves a player's; so no deadline runs while paused and none is lost.
 */
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Async } from './async';
import type { Db } from './db';
import { deadlines, matchPauses } from './schema';

/** How far a paused match's deadlines are pushed: far past any real deadline, well inside a safe integer. */
export const PAUSE_OFFSET_MS = 100 * 365 * 24 * 3_600_000;

export interface MatchPause {
  readonly matchId: string;
  readonly since: number;
  readonly threadId: string | null;
  readonly reason: string;
}

/** The synchronous queries on one SQLite connection; callers see {@link Pauses}. */
export interface PausesSync {
  /** Pauses the match at `at` on the game clock (true) unless it already is (false: nothing changes). Call it in a transaction. */
  pause(matchId: string, at: number, threadId: string | null, reason: string): boolean;
  /** Ends the pause at `at` on the game clock and moves the deadlines back by the time paused; the pause it ended, if any. */
  resume(matchId: string, at: number): MatchPause | undefined;
  get(matchId: string): MatchPause | undefined;
  /** The pauses among these matches (for `/games`). */
  among(matchIds: readonly string[]): MatchPause[];
}

export type Pauses = Async<PausesSync>;

export function pausesStore(db: Db): PausesSync {
  const get = (matchId: string) => db.select().from(matchPauses).where(eq(matchPauses.matchId, matchId)).get();
  const pending = (matchId: string) => and(eq(deadlines.matchId, matchId), isNull(deadlines.done));
  return {
    pause(matchId, at, threadId, reason) {
      const added = db.insert(matchPauses).values({ matchId, since: at, threadId, reason }).onConflictDoNothing().run().changes > 0;
      if (added)
        db.update(deadlines)
          .set({ due: sql`${deadlines.due} + ${PAUSE_OFFSET_MS}` })
          .where(pending(matchId))
          .run();
      return added;
    },
    resume(matchId, at) {
      const paused = get(matchId);
      if (!paused) return undefined;
      db.delete(matchPauses).where(eq(matchPauses.matchId, matchId)).run();
      // Only the rows the pause pushed: a deadline added while paused keeps its time.
      const back = PAUSE_OFFSET_MS - Math.max(0, at - paused.since);
      db.update(deadlines)
        .set({ due: sql`${deadlines.due} - ${back}` })
        .where(and(pending(matchId), gte(deadlines.due, paused.since + PAUSE_OFFSET_MS / 2)))
        .run();
      return paused;
    },
    get,
    among: (matchIds) =>
      matchIds.length === 0
        ? []
        : db
            .select()
            .from(matchPauses)
            .where(inArray(matchPauses.matchId, [...matchIds]))
            .all(),
  };
}
