/**
 * `npm run db:migrate` (src/cli/db-migrate.ts) as a deploy step runs it: a process of its own that
 * brings the SQLite file DATABASE_PATH names to the same tables and migrations the store makes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store';

const dir = mkdtempSync(join(tmpdir(), 'sellsword-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The environment without a database chosen, so the tool picks only what the test sets. */
const withoutDatabase = ({ DATABASE_URL: _url, DATABASE_PATH: _path, ...rest }: NodeJS.ProcessEnv) => rest;

function tablesIn(file: string): { tables: string[]; migrations: number } {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[];
    const applied = db.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number };
    return { tables: rows.map((r) => r.name), migrations: applied.n };
  } finally {
    db.close();
  }
}

describe('npm run db:migrate', () => {
  it('migrates the file DATABASE_PATH names, as opening the store does', async () => {
    const file = join(dir, 'from-env.db');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/db-migrate.ts'], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      env: { ...withoutDatabase(process.env), DATABASE_PATH: file },
      encoding: 'utf8',
    });
    expect(run.stdout.trim()).toBe(`The database at ${file} is up to date.`);
    const reference = join(dir, 'opened.db');
    await openStore(reference).close();
    expect(tablesIn(file)).toEqual(tablesIn(reference));
    expect(tablesIn(file).tables).toContain('matches');
  }, 30_000);
});
