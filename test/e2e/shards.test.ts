/**
 * Two shards: `npm start` with SHARDS=2 runs discord.js's ShardingManager, which starts two
 * bot processes on one database, against a fake Discord with two guilds, one on each shard. A match is
 * played to its first turn in each guild, then every deadline of both matches is made due at once and
 * both shards' schedulers look for them. Every interaction reaches one process and is answered once,
 * each deadline is handled once, by the shard of its guild, and no post is sent twice.
 *
 * It runs on both backends: a PostgreSQL server (a throw-away cluster, where the server binaries
 * exist; it says so in one line and passes over itself where they do not) and a shared SQLite file
 * (WAL), which one machine running a few shards may use. The assertions do not depend on the engine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotProcess, type BotProcess } from '../support/bot-process';
import type { MatchSnapshot } from '../../src/match/match-state';
import { startFakeDiscord, type CommandInput, type FakeDiscord, type FakeGuild, type FakeMessage, type InteractionOutcome } from '../../src/fakecord';
import { pgServerMissing, startPgServer, type PgServer } from '../support/pg-server';
import { HAVOC, VALOR } from './setup-match';
import { componentsOf } from './world';

/** The test's own connection to the bot's database, to look at rows and to make deadlines due; SQL with `?` placeholders. */
interface Peek {
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

function sqliteFile(path: string): Peek {
  const db = new Database(path);
  db.pragma('busy_timeout = 5000');
  return {
    query: async <T>(sql: string, params: readonly unknown[] = []) => db.prepare(sql).all(...params) as T[],
    close: async () => {
      db.close();
    },
  };
}

async function postgres(server: PgServer): Promise<Peek> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  return {
    query: async <T>(sql: string, params: readonly unknown[] = []) => {
      let n = 0;
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          [...params],
        )
      ).rows as T[];
    },
    close: () => client.end(),
  };
}

const missing = pgServerMissing();
if (missing) console.log(`The 2-shard test on PostgreSQL is passed over: ${missing}.`);

const BACKENDS: [string, boolean][] = [
  ['a PostgreSQL server', !missing],
  ['a shared SQLite file', true],
];

interface MatchRowLite {
  id: string;
  guild_id: string;
  thread_id: string | null;
  /** Text on SQLite, already parsed on PostgreSQL. */
  snapshot: string | MatchSnapshot | null;
}

/** The bot's answer to a change that met the database busy (bot/router.ts). */
const BUSY = /busy right now, so nothing was changed/;

/** Checks `check` every 50 ms until it gives a value (the fake's waitFor takes synchronous checks only). */
async function poll<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`nothing after ${timeoutMs} ms`);
    await sleep(50);
  }
}

