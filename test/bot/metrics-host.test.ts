/**
 * METRICS_HOST (src/config): /metrics and /healthz listen on the address given, not only on
 * 127.0.0.1, so a scraper on another machine or outside a container can reach them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot, type RunningBot } from '../../src/bot/start';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let fake: FakeDiscord;
let bot: RunningBot;
beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000 });
  // Another loopback address: listening there, and not on 127.0.0.1, shows the setting is used.
  bot = await startBot({
    token: 'test-token',
    apiBase: fake.apiBase,
    guildId: fake.guild.id,
    databasePath: join(mkdtempSync(join(tmpdir(), 'sellsword-metrics-host-')), 'bot.db'),
    renderWorkers: 0,
    log: () => undefined,
    metricsPort: 0,
    metricsHost: '127.0.0.2',
  });
}, 30_000);
afterAll(async () => {
  await bot?.stop();
  await fake?.close();
});

describe('METRICS_HOST', () => {
  it('serves /healthz on the address given, and says so in its URL', async () => {
    expect(bot.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    const response = await fetch(`${bot.metricsUrl}/healthz`);
    expect(response.status).toBe(200);
    const port = new URL(bot.metricsUrl!).port;
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
