import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store';
import { aMatch, memoryStore, testClock } from './fixture';
import type { TestClock } from './fixture';

describe('follows', () => {
  let clock: TestClock;
  let store: Store;
  beforeEach(() => {
    clock = testClock();
    store = memoryStore(clock);
    store.matches.create(aMatch());
    store.matches.create(aMatch({ id: 'm2' }));
  });

  it('adds a follower once and lists them in the order they followed', () => {
    expect(store.follows.add('m1', 'zed')).toBe(true);
    clock.advance(1);
    expect(store.follows.add('m1', 'amy')).toBe(true);
    expect(store.follows.add('m1', 'zed')).toBe(false);
    expect(store.follows.add('m2', 'zed')).toBe(true);
    expect(store.follows.list('m1')).toEqual(['zed', 'amy']);
    expect(store.follows.list('m2')).toEqual(['zed']);
  });

  it('removes a follower and says whether they were following', () => {
    store.follows.add('m1', 'zed');
    expect(store.follows.remove('m1', 'zed')).toBe(true);
    expect(store.follows.remove('m1', 'zed')).toBe(false);
    expect(store.follows.list('m1')).toEqual([]);
  });

  it('refuses to follow a match that does not exist', () => {
    expect(() => store.follows.add('nope', 'zed')).toThrow(/FOREIGN KEY/);
  });
});
