import { beforeEach, describe, expect, it } from 'vitest';
import type { NewPrompt, Store } from '../../src/store';
import { aMatch, memoryStore, testClock } from './fixture';
import type { TestClock } from './fixture';

const prompt = (over: Partial<NewPrompt>): NewPrompt => ({ matchId: 'm1', seq: 0, channelId: 't1', messageId: 'x', player: 'alice', kind: 'reply', ...over });

describe('prompts', () => {
  let clock: TestClock;
  let store: Store;
  beforeEach(async () => {
    clock = testClock();
    store = memoryStore(clock);
    await store.matches.create(aMatch());
    await store.matches.create(aMatch({ id: 'm2' }));
  });

  it('records posted prompts and lists the open ones, all or one match’s, oldest first', async () => {
    const first = await store.prompts.record(prompt({ messageId: 'a', seq: 1 }));
    expect(first).toMatchObject({ matchId: 'm1', seq: 1, channelId: 't1', messageId: 'a', player: 'alice', kind: 'reply', created: clock(), closed: null });
    clock.advance(10);
    await store.prompts.record(prompt({ matchId: 'm2', messageId: 'b' }));
    clock.advance(10);
    await store.prompts.record(prompt({ messageId: 'c', seq: 3, player: 'bob', kind: 'wound-split' }));
    expect((await store.prompts.open()).map((p) => p.messageId)).toEqual(['a', 'b', 'c']);
    expect((await store.prompts.open('m1')).map((p) => p.messageId)).toEqual(['a', 'c']);
    expect(await store.prompts.open('m3')).toEqual([]);
  });

  it('refuses the same message twice, and a prompt for no match', async () => {
    await store.prompts.record(prompt({ messageId: 'a' }));
    await expect(store.prompts.record(prompt({ messageId: 'a' }))).rejects.toThrow(/UNIQUE/);
    await expect(store.prompts.record(prompt({ matchId: 'nope', messageId: 'b' }))).rejects.toThrow(/FOREIGN KEY/);
  });

  it('closes a match’s prompts up to a seq, or all, and only once', async () => {
    await store.prompts.record(prompt({ messageId: 'a', seq: 1 }));
    await store.prompts.record(prompt({ messageId: 'b', seq: 2 }));
    await store.prompts.record(prompt({ messageId: 'c', seq: 3 }));
    await store.prompts.record(prompt({ matchId: 'm2', messageId: 'other', seq: 1 }));

    expect(await store.prompts.close('m1', 2)).toBe(2);
    expect((await store.prompts.open('m1')).map((p) => p.messageId)).toEqual(['c']);
    expect(await store.prompts.close('m1', 2)).toBe(0);

    expect(await store.prompts.close('m1')).toBe(1);
    expect((await store.prompts.open()).map((p) => p.messageId)).toEqual(['other']);
    expect(await store.prompts.open('m1')).toEqual([]);
  });
});
