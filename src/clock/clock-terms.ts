/**
 * The clock of a match (docs/playing.md "Deadlines"): how long each wait may last, when reminders go
 * out, how many missed deadlines forfeit the match, and the vacation allowance. They live in the
 * match's terms, so a league (a later issue) or a challenge can set them per match; a match made
 * before they existed reads the defaults.
 */
import type { ClockTerms } from '../match/record';

// The defaults and the merge live below the commands (the league layer reads them too).
export { DEFAULT_CLOCK, MAX_VACATION_DAYS, clockOf } from '../match/clock';

// Stored in the terms, so it is typed beside them (match/record.ts).
export type { ClockTerms } from '../match/record';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A challenge's options, as the clock they set (only what was given; the rest stays default). */
export function clockFromOptions(o: {
  turnHours?: number | undefined;
  promptHours?: number | undefined;
  misses?: number | undefined;
}): Partial<ClockTerms> | undefined {
  const set: { -readonly [K in keyof ClockTerms]?: ClockTerms[K] } = {};
  if (o.turnHours !== undefined) set.turnHours = o.turnHours;
  if (o.promptHours !== undefined) set.promptHours = o.promptHours;
  if (o.misses !== undefined) set.maxMisses = o.misses;
  return Object.keys(set).length > 0 ? set : undefined;
}

/** "48 h", "1.5 h", "3 days" */
export function hoursText(hours: number): string {
  if (hours >= 72 && hours % 24 === 0) return `${hours / 24} days`;
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h`;
}

/** A Discord timestamp: shown in each reader's own time zone and language. */
export const discordTime = (ms: number, style: 'R' | 'f' | 'F' | 'D' | 't' = 'R') => `<t:${Math.floor(ms / 1000)}:${style}>`;

/**
 * The match's clock in one line, for the challenge; `accept: false` for a match nobody accepts (a league
 * pairing). `table: true` for a game played through its ruleset's table rules, whose turn is a player's
 * (each of its steps) and whose prompts are its own: the default game's words (a unit's turn, a wound
 * split) are not its.
 */
export const clockLine = (c: ClockTerms, o: { readonly accept?: boolean; readonly table?: boolean } = {}): string => {
  const turn = o.table ? 'for each turn' : "for each unit's turn";
  const prompt = o.table ? 'for each answer to a prompt' : 'for each reply, wound split or setup choice';
  return `⏱️ Deadlines: ${o.accept === false ? '' : `${hoursText(c.acceptHours)} to accept, `}${hoursText(c.turnHours)} ${turn}, ${hoursText(c.promptHours)} ${prompt}; ${c.maxMisses} missed deadline${c.maxMisses === 1 ? '' : 's'} forfeit the match.`;
};
