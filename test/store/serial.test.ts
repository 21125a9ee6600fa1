/**
 * One connection, in turn (docs/store.md): an async transaction body holds the SQLite connection, so
 * other callers' queries wait for it instead of running inside it.
 */
import { describe, expect, it } from 'vitest';
import { aMatch, memoryStore } from './fixture';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the store on one SQLite connection', () => {
  it('keeps other callers out of an open transaction: they neither see its rows nor share its rollback', async () => {
    const store = memoryStore();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: string[] = [];
    const failed = store
      .transaction(async (tx) => {
        await tx.matches.create(aMatch());
        seen.push('created');
        // The body pauses between its queries (as when it awaits one): others' code runs meanwhile.
        await gate;
        throw new Error('refused');
      })
      .catch((error: Error) => error.message);
    await tick();
    expect(seen).toEqual(['created']);
    // Another caller's read and write wait for the transaction to end…
    const read = store.matches.get('m1').then((row) => {
      seen.push('read');
      return row;
    });
    const write = store.players.upsert({ id: 'zed', name: 'Zed' }).then(() => seen.push('wrote'));
    await tick();
    expect(seen).toEqual(['created']);
    release();
    expect(await failed).toBe('refused');
    // …so the read does not see the rolled-back match, and the write was not rolled back with it.
    expect(await read).toBeUndefined();
    await write;
    expect(seen).toEqual(['created', 'read', 'wrote']);
    expect(await store.players.get('zed')).toMatchObject({ name: 'Zed' });
  });

  it('runs transactions one after another, and a body may call the store itself or nest a savepoint', async () => {
    const store = memoryStore();
    const order: string[] = [];
    const one = await store.transaction(async () => {
      order.push('one begins');
      await store.matches.create(aMatch());
      await tick();
      // A failed savepoint rolls back alone.
      await expect(
        store.transaction(async (tx) => {
          await tx.players.upsert({ id: 'ghost', name: 'Ghost' });
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      order.push('one ends');
    });
    const two = await store.transaction(async (tx) => {
      order.push('two begins');
      return (await tx.matches.get('m1'))?.id;
    });
    await Promise.all([one, two]);
    expect(order).toEqual(['one begins', 'one ends', 'two begins']);
    expect(await two).toBe('m1');
    expect(await store.players.get('ghost')).toBeUndefined();
  });
});
