/**
 * PGlite (PostgreSQL built to WebAssembly) is loaded only when DATABASE_URL chooses it (`pglite:`):
 * the bot started as `npm start` starts it, on a SQLite file, goes online without resolving any
 * module of PGlite or drizzle's PGlite driver. A resolve hook in the bot's process writes down every
 * such module it is asked for.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';
import { startBotProcess } from '../support/bot-process';

const HOOKS = `import { appendFileSync } from 'node:fs';
const PGLITE = /pglite/i;
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (PGLITE.test(specifier) || PGLITE.test(resolved.url)) appendFileSync(process.env.PGLITE_LOG, resolved.url + '\\n');
  return resolved;
}
`;

let fake: FakeDiscord;
let dir: string;
let register: string;

beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000 });
  dir = mkdtempSync(join(tmpdir(), 'sellsword-pglite-'));
  writeFileSync(join(dir, 'hooks.mjs'), HOOKS);
  register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`);
});

afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

const loaded = (log: string): string[] => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []);

describe('PGlite', () => {
  it('is never loaded by a bot on SQLite', async () => {
    const log = join(dir, 'sqlite.log');
    const bot = await startBotProcess(fake, { databasePath: join(dir, 'bot.db'), nodeArgs: ['--import', register], env: { PGLITE_LOG: log } });
    try {
      expect(bot.sessionIds).toHaveLength(1);
    } finally {
      await bot.stop();
    }
    expect(loaded(log)).toEqual([]);
  }, 60_000);

  it('is loaded when DATABASE_URL chooses it, by the same hook', () => {
    const log = join(dir, 'pglite.log');
    const script = `const { openPgStore } = await import('./src/store/open-pg.ts'); const store = await openPgStore('pglite:'); await store.close();`;
    const run = spawnSync(process.execPath, ['--import', register, '--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, PGLITE_LOG: log },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(loaded(log).some((url) => url.includes('@electric-sql/pglite'))).toBe(true);
  }, 60_000);
});
