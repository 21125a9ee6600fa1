/**
 * Time away (/vacation). Times are the game clock's (the caller passes them), like deadlines' due
 * times, so a test or the sandbox that moves its clock moves vacations with it.
 */
import { and, asc, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Async } from './async';
import type { Db } from './db';
import type { VacationRow } from './rows';
import { vacations } from './schema';

/** The synchronous queries on one SQLite connection; callers see {@link Vacations}. */
export interface VacationsSync {
  add(v: { userId: string; days: number; start: number; until: number }): VacationRow;
  /** The vacation running at `at`: started, not ended early, not yet over. */
  current(userId: string, at: number): VacationRow | undefined;
  /** Ends a running vacation early. */
  end(id: number, at: number): boolean;
  /** A player's vacations that started at or after `from`, oldest first. */
  since(userId: string, from: number): VacationRow[];
}

/** What callers see: every query answers a Promise. */
export type Vacations = Async<VacationsSync>;

export function vacationsStore(db: Db): VacationsSync {
  // Asked for every new wait of every match: prepared once.
  const running = db
    .select()
    .from(vacations)
    .where(and(eq(vacations.userId, sql.placeholder('userId')), isNull(vacations.ended), gt(vacations.until, sql.placeholder('at'))))
    .orderBy(desc(vacations.start))
    .limit(1)
    .prepare();
  return {
    add: (v) => db.insert(vacations).values(v).returning().get(),
    current: (userId, at) => running.get({ userId, at }),
    end: (id, at) =>
      db
        .update(vacations)
        .set({ ended: at })
        .where(and(eq(vacations.id, id), isNull(vacations.ended)))
        .run().changes > 0,
    since: (userId, from) =>
      db
        .select()
        .from(vacations)
        .where(and(eq(vacations.userId, userId), gte(vacations.start, from)))
        .orderBy(asc(vacations.start))
        .all(),
  };
}
