/**
 * `npm run db:check` checks the database the bot would open: with DATABASE_URL set, the PostgreSQL one
 * (here PGlite kept in a folder), never an empty SQLite file made at DATABASE_PATH; and without it, a
 * missing SQLite file is refused rather than created empty and passed.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/store';
import { openPgStore } from '../../../src/store/open-pg';
import { aMatch } from '../fixture';
import { migratedPgliteFolder } from '../../support/pglite-template';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'sellsword-db-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run db:check` with these settings and no others: its exit code and what it printed. */
function dbCheck(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, DATABASE_PATH: _path, ...rest } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'src/cli/db-check.ts'], { cwd: ROOT, env: { ...rest, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('npm run db:check', () => {
  it('checks the PostgreSQL database of DATABASE_URL, and makes no SQLite file', async () => {
    const url = `pglite:${await migratedPgliteFolder(join(dir, 'pg'))}`;
    const store = await openPgStore(url);
    await store.matches.create(aMatch({ id: 'm1' }));
    await store.matches.create(aMatch({ id: 'm2' }));
    await store.close();
    const sqlitePath = join(dir, 'unused.db');
    const run = await dbCheck({ DATABASE_URL: url, DATABASE_PATH: sqlitePath });
    expect(run.stdout.trim()).toBe('The PostgreSQL database (DATABASE_URL): 2 matches, 0 events: every snapshot equals its rebuilt state.');
    expect(run.code).toBe(0);
    expect(existsSync(sqlitePath)).toBe(false);
  }, 60_000);

  it("lists a match of a game or rules' version the bot does not know, with the registry's sentence, and fails", async () => {
    const path = join(dir, 'rulesets.db');
    const store = openStore(path);
    await store.matches.create(aMatch({ id: 'm1' }));
    await store.matches.create(aMatch({ id: 'm2', ruleset: 'sellsword', rulesetVersion: 99 }));
    await store.close();
    const run = await dbCheck({ DATABASE_PATH: path });
    expect(run.stdout.trim().split('\n')).toEqual([
      'match m2: not replayed: This match was played under version 99 of the Sellsword rules, which this bot does not replay (it knows version 1); it is kept as it is, never replayed under other rules.',
      `The database at ${path}: 2 matches, 0 events: 1 not replayed.`,
    ]);
    expect(run.code).toBe(1);
  }, 60_000);

  it('refuses a SQLite file that does not exist, with one sentence, instead of checking an empty one', async () => {
    const path = join(dir, 'missing', 'bot.db');
    const run = await dbCheck({ DATABASE_PATH: path });
    expect(run.stderr.trim()).toBe(
      `There is no database at ${path}: set DATABASE_PATH to the bot's database file, or DATABASE_URL to its PostgreSQL database.`,
    );
    expect(run.code).toBe(2);
    expect(existsSync(path)).toBe(false);
  }, 60_000);
});
