/**
 * Stopping the bot as a supervisor does (docs/deploy.md "Stopping"), through the production start
 * command, `node scripts/start.mjs --prod`, on a build, against the fake Discord:
 * - a SIGTERM to the whole process group (systemd's default: the start script and the bot at once,
 *   and the script passes its own on) stops the bot cleanly, its lease released;
 * - a second SIGTERM during the drain does not cut it short; a drain that cannot finish ends at its
 *   deadline with the lease released;
 * - a sharded set signalled as one group mid-burst answers every interaction, either with its act
 *   or with "nothing was changed", and a set started again at once takes the retries, nothing doubled;
 * - shards whose manager is SIGKILLed drain and exit, releasing their leases, so a new set starts at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildBot, startBotProcess, type BotProcess } from '../support/bot-process';
import { startFakeDiscord, type FakeDiscord, type InteractionOutcome } from '../../src/fakecord';

const CALLBACK = 'POST /interactions/:id/:token/callback';
const RESTARTING = 'The bot is restarting; try again in a moment. Nothing was changed.';
const warband = (name: string) => `${name} | valor | mill-crossing | valor-knight, valor-guard, valor-squire`;

let fake: FakeDiscord;
let built: ReturnType<typeof buildBot>;
let dir: string;
let running: BotProcess[] = [];

beforeAll(async () => {
  built = buildBot();
  fake = await startFakeDiscord({ heartbeatMs: 1000, shards: 2, guilds: [{ name: 'Second' }] });
  for (let i = 0; i < 8; i++) fake.addUser(`player${i}`);
}, 60_000);
afterEach(async () => {
  for (const bot of running) await bot.stop();
  running = [];
  fake.faults.clear();
});
afterAll(async () => {
  await fake?.close();
  built?.remove();
});

function freshDatabase(): string {
  dir = mkdtempSync(join(tmpdir(), 'sellsword-stop-'));
  return join(dir, 'bot.db');
}

/** The leases held in the database now, by name, with the pid of their holder. */
function leases(databasePath: string): { name: string; pid: number }[] {
  const db = new Database(databasePath, { readonly: true });
  db.pragma('busy_timeout = 5000');
  try {
    return db.prepare('select name, pid from leases order by name').all() as { name: string; pid: number }[];
  } finally {
    db.close();
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function start(databasePath: string, options: { shards?: number; env?: Record<string, string>; viaStartScript?: boolean } = {}): Promise<BotProcess> {
  const bot = await startBotProcess(fake, {
    databasePath,
    built,
    viaStartScript: options.viaStartScript ?? true,
    ownGroup: true,
    guildId: null,
    env: { RENDER_WORKERS: '0', ...options.env },
    ...(options.shards === undefined ? {} : { shards: options.shards }),
    timeoutMs: 60_000,
  });
  running.push(bot);
  return bot;
}

const submit = (user: string, channel: string) => fake.command({ user, channel, name: 'warband submit', options: { text: warband(`${user}'s band`) } });

/** What the player was answered: the reply's text. */
async function answer(outcome: InteractionOutcome): Promise<string> {
  const summary = await outcome.settled({ quietMs: 50, timeoutMs: 15_000 });
  return summary.original?.content ?? summary.response?.message?.content ?? '(no answer)';
}

describe('stopping through the production start command', () => {
  it('stops cleanly on a SIGTERM to its whole process group, its lease released', async () => {
    const databasePath = freshDatabase();
    const bot = await start(databasePath);
    const [lease] = leases(databasePath);
    expect(lease?.name).toBe('bot');
    // The start script runs the bot as its child: the lease is the child's.
    expect(lease?.pid).not.toBe(bot.pid);
    bot.signal('SIGTERM', 'group');
    expect(await bot.exited).toEqual({ code: 0, signal: null });
    expect(leases(databasePath)).toEqual([]);
    expect(alive(lease!.pid)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  }, 90_000);

  it('finishes its drain through a second SIGTERM, and stops at the deadline with its lease released', async () => {
    const databasePath = freshDatabase();
    const bot = await start(databasePath, { env: { DRAIN_DEADLINE_MS: '6000' } });
    const held = fake.faults.add({ route: CALLBACK, hold: true });
    const inFlight = await submit('player0', fake.guilds()[0]!.channel.id);
    await held.reached();
    bot.signal('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    bot.signal('SIGTERM', 'group');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bot.child.exitCode).toBeNull();
    held.release();
    expect(await answer(inFlight)).toMatch(/^Saved \*\*player0's band\*\*/);
    expect(await bot.exited).toEqual({ code: 0, signal: null });
    expect(leases(databasePath)).toEqual([]);

    // A drain that cannot finish (Discord never answers) ends at the deadline, lease released.
    const again = await start(databasePath, { env: { DRAIN_DEADLINE_MS: '1500' } });
    const stuckHold = fake.faults.add({ route: CALLBACK, hold: true });
    const stuck = await submit('player1', fake.guilds()[0]!.channel.id);
    await stuckHold.reached();
    again.signal('SIGTERM', 'group');
    expect(await again.exited).toEqual({ code: 1, signal: null });
    expect(leases(databasePath)).toEqual([]);
    expect(stuck.deliveredTo).toBe(1);
    rmSync(dir, { recursive: true, force: true });
  }, 90_000);
});

describe('stopping a shard set', () => {
  it('answers every interaction of a burst when the whole group is signalled, and a new set takes the retries at once', async () => {
    const databasePath = freshDatabase();
    const set = await start(databasePath, { shards: 2 });
    expect(leases(databasePath).map((l) => l.name)).toEqual(['bot shard 0/2', 'bot shard 1/2']);
    const channels = fake.guilds().map((g) => g.channel.id);
    const players = Array.from({ length: 8 }, (_, i) => `player${i}`);
    // The first four acts are under way (their answers held) when the group is signalled.
    const held = fake.faults.add({ route: CALLBACK, hold: true, times: 4 });
    const outcomes = new Map<string, InteractionOutcome>();
    for (const [i, player] of players.slice(0, 4).entries()) outcomes.set(player, await submit(player, channels[i % 2]!));
    await held.reached(4, 15_000);
    set.signal('SIGTERM', 'group');
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const [i, player] of players.slice(4).entries()) outcomes.set(player, await submit(player, channels[i % 2]!));
    held.release();
    const answers = new Map<string, string>();
    for (const [player, outcome] of outcomes) {
      expect(outcome.deliveredTo).toBe(1);
      answers.set(player, await answer(outcome));
    }
    expect(await set.exited).toEqual({ code: 0, signal: null });
    expect(leases(databasePath)).toEqual([]);
    for (const player of players.slice(0, 4)) expect(answers.get(player)).toMatch(/^Saved \*\*/);
    for (const player of players.slice(4)) expect(answers.get(player)).toBe(RESTARTING);

    // Started again at once; the players told "nothing was changed" try again, and each band is saved once.
    await start(databasePath, { shards: 2 });
    for (const [i, player] of players.slice(4).entries()) expect(await answer(await submit(player, channels[i % 2]!))).toMatch(/^Saved \*\*/);
    expect(fake.rejections()).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('drains and exits shards whose manager was SIGKILLed, releasing their leases, so a new set starts at once', async () => {
    const databasePath = freshDatabase();
    // The manager itself is the process started here (no start script between).
    const set = await start(databasePath, { shards: 2, viaStartScript: false });
    const shardPids = leases(databasePath).map((l) => l.pid);
    expect(shardPids).toHaveLength(2);
    set.signal('SIGKILL');
    await set.exited;
    await fake.waitFor(() => (shardPids.every((pid) => !alive(pid)) ? true : undefined), 20_000);
    expect(leases(databasePath)).toEqual([]);
    const again = await start(databasePath, { shards: 2, viaStartScript: false });
    expect(leases(databasePath).map((l) => l.name)).toEqual(['bot shard 0/2', 'bot shard 1/2']);
    expect(again.output()).not.toMatch(/already running/);
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
