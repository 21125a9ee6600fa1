/** Shared set-up for the store tests: a private in-memory store on a clock the test controls. */
import { onTestFinished } from 'vitest';
import { openStore } from '../../src/store';
import type { NewMatch, Store } from '../../src/store';

export interface TestClock {
  (): number;
  /** Moves the clock on by `ms` and returns the new time. */
  advance(ms: number): number;
}

export function testClock(start = 1_700_000_000_000): TestClock {
  let now = start;
  return Object.assign(() => now, { advance: (ms: number) => (now += ms) });
}

/**
 * A fresh `:memory:` store, closed when the test that opened it (or its beforeEach) finishes: tied to
 * that test, not to a hook this module registers once when it is loaded.
 */
export function memoryStore(clock: TestClock = testClock()): Store {
  const store = openStore(':memory:', { now: clock });
  onTestFinished(() => store.close());
  return store;
}

export const aMatch = (over: Partial<NewMatch> = {}): NewMatch => ({
  id: 'm1',
  guildId: 'g1',
  channelId: 'c1',
  players: ['alice', 'bob'],
  terms: { points: 100, map: 'barrow-hill', accepted: {} },
  ...over,
});
