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

export function refuse(code: string, message: string): never {
  throw new Refusal(ruleError(code, message));
}
