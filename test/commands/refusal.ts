import { UserError } from '../../src/commands/user-error';

/** The refusal a call throws, as { code, message }; fails the test when the call succeeds. */
export function refusal(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof UserError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal, but the call succeeded');
}
