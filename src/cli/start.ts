/**
 * `npm start`: runs the bot against Discord when DISCORD_TOKEN is set; SHARDS=auto or a number runs
 * that many shard processes under discord.js's ShardingManager, each this same script. Without a token
 * it runs the local sandbox (docs/sandbox.md): the fake Discord, the real bot connected to it, and a
 * page at http://localhost:3000. Every setting is read here, once, before anything starts (src/config;
 * docs/deploy.md's env reference lists them), and a wrong one stops it with one sentence naming it.
 */
import { shardFromEnvironment, shardLabel } from '../bot/shard';
import { ignoreClosedChannel, stopOnSignals } from '../bot/lifecycle';
import { startRestProxy } from '../bot/rest-proxy';
import { checkShardIds, startShards } from '../bot/shards';
import { startBot } from '../bot/start';
import { StartupError } from '../bot/startup-error';
import { ConfigError, readConfig } from '../config';

/** A reason not to start that the person can fix is printed alone; anything else is a bug and keeps its stack. */
function refuse(error: unknown): never {
  if (!(error instanceof StartupError) && !(error instanceof ConfigError)) throw error;
  console.error(`Sellsword Table could not start. ${error.message}`);
  process.exit(1);
}

async function orStop<T>(starting: Promise<T>): Promise<T> {
  return starting.catch(refuse);
}

/** The same for a setting read before anything starts. */
function orStopNow<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    return refuse(error);
  }
}

const config = orStopNow(() => readConfig(process.env));
/**
 * How long a stop may take (DRAIN_DEADLINE_MS): interactions under way finish, the outbox delivers what
 * it can, and past the deadline the leases are released and the process exits (bot/lifecycle.ts). A
 * manager gives its shards SHARD_EXIT_GRACE_MS more to exit on their own.
 */
const drainDeadlineMs = config.DRAIN_DEADLINE_MS;
const SHARD_EXIT_GRACE_MS = 2000;
// A shard's manager, or scripts/start.mjs, may be gone while this process still reports to it.
if (process.send) ignoreClosedChannel();

