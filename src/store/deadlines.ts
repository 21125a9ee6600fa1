import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Clock, Db } from './db';
import type { DeadlineRow } from './rows';
import { deadlines } from './schema';

export interface NewDeadline {
  matchId: string;
  /** When it falls due, in ms since the epoch. */
  due: number;
  kind: string;
  player?: string | null;
}

export interface Deadlines {
  add(d: NewDeadline): DeadlineRow;
  /** Pending deadlines due at or before `now`, earliest first. */
  due(now: number, limit?: number): DeadlineRow[];
  /**
   * Marks one done. True only for the caller that marked it, so when several processes see the same
   * due row, exactly one handles it: call this first and act only on true.
   */
  done(id: number): boolean;
  /** Marks a match's pending deadlines done (say, when it ends); returns how many. */
  doneForMatch(matchId: string): number;
}

export function deadlinesStore(db: Db, now: Clock): Deadlines {
  return {
    add: (d) =>
      db
        .insert(deadlines)
        .values({ matchId: d.matchId, due: d.due, kind: d.kind, player: d.player ?? null })
        .returning()
        .get(),
    due(at, limit) {
      const query = db
        .select()
        .from(deadlines)
        .where(and(isNull(deadlines.done), lte(deadlines.due, at)))
        .orderBy(asc(deadlines.due), asc(deadlines.id));
      return limit === undefined ? query.all() : query.limit(limit).all();
    },
    done: (id) =>
      db
        .update(deadlines)
        .set({ done: now() })
        .where(and(eq(deadlines.id, id), isNull(deadlines.done)))
        .run().changes > 0,
    doneForMatch: (matchId) =>
      db
        .update(deadlines)
        .set({ done: now() })
        .where(and(eq(deadlines.matchId, matchId), isNull(deadlines.done)))
        .run().changes,
  };
}
