/**
 * `npm run db:copy` (src/cli/db-copy.ts) in a process of its own: a target that already holds rows is
 * refused with the store's one sentence, alone on standard error, and exit code 1.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store';
import { openPgStore } from '../../src/store/open-pg';
import { aMatch } from '../store/fixture';
import { migratedPgliteFolder } from '../support/pglite-template';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'sellsword-copy-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run db:copy', () => {
  it('prints that sentence alone from npm run db:copy, with exit code 1', async () => {
    const path = join(dir, 'cli.db');
    const source = openStore(path);
    await source.matches.create(aMatch());
    await source.close();
    const url = `pglite:${await migratedPgliteFolder(join(dir, 'cli-pg'))}`;
    const target = await openPgStore(url);
    await target.matches.create(aMatch({ id: 'theirs' }));
    await target.close();
    const { DATABASE_URL: _url, DATABASE_PATH: _path, ...env } = process.env;
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', 'src/cli/db-copy.ts', '--from', `sqlite:${path}`, '--to', url],
        { cwd: ROOT, env },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      ),
    );
    expect(run.stderr.trim()).toBe(
      'The PostgreSQL database already holds rows (in matches, match_players), so nothing was copied: db:copy copies only into an empty database.',
    );
    expect(run.code).toBe(1);
  }, 60_000);
});
