/**
 * Reading the environment once, at start-up (settings.ts lists what is read). A wrong value stops the
 * process before anything starts, with one sentence naming the variable; a secret's value is never
 * repeated in it.
 */
import type { z } from 'zod';
import { SETTINGS, type Setting, type SettingName } from './settings';

/** A setting the person starting the bot can fix; its message is one sentence that names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export type Config = { readonly [K in SettingName]: z.output<(typeof SETTINGS)[K]['schema']> };

export type Environment = Readonly<Record<string, string | undefined>>;

function refusal(name: string, about: Setting, raw: string): string {
  if (about.refusal) return about.refusal(raw);
  if (raw.trim() === '') return `${name} is set but empty: set it to ${about.expects}, or unset it.`;
  return about.secret ? `${name} must be ${about.expects}.` : `${name} must be ${about.expects}, not "${raw}".`;
}

/** One setting's value: the default when unset (or empty, unless refused), the parsed value otherwise. */
function readOne(name: SettingName, env: Environment): unknown {
  const about: Setting = SETTINGS[name];
  const raw = env[name];
  const given = raw === undefined || (raw.trim() === '' && !about.emptyRefused) ? undefined : raw;
  const parsed = about.schema.safeParse(given);
  if (parsed.success) return parsed.data;
  throw new ConfigError(refusal(name, about, raw ?? ''));
}

/**
 * Every setting of `env`, parsed and checked. `SHARDS` is left unread (undefined) in a shard process
 * (SHARDING_MANAGER set), where it is the shard's id, set by the manager and read by `shardOfProcess`,
 * and without a token, where the sandbox ignores it.
 */
export function readConfig(env: Environment): Config {
  const values: Record<string, unknown> = {};
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    const unread = name === 'SHARDS' && (env.SHARDING_MANAGER || !env.DISCORD_TOKEN?.trim());
    values[name] = unread ? undefined : readOne(name, env);
  }
  return values as Config;
}

export interface ShardOfProcess {
  readonly id: number;
  readonly count: number;
}

/**
 * Which shard this process is, from what discord.js's ShardingManager puts in a shard's environment
 * (`SHARDING_MANAGER`, `SHARDS` its id, `SHARD_COUNT`); undefined outside a shard set. A manager that
 * set nonsense is a bug, not a setting, so the error keeps its stack.
 */
export function shardOfProcess(env: Environment): ShardOfProcess | undefined {
  if (!env.SHARDING_MANAGER) return undefined;
  const id = Number(env.SHARDS);
  const count = Number(env.SHARD_COUNT);
  if (!Number.isInteger(id) || !Number.isInteger(count) || id < 0 || id >= count) {
    throw new Error(`The sharding manager started this process with SHARDS=${env.SHARDS} and SHARD_COUNT=${env.SHARD_COUNT}.`);
  }
  return { id, count };
}
