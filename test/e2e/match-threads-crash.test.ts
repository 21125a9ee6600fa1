/**
 * A kill between making a match's thread and saving it to the match (commands/skirmish/match-thread.ts): the bot
 * runs in its own process (test/support/bot-process.ts) and is SIGKILLed while Discord has made the thread
 * and the bot has not heard back. After a restart on the same database the challenge, the practice
 * match and the season round's match are each in that one thread, nothing lost and nothing doubled.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotProcess, type BotProcess } from '../support/bot-process';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';
import { openStore } from '../../src/store';
import { HAVOC, VALOR } from './setup-match';

const THREADS = 'POST /channels/:channel/threads';
/** How long the restarted bot may take to finish what it owes, on a busy 2-core machine. */
const RECOVERY_MS = 30_000;

let fake: FakeDiscord;
let dir: string;
let databasePath: string;
let bot: BotProcess | null = null;
const started: BotProcess[] = [];

async function start(): Promise<BotProcess> {
  bot = await startBotProcess(fake, { databasePath });
  started.push(bot);
  return bot;
}

/** Runs a command and waits for the bot's first answer (its deferral). */
async function run(user: string, channel: string, name: string, options: Record<string, string | number> = {}): Promise<void> {
  const out = await fake.command({ user, channel, name, options });
  await out.response(20_000);
  await out.settled({ quietMs: 100, timeoutMs: 20_000 });
}

/** Holds the next thread create after Discord made the thread, kills the bot, starts it again. */
async function killAfterThreadMade(act: () => Promise<unknown>): Promise<void> {
  const held = fake.faults.add({ route: THREADS, hold: true, after: true });
  void act().catch(() => undefined);
  await held.reached();
  await bot!.kill();
  held.drop();
  await start();
}

/** Reads the bot's database in a connection of its own. */
async function matchesIn(channel: string) {
  const store = openStore(databasePath, { busyMs: 200 });
  try {
    return (await store.matches.open()).filter((m) => m.channelId === channel);
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000 });
  dir = mkdtempSync(join(tmpdir(), 'sellsword-threads-crash-'));
  databasePath = join(dir, 'bot.db');
  await start();
  await run('alice', fake.channel.id, 'warband submit', { text: VALOR });
  await run('bob', fake.channel.id, 'warband submit', { text: HAVOC });
}, 60_000);

afterAll(async () => {
  for (const b of started) await b.kill().catch(() => undefined);
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a kill after Discord made the thread, before the bot heard back', () => {
  it('leaves the challenge in its one thread after the restart', async () => {
    const channel = fake.addChannel('crash-challenge').id;
    await killAfterThreadMade(() =>
      fake.command({ user: 'alice', channel, name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch" } }),
    );
    const thread = await fake.waitFor(() => fake.threads(channel)[0], RECOVERY_MS);
    await fake.waitFor(() => fake.messages(thread.id).some((m) => m.content.includes('challenges you')), RECOVERY_MS);
    expect(fake.threads(channel)).toHaveLength(1);
    const [row] = await matchesIn(channel);
    expect(row?.threadId).toBe(thread.id);
    await run('bob', thread.id, 'skirmish accept', { warband: 'Grave Host' });
    expect(fake.messages(thread.id).some((m) => m.content.includes('Setup begins'))).toBe(true);
  }, 90_000);

  it('leaves the practice match in its one thread after the restart, setup under way', async () => {
    const channel = fake.addChannel('crash-practice').id;
    await killAfterThreadMade(() => fake.command({ user: 'alice', channel, name: 'skirmish practice', options: { warband: "Hrolf's Watch" } }));
    const thread = await fake.waitFor(() => fake.threads(channel)[0], RECOVERY_MS);
    await fake.waitFor(() => fake.messages(thread.id).some((m) => m.content.includes('Practice match')), RECOVERY_MS);
    expect(fake.threads(channel)).toHaveLength(1);
    const [row] = await matchesIn(channel);
    expect(row?.threadId).toBe(thread.id);
    expect(row?.status).not.toBe('challenged');
  }, 90_000);

  it("leaves a season round's match in its one thread after the restart, setup under way", async () => {
    const league = fake.addChannel('crash-season').id;
    await run('alice', league, 'league create', { name: 'Crashing' });
    await run('alice', league, 'league season start', { pairing: 'round-robin', rounds: 1 });
    await run('alice', league, 'league join', { warband: "Hrolf's Watch" });
    await run('bob', league, 'league join', { warband: 'Grave Host' });
    await killAfterThreadMade(() => fake.command({ user: 'alice', channel: league, name: 'league season close' }));
    const thread = await fake.waitFor(() => fake.threads(league)[0], RECOVERY_MS);
    await fake.waitFor(() => fake.messages(thread.id).some((m) => m.content.includes('The league paired you')), RECOVERY_MS);
    let rows = await matchesIn(league);
    for (let i = 0; i < 100 && rows[0]?.status !== 'setup'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await matchesIn(league);
    }
    expect(fake.threads(league)).toHaveLength(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.threadId).toBe(thread.id);
    expect(rows[0]!.status).toBe('setup');
  }, 90_000);
});
