/**
 * `npm start`: runs the bot against Discord when DISCORD_TOKEN is set (DISCORD_GUILD_ID registers the
 * commands in one server, DISCORD_API_BASE points at a Discord-compatible API, DATABASE_PATH picks the
 * database file, METRICS_PORT serves /metrics and /healthz; SHARDS=auto or a number runs that many
 * shard processes under discord.js's ShardingManager, each this same script; SCHEDULER_TICK_MS how
 * often deadlines are looked for, default 10 s). Without a token it runs the local sandbox (docs/sandbox.md): the fake Discord, the
 * real bot connected to it, and a page at http://localhost:3000 (SANDBOX_PORT; SANDBOX_HOST to listen
 * elsewhere; SANDBOX_SEED for the same dice in every match; DATABASE_PATH, default data/sandbox.db).
 */
import { shardFromEnvironment, shardLabel } from '../bot/shard';
import { startRestProxy } from '../bot/rest-proxy';
import { shardIdsSetting, shardsSetting, startShards } from '../bot/shards';
import { startBot } from '../bot/start';
import { StartupError } from '../bot/startup-error';
import { ignoreClosedChannel, stopOnSignals } from '../bot/lifecycle';

/** A reason not to start that the person can fix is printed alone; anything else is a bug and keeps its stack. */
function refuse(error: unknown): never {
  if (!(error instanceof StartupError)) throw error;
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

/** A whole-number setting from the environment, or undefined; anything else stops with a clear message. */
function numberFrom(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number, not "${raw}".`);
    process.exit(2);
  }
  return value;
}

/**
 * How long a stop may take (DRAIN_DEADLINE_MS, default 8 s): interactions under way finish, the outbox
 * delivers what it can, and past the deadline the leases are released and the process exits
 * (bot/lifecycle.ts). A manager gives its shards SHARD_EXIT_GRACE_MS more to exit on their own.
 */
const drainDeadlineMs = numberFrom('DRAIN_DEADLINE_MS') ?? 8000;
const SHARD_EXIT_GRACE_MS = 2000;
// A shard's manager, or scripts/start.mjs, may be gone while this process still reports to it.
if (process.send) ignoreClosedChannel();

const token = process.env.DISCORD_TOKEN;
// A shard process's SHARDS is its own id, set by the manager (bot/shard.ts); the sandbox ignores it.
const shards = token && !process.env.SHARDING_MANAGER ? orStopNow(() => shardsSetting(process.env.SHARDS)) : undefined;
if (process.argv.slice(2).includes('rest-proxy')) {
  // The REST proxy alone, for shards on several machines (docs/deploy.md "Two machines").
  const port = numberFrom('REST_PROXY_PORT');
  const proxy = await startRestProxy({
    api: process.env.DISCORD_API_BASE,
    host: process.env.REST_PROXY_HOST || '127.0.0.1',
    ...(port === undefined ? {} : { port }),
  });
  console.log(`Sellsword Table's REST proxy is listening: point every manager's REST_PROXY_URL at ${proxy.url}.`);
  stopOnSignals({ drain: () => proxy.close(), atDeadline: async () => undefined, deadlineMs: drainDeadlineMs, say: (line) => console.log(line) });
} else if (token && shards !== undefined) {
  // The sharding manager: it runs this same script once per shard and does nothing else itself.
  const spawnDelayMs = numberFrom('SHARD_SPAWN_DELAY_MS');
  const shardIds = orStopNow(() => shardIdsSetting(process.env.SHARD_IDS, shards));
  const running = await orStop(
    startShards({
      token,
      shards,
      shardIds,
      restProxyUrl: process.env.REST_PROXY_URL || undefined,
      file: process.argv[1] ?? '',
      execArgv: process.execArgv,
      apiBase: process.env.DISCORD_API_BASE,
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
  const shard = shardFromEnvironment();
  const schedulerTickMs = numberFrom('SCHEDULER_TICK_MS');
  const basePort = numberFrom('METRICS_PORT');
  // Each shard serves its own metrics, on METRICS_PORT + its shard id (0 still picks a free port).
  const metricsPort = basePort === undefined || basePort === 0 || !shard ? basePort : basePort + shard.id;
  const bot = await orStop(
    startBot({
      token,
      // A shard sends its REST through the manager's proxy, so all shards share one rate limit.
      apiBase: (shard && process.env.SHARD_REST_PROXY) || process.env.DISCORD_API_BASE,
      guildId: process.env.DISCORD_GUILD_ID,
      databasePath: process.env.DATABASE_PATH,
      metricsPort,
      shard,
      ...(schedulerTickMs ? { schedulerTickMs } : {}),
    }),
  );
  console.log(
    `Sellsword Table${shard ? ` (${shardLabel(shard)})` : ''} is online as ${bot.client.user?.tag ?? 'the bot'}.${bot.metricsUrl ? ` Metrics: ${bot.metricsUrl}/metrics, health: ${bot.metricsUrl}/healthz.` : ''}`,
  );
  // Interactions under way finish and the outbox is given the rest of the deadline; whatever is still
  // waiting then is delivered by the next start, so exiting loses nothing.
  stopOnSignals({
    drain: () => bot.stop(),
    atDeadline: () => bot.releaseLease(),
    deadlineMs: drainDeadlineMs,
    say: (line) => bot.app.log(line),
    starting: (reason) => {
      // The manager's own proxy went with it: what the drain still sends goes straight to Discord.
      if (reason === 'parent gone' && shard && process.env.SHARD_REST_PROXY_IN_MANAGER) {
        (bot.client.rest.options as { api: string }).api = process.env.DISCORD_API_BASE ?? 'https://discord.com/api';
      }
    },
  });
} else {
  // The sandbox is one process; discord.js would read SHARDS as its own setting.
  delete process.env.SHARDS;
  const port = numberFrom('SANDBOX_PORT');
  const seed = numberFrom('SANDBOX_SEED');
  // Loaded only here: a bot with a token never loads the fake Discord or the sandbox's page.
  const { startSandbox } = await import('../sandbox');
  const sandbox = await orStop(
    startSandbox({
      ...(port === undefined ? {} : { port }),
      ...(seed === undefined ? {} : { seed }),
      ...(process.env.SANDBOX_HOST ? { host: process.env.SANDBOX_HOST } : {}),
      ...(process.env.DATABASE_PATH ? { databasePath: process.env.DATABASE_PATH } : {}),
    }),
  );
  const wanted = port ?? 3000;
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
