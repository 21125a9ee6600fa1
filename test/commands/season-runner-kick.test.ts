/**
 * The season runner is kicked from inside a change's transaction (match/ending.ts `recordEnding`): its pass
 * must run outside that transaction, after it, not inside it while it is still open.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { SeasonRunner, type SeasonApp } from '../../src/league/season-runner';
import type { Store } from '../../src/store';
import { memoryStore } from '../store/fixture';

describe('the season runner', () => {
  it('runs a pass kicked inside a transaction once the transaction is over, outside it', async () => {
    const store = memoryStore();
    const order: string[] = [];
    const seen: Store = {
      ...store,
      seasons: {
        ...store.seasons,
        active: async () => {
          const active = await store.seasons.active();
          order.push('pass');
          return active;
        },
      },
    };
    const app = { store: seen, log: () => undefined } as unknown as SeasonApp;
    const runner = new SeasonRunner(() => app);
    await store.transaction(async (tx) => {
      runner.kick();
      // The body outlives the kick's turn of the event loop (as every query does on PostgreSQL).
      await sleep(30);
      await tx.players.upsert({ id: 'alice', name: 'Alice' });
      order.push('transaction');
    });
    await runner.idle();
    expect(order).toEqual(['transaction', 'pass']);
  });
});
