import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store';
import { aMatch, memoryStore, testClock } from './fixture';
import type { TestClock } from './fixture';

describe('follows', () => {
  let clock: TestClock;
  let store: Store;
  beforeEach(async () => {
    clock = testClock();
    store = memoryStore(clock);
    await store.matches.create(aMatch());
    await store.matches.create(aMatch({ id: 'm2' }));
  });

  it('adds a follower once and lists them in the order they followed', async () => {
    expect(await store.follows.add('m1', 'zed')).toBe(true);
    clock.advance(1);
    expect(await store.follows.add('m1', 'amy')).toBe(true);
    expect(await store.follows.add('m1', 'zed')).toBe(false);
    expect(await store.follows.add('m2', 'zed')).toBe(true);
    expect(await store.follows.list('m1')).toEqual(['zed', 'amy']);
    expect(await store.follows.list('m2')).toEqual(['zed']);
  });

  it('removes a follower and says whether they were following', async () => {
    await store.follows.add('m1', 'zed');
    expect(await store.follows.remove('m1', 'zed')).toBe(true);
    expect(await store.follows.remove('m1', 'zed')).toBe(false);
    expect(await store.follows.list('m1')).toEqual([]);
  });

  it('refuses to follow a match that does not exist', async () => {
    await expect(store.follows.add('nope', 'zed')).rejects.toThrow(/FOREIGN KEY/);
  });
});
