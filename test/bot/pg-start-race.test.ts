/**
 * Two bots started at the same instant on an empty PostgreSQL database (a real server: the tier says
 * so in one line and passes over itself where there are no server binaries). Migrations run one at a
 * time, so neither fails inside them; one bot takes the database's lease and goes online, and the other
 * is refused with the one sentence that another bot is running.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot, type RunningBot } from '../../src/bot/start';
import { StartupError } from '../../src/bot/startup-error';
import { pgServerMissing, startPgServer, type PgServer } from '../support/pg-server';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';

const missing = pgServerMissing();
if (missing) console.log(`The two-bots-at-once test on PostgreSQL is passed over: ${missing}.`);

let server: PgServer;
let fake: FakeDiscord;
beforeAll(async () => {
  if (missing) return;
  server = (await startPgServer())!;
  fake = await startFakeDiscord({ heartbeatMs: 1000 });
}, 60_000);
afterAll(async () => {
  await fake?.close();
  server?.stop();
});

describe.skipIf(missing !== null)('two bots started at once on an empty PostgreSQL database', () => {
  it('migrate one after the other: one goes online, the other is refused in one sentence', async () => {
    for (const round of [1, 2, 3]) {
      const url = await server.database(`race${round}`);
      const start = () =>
        startBot({ token: 'race-token', apiBase: fake.apiBase, guildId: fake.guild.id, databaseUrl: url, renderWorkers: 0, log: () => undefined });
      const results = await Promise.allSettled([start(), start()]);
      const online = results.filter((r): r is PromiseFulfilledResult<RunningBot> => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as Error);
      for (const bot of online) await bot.value.stop();
      expect(online, `round ${round}: ${refused.map((e) => e.message).join(' / ')}`).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toBeInstanceOf(StartupError);
      expect(refused[0]!.message).toMatch(/^Another bot is already running on this database: /);
      expect(refused[0]!.message).not.toContain('\n');
    }
  }, 120_000);
});
