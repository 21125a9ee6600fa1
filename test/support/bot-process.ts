/**
 * The bot in its own process, started exactly as `npm start` starts it (src/cli/start.ts with
 * DISCORD_TOKEN, DISCORD_API_BASE, DISCORD_GUILD_ID and DATABASE_PATH), against a fake Discord
 * running in the calling process. The bot benchmark uses it, and tests that kill the bot mid-request
 * (SIGKILL: no shutdown code runs) and start it again on the same database.
 *
 * The process is `node --import tsx src/cli/start.ts`, not `npx tsx …`: tsx's command line would put
 * a second process between, and a SIGKILL would kill that one and leave the bot running.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FakeDiscord } from '../../src/fakecord';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MALLOC_SETTINGS = JSON.parse(readFileSync(join(ROOT, 'scripts', 'malloc-settings.json'), 'utf8')) as Record<string, string>;
/** The V8 flags `npm start` runs the bot with (scripts/start.mjs says why). */
export const V8_FLAGS = JSON.parse(readFileSync(join(ROOT, 'scripts', 'v8-flags.json'), 'utf8')) as string[];
const START = fileURLToPath(new URL('../../src/cli/start.ts', import.meta.url));
const ONLINE = /Sellsword Table is online as /;
/** What the sharding manager says once every shard is online. */
const SHARDS_ONLINE = /Sellsword Table is running \d+ shards?, one process each/;
const OUTPUT_LIMIT = 64 * 1024;

export interface BotProcessOptions {
  /** The bot's SQLite file; start a second process on the same one to model a restart. */
  readonly databasePath: string;
  /** A PostgreSQL database for the bot instead of the SQLite file (DATABASE_URL, which wins over the file). */
  readonly databaseUrl?: string;
  /** More environment for the bot (it inherits this process's, then gets the four settings above). */
  readonly env?: Readonly<Record<string, string>>;
  /** The bot's stderr: kept for `output()` (the default), or passed through to this process's. */
  readonly stderr?: 'capture' | 'inherit';
  /**
   * A built bot to run instead (`npm run build`'s dist/start.js, run by plain node with no TypeScript
   * runner), and the project folder to run it in.
   */
  readonly built?: { readonly script: string; readonly cwd: string };
  /** How long to wait for the bot to say it is online (default 30 s); it is killed if it does not. */
  readonly timeoutMs?: number;
  /** Node options before the script (the benchmark passes a profiler's). */
  readonly nodeArgs?: readonly string[];
  /**
   * Run this many shards (SHARDS) under discord.js's ShardingManager, started 100 ms apart: the
   * process is then the manager, and it is online when every shard is. `stop()` stops them all;
   * `kill()` kills the manager only, so use `stop()`.
   */
  readonly shards?: number;
  /** Where the bot registers its commands (DISCORD_GUILD_ID): the fake's first guild by default; null registers them globally, for every guild. */
  readonly guildId?: string | null;
  /**
   * Run the built bot as production does, `node scripts/start.mjs --prod` (with `built`): the script
   * starts the bot as its child with the malloc settings, so signals go through it.
   */
  readonly viaStartScript?: boolean;
  /** Told each piece of output as it comes (stdout, and stderr unless passed through): to time lines as they appear. */
  readonly onOutput?: (text: string) => void;
  /** Its own process group (the child's pid is the group's id), so `signal(…, 'group')` reaches every process in it, as systemd's stop does. */
  readonly ownGroup?: boolean;
}

export interface ProcessExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface BotProcess {
  readonly pid: number;
  readonly child: ChildProcess;
  /** The gateway sessions that opened while this process started (its own, unless another bot started at the same time). */
  readonly sessionIds: readonly string[];
  /** The last 64 KiB it printed: stdout, and stderr unless passed through. */
  output(): string;
  /** Settles when the process has exited. */
  readonly exited: Promise<ProcessExit>;
  /**
   * SIGKILL, as a crash or an OOM kill: no shutdown code runs, a request in flight stays unanswered.
   * Resolves when the process is gone and the fake has seen its gateway connection drop, so the next
   * interaction goes only to a bot that is alive.
   */
  kill(): Promise<ProcessExit>;
  /** SIGTERM: the bot's own shutdown (it finishes what it is doing and logs out); SIGKILL after `timeoutMs` (10 s). */
  stop(timeoutMs?: number): Promise<ProcessExit>;
  /** Sends a signal to the process, or with `ownGroup` to its whole process group. */
  signal(signal: NodeJS.Signals, to?: 'process' | 'group'): void;
}

/**
 * The bot as `npm start` runs it: bundled by scripts/build.mjs, here into a folder of its own (so a
 * running `npm start` keeps its dist/), beside links to the project's source (where the bundle finds
 * its data files), migrations and packages. `remove()` deletes the folder.
 */
