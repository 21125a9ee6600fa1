/**
 * A broken rule is a value, not an exception (STYLE.md 3): a stable kebab-case code for programs and a
 * sentence for players. Throw only for a programming error.
 */
export interface RuleError {
  readonly code: string;
  readonly message: string;
}

export const ruleError = (code: string, message: string): RuleError => ({ code, message });

/** Thrown inside the engine to unwind a decision that broke a rule; decide() turns it into a value. */
export class Refusal extends Error {
  constructor(readonly error: RuleError) {
    super(error.message);
  }
}

export function refuse(code: string, message: string): never {
  throw new Refusal(ruleError(code, message));
}
