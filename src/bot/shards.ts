/**
 * A sharded start (docs/deploy.md "Shards"): discord.js's own ShardingManager runs one process per
 * shard, each the same entry point as an unsharded bot (which finds its shard in its environment,
 * shard.ts). This process starts them, restarts one that dies, on SIGTERM stops them all with their
 * own clean shutdown, and runs the REST proxy every shard sends its requests through, so that all of
 * them together keep to Discord's global rate limit (rest-proxy.ts). The proxy's address reaches the
 * shards as SHARD_REST_PROXY.
 *
 * `SHARDS=auto` asks Discord (GET /gateway/bot, at DISCORD_API_BASE when set) how many shards it
 * recommends; discord.js's own `auto` would always ask discord.com, which the fake Discord is not.
 */
import type { ChildProcess } from 'node:child_process';
import { ShardingManager } from 'discord.js';
import type { z } from 'zod';
import { SHARDS_SCHEMA, shardsRefusal } from '../config';
import { startRestProxy } from './rest-proxy';
import { StartupError } from './startup-error';

export type ShardsSetting = z.output<typeof SHARDS_SCHEMA>;

/**
 * The manager's `SHARDS`: undefined when unset (one process, no manager); otherwise `auto` or the count.
 * Anything else, an empty value included, is refused before anything starts: discord.js's Client would
 * otherwise read the same variable with JSON.parse and crash with a stack.
 */
export function shardsSetting(raw: string | undefined): ShardsSetting | undefined {
  if (raw === undefined) return undefined;
  const parsed = SHARDS_SCHEMA.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new StartupError(shardsRefusal(raw));
}

export interface ShardsOptions {
  readonly token: string;
  /** `auto` or a whole number of shards (shardsSetting): the bot's total shard count. */
  readonly shards: ShardsSetting;
  /** The shards this manager runs (SHARD_IDS, shardIdsSetting); all of them by default. */
  readonly shardIds?: readonly number[] | undefined;
  /** The entry point each shard runs (this same script). */
  readonly file: string;
  /** Node options for each shard (e.g. `--import tsx` when run from source). */
  readonly execArgv?: readonly string[];
  readonly apiBase?: string | undefined;
  /**
   * A REST proxy every shard of the bot shares, on this or another machine (REST_PROXY_URL). Without
   * one the manager runs its own, which only its own shards share.
   */
  readonly restProxyUrl?: string | undefined;
  /** The own proxy's global limit (REST_PROXY_GLOBAL_PER_SECOND); Discord's 50 by default. */
  readonly globalRequestsPerSecond?: number;
  /**
   * Between starting one shard and the next (default 5500 ms): Discord lets a bot identify once per
   * 5 s (max_concurrency 1), and separate processes cannot share discord.js's identify queue.
   */
  readonly spawnDelayMs?: number;
  readonly say?: (line: string) => void;
}

export interface RunningShards {
  /** The bot's total shard count. */
  readonly count: number;
  /** The shards this manager runs. */
  readonly ids: readonly number[];
  /**
   * SIGTERM to every shard (each finishes what is in flight, flushes its outbox and releases its
   * lease), then resolves when all have exited. Calling it again returns the same stop.
   */
  stop(): Promise<void>;
  /** SIGKILL to every shard still running, for a stop past its deadline; a restart on this host takes their leases over at once. */
  kill(): Promise<void>;
}

/** The shard count from `SHARDS`: the number given, or Discord's recommendation for `auto`. */
export async function shardCount(setting: ShardsSetting, token: string, apiBase?: string): Promise<number> {
  if (setting !== 'auto') return setting;
  const url = `${apiBase ?? 'https://discord.com/api'}/v10/gateway/bot`;
  const response = await fetch(url, { headers: { authorization: `Bot ${token}` } }).catch((error: unknown) => {
    throw new StartupError(`Could not ask Discord how many shards to run (${url}): ${error instanceof Error ? error.message : String(error)}.`);
  });
  if (response.status === 401) throw new StartupError('Discord refused DISCORD_TOKEN when asked how many shards to run; copy the token again.');
  const body = (await response.json().catch(() => ({}))) as { shards?: unknown };
  if (!response.ok || typeof body.shards !== 'number')
    throw new StartupError(`Discord did not say how many shards to run (${url} answered ${response.status}).`);
  return Math.max(1, body.shards);
}

