/**
 * What counts as a busy database (store/busy.ts): SQLite's busy codes and PostgreSQL's lock and
 * serialization SQLSTATEs, found on the error itself or down the cause chain drizzle wraps it in.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isBusy } from '../../src/store';

const withCode = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });
/** The way drizzle 0.45 reports a failed query: the driver's error as `cause`, inside a transaction's rethrow. */
const wrapped = (code: string) => new Error('the transaction failed', { cause: new DrizzleQueryError('select 1', [], withCode(code)) });

describe('isBusy', () => {
  it.each(['40001', '40P01', '55P03'])('is true for PostgreSQL %s, on the error and down its cause chain', (code) => {
    expect(isBusy(withCode(code))).toBe(true);
    expect(isBusy(wrapped(code))).toBe(true);
  });

  it('is true for SQLite busy and locked codes', () => {
    expect(isBusy(withCode('SQLITE_BUSY'))).toBe(true);
    expect(isBusy(withCode('SQLITE_LOCKED_SHAREDCACHE'))).toBe(true);
  });

  it('is false for other errors', () => {
    expect(isBusy(withCode('23505'))).toBe(false);
    expect(isBusy(wrapped('23505'))).toBe(false);
    expect(isBusy(new Error('plain'))).toBe(false);
    expect(isBusy({ code: '40P01' })).toBe(false);
    expect(isBusy(undefined)).toBe(false);
  });

  it('stops on a cause chain that loops', () => {
    const looped = new Error('loop');
    looped.cause = looped;
    expect(isBusy(looped)).toBe(false);
  });
});
