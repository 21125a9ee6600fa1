/**
 * One config (src/config): every setting is read and checked at start-up, a wrong one is refused with
 * one sentence naming it (a secret's value never repeated), and docs/deploy.md's env reference is the
 * one generated from the settings table.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, envReference, readConfig, SETTINGS, withEnvReference } from '../../src/config';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const refusal = (env: Record<string, string>): string => {
  try {
    readConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return 'accepted';
};

describe('the config', () => {
  it('gives the defaults when nothing is set, and empty counts as unset', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ DATABASE_POOL_SIZE: 10, METRICS_HOST: '127.0.0.1', LOG_LEVEL: 'info', SANDBOX_PORT: 3000, RENDER_RSS_SLACK_MB: 32 });
    expect(config.DISCORD_TOKEN).toBeUndefined();
    expect(readConfig({ METRICS_PORT: '', DATABASE_POOL_SIZE: ' ' })).toMatchObject({ METRICS_PORT: undefined, DATABASE_POOL_SIZE: 10 });
  });

  it('parses what it is given', () => {
    const config = readConfig({
      DISCORD_TOKEN: 'a-token',
      SHARDS: ' Auto ',
      METRICS_PORT: '9100',
      METRICS_HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://bot:secret@db/sellsword',
      DATABASE_POOL_SIZE: '4',
      RENDER_WORKERS: '0',
      LOG_LEVEL: 'WARN',
    });
    expect(config).toMatchObject({ SHARDS: 'auto', METRICS_PORT: 9100, METRICS_HOST: '0.0.0.0', DATABASE_POOL_SIZE: 4, RENDER_WORKERS: 0, LOG_LEVEL: 'warn' });
    expect(readConfig({ METRICS_HOST: '::' }).METRICS_HOST).toBe('::');
    expect(readConfig({ METRICS_HOST: 'metrics.internal' }).METRICS_HOST).toBe('metrics.internal');
  });

  it('refuses a wrong value with one sentence naming the variable', () => {
    expect(refusal({ METRICS_PORT: '70000' })).toBe('METRICS_PORT must be a port number from 0 to 65535, not "70000".');
    expect(refusal({ DATABASE_POOL_SIZE: '0' })).toBe('DATABASE_POOL_SIZE must be a whole number from 1 to 1000, not "0".');
    expect(refusal({ METRICS_HOST: 'not a host' })).toBe('METRICS_HOST must be an IP address or host name to listen on, not "not a host".');
    expect(refusal({ LOG_LEVEL: 'loud' })).toBe('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud".');
    expect(refusal({ SCHEDULER_TICK_MS: '1.5' })).toBe('SCHEDULER_TICK_MS must be a whole number of milliseconds of at least 1, not "1.5".');
    expect(refusal({ LOG_PRETTY: 'maybe' })).toBe('LOG_PRETTY must be 1, true, yes, 0, false or no, not "maybe".');
    for (const [name, message] of [
      ['METRICS_PORT', /^METRICS_PORT /],
      ['DATABASE_POOL_SIZE', /^DATABASE_POOL_SIZE /],
    ] as const)
      expect(refusal({ [name]: 'x' })).toMatch(message);
  });

  it('never repeats a secret in its refusal', () => {
    const url = refusal({ DATABASE_URL: 'mysql://bot:hunter2@db/x' });
    expect(url).toBe('DATABASE_URL must be a postgres:// or postgresql:// URL (or pglite: for PGlite).');
    expect(url).not.toContain('hunter2');
    const token = refusal({ DISCORD_TOKEN: '"abc.def"' });
    expect(token).toBe('DISCORD_TOKEN has spaces or quotes in it: copy the token again from your application\'s Bot page ("Reset Token").');
  });

  it('refuses an empty SHARDS beside a token, and leaves SHARDS to the sandbox and to a shard process', () => {
    expect(refusal({ DISCORD_TOKEN: 't', SHARDS: '' })).toBe(
      'SHARDS is set but empty: set it to "auto" or a whole number of at least 1, or unset it to run one process.',
    );
    expect(refusal({ DISCORD_TOKEN: 't', SHARDS: '[0,1]' })).toBe('SHARDS must be "auto" or a whole number of at least 1, not "[0,1]".');
    expect(readConfig({ SHARDS: '' }).SHARDS).toBeUndefined();
    expect(readConfig({ DISCORD_TOKEN: 't', SHARDING_MANAGER: 'true', SHARDS: '0', SHARD_COUNT: '2' })).toMatchObject({ SHARDS: undefined, SHARD_COUNT: 2 });
  });

  it('stops an ops tool with that sentence and exit code 2', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/db-migrate.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: 'mysql://bot:hunter2@db/x' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe('DATABASE_URL must be a postgres:// or postgresql:// URL (or pglite: for PGlite).');
  }, 30_000);

  it("docs/deploy.md's env reference is the generated one (`npm run docs:env` rewrites it), naming every setting", () => {
    const page = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
    expect(withEnvReference(page, envReference())).toBe(page);
    for (const name of Object.keys(SETTINGS)) expect(page).toContain(`| \`${name}\` |`);
  });
});
