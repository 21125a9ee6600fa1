/**
 * Start-up checks: `npm start` stops with one sentence, before going online, on a token
 * Discord refuses and on a database it cannot bring up to date; nothing is half started.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot } from '../../src/bot/start';
import { StartupError } from '../../src/bot/startup-error';
import { startBotProcess } from '../support/bot-process';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let fake: FakeDiscord;
beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000, acceptsToken: (t) => t !== 'a-wrong-token' });
});
afterAll(async () => fake?.close());

const freshPath = () => join(mkdtempSync(join(tmpdir(), 'sellsword-start-')), 'bot.db');

/** `npm start` as a person runs it, without npm's own lines: its exit code and what it printed. */
function npmStart(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/start.ts'], { cwd: ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'silent' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stderr, stdout }));
  });
}

describe('npm start', () => {
  it('goes online, serves its health check, and on SIGTERM finishes and exits 0 within 10 s', async () => {
    const bot = await startBotProcess(fake, { databasePath: freshPath(), env: { METRICS_PORT: '0' } });
    const url = /health: (http:\/\/127\.0\.0\.1:\d+)\/healthz/.exec(bot.output())?.[1];
    expect(url).toBeDefined();
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const started = Date.now();
    const exit = await bot.stop(10_000);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);

  it('refuses a token Discord refuses, with one sentence and exit code 1', async () => {
    const run = await npmStart({ DISCORD_TOKEN: 'a-wrong-token', DISCORD_API_BASE: fake.apiBase, DATABASE_PATH: freshPath() });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Sellsword Table could not start. Discord refused DISCORD_TOKEN. Copy the token again from your application\'s Bot page ("Reset Token"), and check it has no quotes or spaces.',
    );
    expect(run.stdout).not.toContain('online');
  }, 30_000);

  it('refuses an empty or malformed SHARDS before starting anything, with one sentence naming it and exit code 1', async () => {
    for (const [shards, sentence] of [
      ['', 'SHARDS is set but empty: set it to "auto" or a whole number of at least 1, or unset it to run one process.'],
      ['[0,1]', 'SHARDS must be "auto" or a whole number of at least 1, not "[0,1]".'],
    ] as const) {
      const path = freshPath();
      const run = await npmStart({ DISCORD_TOKEN: 'a-token', DISCORD_API_BASE: fake.apiBase, DATABASE_PATH: path, SHARDS: shards });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(`Sellsword Table could not start. ${sentence}`);
      expect(run.stdout).not.toContain('online');
      // Refused before the database was even opened.
      expect(existsSync(path)).toBe(false);
    }
  }, 30_000);

  it('refuses a token the gateway closes with 4004 at identify, with the same sentence, and holds nothing', async () => {
    // REST takes the token; the gateway refuses it, as Discord does for a token reset in between.
    const refusing = await startFakeDiscord({ heartbeatMs: 1000, gatewayAcceptsToken: (t) => t !== 'a-reset-token' });
    const path = freshPath();
    try {
      const started = startBot({
        token: 'a-reset-token',
        apiBase: refusing.apiBase,
        guildId: refusing.guild.id,
        databasePath: path,
        renderWorkers: 0,
        log: () => undefined,
      });
      await expect(started).rejects.toBeInstanceOf(StartupError);
      await expect(started).rejects.toThrow('Discord refused DISCORD_TOKEN.');
      // Its lease was given up: a bot with a good token starts at once on the same database.
      const bot = await startBot({
        token: 'the-right-token',
        apiBase: fake.apiBase,
        guildId: fake.guild.id,
        databasePath: path,
        renderWorkers: 0,
        log: () => undefined,
      });
      await bot.stop();
    } finally {
      await refusing.close();
    }
  }, 30_000);

  it('refuses a database whose migrations cannot be applied, and says which file', async () => {
    const path = freshPath();
    // A table the first migration creates, already there with other columns: the migration fails.
    const db = new Database(path);
    db.exec('CREATE TABLE players (id integer)');
    db.close();
    const started = startBot({ token: 'the-right-token', apiBase: fake.apiBase, databasePath: path, log: () => undefined });
    await expect(started).rejects.toBeInstanceOf(StartupError);
    await expect(started).rejects.toThrow(`The database at ${path} could not be opened or brought up to date`);
  });
});
