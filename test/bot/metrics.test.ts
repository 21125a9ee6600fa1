/**
 * Operations: /healthz says whether the bot is connected,
 * holds its lease and reads its database; /metrics counts interactions by command and outcome, times
 * acts, renders and outbox delivery, and counts open matches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerPrompts, challengeAccepted } from '../e2e/setup-match';
import { startWorld, type World } from '../e2e/world';
import { startBot, type RunningBot } from '../../src/bot/start';
import { createMetrics } from '../../src/bot/metrics';

let world: World;
let bot: RunningBot;
beforeAll(async () => {
  // Pictures drawn on the bot's thread: these tests are about what it counts, not where it draws.
  world = await startWorld(3, undefined, undefined, {}, { renderWorkers: 0 });
  // The world's bot, started again with a metrics port (one bot per database).
  await world.bot.stop();
  bot = await startBot({
    token: 'test-token',
    apiBase: world.fake.apiBase,
    guildId: world.fake.guild.id,
    store: world.store,
    log: () => undefined,
    metricsPort: 0,
    renderWorkers: 0,
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

  it('exposes what a deployer alerts on: deadlines due and overdue, ticks, busy retries, rate-limit waits, interaction → map', async () => {
    // One post held back by Discord's rate limit on its route.
    world.fake.faults.add({ route: 'POST /channels/:channel/messages', status: 429, retryAfter: 0.2 });
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    await answerPrompts(world, thread);
    await bot.idle();
    const text = await (await fetch(`${bot.metricsUrl}/metrics`)).text();
    expect(text).toMatch(/^sellsword_deadlines_due 0$/m);
    expect(text).toMatch(/^sellsword_deadlines_overdue 0$/m);
    // The first tick runs at start-up.
    expect(text).toMatch(/^sellsword_scheduler_ticks_total [1-9]/m);
    expect(text).toMatch(/^sellsword_scheduler_last_tick_seconds [1-9]/m);
    expect(text).toMatch(/^sellsword_deadlines_handled_total \d/m);
    expect(text).toMatch(/^sellsword_busy_retries_total 0$/m);
    expect(text).toMatch(/^sellsword_rate_limit_waits_total\{scope="route"\} [1-9]/m);
    expect(text).toMatch(/^sellsword_rate_limit_wait_seconds_total\{scope="route"\} \d/m);
    expect(text).toMatch(/^sellsword_interaction_to_map_seconds_count [1-9]/m);
    // SQLite has no pool: no pool gauges.
    expect(text).not.toMatch(/sellsword_pg_pool/);
  }, 60_000);

  it("exposes a PostgreSQL pool's connections, idle ones and waiting queries", async () => {
    const pooled = Object.assign(Object.create(world.store) as typeof world.store, { connections: () => ({ total: 10, idle: 3, waiting: 2 }) });
    const text = await createMetrics(pooled).registry.metrics();
    expect(text).toMatch(/^sellsword_pg_pool_connections 10$/m);
    expect(text).toMatch(/^sellsword_pg_pool_idle 3$/m);
    expect(text).toMatch(/^sellsword_pg_pool_waiting 2$/m);
  });
});
