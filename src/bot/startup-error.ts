/**
 * A reason the bot cannot start that the person starting it can fix (a database it cannot write, a
 * token Discord refuses, another bot on the same database). `npm start` prints the message alone and
 * exits; anything else thrown at start-up is a bug and keeps its stack.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
