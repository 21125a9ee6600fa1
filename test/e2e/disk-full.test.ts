/**
 * A full disk, told as one (bot/router.ts): while the bot's SQLite database answers every write with
 * SQLITE_FULL (the real error better-sqlite3 throws when a database cannot grow, made here with
 * `max_page_count`), a command that saves is answered privately that the disk is full and nothing was
 * changed, and nothing was; once there is room again the same command goes through.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot, type RunningBot } from '../../src/bot/start';
import { startFakeDiscord, type CommandInput, type FakeDiscord, type InteractionSummary } from '../../src/fakecord';
import { openStore, type Store } from '../../src/store';
import { answerText } from './world';

/** SQLite's own SQLITE_FULL, from a database that may not grow past three pages. */
function sqliteFull(): Error {
  const db = new Database(join(mkdtempSync(join(tmpdir(), 'sellsword-full-')), 'full.db'));
  try {
    db.exec('create table t (x text)');
    db.pragma('max_page_count = 3');
    db.exec('insert into t select hex(randomblob(4000)) from (with recursive n(i) as (select 1 union all select i + 1 from n where i < 50) select i from n)');
  } catch (error) {
    return error as Error;
  } finally {
    db.close();
  }
  throw new Error('the database grew');
}

let fake: FakeDiscord;
let bot: RunningBot;
let store: Store;
let full = false;
const FULL = sqliteFull();

/** The bot's store, whose writes fail as a full disk makes them fail while `full` is set. */
function fillable(inner: Store): Store {
  return new Proxy(inner, {
    get(target, key, receiver) {
      if (key === 'transaction')
        return (fn: () => Promise<unknown>, o?: unknown) => (full ? Promise.reject(FULL) : target.transaction(fn as never, o as never));
      if (key === 'warbands') return new Proxy(target.warbands, { get: (w, k) => (k === 'save' && full ? () => Promise.reject(FULL) : Reflect.get(w, k)) });
      return Reflect.get(target, key, receiver);
    },
  });
}

beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000 });
  store = fillable(openStore(join(mkdtempSync(join(tmpdir(), 'sellsword-e2e-')), 'bot.db'), { busyMs: 50 }));
  bot = await startBot({
    token: 'full-token',
    apiBase: fake.apiBase,
    guildId: fake.guild.id,
    store,
    mintSeed: () => 3,
    renderWorkers: 0,
    log: () => undefined,
  });
}, 60_000);
afterAll(async () => {
  await bot?.stop();
  await store?.close();
  await fake?.close();
});

async function run(input: CommandInput): Promise<InteractionSummary> {
  const out = await fake.command(input);
  await out.response();
  await bot.idle();
  return out.settled({ quietMs: 20 });
}

describe('a full disk', () => {
  it('is told as a full disk, nothing is saved, and the same command goes through once there is room', async () => {
    const submit = { user: 'carol', name: 'warband submit', options: { text: 'Full Band | valor | mill-crossing | valor-knight, valor-guard' } };
    full = true;
    const refused = await run(submit);
    full = false;
    expect(refused.response?.ephemeral).toBe(true);
    expect(answerText(refused)).toMatch(/^The bot's disk is full, so nothing was changed\./);
    expect(await store.warbands.list(fake.user('carol')!.id)).toEqual([]);
    const saved = await run(submit);
    expect(answerText(saved)).not.toMatch(/disk is full/);
    expect((await store.warbands.list(fake.user('carol')!.id)).map((w) => w.name)).toEqual(['Full Band']);
  }, 60_000);
});
