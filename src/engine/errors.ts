/**
 * A broken rule is a value, not an exception: a stable kebab-case code for programs and a
 * sentence for players. Throw only for a programming error.
 */
export interface RuleError {
  readonly code: string;
  readonly message: string;
}

export const ruleError = (code: string, message: string): RuleError => ({ code, message });

/** Thrown inside the engine to unwind a decision that broke a rule; decide() turns it into a value. */
export class Refusal extends Error {
  readonly error: RuleError;
  constructor(error: RuleError) {
    // A refusal is an answer on its way out, not a bug: walking the stack for it would be most of its
    // cost (self-play and legalActs refuse thousands of commands), so it is thrown without one.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(error.message);
    Error.stackTraceLimit = limit;
    this.error = error;
  }
}

/**
 * A refusal reaches the player as the engine words it, so it ends as a sentence does. Reasons worded
 * as clauses for longer sentences (a path's "R18 is not next to E10", a line's "… is 5 squares away;
 * Great Cleaver reaches 1") get their full stop here when refused on their own.
 */
export const ended = (message: string): string => (/[.!?]\)?$/.test(message) ? message : `${message}.`);

/** A clause that opens with a word, not a name or id, refused as a sentence of its own. */
export const sentence = (clause: string): string => ended(clause.charAt(0).toUpperCase() + clause.slice(1));

export function refuse(code: string, message: string): never {
  throw new Refusal(ruleError(code, ended(message)));
}
