/**
 * One lease per shard: two processes for different shards of one bot run side by side on one
 * database; a second process for the same shard is refused and told who holds it. And the shard a
 * process is, as discord.js's ShardingManager tells it through the environment.
 */
import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseName, shardFromEnvironment } from '../../src/bot/shard';
import { shardCount, shardsSetting } from '../../src/bot/shards';
import { startBot, type RunningBot } from '../../src/bot/start';
import { StartupError } from '../../src/bot/startup-error';
import { createMetrics } from '../../src/bot/metrics';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';
import { aMatch, memoryStore } from '../store/fixture';

let fake: FakeDiscord;
const running: RunningBot[] = [];
beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000, shards: 2, guilds: [{ name: 'Second' }] });
});
afterAll(async () => {
  for (const bot of running) await bot.stop();
  await fake?.close();
});

describe('shards', () => {
  it('reads its shard from what the sharding manager puts in the environment', () => {
    expect(shardFromEnvironment({})).toBeUndefined();
    expect(shardFromEnvironment({ SHARDING_MANAGER: 'true', SHARDS: '1', SHARD_COUNT: '3' })).toEqual({ id: 1, count: 3 });
    expect(() => shardFromEnvironment({ SHARDING_MANAGER: 'true', SHARDS: '3', SHARD_COUNT: '3' })).toThrow(/SHARDS=3/);
    expect(leaseName(undefined)).toBe('bot');
    expect(leaseName({ id: 1, count: 3 })).toBe('bot shard 1/3');
  });

  it('takes the shard count from SHARDS, or for auto from Discord', async () => {
    expect(await shardCount(shardsSetting('3')!, 'token')).toBe(3);
    expect(await shardCount(shardsSetting(' Auto ')!, 'token', fake.apiBase)).toBe(2);
  });

  it('refuses a SHARDS that is empty or neither auto nor a whole number of at least 1, with one sentence', () => {
    expect(shardsSetting(undefined)).toBeUndefined();
    expect(shardsSetting(' 4 ')).toBe(4);
    const refusal = (raw: string) => {
      try {
        shardsSetting(raw);
      } catch (error) {
        expect(error).toBeInstanceOf(StartupError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal('')).toBe('SHARDS is set but empty: set it to "auto" or a whole number of at least 1, or unset it to run one process.');
    expect(refusal('  ')).toBe(refusal(''));
    for (const raw of ['two', '0', '-1', '1.5', '1e1', '0x2', '[0,1]'])
      expect(refusal(raw)).toBe(`SHARDS must be "auto" or a whole number of at least 1, not "${raw}".`);
  });

  it('runs two shards on one database, and refuses a second process for the same shard', async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'sellsword-shards-')), 'bot.db');
    const start = (id: number) =>
      startBot({ token: 'test-token', apiBase: fake.apiBase, databasePath, renderWorkers: 0, log: () => undefined, shard: { id, count: 2 } });
    running.push(await start(0), await start(1));
    expect(running.map((bot) => [...bot.client.guilds.cache.keys()])).toEqual(
      [0, 1].map((id) =>
        fake
          .guilds()
          .filter((g) => fake.shardOf(g.id, 2) === id)
          .map((g) => g.id),
      ),
    );
    const again = start(1);
    await expect(again).rejects.toBeInstanceOf(StartupError);
    await expect(again).rejects.toThrow(`Shard 1 of 2 is already running on this database: process ${process.pid}`);
  });

  it('keeps one lease namespace: no unsharded bot beside shards, no set of another count, each refused in one sentence', async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'sellsword-namespace-')), 'bot.db');
    const start = (shard: { id: number; count: number } | undefined) =>
      startBot({ token: 'test-token', apiBase: fake.apiBase, databasePath, renderWorkers: 0, log: () => undefined, shard });
    const refusal = async (shard: { id: number; count: number } | undefined) => {
      const error = await start(shard).then(
        async (bot) => {
          await bot.stop();
          return new Error('started');
        },
        (e: unknown) => e as Error,
      );
      expect(error).toBeInstanceOf(StartupError);
      return error.message;
    };
    const host = hostname();
    const shard0 = await start({ id: 0, count: 2 });
    expect(await refusal(undefined)).toBe(
      `An unsharded bot cannot start beside the shards running on this database (shard 0 of 2 is process ${process.pid} on ${host}); stop them first, or start this bot with SHARDS=2.`,
    );
    expect(await refusal({ id: 1, count: 3 })).toBe(
      `Shard 1 of 3 cannot start beside a set of 2 shards running on this database (shard 0 of 2 is process ${process.pid} on ${host}); every shard of a bot must have the same SHARDS, so stop that set first or start this one with SHARDS=2.`,
    );
    // The refused ones left no lease behind: the set's other shard still starts.
    const shard1 = await start({ id: 1, count: 2 });
    await shard1.stop();
    await shard0.stop();
    const alone = await start(undefined);
    expect(await refusal({ id: 0, count: 2 })).toBe(
      `Shard 0 of 2 cannot start beside the unsharded bot running on this database (process ${process.pid} on ${host}); stop it first.`,
    );
    await alone.stop();
  });

  it("counts its own guilds' open matches and waiting posts in its metrics, so the shards' figures add up", async () => {
    const store = memoryStore();
    await store.matches.create(aMatch({ id: 'even', guildId: (2n << 22n).toString() }));
    await store.matches.create(aMatch({ id: 'odd', guildId: (3n << 22n).toString() }));
    await store.outbox.add([{ matchId: 'odd', channelId: 'c', body: { kind: 'text', content: 'x' } }]);
    const gauge = async (shard: { id: number; count: number } | undefined, name: string) =>
      (await createMetrics(store, shard).registry.getSingleMetric(name)!.get()).values[0]!.value;
    expect(await gauge(undefined, 'sellsword_open_matches')).toBe(2);
    expect(await gauge({ id: 0, count: 2 }, 'sellsword_open_matches')).toBe(1);
    expect(await gauge({ id: 0, count: 2 }, 'sellsword_outbox_waiting')).toBe(0);
    expect(await gauge({ id: 1, count: 2 }, 'sellsword_outbox_waiting')).toBe(1);
  });
});
