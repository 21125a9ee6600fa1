/**
 * The real bot as a child process (src/cli/start.ts, as `npm start` runs it) against a fake in this
 * process: it logs in, is SIGKILLed in the middle of a request the fake holds, and a new process on
 * the same database logs in again and alone receives the next interactions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotProcess, type BotProcess } from '../support/bot-process';
import { startFakeDiscord, type FakeDiscord, type InteractionSummary } from '../../src/fakecord';

const CALLBACK = 'POST /interactions/:id/:token/callback';
const WARBAND = "Hrolf's Watch | valor | mill-crossing | valor-knight, valor-guard, valor-squire";

let fake: FakeDiscord;
let dir: string;
const started: BotProcess[] = [];

beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000 });
  dir = mkdtempSync(join(tmpdir(), 'sellsword-bot-process-'));
});

afterAll(async () => {
  await Promise.all(started.map((bot) => bot.kill().catch(() => undefined)));
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

const start = async (): Promise<BotProcess> => {
  const bot = await startBotProcess(fake, { databasePath: join(dir, 'bot.db') });
  started.push(bot);
  return bot;
};

const text = (s: InteractionSummary): string => JSON.stringify([s.original, ...s.followUps]);

describe('the bot in its own process', () => {
  it('logs in, dies by SIGKILL mid-request, and a new process takes over on the same database', async () => {
    const first = await start();
    expect(first.sessionIds).toHaveLength(1);
    expect(fake.commands().map((c) => c.name)).toContain('warband');
    const submitted = await (await fake.command({ user: 'alice', name: 'warband submit', options: { text: WARBAND } })).settled();
    expect(text(submitted)).toContain("Hrolf's Watch");

    // The bot's answer to the next command is held in flight; the bot is killed before it hears back.
    const held = fake.faults.add({ route: CALLBACK, hold: true });
    const unanswered = await fake.command({ user: 'alice', name: 'warband list' });
    expect(unanswered.deliveredTo).toBe(1);
    await held.reached();
    const exit = await first.kill();
    expect(exit.signal).toBe('SIGKILL');
    expect(fake.gatewaySessions().find((s) => s.sessionId === first.sessionIds[0])?.connected ?? false).toBe(false);
    // Discord got the request before the bot died: released now, it takes effect, but nobody is told.
    held.release();
    await unanswered.response();
    expect(fake.requests(CALLBACK).at(-1)).toMatchObject({ status: null, handled: true, fault: true });

    // Nothing is connected: an interaction now reaches no bot.
    const nobody = await fake.command({ user: 'alice', name: 'warband list' });
    expect(nobody.deliveredTo).toBe(0);

    const second = await start();
    expect(second.sessionIds).toHaveLength(1);
    expect(second.sessionIds).not.toEqual(first.sessionIds);
    const listed = await (await fake.command({ user: 'alice', name: 'warband list' })).settled();
    expect(listed.deliveredTo).toBe(1);
    expect(text(listed)).toContain("Hrolf's Watch");
    expect(
      fake
        .gatewaySessions()
        .filter((s) => s.connected)
        .map((s) => s.sessionId),
    ).toEqual(second.sessionIds);

    const stopped = await second.stop();
    expect(stopped.code).toBe(0);
    expect(fake.gatewaySessions().filter((s) => s.connected)).toEqual([]);
  }, 90_000);
});
