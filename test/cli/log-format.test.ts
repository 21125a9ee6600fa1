/**
 * The bot's log format chosen by the environment of a process of its own (src/bot/log.ts, src/config):
 * LOG_PRETTY=1 gives lines a person reads in a terminal, LOG_PRETTY=0 JSON lines for a collector.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** A script that logs one line about a match the way the bot does (its settings from the environment, src/config), to standard error. */
const PRINT = [
  "Promise.all([import('./src/bot/log.ts'), import('./src/config/index.ts')]).then(([{ createBotLog }, { readConfig }]) => {",
  '  const c = readConfig(process.env);',
  "  createBotLog({ base: { shard: 0 }, level: c.LOG_LEVEL, ...(c.LOG_PRETTY === undefined ? {} : { pretty: c.LOG_PRETTY }) })('online', undefined, { matchId: 'm9', guildId: '7' });",
  '})',
].join('\n');

describe('the log of a process', () => {
  it('is JSON for a collector and readable in a terminal (LOG_PRETTY overrides)', () => {
    const pretty = spawnSync(process.execPath, ['--import', 'tsx', '-e', PRINT], {
      cwd: ROOT,
      env: { ...process.env, LOG_PRETTY: '1', LOG_LEVEL: 'info' },
      encoding: 'utf8',
    });
    expect(pretty.stderr).toMatch(/INFO.*online/);
    expect(pretty.stderr).toContain('matchId: "m9"');
    expect(() => JSON.parse(pretty.stderr)).toThrow();
    const json = spawnSync(process.execPath, ['--import', 'tsx', '-e', PRINT], {
      cwd: ROOT,
      env: { ...process.env, LOG_PRETTY: '0', LOG_LEVEL: 'info' },
      encoding: 'utf8',
    });
    expect(JSON.parse(json.stderr)).toMatchObject({ msg: 'online', matchId: 'm9', guildId: '7', shard: 0 });
  }, 30_000);
});
