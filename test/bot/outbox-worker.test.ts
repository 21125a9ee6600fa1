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
});
