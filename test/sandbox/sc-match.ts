/**
 * What both Sword and Claw browser tests ask of the sandbox behind the page: the newest thread (the
 * match's), a user's name, the match's row read as the game's own setup and state, and an action sent
 * to the sandbox's HTTP back end, which must succeed, then the bot left idle.
 */
import { expect } from 'vitest';
import type { ScSetup, ScState } from '../../src/rulesets/sword-and-claw/match/types';
import type { Sandbox } from '../../src/sandbox';

/** `sandbox` is read when each helper runs: the test file starts its sandbox in `beforeAll`. */
export function scSandboxMatch(sandbox: () => Sandbox) {
  const threadId = () => sandbox().fake.threads(sandbox().fake.channel.id).at(-1)!.id;
  const nameOf = (id: string) => sandbox().fake.user(id)!.username;
  async function match() {
    const row = (await sandbox().bot.app.store.matches.byThread(threadId()))!;
    return { row, setup: row.setup as ScSetup, state: row.snapshot as ScState };
  }
  async function post(path: string, body: unknown): Promise<void> {
    const response = await fetch(`http://127.0.0.1:${sandbox().port}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(await response.json()).toMatchObject({ ok: true });
    await sandbox().bot.idle();
  }
  return { threadId, nameOf, match, post };
}
