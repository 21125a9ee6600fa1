/**
 * One bot per database, and a busy database never freezes the bot: a second bot process on
 * the same file is refused and told who holds it; while another program holds the write lock for 8 s,
 * another match's `/skirmish status` still answers within Discord's 3 s, and an act is refused as
 * "busy" with nothing half-applied.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot } from '../../src/bot/start';
import { StartupError } from '../../src/bot/startup-error';
import { openStore } from '../../src/store';
import { openPrompt } from './driver';
import { challengeAccepted } from './setup-match';
import { answerText, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(7);
}, 30_000);
afterAll(async () => world?.close());

describe('one bot per database', () => {
  it('refuses a second bot on the same database and says which process holds it', async () => {
    const second = startBot({ token: 'test-token', apiBase: world.fake.apiBase, databasePath: world.dbPath, log: () => undefined });
    await expect(second).rejects.toBeInstanceOf(StartupError);
    await expect(second).rejects.toThrow(`Another bot is already running on this database: process ${process.pid}`);
  });

  it('refuses to start on a database it cannot write, before connecting', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'sellsword-ro-')), 'bot.db');
    await openStore(path).close();
    const readonly = openStore(path, { readonly: true });
    try {
      const started = startBot({ token: 'test-token', apiBase: world.fake.apiBase, store: readonly, log: () => undefined });
      await expect(started).rejects.toThrow(/cannot be written/);
    } finally {
      await readonly.close();
    }
  });
});

describe('a database locked by another program', () => {
  it('keeps answering other matches, and refuses an act as busy without applying any of it', async () => {
    const a = await challengeAccepted(world);
    const b = await challengeAccepted(world);
    const matchA = (await world.store.matches.byThread(a))!;
    const prompt = openPrompt(world, a)!;
    const holder = new Database(world.dbPath);
    holder.exec('BEGIN EXCLUSIVE');
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        holder.exec('COMMIT');
        holder.close();
        resolve();
      }, 8000),
    );
    try {
      const status = await world.fake.command({ user: 'carol', channel: b, name: 'skirmish status' });
      expect((await status.response()).ms).toBeLessThan(3000);
      const s = (await status.settled({ quietMs: 20 })).original!.content;
      expect(s).toContain('Setting up');

      const seat = ((await world.store.matches.byThread(a))!.snapshot as { pregame?: { prompt?: { player: string } } }).pregame!.prompt!.player;
      const click = await world.fake.click({
        user: world.fake.user(seat)!.username,
        message: prompt.id,
        customId: prompt.components.flatMap((r) => ('components' in r ? (r.components as { custom_id: string }[]) : []))[0]!.custom_id,
      });
      const answered = await click.response();
      expect(answered.ms).toBeLessThan(3000);
      expect(answerText(await click.settled({ quietMs: 20 }))).toContain('The table is busy right now, so nothing was changed');
    } finally {
      await released;
    }
    // Nothing of the refused answer was written, and the prompt still works now the lock is gone.
    expect((await world.store.matches.byThread(a))!.seq).toBe(matchA.seq);
    expect(await world.store.outbox.pending(matchA.id)).toEqual([]);
  }, 30_000);
});
