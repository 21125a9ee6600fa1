/**
 * A match's clock as its terms set it over the defaults (docs/playing.md "Deadlines"). Here, below the
 * commands, because the league layer reads it too (a forfeit is a concession the clock made).
 */
import type { ClockTerms, Terms } from './record';

export const DEFAULT_CLOCK: ClockTerms = {
  turnHours: 48,
  promptHours: 24,
  acceptHours: 48,
  remindAt: [0.5],
  remindBeforeHours: [2],
  maxMisses: 3,
  vacationDays: 14,
};

/**
 * The most vacation days a league may give a player in a season, and so the longest `/vacation` one
 * can ask for: `/league settings clock vacation_days` and `/vacation start days` both take their
 * limit from here, and the allowance checks hold each vacation to its leagues' own numbers.
 */
export const MAX_VACATION_DAYS = 120;

/** The clock a match's terms set, over the defaults. */
export function clockOf(terms: Pick<Terms, 'clock'>): ClockTerms {
  const set = terms.clock;
  return set ? { ...DEFAULT_CLOCK, ...set } : DEFAULT_CLOCK;
}
