/**
 * The sandbox server without a browser: what `npm start` sets up (sample warbands, once), what each
 * player may see (ephemeral replies, live events), the page's actions and their refusals, the file
 * and page routes, and a busy port.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage } from '../../src/fakecord';
import { startSandbox, type Sandbox } from '../../src/sandbox';

let sandbox: Sandbox;
let dir: string;
const problems: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sellsword-sandbox-server-'));
  sandbox = await startSandbox({ port: 0, databasePath: join(dir, 'sandbox.db'), seed: 3, log: (line) => problems.push(line) });
}, 30_000);
afterAll(async () => sandbox?.close());

const base = () => `http://127.0.0.1:${sandbox.port}`;
const getJson = async (path: string) => {
  const response = await fetch(`${base()}${path}`);
  return { status: response.status, body: (await response.json()) as unknown };
};
const post = async (path: string, body: unknown) => {
  const response = await fetch(`${base()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const messages = async (viewer: string, channel = sandbox.fake.channel.id) =>
  (await getJson(`/api/messages?channel=${channel}&viewer=${viewer}`)).body as FakeMessage[];

/** Collects one player's server-sent events until `stop()`. */
function listen(viewer: string): Promise<{ events: { event: string; data: Record<string, unknown> }[]; stop: () => void }> {
  return new Promise((resolve) => {
    const events: { event: string; data: Record<string, unknown> }[] = [];
    const request = get(`${base()}/api/events?viewer=${viewer}`, (response: IncomingMessage) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(frame)?.[1];
          const data = /^data: (.+)$/m.exec(frame)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
          if (event === 'hello') resolve({ events, stop: () => request.destroy() });
        }
      });
    });
    request.on('error', () => undefined);
  });
}

