/**
 * Every environment variable the bot, its shard processes and its ops tools (db:migrate, db:check,
 * ratings:rebuild) read, with its zod schema and the words of docs/deploy.md's env reference, which
 * `npm run docs:env` generates from this table (a test keeps the two equal).
 *
 * Not here: the benchmarks' and the test harness's own variables (BENCH_*, PROP_SEED, SANDBOX_SCREENSHOTS,
 * the Chromium path of the browser tests), which they read themselves; and discord.js's own reading of
 * SHARDS and SHARD_COUNT in a shard process, which the manager sets.
 *
 * An empty value counts as unset (a compose file's `${VAR:-}` gives one), except `SHARDS`, which
 * discord.js would parse itself and crash on.
 */
import { z } from 'zod';

export type Group = 'bot' | 'database' | 'shards' | 'metrics and logs' | 'sandbox' | 'set for you';

export interface About {
  readonly group: Group;
  /** What a good value is, completing "NAME must be …". */
  readonly expects: string;
  /** The default, as the reference shows it; none when unset means "off" or "not used". */
  readonly default?: string;
  /** One or two sentences for the reference. */
  readonly meaning: string;
  /** Never repeated in a refusal (a token, a URL with a password). */
  readonly secret?: true;
  /** Whether an empty value is refused rather than taken as unset. */
  readonly emptyRefused?: true;
  /** The refusal's sentence, when the generic one would not say enough. */
  readonly refusal?: (raw: string) => string;
}

export interface Setting<S extends z.ZodType = z.ZodType> extends About {
  readonly schema: S;
}

const setting = <S extends z.ZodType>(schema: S, about: About): Setting<S> => ({ schema, ...about });

/** A whole number written in decimal digits, spaces around it ignored. */
const whole = (min: number, max = Number.MAX_SAFE_INTEGER) => z.string().trim().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max));

const PORT = whole(0, 65535);

/** An address to listen on: an IPv4 or IPv6 address, or a host name. */
const HOST = z
  .string()
  .trim()
  .pipe(z.union([z.ipv4(), z.ipv6(), z.literal('::'), z.hostname()]));

/** What `SHARDS` accepts in the manager: `auto` (any case) or a whole number of at least 1. */
export const SHARDS_SCHEMA = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.union([z.literal('auto'), z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(1))]));

/** The one sentence a wrong `SHARDS` is refused with. */
export const shardsRefusal = (raw: string): string =>
  raw.trim() === ''
    ? 'SHARDS is set but empty: set it to "auto" or a whole number of at least 1, or unset it to run one process.'
    : `SHARDS must be "auto" or a whole number of at least 1, not "${raw}".`;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const YES = ['1', 'true', 'yes'];
const NO = ['0', 'false', 'no'];
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum([...YES, ...NO] as [string, ...string[]]))
  .transform((v) => YES.includes(v));

