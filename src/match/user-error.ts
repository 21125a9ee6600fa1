/**
 * A refusal meant for the person who typed the command: a stable kebab-case code and a sentence they
 * understand. Handlers throw it; the one catch in bot/router.ts answers it ephemerally. Anything else
 * thrown is a bug, logged and answered with an apology.
 */
export class UserError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UserError';
  }
}

export function refuse(code: string, message: string): never {
  throw new UserError(code, message);
}