describe('the sandbox server', () => {
  it('starts with a sample warband for each faction, each reply seen only by its player', async () => {
    const alice = await messages('alice');
    const bob = await messages('bob');
    expect(alice.map((m) => m.content)).toEqual([expect.stringContaining("Hrolf's Watch")]);
    expect(bob.map((m) => m.content)).toEqual([expect.stringContaining('Grave Host')]);
    expect((await messages('carol')).length).toBe(0);
    expect(alice[0]!.embeds[0]!.fields?.find((f) => f.name === 'Faction')?.value).toBe('Valor');
    expect(bob[0]!.embeds[0]!.fields?.find((f) => f.name === 'Faction')?.value).toBe('Havoc');
  });

  it('does not submit the sample warbands again when they are already saved', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'sellsword-sandbox-again-')), 'sandbox.db');
    const first = await startSandbox({ port: 0, databasePath: path, log: () => undefined });
    await first.close();
    const second = await startSandbox({ port: 0, databasePath: path, log: () => undefined });
    try {
      expect(second.fake.messages(second.fake.channel.id)).toEqual([]);
      const choices = await second.fake.autocomplete({ user: 'bob', name: 'skirmish challenge', focused: 'warband', options: { warband: '' } });
      expect(choices.map((c) => c.value)).toEqual(['Grave Host']);
    } finally {
      await second.close();
    }
  }, 30_000);

  it('lists the commands the bot registered, and the guild the page draws', async () => {
    const commands = (await getJson('/api/commands?user=bob')).body as { name: string }[];
    expect(commands.map((c) => c.name)).toEqual(expect.arrayContaining(['warband', 'skirmish', 'move', 'attack', 'end', 'catalog', 'map']));
    const world = (await getJson('/api/world')).body as { users: { username: string }[]; channels: { name: string }[] };
    expect(world.users.map((u) => u.username)).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect(world.channels.map((c) => c.name)).toContain('skirmishes');
    expect((await getJson('/api/commands?user=nobody')).status).toBe(400);
  });

  it('runs commands and autocomplete as the player, and says why it refuses', async () => {
    const show = await post('/api/autocomplete', { user: 'alice', name: 'warband show', options: { name: 'hrolf' }, focused: 'name' });
    expect(show.body.choices).toEqual([expect.objectContaining({ value: "Hrolf's Watch" })]);
    const theirs = await post('/api/autocomplete', { user: 'bob', name: 'warband show', options: { name: 'hrolf' }, focused: 'name' });
    expect(theirs.body.choices).toEqual([]);

    const missing = await post('/api/command', { user: 'alice', name: 'warband show', options: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/needs option "name"/);
    expect((await post('/api/command', { user: 'zed', name: 'warband list' })).body.error).toMatch(/zed/);
    expect((await post('/api/command', { name: 'warband list' })).body.error).toMatch(/"user"/);
    expect((await post('/api/nothing', {})).status).toBe(404);
  });

  it('streams each player only what they may see', async () => {
    const alice = await listen('alice');
    const bob = await listen('bob');
    expect((await post('/api/command', { user: 'alice', name: 'warband list' })).body.ok).toBe(true);
    await sandbox.bot.idle();
    expect((await post('/api/post', { user: 'bob', content: `Good luck, <@${sandbox.fake.user('alice')!.id}>!` })).body.ok).toBe(true);
    await expect.poll(() => bob.events.some((e) => e.event === 'message' && e.data.content === `Good luck, <@${sandbox.fake.user('alice')!.id}>!`)).toBe(true);
    await expect.poll(() => alice.events.filter((e) => e.event === 'message').length).toBeGreaterThanOrEqual(2);
    const privateToAlice = alice.events.filter((e) => e.event === 'message' && e.data.ephemeral === true);
    expect(privateToAlice.length).toBeGreaterThan(0);
    expect(bob.events.filter((e) => e.event === 'message' && e.data.ephemeral === true)).toEqual([]);
    alice.stop();
    bob.stop();
  });

  it('shows a direct message from the bot to its player alone', async () => {
    const bob = await listen('bob');
    const alice = await listen('alice');
    // The bot sends no DMs yet; its client stands in for a future reminder.
    await sandbox.bot.client.users.send(sandbox.fake.user('alice')!.id, 'Your turn in Alice vs Bob.');
    const dm = sandbox.fake.dms().find((c) => c.recipientId === sandbox.fake.user('alice')!.id)!;
    const channelsOf = async (viewer: string) =>
      ((await getJson(`/api/world?viewer=${viewer}`)).body as { channels: { id: string }[] }).channels.map((c) => c.id);
    expect(await channelsOf('alice')).toContain(dm.id);
    expect(await channelsOf('bob')).not.toContain(dm.id);
    expect((await messages('alice', dm.id)).map((m) => m.content)).toEqual(['Your turn in Alice vs Bob.']);
    expect((await getJson(`/api/messages?channel=${dm.id}&viewer=bob`)).status).toBe(404);
    await expect.poll(() => alice.events.some((e) => e.event === 'message' && e.data.channelId === dm.id)).toBe(true);
    expect(bob.events.filter((e) => e.data.channelId === dm.id || e.data.id === dm.id)).toEqual([]);
    alice.stop();
    bob.stop();
  });

  it("serves the bot's pictures from its own address, with their alt text", async () => {
    expect((await post('/api/command', { user: 'carol', name: 'map show', options: { map: 'mill-crossing' } })).body.ok).toBe(true);
    await sandbox.bot.idle();
    const shown = (await messages('carol')).at(-1)!;
    const picture = shown.attachments[0]!;
    expect(picture.url).toMatch(/^\/files\/\d+\/mill-crossing\.png$/);
    expect(picture.description).toMatch(/Mill Crossing/);
    const response = await fetch(`${base()}${picture.url}`);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect((await fetch(`${base()}/files/1/none.png`)).status).toBe(404);
  });

  it('serves the page, its modules and its font, and nothing beside them', async () => {
    expect(await (await fetch(`${base()}/`)).text()).toContain('<script type="module" src="/app.js">');
    expect((await fetch(`${base()}/app.js`)).headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${base()}/fonts/atkinson-hyperlegible-latin-400-normal.woff2`)).status).toBe(200);
    // The emoji font (its COLRv1 build, which Chromium draws), so ⚔ 🤖 ⏩ ✅ 🏆 are not blank on a machine without one.
    const emoji = await (await fetch(`${base()}/fonts/emoji.css`)).text();
    expect(emoji).toContain("font-family: 'Noto Color Emoji'");
    expect(emoji).toContain('tech(color-COLRv1)');
    const piece = /url\((\/fonts\/emoji-\d+\.woff2)\)/.exec(emoji)![1]!;
    expect((await fetch(`${base()}${piece}`)).headers.get('content-type')).toBe('font/woff2');
    expect(emoji).not.toContain('./files/');
    expect((await fetch(`${base()}/fonts/..%2F..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${base()}/sandbox.ts`)).status).toBe(404);
    expect((await fetch(`${base()}/%2E%2E/sandbox.ts`)).status).toBe(404);
  });

  it('starts a demo match: the challenge, the acceptance and the first setup prompt in a new thread', async () => {
    const demo = await post('/api/demo', {});
    expect(demo.body).toMatchObject({ ok: true, thread: expect.any(String) });
    await sandbox.bot.idle();
    const thread = await messages('carol', String(demo.body.thread));
    expect(thread[0]!.content).toMatch(/challenges you with \*\*Hrolf's Watch\*\*/);
    expect(thread.some((m) => /accepts with \*\*Grave Host\*\*/.test(m.content))).toBe(true);
    expect(thread.at(-1)!.components.length).toBeGreaterThan(0);
    expect(sandbox.fake.threads().map((t) => t.name)).toContain('Alice vs Bob · #1');
    expect(problems).toEqual([]);
  }, 20_000);

  it('fast-forwards its clock: the demo match’s reminder, then its timeout, appear in the thread', async () => {
    const thread = sandbox.fake.threads().at(-1)!.id;
    expect((await getJson('/api/clock')).body).toMatchObject({ ahead: 0 });
    expect((await post('/api/clock', { hours: -1 })).status).toBe(400);
    expect((await post('/api/clock', { hours: 12 })).body).toMatchObject({ ok: true, ahead: 12 * 3_600_000 });
    expect((await getJson('/api/clock')).body).toMatchObject({ ahead: 12 * 3_600_000 });
    const reminded = await messages('carol', thread);
    expect(reminded.at(-1)!.content).toMatch(/^⏳ Waiting for <@\d+> to choose .* Time runs out <t:\d+:R>/);
    expect((await post('/api/clock', { hours: 12 })).body.ok).toBe(true);
    const after = await messages('carol', thread);
    expect(after.some((m) => /^⏰ \*\*\w+\*\*'s time ran out: /.test(m.content))).toBe(true);
    expect(problems).toEqual([]);
  }, 20_000);

  it("starts a practice match for the page's player: the bot plays its side by itself", async () => {
    expect((await post('/api/practice', { user: 'carol' })).body).toMatchObject({
      ok: false,
      error: expect.stringContaining('Only alice and bob have sample warbands'),
    });
    const practice = await post('/api/practice', { user: 'alice' });
    expect(practice.body).toMatchObject({ ok: true, thread: expect.any(String) });
    const thread = String(practice.body.thread);
    // The bot won the setup tactics check or not: either way the thread soon waits on alice alone.
    for (let i = 0; i < 100; i++) {
      await sandbox.bot.scheduler.idle();
      await sandbox.bot.idle();
      const last = (await messages('alice', thread)).at(-1)!;
      if (last.components.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const shown = await messages('alice', thread);
    expect(shown[0]!.content).toMatch(/^🤖 \*\*Practice match\.\*\* <@\d+> plays \*\*Hrolf's Watch\*\*/);
    expect(shown.at(-1)!.components.length).toBeGreaterThan(0);
    expect(shown.at(-1)!.content).toContain(`<@${sandbox.fake.user('alice')!.id}>`);
    expect(problems).toEqual([]);
  }, 20_000);

  it("starts a Sword and Claw demo match (the page's 🐾 button): alice's Iron Company against bob's Mire Raiders on Reed Ford", async () => {
    expect((await post('/api/demo', { ruleset: 'chess' })).status).toBe(400);
    const demo = await post('/api/demo', { ruleset: 'sword-and-claw' });
    expect(demo.body).toMatchObject({ ok: true, thread: expect.any(String) });
    await sandbox.bot.idle();
    const thread = await messages('carol', String(demo.body.thread));
    expect(thread[0]!.content).toMatch(/challenges you to \*\*Sword and Claw\*\* with \*\*Iron Company\*\* .* on \*\*Reed Ford\*\*/);
    expect(thread.some((m) => /accepts with \*\*Mire Raiders\*\*/.test(m.content))).toBe(true);
    expect((await sandbox.bot.app.store.matches.byThread(String(demo.body.thread)))!.ruleset).toBe('sword-and-claw');
    expect(problems).toEqual([]);
  }, 20_000);

  it('takes a free port when the one asked for is busy', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', () => resolve()));
    const port = (busy.address() as AddressInfo).port;
    const other = await startSandbox({ port, databasePath: ':memory:', sampleWarbands: false, log: () => undefined });
    try {
      expect(other.port).not.toBe(port);
      expect(other.url).toBe(`http://localhost:${other.port}`);
      expect((await fetch(`http://127.0.0.1:${other.port}/api/world`)).status).toBe(200);
    } finally {
      await other.close();
      busy.close();
    }
  }, 20_000);
});