/**
 * `SHARD_IDS` (the shards this machine's manager runs, src/config parses the list) against `SHARDS`,
 * the bot's total count, which must then be a number: every machine must agree on it.
 */
export function checkShardIds(ids: readonly number[] | undefined, shards: ShardsSetting): readonly number[] | undefined {
  if (ids === undefined) return undefined;
  if (typeof shards !== 'number') {
    throw new StartupError('SHARD_IDS needs SHARDS set to the total number of shards (the same on every machine), not "auto".');
  }
  const beyond = ids.find((id) => id >= shards);
  if (beyond !== undefined) throw new StartupError(`SHARD_IDS names shard ${beyond}, but SHARDS=${shards} numbers them from 0 to ${shards - 1}.`);
  return [...ids].sort((a, b) => a - b);
}

/** Sends `signal` to a shard's process unless it has exited; resolves when it has. */
async function signalShard(child: ChildProcess | null, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}

export async function startShards(options: ShardsOptions): Promise<RunningShards> {
  const say = options.say ?? ((line: string) => console.log(line));
  const count = await shardCount(options.shards, options.token, options.apiBase);
  const ids = options.shardIds ?? Array.from({ length: count }, (_, id) => id);
  const proxy = options.restProxyUrl
    ? null
    : await startRestProxy({
        api: options.apiBase,
        ...(options.globalRequestsPerSecond === undefined ? {} : { globalRequestsPerSecond: options.globalRequestsPerSecond }),
      });
  // Each shard's environment is a copy of this process's, made as the shard is created.
  process.env.SHARD_REST_PROXY = options.restProxyUrl ?? proxy!.url;
  // A proxy in this process is gone with it: a shard that outlives its manager drains straight to Discord.
  if (proxy) process.env.SHARD_REST_PROXY_IN_MANAGER = '1';
  else delete process.env.SHARD_REST_PROXY_IN_MANAGER;
  const manager = new ShardingManager(options.file, {
    token: options.token,
    totalShards: count,
    shardList: [...ids],
    execArgv: [...(options.execArgv ?? [])],
    respawn: true,
  });
  manager.on('shardCreate', (shard) => {
    // A shard that could not be started again (its own message says why): said here, not thrown.
    shard.on('error', (error) => say(`Shard ${shard.id} of ${count} could not be started again: ${error instanceof Error ? error.message : String(error)}`));
    shard.on('death', (child) => {
      const code = 'exitCode' in child ? (child as ChildProcess).exitCode : null;
      if (manager.respawn) say(`Shard ${shard.id} of ${count} stopped (exit code ${code}); starting it again.`);
    });
  });
  const children = () => [...manager.shards.values()].map((shard) => shard.process);
  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    manager.respawn = false;
    // The proxy stays until every shard has flushed its outbox through it.
    stopping ??= Promise.all(children().map((child) => signalShard(child, 'SIGTERM'))).then(() => proxy?.close());
    return stopping;
  };
  const kill = async (): Promise<void> => {
    manager.respawn = false;
    await Promise.all(children().map((child) => signalShard(child, 'SIGKILL')));
    await proxy?.close();
  };
  try {
    await manager.spawn({ amount: count, delay: options.spawnDelayMs ?? 5500, timeout: 60_000 });
  } catch (error) {
    await stop();
    throw new StartupError(
      `Shard ${[...manager.shards.keys()].at(-1)} of ${count} did not come online (${error instanceof Error ? error.message : String(error)}); its own message above says why.`,
    );
  }
  return { count, ids, stop, kill };
}
