/** The outbox worker with a stand-in client: what it sends, and that it never spins on a held row. */
import type { Client } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { OutboxWorker } from '../../src/bot/outbox-worker';
import { aMatch, memoryStore } from '../store/fixture';

function stubClient(sent: string[]): Client {
  const channel = {
    isSendable: () => true,
    send: async (m: { content?: string }) => {
      sent.push(m.content ?? '');
      return { id: String(sent.length) };
    },
  };
  return { channels: { fetch: async () => channel } } as unknown as Client;
}

describe('the outbox worker', () => {
  it('delivers other matches while an interaction holds one match’s next row, without spinning on it', async () => {
    const store = memoryStore();
    await store.matches.create(aMatch({ id: 'm1', threadId: 't1' }));
    await store.matches.create(aMatch({ id: 'm2', threadId: 't2' }));
    const sent: string[] = [];
    const worker = new OutboxWorker({ store, client: stubClient(sent), log: () => undefined });
    const [held] = await store.outbox.add([{ matchId: 'm1', channelId: 't1', body: { kind: 'reply', content: 'held' } }]);
    worker.hold(held!.id);
    await store.outbox.add([{ matchId: 'm2', channelId: 't2', body: { kind: 'text', content: 'other match' } }]);
    // Every pass reads the waiting matches: a worker that kicked the held match again and again would read it without end.
    let reads = 0;
    const waiting = store.outbox.waiting.bind(store.outbox);
    store.outbox.waiting = (limit?: number) => {
      if (++reads > 500) throw new Error('the worker spins');
      return waiting(limit);
    };
    await worker.start();
    worker.kick('m2');
    await worker.drain();
    expect(sent).toEqual(['other match']);
    expect(reads).toBeLessThan(50);
    await worker.release(held!.id);
    await worker.drain();
    expect(sent).toEqual(['other match', 'held']);
    await worker.stop();
  });

  it('a row released with its match is delivered in order without being read back', async () => {
    const store = memoryStore();
    await store.matches.create(aMatch({ id: 'm1', threadId: 't1' }));
    const sent: string[] = [];
    const worker = new OutboxWorker({ store, client: stubClient(sent), log: () => undefined });
    const [held] = await store.outbox.add([
      { matchId: 'm1', channelId: 't1', body: { kind: 'reply', content: 'held' } },
      { matchId: 'm1', channelId: 't1', body: { kind: 'text', content: 'after it' } },
    ]);
    worker.hold(held!.id);
    await worker.start();
    await worker.drain();
    expect(sent).toEqual([]);
    let reads = 0;
    const get = store.outbox.get.bind(store.outbox);
    store.outbox.get = (id) => {
      reads++;
      return get(id);
    };
    worker.release(held!.id, 'm1');
    await worker.drain();
    expect(sent).toEqual(['held', 'after it']);
    expect(reads).toBe(0);
    await worker.stop();
  });

  it('works through a burst in each match’s order without reading the whole outbox again after each delivery', async () => {
    const store = memoryStore();
    const matches = Array.from({ length: 12 }, (_, i) => `m${i}`);
    for (const id of matches) await store.matches.create(aMatch({ id, threadId: `t-${id}` }));
    const sent: string[] = [];
    const worker = new OutboxWorker({ store, client: stubClient(sent), log: () => undefined, concurrency: 2 });
    await worker.start();
    const calls = { waiting: 0, head: 0 };
    const waiting = store.outbox.waiting.bind(store.outbox);
    const head = store.outbox.head.bind(store.outbox);
    store.outbox.waiting = (...args) => {
      calls.waiting++;
      return waiting(...args);
    };
    store.outbox.head = (id) => {
      calls.head++;
      return head(id);
    };
    for (const id of matches) {
      await store.outbox.add([1, 2, 3].map((n) => ({ matchId: id, channelId: `t-${id}`, body: { kind: 'text', content: `${id} post ${n}` } })));
      worker.kick(id);
    }
    // Waits for the 36th post however long a loaded machine takes (drain() would read the waiting matches).
    while (sent.length < 36) await new Promise((r) => setTimeout(r, 5));
    for (const id of matches) expect(sent.filter((c) => c.startsWith(`${id} `))).toEqual([1, 2, 3].map((n) => `${id} post ${n}`));
    // Each match's loop reads its head once per row and once more to find none left; nothing rescans.
    expect(calls.waiting).toBe(0);
    expect(calls.head).toBeLessThanOrEqual(matches.length * 4);
    await worker.stop();
  }, 30_000);

  it("with a shard, delivers only its own guilds' posts, and logs a failure with the match and guild", async () => {
    const store = memoryStore();
    // Guild ids whose timestamp part is even (shard 0 of 2) and odd (shard 1).
    const even = (2n << 22n).toString();
    const odd = (3n << 22n).toString();
    await store.matches.create(aMatch({ id: 'mine', threadId: 't1', guildId: even }));
    await store.matches.create(aMatch({ id: 'theirs', threadId: 't2', guildId: odd }));
    const sent: string[] = [];
    const lines: { message: string; context: unknown }[] = [];
    const worker = new OutboxWorker({
      store,
      client: stubClient(sent),
      log: (message, _error, context) => void lines.push({ message, context }),
      shard: { id: 0, count: 2 },
    });
    await store.outbox.add([{ matchId: 'mine', channelId: 't1', body: { kind: 'text', content: 'mine' } }]);
    await store.outbox.add([{ matchId: 'theirs', channelId: 't2', body: { kind: 'text', content: 'theirs' } }]);
    await worker.start();
    worker.kick('theirs');
    await worker.drain();
    expect(sent).toEqual(['mine']);
    expect(await store.outbox.pending('theirs')).toHaveLength(1);

    const failing = new OutboxWorker({
      store,
      client: { channels: { fetch: async () => Promise.reject(new Error('Discord is down')) } } as unknown as Client,
      log: (message, _error, context) => void lines.push({ message, context }),
      shard: { id: 1, count: 2 },
    });
    await failing.start();
    await failing.drain();
    await failing.stop();
    await worker.stop();
    expect(lines.find((l) => l.message.includes('a post for match theirs failed'))?.context).toMatchObject({ matchId: 'theirs', guildId: odd });
  });
});
