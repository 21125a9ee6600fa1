/**
 * The sandbox's "🏆 Demo league": a round-robin season of the four sample players that
 * runs to its final standings with nothing but ⏩ fast-forward, the players never acting (each match
 * ends by the league's clock).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';

let sandbox: Sandbox;
const problems: string[] = [];

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sellsword-sandbox-league-'));
  sandbox = await startSandbox({ port: 0, databasePath: join(dir, 'sandbox.db'), seed: 3, log: (line) => problems.push(line) });
}, 30_000);
afterAll(async () => sandbox?.close());

const post = async (path: string, body: unknown) => {
  const response = await fetch(`http://127.0.0.1:${sandbox.port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
};

describe('the demo league', () => {
  it('starts a season of the four sample players, which fast-forward runs to its final standings', async () => {
    const started = await post('/api/league', {});
    expect(started).toMatchObject({ ok: true, channel: sandbox.fake.channel.id });
    const league = sandbox.fake.channel.id;
    const season = (await sandbox.bot.app.store.seasons.open(league))!;
    expect(season).toMatchObject({ state: 'signup', pairing: 'round-robin' });
    expect((await sandbox.bot.app.store.seasons.entries(season.id)).map((e) => sandbox.fake.user(e.player)!.username)).toEqual([
      'alice',
      'bob',
      'carol',
      'dave',
    ]);
    // A second click while the season is open is refused, and says why.
    expect(await post('/api/league', {})).toMatchObject({ ok: false, error: expect.stringContaining('already has a season open') });

    for (let i = 0; i < 80; i++) {
      if ((await sandbox.bot.app.store.seasons.get(season.id))!.state === 'closed') break;
      expect((await post('/api/clock', { hours: 6 })).ok).toBe(true);
      await sandbox.bot.idle();
    }
    expect((await sandbox.bot.app.store.seasons.get(season.id))!.state).toBe('closed');
    const posts = sandbox.fake.messages(league).map((m) => m.content);
    expect(posts.filter((c) => /^📋 \*\*Season 1, round \d of 3\.\*\*/.test(c))).toHaveLength(3);
    expect(posts.some((c) => c.startsWith('🏆 **Season 1** is over.'))).toBe(true);
    expect(problems).toEqual([]);
  }, 120_000);
});
