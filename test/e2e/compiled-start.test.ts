/**
 * The production start: `npm run build` bundles the bot into dist/, and the bundle runs
 * with plain node and the production dependencies alone, as after `npm ci --omit=dev`. The project is
 * laid out again in a temporary folder whose node_modules holds only the packages package-lock.json
 * does not mark as dev, so loading tsx, esbuild or any other dev dependency would fail here.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotProcess, type BotProcess } from '../support/bot-process';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';
import { productionInstall } from './prod-layout';
import { componentsOf } from './world';

let dir: string;
let fake: FakeDiscord;
let bot: BotProcess | undefined;

beforeAll(async () => {
  dir = productionInstall('sellsword-prod-');
  fake = await startFakeDiscord();
}, 60_000);

afterAll(async () => {
  await bot?.stop();
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the compiled production start', () => {
  it('leaves every dev dependency out of the folder it runs in', () => {
    const installed = readdirSync(join(dir, 'node_modules'));
    for (const dev of ['tsx', 'esbuild', 'vitest', 'typescript', 'playwright-core']) expect(installed).not.toContain(dev);
    expect(installed).toEqual(expect.arrayContaining(['discord.js', 'better-sqlite3', '@napi-rs']));
  });

  it('loads the sandbox and the fake Discord only on demand', () => {
    const start = readFileSync(join(dir, 'dist', 'start.js'), 'utf8');
    expect(start).toMatch(/import\("\.\/sandbox-[A-Z0-9]+\.js"\)/);
    expect(start).not.toMatch(/from "\.\/sandbox-/);
    const shared = readdirSync(join(dir, 'dist')).filter((f) => f.endsWith('.js') && !f.startsWith('sandbox-'));
    for (const file of shared) expect(readFileSync(join(dir, 'dist', file), 'utf8'), file).not.toContain('class FakeDiscordError');
  });

  it('runs with plain node and production dependencies only: comes online, migrates its database, answers, and draws in its render worker', async () => {
    bot = await startBotProcess(fake, {
      databasePath: join(dir, 'bot.db'),
      built: { script: join(dir, 'dist', 'start.js'), cwd: dir },
      env: { RENDER_WORKERS: '1' },
    });
    const run = async (input: Parameters<FakeDiscord['command']>[0]) => (await fake.command(input)).settled({ quietMs: 30, timeoutMs: 20_000 });
    const answered = await run({ user: 'carol', name: 'help' });
    expect(answered.response?.kind).toBe('reply');
    expect(JSON.stringify(answered.response)).toContain('tabletop miniatures game');
    // A match's opening map and stat cards are drawn by the bundle's render worker (dist/render-worker-main.js).
    await run({ user: 'alice', name: 'warband submit', options: { text: "Hrolf's Watch | valor | mill-crossing | valor-knight, valor-guard, valor-squire" } });
    await run({ user: 'bob', name: 'warband submit', options: { text: 'Grave Host | havoc | mill-crossing | havoc-orc-warboss, havoc-ghoul, havoc-ghoul' } });
    await run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch", points: 60, map: 'mill-crossing' } });
    const thread = fake.threads(fake.channel.id).at(-1)!.id;
    await run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } });
    // Setup's prompts, answered with their first choice by the player each pings, until the opening map.
    const opening = () => fake.messages(thread).find((m) => m.attachments.some((a) => a.filename === 'map.png'));
    const done = new Set<string>();
    for (let i = 0; i < 20; i++) {
      // The next unanswered prompt, or the opening once setup is done (the bot may be slow under load).
      const next = await fake.waitFor(
        () => opening() ?? fake.messages(thread).find((m) => !done.has(m.id) && componentsOf(m).some((c) => c.custom_id)),
        20_000,
      );
      if (next.attachments.some((a) => a.filename === 'map.png')) break;
      done.add(next.id);
      const c = componentsOf(next).find((x) => x.custom_id)!;
      const user = next.mentions[0]!;
      const out =
        c.type === 3
          ? await fake.select({ user, message: next.id, customId: c.custom_id, values: [c.options![0]!.value] })
          : await fake.click({ user, message: next.id, customId: c.custom_id });
      await out.settled({ quietMs: 50, timeoutMs: 20_000 });
    }
    const map = await fake.waitFor(opening, 20_000);
    expect(map.attachments.map((a) => a.filename)).toEqual(['map.png', 'key.png']);
    expect(bot.output()).not.toMatch(/render worker|ERR_MODULE_NOT_FOUND|Cannot find/);
    const exit = await bot.stop();
    bot = undefined;
    expect(exit.code).toBe(0);
  }, 60_000);
});