const token = config.DISCORD_TOKEN;
// A shard process's SHARDS is its own id, set by the manager (bot/shard.ts); the sandbox ignores it.
const shards = token ? config.SHARDS : undefined;
if (process.argv.slice(2).includes('rest-proxy')) {
  // The REST proxy alone, for shards on several machines (docs/deploy.md "Two machines").
  const proxy = await startRestProxy({
    api: config.DISCORD_API_BASE,
    host: config.REST_PROXY_HOST,
    port: config.REST_PROXY_PORT,
    globalRequestsPerSecond: config.REST_PROXY_GLOBAL_PER_SECOND,
  });
  console.log(`Sellsword Table's REST proxy is listening: point every manager's REST_PROXY_URL at ${proxy.url}.`);
  stopOnSignals({ drain: () => proxy.close(), atDeadline: async () => undefined, deadlineMs: drainDeadlineMs, say: (line) => console.log(line) });
} else if (token && shards !== undefined) {
  // The sharding manager: it runs this same script once per shard and does nothing else itself.
  const spawnDelayMs = config.SHARD_SPAWN_DELAY_MS;
  const shardIds = orStopNow(() => checkShardIds(config.SHARD_IDS, shards));
  const running = await orStop(
    startShards({
      token,
      shards,
      shardIds,
      restProxyUrl: config.REST_PROXY_URL,
      globalRequestsPerSecond: config.REST_PROXY_GLOBAL_PER_SECOND,
      file: process.argv[1] ?? '',
      execArgv: process.execArgv,
      apiBase: config.DISCORD_API_BASE,
      ...(spawnDelayMs === undefined ? {} : { spawnDelayMs }),
    }),
  );
  const some = running.ids.length < running.count ? ` (${running.ids.join(', ')} of ${running.count})` : '';
  console.log(`Sellsword Table is running ${running.ids.length} shard${running.ids.length === 1 ? '' : 's'}, one process each${some}.`);
  // The shards drain with the same deadline; the manager waits for them a little longer (shards.ts).
  stopOnSignals({
    drain: () => running.stop(),
    atDeadline: () => running.kill(),
    deadlineMs: drainDeadlineMs + SHARD_EXIT_GRACE_MS,
    say: (line) => console.log(line),
  });
} else if (token) {
  const shard = shardFromEnvironment(process.env);
  const schedulerTickMs = config.SCHEDULER_TICK_MS;
  const basePort = config.METRICS_PORT;
  // Each shard serves its own metrics, on METRICS_PORT + its shard id (0 still picks a free port).
  const metricsPort = basePort === undefined || basePort === 0 || !shard ? basePort : basePort + shard.id;
  const starting = orStop(
    startBot({
      token,
      // A shard sends its REST through the manager's proxy, so all shards share one rate limit.
      apiBase: (shard && config.SHARD_REST_PROXY) || config.DISCORD_API_BASE,
      guildId: config.DISCORD_GUILD_ID,
      databasePath: config.DATABASE_PATH,
      databaseUrl: config.DATABASE_URL,
      databasePoolSize: config.DATABASE_POOL_SIZE,
      renderWorkers: config.RENDER_WORKERS,
      renderRssSlackBytes: config.RENDER_RSS_SLACK_MB * 2 ** 20,
      metricsPort,
      metricsHost: config.METRICS_HOST,
      logLevel: config.LOG_LEVEL,
      logPretty: config.LOG_PRETTY,
      shard,
      ...(schedulerTickMs ? { schedulerTickMs } : {}),
    }),
  );
  // Signals are taken from before start-up: a stop that comes while the bot is still starting waits
  // for it to be up, then drains, so a process signalled early still releases its lease.
  stopOnSignals({
    drain: async () => (await starting).stop(),
    atDeadline: async () => (await starting).releaseLease(),
    deadlineMs: drainDeadlineMs,
    say: (line) => console.error(line),
    starting: (reason) => {
      // The manager's own proxy went with it: what the drain still sends goes straight to Discord.
      if (reason === 'parent gone' && shard && config.SHARD_REST_PROXY_IN_MANAGER) {
        void starting.then((bot) => {
          (bot.client.rest.options as { api: string }).api = config.DISCORD_API_BASE ?? 'https://discord.com/api';
        });
      }
    },
  });
  const bot = await starting;
  console.log(
    `Sellsword Table${shard ? ` (${shardLabel(shard)})` : ''} is online as ${bot.client.user?.tag ?? 'the bot'}.${bot.metricsUrl ? ` Metrics: ${bot.metricsUrl}/metrics, health: ${bot.metricsUrl}/healthz.` : ''}`,
  );
} else {
  // The sandbox is one process; discord.js would read SHARDS as its own setting.
  delete process.env.SHARDS;
  const port = config.SANDBOX_PORT;
  const seed = config.SANDBOX_SEED;
  // Loaded only here: a bot with a token never loads the fake Discord or the sandbox's page.
  const { startSandbox } = await import('../sandbox');
  const sandbox = await orStop(
    startSandbox({
      port,
      ...(seed === undefined ? {} : { seed }),
      ...(config.SANDBOX_HOST ? { host: config.SANDBOX_HOST } : {}),
      ...(config.DATABASE_PATH ? { databasePath: config.DATABASE_PATH } : {}),
    }),
  );
  const wanted = port;
  console.log(
    [
      `Sellsword Table sandbox: open ${sandbox.url}`,
      ...(sandbox.port !== wanted && wanted !== 0 ? [`(port ${wanted} was taken, so it uses ${sandbox.port})`] : []),
      'No DISCORD_TOKEN is set, so the bot plays in a pretend Discord server on this machine.',
      'alice and bob have sample warbands; press "Demo match" on the page, or "Practice vs the bot" to play alone. Ctrl+C stops it.',
    ].join('\n'),
  );
  stopOnSignals({ drain: () => sandbox.close(), atDeadline: async () => undefined, deadlineMs: drainDeadlineMs, say: (line) => console.log(line) });
}
