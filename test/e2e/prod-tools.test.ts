/**
 * The ops tools on a production install (docs/deploy.md "Ops tools"): `db:migrate`, `db:check`,
 * `ratings:rebuild`, `verify` and `db:copy` run from the build (`node dist/cli.js TOOL`) with plain
 * node and the production dependencies alone, and `npm run TOOL` / `npm start` (scripts/tool.mjs,
 * scripts/start.mjs) do not take the install for stale when `npm prune --omit=dev` has rewritten
 * package-lock.json after the build.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleExport, sampleMatch } from '../../src/bench/sample-match';
import { defaultContent } from '../../src/content/load';
import { openStore } from '../../src/store';
import { aMatch } from '../store/fixture';
import { productionInstall } from './prod-layout';

let dir: string;
beforeAll(() => {
  dir = productionInstall('sellsword-prod-tools-');
}, 60_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A node script of the install, run there with these settings and no inherited database: exit code and output. */
function run(args: readonly string[], env: Record<string, string> = {}) {
  const { DATABASE_URL: _url, DATABASE_PATH: _path, DISCORD_TOKEN: _token, ...rest } = process.env;
  const done = spawnSync(process.execPath, args, { cwd: dir, env: { ...rest, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: done.status, stdout: done.stdout.trim(), stderr: done.stderr.trim() };
}

describe('the ops tools on a production install', () => {
  it('has no dev dependency to lean on', () => {
    const installed = readdirSync(join(dir, 'node_modules'));
    for (const dev of ['tsx', 'esbuild', 'vitest', 'typescript', 'drizzle-kit']) expect(installed).not.toContain(dev);
  });

  it('migrates, checks, rebuilds ratings, verifies and copies from dist/cli.js', async () => {
    const path = join(dir, 'data', 'bot.db');
    const sqlite = { DATABASE_PATH: path };
    expect(run(['dist/cli.js', 'db:migrate'], sqlite)).toEqual({ code: 0, stdout: `The database at ${path} is up to date.`, stderr: '' });

    const store = openStore(path);
    await store.matches.create(aMatch({ id: 'm1' }));
    await store.close();
    expect(run(['dist/cli.js', 'db:check'], sqlite)).toMatchObject({
      code: 0,
      stdout: `The database at ${path}: 1 matches, 0 events: every snapshot equals its rebuilt state.`,
    });
    expect(run(['dist/cli.js', 'ratings:rebuild', '--check'], sqlite)).toMatchObject({
      code: 0,
      stdout: '0 leagues, 0 results: the stored ratings equal the rebuilt ones.',
    });

    const file = join(dir, 'match.json');
    writeFileSync(file, JSON.stringify(sampleExport(sampleMatch(defaultContent(), 5, { roundLimit: 6 }))));
    // A fixed-seed match has no committed dice: verify reads it, replays it, and says so (exit 1, not 2).
    expect(run(['dist/cli.js', 'verify', file])).toMatchObject({ code: 1, stdout: expect.stringContaining('fixed seed') });

    const copied = run(['dist/cli.js', 'db:copy', '--from', `sqlite:${path}`, '--to', `pglite:${join(dir, 'pg')}`]);
    expect(copied).toMatchObject({ code: 0, stderr: '' });
    expect(copied.stdout).toMatch(/^Copied .*1 matches/);
    expect(run(['dist/cli.js', 'db:check'], { DATABASE_URL: `pglite:${join(dir, 'pg')}` })).toMatchObject({
      code: 0,
      stdout: 'The PostgreSQL database (DATABASE_URL): 1 matches, 0 events: every snapshot equals its rebuilt state.',
    });
    expect(run(['dist/cli.js', 'no-such-tool'])).toMatchObject({ code: 2, stderr: expect.stringContaining('db:check') });
  }, 120_000);

  it('runs `npm run TOOL` and `npm start` on the build after a prune has rewritten package-lock.json', () => {
    // What `npm prune --omit=dev` does to the lock file after the build: the same content, written anew.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'package-lock.json'), later, later);
    const path = join(dir, 'data', 'bot.db');
    expect(run(['scripts/tool.mjs', 'db:check'], { DATABASE_PATH: path })).toMatchObject({ code: 0, stdout: expect.stringContaining('every snapshot') });
    // `npm start` passes its build check and reaches the bot, which refuses the setting: no build was needed.
    expect(run(['scripts/start.mjs'], { DISCORD_TOKEN: 'a-token', DATABASE_PATH: path, METRICS_PORT: 'x' })).toMatchObject({
      code: 1,
      stderr: 'Sellsword Table could not start. METRICS_PORT must be a port number from 0 to 65535, not "x".',
    });
  }, 60_000);
});