/** The table, in the order of the reference. */
export const SETTINGS = {
  DISCORD_TOKEN: setting(
    z
      .string()
      .regex(/^[^\s"']+$/)
      .optional(),
    {
      group: 'bot',
      expects: 'the bot token, with no spaces or quotes',
      meaning:
        "The bot's token (the application's Bot page). Set: the bot runs on Discord. Unset: `npm start` runs the local sandbox instead (docs/sandbox.md).",
      secret: true,
      refusal: () => 'DISCORD_TOKEN has spaces or quotes in it: copy the token again from your application\'s Bot page ("Reset Token").',
    },
  ),
  DISCORD_GUILD_ID: setting(
    z
      .string()
      .trim()
      .regex(/^\d{17,20}$/)
      .optional(),
    {
      group: 'bot',
      expects: 'a server id (17 to 20 digits)',
      meaning: 'Register the slash commands in this one server (instant, for development) instead of globally.',
    },
  ),
  DISCORD_API_BASE: setting(z.url({ protocol: /^https?$/ }).optional(), {
    group: 'bot',
    expects: 'an http:// or https:// URL',
    default: 'https://discord.com/api',
    meaning: 'The REST API to talk to: a Discord-compatible one, such as the fake Discord of the tests.',
  }),
  DATABASE_PATH: setting(z.string().optional(), {
    group: 'database',
    expects: 'a file path',
    default: 'data/sellsword.db (the sandbox: data/sandbox.db)',
    meaning: 'The SQLite database file, made with its folder when missing; ignored when `DATABASE_URL` is set. The ops tools read the same file.',
  }),
  DATABASE_URL: setting(
    z
      .string()
      .trim()
      .regex(/^(postgres(ql)?:\/\/|pglite:)/)
      .optional(),
    {
      group: 'database',
      expects: 'a postgres:// or postgresql:// URL (or pglite: for PGlite)',
      meaning:
        'A PostgreSQL database instead of the SQLite file (docs/store.md "Two backends"), for the bot and the ops tools alike. Never printed: it may carry a password.',
      secret: true,
    },
  ),
  DATABASE_POOL_SIZE: setting(whole(1, 1000).default(10), {
    group: 'database',
    expects: 'a whole number from 1 to 1000',
    default: '10',
    meaning:
      "PostgreSQL connections in each bot process's pool; each render worker holds one more, and migrating at start-up one more for a moment. Keep shards × (`DATABASE_POOL_SIZE` + `RENDER_WORKERS` + 1) under the server's `max_connections`.",
  }),
  RENDER_WORKERS: setting(whole(0, 64).optional(), {
    group: 'bot',
    expects: 'a whole number from 0 to 64',
    default: 'one per core but one',
    meaning: 'Worker threads that draw the maps, stat cards and close-ups; 0 draws them on the main thread, which saves memory.',
  }),
  RENDER_RSS_SLACK_MB: setting(whole(1, 4096).default(32), {
    group: 'bot',
    expects: 'a whole number of megabytes from 1 to 4096',
    default: '32',
    meaning:
      "A render worker runs a garbage collection whenever its own memory outside the JavaScript heap (its read-backs and PNGs, not the process's RSS) has grown by this much since its last one: a picture's pixels live outside the JavaScript heap and are freed only when their small objects are collected.",
  }),
  SCHEDULER_TICK_MS: setting(whole(1).optional(), {
    group: 'bot',
    expects: 'a whole number of milliseconds of at least 1',
    default: '10000',
    meaning: 'How often each process looks for due deadlines.',
  }),
  SHARDS: setting(SHARDS_SCHEMA.optional(), {
    group: 'shards',
    expects: '"auto" or a whole number of at least 1',
    meaning:
      "Run this many shard processes under discord.js's ShardingManager (`auto`: the count Discord recommends). Unset: one process. Empty is refused. Ignored by the sandbox.",
    emptyRefused: true,
    refusal: shardsRefusal,
  }),
  SHARD_SPAWN_DELAY_MS: setting(whole(0).optional(), {
    group: 'shards',
    expects: 'a whole number of milliseconds',
    default: '5500',
    meaning: 'Between starting one shard and the next: Discord lets a bot identify once per 5 s.',
  }),
  SHARD_IDS: setting(
    z
      .string()
      .trim()
      .regex(/^\d+(\s*,\s*\d+)*$/)
      .transform((raw) => raw.split(',').map(Number))
      .refine((ids) => new Set(ids).size === ids.length)
      .optional(),
    {
      group: 'shards',
      expects: 'different shard ids separated by commas, such as 0,1',
      default: 'every shard',
      meaning:
        'The shards this machine runs, out of `SHARDS` (then a number, the same on every machine): two machines run disjoint lists against one database and one REST proxy (`REST_PROXY_URL`).',
    },
  ),
  REST_PROXY_URL: setting(z.url({ protocol: /^https?$/ }).optional(), {
    group: 'shards',
    expects: 'an http:// URL ending in /api',
    meaning:
      'A REST proxy every shard of the bot shares, for its one rate limit (`node scripts/start.mjs --prod rest-proxy` runs one). Unset: the manager runs its own, shared by its own shards only.',
  }),
  REST_PROXY_HOST: setting(HOST.default('127.0.0.1'), {
    group: 'shards',
    expects: 'an IP address or host name to listen on',
    default: '127.0.0.1',
    meaning: 'Where `rest-proxy` listens: an address the other machines reach, on a private network only (the proxy adds no authentication of its own).',
  }),
  REST_PROXY_PORT: setting(PORT.default(0), {
    group: 'shards',
    expects: 'a port number from 0 to 65535',
    default: '0 (a free port, printed at start-up)',
    meaning: 'The port `rest-proxy` listens on.',
  }),
  REST_PROXY_GLOBAL_PER_SECOND: setting(whole(1).default(50), {
    group: 'shards',
    expects: 'a whole number of at least 1',
    default: '50',
    meaning: "Requests a second the REST proxy lets through for all shards together: Discord's global limit, 50 unless Discord raised the bot's.",
  }),
  DRAIN_DEADLINE_MS: setting(whole(1).default(8000), {
    group: 'bot',
    expects: 'a whole number of milliseconds of at least 1',
    default: '8000',
    meaning:
      'How long a stop may take: interactions under way finish and the outbox delivers; past it the database lease is released and the process exits 1, what is undelivered waiting for the next start. A manager waits 2 s longer for its shards.',
  }),
  METRICS_PORT: setting(PORT.optional(), {
    group: 'metrics and logs',
    expects: 'a port number from 0 to 65535',
    meaning:
      'Serve `/metrics` (Prometheus) and `/healthz` on this port; each shard on this port plus its shard id. 0 picks a free port, printed at start-up. Unset: not served.',
  }),
  METRICS_HOST: setting(HOST.default('127.0.0.1'), {
    group: 'metrics and logs',
    expects: 'an IP address or host name to listen on',
    default: '127.0.0.1',
    meaning: 'The address `/metrics` and `/healthz` listen on: `0.0.0.0` (or `::`) for a scraper on another machine or outside a container.',
  }),
  LOG_LEVEL: setting(z.string().trim().toLowerCase().pipe(z.enum(LOG_LEVELS)).default('info'), {
    group: 'metrics and logs',
    expects: `one of ${LOG_LEVELS.join(', ')}`,
    default: 'info',
    meaning: 'The least severe log line written.',
  }),
  LOG_PRETTY: setting(flag.optional(), {
    group: 'metrics and logs',
    expects: '1, true, yes, 0, false or no',
    default: 'readable in a terminal, JSON otherwise',
    meaning: '`1` for readable lines (pino-pretty), `0` for one JSON object a line.',
  }),
  SANDBOX_PORT: setting(PORT.default(3000), {
    group: 'sandbox',
    expects: 'a port number from 0 to 65535',
    default: '3000',
    meaning: "The sandbox page's port (without a token); a free one when it is taken.",
  }),
  SANDBOX_HOST: setting(HOST.optional(), {
    group: 'sandbox',
    expects: 'an IP address or host name to listen on',
    default: '127.0.0.1',
    meaning: 'The address the sandbox page listens on.',
  }),
  SANDBOX_SEED: setting(whole(0).optional(), {
    group: 'sandbox',
    expects: 'a whole number',
    meaning: 'The same dice in every sandbox match (such matches say they cannot be verified).',
  }),
  SHARDING_MANAGER: setting(z.string().optional(), {
    group: 'set for you',
    expects: 'set only by the sharding manager',
    meaning: "Set by the sharding manager in each shard process, with `SHARDS` (the shard's id) and `SHARD_COUNT`. Never set it by hand.",
  }),
  SHARD_COUNT: setting(whole(1).optional(), {
    group: 'set for you',
    expects: 'a whole number of at least 1',
    meaning: 'Set by the sharding manager in each shard process: how many shards there are.',
  }),
  SHARD_REST_PROXY: setting(z.url({ protocol: /^https?$/ }).optional(), {
    group: 'set for you',
    expects: 'an http:// URL',
    meaning: 'Set by the sharding manager in each shard process: the REST proxy every shard sends its requests through.',
  }),
  SHARD_REST_PROXY_IN_MANAGER: setting(flag.optional(), {
    group: 'set for you',
    expects: '1 or unset',
    meaning: 'Set by the sharding manager when `SHARD_REST_PROXY` is its own: a shard that outlives its manager drains straight to Discord.',
  }),
  MALLOC_ARENA_MAX: setting(whole(1).optional(), {
    group: 'set for you',
    expects: 'a whole number of at least 1',
    default: 'scripts/malloc-settings.json',
    meaning:
      'Read by glibc, not the bot: `npm start` and `npm run start:prod` set it and the two below from `scripts/malloc-settings.json` (the script says why). A supervisor that runs `node dist/start.js` itself sets all three.',
  }),
  MALLOC_MMAP_THRESHOLD_: setting(whole(0).optional(), {
    group: 'set for you',
    expects: 'a whole number of bytes',
    default: 'scripts/malloc-settings.json',
    meaning: 'Read by glibc: blocks at least this large get a mapping of their own, given back when freed.',
  }),
  MALLOC_TRIM_THRESHOLD_: setting(whole(0).optional(), {
    group: 'set for you',
    expects: 'a whole number of bytes',
    default: 'scripts/malloc-settings.json',
    meaning: "Read by glibc: free memory at the heap's top beyond this is given back.",
  }),
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;
