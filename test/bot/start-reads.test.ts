/**
 * Start-up, the scheduler and /metrics read what they need (docs/store.md "Start-up reads what is
 * due"): a restart reads in full only the open matches with work to do (a prompt never posted, no
 * deadlines), a /metrics scrape reads counts and no match row, and /healthz answers while start-up's
 * work is still under way, saying "starting".
 */
import { createServer } from 'node:net';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot, type BotOptions, type RunningBot } from '../../src/bot/start';
import type { Store } from '../../src/store';
import { challengeAccepted, matchUnderWay } from '../e2e/setup-match';
import { startWorld, type World } from '../e2e/world';

/** The store with every full read of a match (and of the outbox's rows) written down in `reads`. */
function spied(store: Store, reads: string[]): Store {
  const watch = <T extends object>(target: T, names: readonly string[], prefix: string): T =>
    new Proxy(target, {
      get(t, prop) {
        const value = Reflect.get(t, prop) as unknown;
        if (typeof value !== 'function' || !names.includes(String(prop))) return value;
        return (...args: unknown[]) => {
          reads.push(`${prefix}.${String(prop)}(${args.length > 0 && typeof args[0] === 'string' ? args[0] : ''})`);
          return (value as (...a: unknown[]) => unknown).apply(t, args);
        };
      },
    });
  const matches = watch(store.matches, ['open', 'get', 'byThread', 'forPlayer'], 'matches');
  const outbox = watch(store.outbox, ['pending'], 'outbox');
  return new Proxy(store, {
    get: (t, prop) => (prop === 'matches' ? matches : prop === 'outbox' ? outbox : Reflect.get(t, prop)),
  });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let world: World;
let bot: RunningBot;
const ids: Record<'underWay' | 'unposted' | 'undated', string> = { underWay: '', unposted: '', undated: '' };
const reads: string[] = [];
const options = (store: Store, over: Partial<BotOptions> = {}): BotOptions => ({
  token: 'test-token',
  apiBase: world.fake.apiBase,
  guildId: world.fake.guild.id,
  store,
  log: () => undefined,
  now: world.clock,
  schedulerTickMs: 3_600_000,
  renderWorkers: 0,
  ...over,
});

beforeAll(async () => {
  // Pictures drawn on the bot's thread: these tests are about what start-up reads, not where it draws.
  world = await startWorld(3, undefined, undefined, {}, { renderWorkers: 0 });
  const idOf = async (thread: string) => (await world.store.matches.byThread(thread))!.id;
  ids.underWay = await idOf(await matchUnderWay(world));
  // In setup, waiting on its first prompt, posted.
  ids.unposted = await idOf(await challengeAccepted(world));
  // Challenged, waiting on bob's answer.
  await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch", points: 60, map: 'mill-crossing' } });
  ids.undated = await idOf(world.fake.threads(world.fake.channel.id).at(-1)!.id);
  await world.bot.stop();
  // By hand, as a database from before the outbox and the deadlines would be: one match's prompt was
  // never recorded as posted, another match has no deadlines.
  const db = new Database(world.dbPath);
  db.prepare('delete from prompts where match_id = ?').run(ids.unposted);
  db.prepare('delete from deadlines where match_id = ?').run(ids.undated);
  db.close();
  bot = await startBot(options(spied(world.store, reads), { metricsPort: 0 }));
  world.bot = bot;
  await bot.idle();
}, 120_000);
afterAll(async () => world?.close());

describe('start-up, the scheduler and /metrics', () => {
  it('read in full only the open matches with work to do at start-up', async () => {
    expect(reads).not.toContain('matches.open()');
    expect(reads).not.toContain(`matches.get(${ids.underWay})`);
    // The prompt never recorded is posted again, and the match without deadlines gets them.
    expect(reads).toContain(`matches.get(${ids.unposted})`);
    expect((await world.store.prompts.open(ids.unposted)).length).toBe(1);
    expect(reads).toContain(`matches.get(${ids.undated})`);
    expect((await world.store.deadlines.pending(ids.undated)).map((d) => d.kind)).toContain('accept');
  });

  it('answer a /metrics scrape from counts, reading no match and no waiting post', async () => {
    reads.length = 0;
    const text = await (await fetch(`${bot.metricsUrl}/metrics`)).text();
    expect(text).toMatch(/^sellsword_open_matches 3$/m);
    expect(text).toMatch(/^sellsword_outbox_waiting 0$/m);
    expect(text).toMatch(/^sellsword_deadlines_due 0$/m);
    expect(reads).toEqual([]);
  });

  it('answer /healthz from before the gateway connects, "starting" until start-up is done', async () => {
    await bot.stop();
    // Start-up held at the scheduler's first step, as a long resume would hold it.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const deadlines = new Proxy(world.store.deadlines, {
      get: (t, prop) => (prop === 'releaseClaims' ? async (...args: unknown[]) => gate.then(() => t.releaseClaims(...(args as []))) : Reflect.get(t, prop)),
    });
    const held = new Proxy(world.store, { get: (t, prop) => (prop === 'deadlines' ? deadlines : Reflect.get(t, prop)) });
    const port = await freePort();
    const starting = startBot(options(held, { metricsPort: port }));
    const health = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      return { status: response.status, body: (await response.json()) as { status: string; reason?: string } };
    };
    let seen: Awaited<ReturnType<typeof health>> | null = null;
    for (let i = 0; i < 200 && !seen; i++) {
      seen = await health().catch(() => null);
      if (!seen) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen?.status).toBe(503);
    expect(seen?.body.status).toBe('starting');
    // Still held: it keeps saying so, with what it is doing.
    await new Promise((r) => setTimeout(r, 200));
    expect((await health()).body).toMatchObject({ status: 'starting', reason: expect.stringMatching(/^starting: /) });
    open();
    bot = await starting;
    world.bot = bot;
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok' } });
  }, 60_000);
});
