/**
 * Operations (issue 15, "Metrics and health respond"): /healthz says whether the bot is connected,
 * holds its lease and reads its database; /metrics counts interactions by command and outcome, times
 * acts, renders and outbox delivery, and counts open matches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeAccepted } from '../e2e/setup-match';
import { startWorld, type World } from '../e2e/world';
import { startBot, type RunningBot } from '../../src/bot/start';

let world: World;
let bot: RunningBot;
beforeAll(async () => {
  world = await startWorld(3);
  // The world's bot, started again with a metrics port (one bot per database).
  await world.bot.stop();
  bot = await startBot({
    token: 'test-token',
    apiBase: world.fake.apiBase,
    guildId: world.fake.guild.id,
    store: world.store,
    log: () => undefined,
    metricsPort: 0,
  });
  world.bot = bot;
}, 30_000);
afterAll(async () => world?.close());

describe('metrics and health', () => {
  it('answers /healthz with the checks', async () => {
    const response = await fetch(`${bot.metricsUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', discord: true, database: true, lease: true });
  });

  it('counts interactions by command and outcome, and times acts, renders and delivery', async () => {
    await challengeAccepted(world);
    await world.run({ user: 'carol', name: 'warband show', options: { name: 'nothing' } });
    const text = await (await fetch(`${bot.metricsUrl}/metrics`)).text();
    expect(text).toMatch(/sellsword_interactions_total\{command="warband",outcome="ok"\} [1-9]/);
    expect(text).toMatch(/sellsword_interactions_total\{command="skirmish",outcome="ok"\} [1-9]/);
    expect(text).toMatch(/sellsword_interactions_total\{command="warband",outcome="refused"\} 1/);
    expect(text).toMatch(/sellsword_act_transaction_seconds_count [1-9]/);
    expect(text).toMatch(/sellsword_render_seconds_count\{kind="prompt"\} [1-9]/);
    expect(text).toMatch(/sellsword_outbox_lag_seconds_count [1-9]/);
    expect(text).toMatch(/sellsword_open_matches 1/);
    expect(text).toMatch(/sellsword_outbox_waiting 0/);
  });
});
