/**
 * Backups restore (docs/deploy.md "Upgrading and rolling back"): a SQLite backup taken with the
 * commands the page gives (sqlite3's `.backup`, and `VACUUM INTO`) and a PostgreSQL `pg_dump`, each put
 * back as the page says, hold the matches taken, and `db:check` passes on each. The PostgreSQL part
 * runs on a throw-away server where its binaries exist, like the rest of the real-server tier.
 */
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { binary, pgServerMissing, startPgServer } from '../support/pg-server';
import { openStore } from '../../src/store';
import { openPgStore } from '../../src/store/open-pg';
import { ROOT } from '../e2e/prod-layout';
import { aMatch } from './fixture';

const dir = mkdtempSync(join(tmpdir(), 'sellsword-restore-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `db:check` with these settings and no others: its exit code and what it printed. */
function dbCheck(env: Record<string, string>): Promise<{ code: number; stdout: string }> {
  const { DATABASE_URL: _url, DATABASE_PATH: _path, ...rest } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'src/cli/db-check.ts'], { cwd: ROOT, env: { ...rest, ...env } }, (error, stdout) =>
      resolve({ code: error ? Number(error.code) : 0, stdout: stdout.trim() }),
    );
  });
}

const hasSqlite3 = (() => {
  try {
    execFileSync('sqlite3', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasSqlite3) console.log("The sqlite3 shell is not installed: the `.backup` restore is skipped (VACUUM INTO's still runs).");
const pgMissing = pgServerMissing() ?? (binary('pg_dump') && binary('pg_restore') ? null : 'no pg_dump or pg_restore');
if (pgMissing) console.log(`The pg_dump restore is skipped: ${pgMissing}.`);

/** A bot's SQLite database with two matches, as a backup would find it. */
async function sqliteWithMatches(name: string): Promise<string> {
  const path = join(dir, name);
  const store = openStore(path);
  await store.matches.create(aMatch({ id: 'm1' }));
  await store.matches.create(aMatch({ id: 'm2' }));
  await store.close();
  return path;
}

/** Restored as the page says: the copy put in place of the database file, with no journal beside it. */
function restore(backup: string, name: string): string {
  const path = join(dir, name);
  copyFileSync(backup, path);
  return path;
}

const PASSED = (where: string) => `${where}: 2 matches, 0 events: every snapshot equals its rebuilt state.`;

describe('a backup, restored', () => {
  it.skipIf(!hasSqlite3)(
    "SQLite, from sqlite3's .backup: db:check passes on it",
    async () => {
      const live = await sqliteWithMatches('live-a.db');
      const backup = join(dir, 'backup-a.db');
      execFileSync('sqlite3', [live, `.backup '${backup}'`]);
      const path = restore(backup, 'restored-a.db');
      expect(await dbCheck({ DATABASE_PATH: path })).toEqual({ code: 0, stdout: PASSED(`The database at ${path}`) });
    },
    60_000,
  );

  it('SQLite, from VACUUM INTO: db:check passes on it', async () => {
    const live = await sqliteWithMatches('live-b.db');
    const backup = join(dir, 'backup-b.db');
    const db = new Database(live, { readonly: true });
    db.exec(`VACUUM INTO '${backup}'`);
    db.close();
    const path = restore(backup, 'restored-b.db');
    expect(await dbCheck({ DATABASE_PATH: path })).toEqual({ code: 0, stdout: PASSED(`The database at ${path}`) });
  }, 60_000);

  it.skipIf(pgMissing !== null)(
    'PostgreSQL, from pg_dump into an empty database with pg_restore: db:check passes on it',
    async () => {
      const server = await startPgServer();
      try {
        const live = await server!.database('live');
        const store = await openPgStore(live);
        await store.matches.create(aMatch({ id: 'm1' }));
        await store.matches.create(aMatch({ id: 'm2' }));
        await store.close();
        const dump = join(dir, 'sellsword.dump');
        execFileSync(binary('pg_dump')!, ['--format=custom', `--file=${dump}`, live], { stdio: 'pipe' });
        const restored = await server!.database('restored');
        execFileSync(binary('pg_restore')!, ['--no-owner', `--dbname=${restored}`, dump], { stdio: 'pipe' });
        expect(await dbCheck({ DATABASE_URL: restored })).toEqual({ code: 0, stdout: PASSED('The PostgreSQL database (DATABASE_URL)') });
      } finally {
        server?.stop();
      }
    },
    120_000,
  );
});
