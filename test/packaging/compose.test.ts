/**
 * The compose file (compose.yaml, docs/deploy.md "Packaging"): the bot built from this Dockerfile on a
 * PostgreSQL server it waits for, given only variables it reads (src/config), restarted on failure,
 * and given longer than its drain to stop.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readConfig, SETTINGS } from '../../src/config';
import { ROOT } from '../e2e/prod-layout';

interface Service {
  readonly image?: string;
  readonly build?: string;
  readonly command?: unknown;
  readonly environment?: Record<string, string>;
  readonly depends_on?: Record<string, { condition: string }>;
  readonly restart?: string;
  readonly stop_grace_period?: string;
  readonly healthcheck?: unknown;
}

const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8')) as { services: Record<string, Service> };
const { bot, db } = compose.services as { bot: Service; db: Service };

/** `${NAME}`, `${NAME:-default}` and `${NAME:?message}` as compose fills them from .env. */
const filled = (value: string, dotEnv: Record<string, string>) =>
  value.replace(/\$\{(\w+)(?::[-?]([^}]*))?\}/g, (_, name: string, fallback?: string) => dotEnv[name] ?? fallback ?? '');

describe('the compose file', () => {
  it('runs the image of this Dockerfile, as built, on a PostgreSQL server it waits for', () => {
    expect(bot.build).toBe('.');
    expect(bot.command).toBeUndefined();
    expect(db.image).toMatch(/^postgres:/);
    expect(db.healthcheck).toBeDefined();
    expect(bot.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    expect(bot.restart).toBe('on-failure');
    expect(Number.parseInt(bot.stop_grace_period ?? '0', 10)).toBeGreaterThanOrEqual(30);
  });

  it('gives the bot only variables it reads, and values it accepts once .env is filled in', () => {
    const environment = bot.environment ?? {};
    for (const name of Object.keys(environment)) expect(Object.keys(SETTINGS), name).toContain(name);
    const dotEnv = { DISCORD_TOKEN: 'a-token', POSTGRES_PASSWORD: 'a-password' };
    const config = readConfig(Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, filled(String(v), dotEnv)])));
    expect(config.DATABASE_URL).toBe('postgres://sellsword:a-password@db:5432/sellsword');
  });
});
