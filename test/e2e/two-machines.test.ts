/**
 * Shards on two "machines" (docs/deploy.md "Two machines"): one REST proxy in a process of its own
 * (`start.ts rest-proxy`, @discordjs/proxy), and two sharding managers with disjoint SHARD_IDS of
 * SHARDS=2, each pointed at it with REST_PROXY_URL, on one database. Each manager runs only its own
 * shard and each guild is answered by its own shard; a burst of interactions in both guilds is held
 * by the proxy to one global limit for both sets together (2 requests a second here, to keep it short).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotProcess, type BotProcess } from '../support/bot-process';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';

const START = fileURLToPath(new URL('../../src/cli/start.ts', import.meta.url));
const PER_SECOND = 2;
const warband = (player: string) => `${player}'s band | valor | mill-crossing | valor-knight, valor-guard, valor-squire`;

let fake: FakeDiscord;
let dir: string;
let proxy: ChildProcess;
let proxyUrl: string;
const managers: BotProcess[] = [];

/** Starts the proxy alone, as the first machine would, and reads its address from what it prints. */
async function startProxy(): Promise<string> {
  const { DISCORD_TOKEN: _none, ...env } = process.env;
  proxy = spawn(process.execPath, ['--import', 'tsx', START, 'rest-proxy'], {
    env: { ...env, DISCORD_API_BASE: fake.apiBase, REST_PROXY_GLOBAL_PER_SECOND: String(PER_SECOND) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /REST_PROXY_URL at (http:\/\/\S+\/api)\./.exec(output)?.[1];
      if (url) resolve(url);
    };
    proxy.stdout!.on('data', read);
    proxy.stderr!.on('data', read);
    proxy.once('exit', (code) => reject(new Error(`The REST proxy exited (code ${code}): ${output}`)));
  });
}

/** Waits until no outbox row of the shared database waits (a hang guard of 60 s, not a timing). */
async function outboxEmpty(): Promise<void> {
  const db = new Database(join(dir, 'bot.db'), { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const waiting = () => (db.prepare('select count(*) as n from outbox where done_at is null').get() as { n: number }).n;
    const until = Date.now() + 60_000;
    while (waiting() > 0) {
      if (Date.now() > until) throw new Error(`${waiting()} outbox row(s) still waiting after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000, shards: 2, guilds: [{ name: 'Second' }] });
  for (let i = 0; i < 4; i++) fake.addUser(`player${i}`);
  dir = mkdtempSync(join(tmpdir(), 'sellsword-two-machines-'));
  proxyUrl = await startProxy();
  for (const ids of ['0', '1']) {
    managers.push(
      await startBotProcess(fake, {
        databasePath: join(dir, 'bot.db'),
        shards: 2,
        guildId: null,
        env: { SHARD_IDS: ids, REST_PROXY_URL: proxyUrl, RENDER_WORKERS: '0' },
        timeoutMs: 90_000,
      }),
    );
  }
}, 240_000);

afterAll(async () => {
  for (const manager of managers) await manager.stop();
  proxy?.kill('SIGTERM');
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('two managers with disjoint SHARD_IDS and one REST proxy', () => {
  it('runs one shard each, and holds both sets together to the one global limit', async () => {
    expect(managers[0]!.output()).toContain('running 1 shard, one process each (0 of 2)');
    expect(managers[1]!.output()).toContain('running 1 shard, one process each (1 of 2)');
    const channels = fake.guilds().map((g) => g.channel.id);
    const players = ['player0', 'player1', 'player2', 'player3'];
    for (const [i, player] of players.entries()) {
      const outcome = await fake.command({ user: player, channel: channels[i % 2]!, name: 'warband submit', options: { text: warband(player) } });
      expect(outcome.deliveredTo).toBe(1);
      await outcome.settled({ quietMs: 50, timeoutMs: 30_000 });
    }
    // Let those requests fall out of the proxy's current second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = fake.requests().length;
    // Four practice matches at once, two in each guild: each opens a thread and posts its first turn,
    // requests that count against the global limit (interaction answers do not, on Discord or in
    // @discordjs/rest).
    const outcomes = await Promise.all(
      players.map((player, i) =>
        fake.command({ user: player, channel: channels[i % 2]!, name: 'skirmish practice', options: { warband: `${player}'s band` } }),
      ),
    );
    for (const outcome of outcomes) {
      expect(outcome.deliveredTo).toBe(1);
      await outcome.settled({ quietMs: 50, timeoutMs: 60_000 });
    }
    // Until the outbox has delivered everything the four matches owe: no row of it waits.
    await outboxEmpty();
    const counted = fake
      .requests()
      .slice(before)
      .filter((r) => !r.path.startsWith('/interactions/') && !r.path.startsWith('/webhooks/'));
    const threads = new Set(counted.filter((r) => r.route === 'POST /channels/:channel/threads').map((r) => r.path));
    expect(threads).toEqual(new Set(channels.map((c) => `/channels/${c}/threads`)));
    const times = counted.map((r) => r.at);
    expect(times.length).toBeGreaterThanOrEqual(8);
    // The proxy's seconds start at their first request and it lets PER_SECOND through in each, so n
    // requests from both sets span at least ceil(n / PER_SECOND) - 1 whole seconds; two limiters,
    // one a set, would let twice as many through and finish in about half that. A loaded machine
    // only spreads them further.
    const span = Math.max(...times) - Math.min(...times);
    expect(span).toBeGreaterThanOrEqual((Math.ceil(times.length / PER_SECOND) - 1) * 1000 - 200);
  }, 120_000);
});