export function buildBot(): { readonly script: string; readonly cwd: string; remove(): void } {
  const cwd = mkdtempSync(join(tmpdir(), 'sellsword-built-'));
  for (const name of ['src', 'migrations', 'migrations-pg', 'node_modules']) symlinkSync(join(ROOT, name), join(cwd, name));
  writeFileSync(join(cwd, 'package.json'), readFileSync(join(ROOT, 'package.json')));
  // The production start command, `node scripts/start.mjs --prod`, beside the build it runs.
  mkdirSync(join(cwd, 'scripts'));
  for (const name of readdirSync(join(ROOT, 'scripts')).filter((n) => /\.(mjs|json)$/.test(n)))
    copyFileSync(join(ROOT, 'scripts', name), join(cwd, 'scripts', name));
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--outdir', join(cwd, 'dist')], { stdio: 'pipe' });
  return { script: join(cwd, 'dist', 'start.js'), cwd, remove: () => rmSync(cwd, { recursive: true, force: true }) };
}

/** Starts the bot against `fake` and resolves once it is online (logged in, commands registered, matches resumed). */
export async function startBotProcess(fake: FakeDiscord, options: BotProcessOptions): Promise<BotProcess> {
  const before = new Set(fake.gatewaySessions().map((s) => s.sessionId));
  // The bot's database is the one given here, never a DATABASE_URL this process happens to have.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  if (options.viaStartScript) {
    // The start script sets the malloc settings itself, for the child it starts.
    for (const name of Object.keys(MALLOC_SETTINGS)) delete inherited[name];
  }
  const script = options.built
    ? options.viaStartScript
      ? [join(options.built.cwd, 'scripts', 'start.mjs'), '--prod']
      : [options.built.script]
    : ['--import', 'tsx', START];
  // As `npm start` runs it; the start script adds the flags itself.
  const flags = options.viaStartScript ? [] : V8_FLAGS.filter((f) => !options.nodeArgs?.includes(f));
  const child = spawn(process.execPath, [...flags, ...(options.nodeArgs ?? []), ...script], {
    cwd: options.built?.cwd ?? ROOT,
    detached: options.ownGroup === true,
    env: {
      // As `npm start` runs it on Linux (scripts/start.mjs says why).
      ...(options.viaStartScript ? {} : MALLOC_SETTINGS),
      ...inherited,
      ...options.env,
      DISCORD_TOKEN: 'bot-process-token',
      DISCORD_API_BASE: fake.apiBase,
      ...(options.guildId === null ? {} : { DISCORD_GUILD_ID: options.guildId ?? fake.guild.id }),
      DATABASE_PATH: options.databasePath,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...(options.shards === undefined ? {} : { SHARDS: String(options.shards), SHARD_SPAWN_DELAY_MS: '100' }),
    },
    stdio: ['ignore', 'pipe', options.stderr === 'inherit' ? 'inherit' : 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
    options.onOutput?.(chunk.toString('utf8'));
    for (const listener of [...listeners]) listener();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<ProcessExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const pid = child.pid;
  if (pid === undefined) {
    const error = await new Promise<Error>((resolve) => child.once('error', resolve));
    throw new Error(`The bot process did not start: ${error.message}`);
  }

  const timeoutMs = options.timeoutMs ?? 30_000;
  await new Promise<void>((resolve, reject) => {
    const finish = (error?: Error): void => {
      listeners.delete(check);
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const check = (): void => {
      if ((options.shards === undefined ? ONLINE : SHARDS_ONLINE).test(output)) finish();
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new Error(`The bot process did not come online within ${timeoutMs} ms. Its output:\n${output}`));
    }, timeoutMs);
    listeners.add(check);
    void exited.then(({ code, signal }) =>
      finish(new Error(`The bot process exited (code ${code}, signal ${signal}) before it was online. Its output:\n${output}`)),
    );
    check();
  });

  const sessionIds = fake
    .gatewaySessions()
    .map((s) => s.sessionId)
    .filter((id) => !before.has(id));
  const disconnected = async (): Promise<void> => {
    await fake.waitFor(() => fake.gatewaySessions().every((s) => !sessionIds.includes(s.sessionId) || !s.connected) || undefined, 5000);
  };
  const alive = (): boolean => child.exitCode === null && child.signalCode === null;

  return {
    pid,
    child,
    sessionIds,
    output: () => output,
    exited,
    async kill() {
      if (alive()) child.kill('SIGKILL');
      const exit = await exited;
      await disconnected();
      return exit;
    },
    signal(signal, to = 'process') {
      if (to === 'group' && !options.ownGroup) throw new Error('signal(…, "group") needs ownGroup: the test runner shares this group.');
      if (alive()) process.kill(to === 'group' ? -pid : pid, signal);
    },
    async stop(stopTimeoutMs = 10_000) {
      if (alive()) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
      const exit = await exited;
      clearTimeout(timer);
      await disconnected();
      return exit;
    },
  };
}