describe.each(BACKENDS)('two shard processes on %s', (backend, available) => {
  let fake: FakeDiscord;
  let dir: string;
  let server: PgServer | null = null;
  let bot: BotProcess | null = null;
  let db: Peek;
  const outcomes: InteractionOutcome[] = [];

  beforeAll(async () => {
    if (!available) return;
    fake = await startFakeDiscord({ heartbeatMs: 1000, shards: 2, guilds: [{ name: 'Second table' }] });
    dir = mkdtempSync(join(tmpdir(), 'sellsword-shards-'));
    if (backend === 'a PostgreSQL server') {
      server = await startPgServer();
      db = await postgres(server!);
    }
    bot = await startBotProcess(fake, {
      databasePath: join(dir, 'bot.db'),
      shards: 2,
      // Two guilds: the commands are registered for every guild, by shard 0.
      guildId: null,
      env: { SCHEDULER_TICK_MS: '300', RENDER_WORKERS: '0', ...(server ? { DATABASE_URL: server.url } : {}) },
      timeoutMs: 60_000,
    });
    if (!server) db = sqliteFile(join(dir, 'bot.db'));
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await bot?.stop();
    await fake?.close();
    server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const matchIn = async (guild: FakeGuild): Promise<MatchRowLite | undefined> =>
    (await db.query<MatchRowLite>('select id, guild_id, thread_id, snapshot from matches where guild_id = ?', [guild.id]))[0];

  const snapshotOf = (row: MatchRowLite): MatchSnapshot | null =>
    typeof row.snapshot === 'string' ? (JSON.parse(row.snapshot) as MatchSnapshot) : row.snapshot;

  const openPromptOf = (thread: string): FakeMessage | undefined =>
    fake
      .messages(thread)
      .filter((m) => !m.ephemeral && componentsOf(m).length > 0)
      .at(-1);

  /** What the last interactions were answered, for the message of a wait that ends without its state. */
  const answers: string[] = [];

  /**
   * Sends an interaction and waits for its answer. Two processes write one SQLite file, so a change
   * can meet it busy past the bot's retries; the bot then says nothing was changed, and the player
   * sends it again, as the sentence asks.
   */
  async function act(send: () => Promise<InteractionOutcome>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const outcome = await send();
      outcomes.push(outcome);
      expect(outcome.deliveredTo).toBe(1);
      const summary = await outcome.settled({ quietMs: 50, timeoutMs: 15_000 });
      const said = summary.original?.content ?? summary.response?.kind ?? 'no answer';
      answers.push(`${summary.name}: ${said}`);
      if (!BUSY.test(said) || attempt === 5) return;
    }
  }

  const run = async (input: CommandInput) => act(() => fake.command(input));

  /** Plays the guild's match to its first turn, through its own channel, and returns the thread. */
  async function matchUnderWay(guild: FakeGuild): Promise<string> {
    await run({ user: 'alice', channel: guild.channel.id, name: 'warband submit', options: { text: VALOR } });
    await run({ user: 'bob', channel: guild.channel.id, name: 'warband submit', options: { text: HAVOC } });
    await run({
      user: 'alice',
      channel: guild.channel.id,
      name: 'skirmish challenge',
      options: { opponent: 'bob', warband: "Hrolf's Watch", points: 60, map: 'mill-crossing' },
    });
    const thread = await fake.waitFor(() => fake.threads(guild.channel.id).at(-1)?.id, 10_000);
    await run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } });
    for (let answered = 0; answered < 30; answered++) {
      // The shard moves the match on after each answer (and after the accept) in its own time: wait for
      // its next state, an open prompt or the game under way, however long a loaded machine takes.
      let seen = 'no match';
      const { row, prompt } = await poll(async () => {
        const row = await matchIn(guild);
        const snapshot = row ? snapshotOf(row) : null;
        seen = row ? (snapshot ? `stage ${snapshot.stage}` : 'not accepted') : 'no match';
        if (!row || !snapshot) return undefined;
        const prompt = snapshot.stage === 'pregame' ? snapshot.pregame.prompt : snapshot.game.prompt;
        return prompt || snapshot.stage === 'game' ? { row, prompt } : undefined;
      }, 60_000).catch((error: Error) => {
        throw new Error(
          `${error.message}: the match in ${guild.name} is at ${seen}; last answers:\n${answers.slice(-6).join('\n')}\nbot output:\n${bot!.output().slice(-3000)}`,
        );
      });
      if (!prompt) return thread;
      // The prompt is posted through the outbox, by the shard of this guild.
      const message = await fake.waitFor(() => {
        const m = openPromptOf(thread);
        return m && componentsOf(m).some((c) => c.custom_id.includes(row.id)) ? m : undefined;
      }, 30_000);
      const who = fake.user(prompt.player)!.username;
      const c = componentsOf(message)[0]!;
      await act(() =>
        c.type === 3
          ? fake.select({ user: who, message: message.id, customId: c.custom_id, values: [c.options![0]!.value] })
          : fake.click({ user: who, message: message.id, customId: c.custom_id }),
      );
      await fake.waitFor(() => openPromptOf(thread)?.id !== message.id || undefined, 10_000).catch(() => undefined);
    }
    throw new Error('the prompts never ended');
  }

  it('starts one process per shard, each with its own guild', async ({ skip }) => {
    if (!available) skip();
    // The manager counts a shard started once it has logged in; it says it is online a moment later.
    for (let i = 0; i < 100 && !/shard 1 of 2\) is online/.test(bot!.output()); i++) await sleep(100);
    const sessions = fake.gatewaySessions().filter((s) => s.connected);
    expect(sessions.map((s) => s.shard).sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    const [first, second] = fake.guilds();
    expect(fake.shardOf(first!.id, 2)).not.toBe(fake.shardOf(second!.id, 2));
    expect(bot!.output()).toMatch(/shard 0 of 2\) is online/);
  });

  it('answers every interaction of a match in each guild once, from the shard of its guild', async ({ skip }) => {
    if (!available) skip();
    const threads = await Promise.all(fake.guilds().map((guild) => matchUnderWay(guild)));
    expect(threads).toHaveLength(2);
    for (const [i, guild] of fake.guilds().entries()) expect((await matchIn(guild))!.thread_id).toBe(threads[i]);
    // One callback per interaction: two processes answering would send two.
    const callbacks = fake.requests('POST /interactions/:id/:token/callback').map((r) => r.path.split('/')[2]);
    for (const outcome of outcomes) {
      expect(outcome.summary().response).not.toBeNull();
      expect(callbacks.filter((id) => id === outcome.id)).toHaveLength(1);
    }
    // Discord would have refused a second answer to any interaction (40060).
    expect(fake.rejections().filter((r) => r.code === 40060)).toEqual([]);
  }, 120_000);

  it('handles each deadline once, and posts nothing twice', async ({ skip }) => {
    if (!available) skip();
    const matches = await Promise.all(fake.guilds().map(async (guild) => (await matchIn(guild))!));
    // Every pending deadline of both matches falls due now; both shards' schedulers tick every 300 ms.
    const due = await db.query<{ id: number; match_id: string }>(
      'update deadlines set due_at = ? where done_at is null and match_id in (?, ?) returning id, match_id',
      [Date.now() - 1000, matches[0]!.id, matches[1]!.id],
    );
    expect(new Set(due.map((d) => d.match_id)).size).toBe(2);
    const ids = due.map((d) => d.id);
    const handled = await poll(async () => {
      const rows = await db.query<{ done_at: number | null }>(`select id, done_at, outcome from deadlines where id in (${ids.join(',')})`);
      return rows.every((r) => r.done_at !== null) ? rows : undefined;
    }, 20_000);
    expect(handled).toHaveLength(ids.length);
    // Everything the deadlines made has gone out.
    await poll(
      async () => Number((await db.query<{ n: number | string }>('select count(*) as n from outbox where done_at is null'))[0]!.n) === 0 || undefined,
      20_000,
    );
    // No post shows twice: every message of the bot in the threads carries its outbox row's nonce, and
    // no nonce appears on two messages. (A request may repeat a nonce when the bot could not record a
    // delivery, a busy SQLite file, and sends it again; Discord then answers with the first message.)
    const posted = matches.flatMap((m) => fake.messages(m.thread_id!)).filter((x) => x.nonce !== null);
    expect(posted.length).toBeGreaterThan(0);
    expect(new Set(posted.map((x) => String(x.nonce))).size).toBe(posted.length);
    // And each thread shows each message once.
    for (const m of matches) {
      const ids = fake.messages(m.thread_id!).map((x) => x.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  }, 60_000);
});
