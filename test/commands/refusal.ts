import { UserError } from '../../src/match/user-error';

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

/** `refusal` of a call that may answer a Promise (a store read or write): its rejection is the refusal. */
export async function refusedAsync(fn: () => unknown): Promise<{ code: string; message: string }> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof UserError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal, but the call succeeded');
}
