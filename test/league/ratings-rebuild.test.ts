/**
 * `npm run ratings:rebuild` run as a process on a SQLite file: equal ratings exit 0, differing ones are
 * replaced and exit 1. Kept apart from the ratings unit tests, since it starts Node twice (test:fast
 * leaves it to `npm test`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catchUp } from '../../src/league/ratings';
import { openStore } from '../../src/store';
import { league, record, side } from './results-fixture';

describe('ratings:rebuild', () => {
  it('npm run ratings:rebuild reports equal ratings with exit 0, and differing ones with exit 1 after replacing them', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ratings-')), 'league.db');
    const store = openStore(file);
    await league(store);
    await record(store, [side('a', 0, 'win', 1), side('b', 1, 'loss', 2)]);
    await catchUp(store, 'L');
    await store.close();
    const run = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/ratings-rebuild.ts'], { env: { ...process.env, DATABASE_PATH: file }, encoding: 'utf8' });
    const same = run();
    expect(same.stdout).toMatch(/1 leagues, 1 results: the stored ratings equal the rebuilt ones\./);
    expect(same.status).toBe(0);
    const again = openStore(file);
    await again.ratings.reset('L');
    await again.close();
    const differ = run();
    expect(differ.stdout).toMatch(/league L: the stored ratings differ from the rebuilt ones \(replaced\):\n {2}a: has results but no stored rating/);
    expect(differ.status).toBe(1);
    expect(run().status).toBe(0);
  }, 30_000);
});
