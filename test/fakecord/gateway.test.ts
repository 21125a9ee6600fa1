/**
 * The gateway protocol without discord.js: HELLO, heartbeats, IDENTIFY, RESUME and its replay,
 * intents, and the shape of every kind of INTERACTION_CREATE (a missing field crashes discord.js).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';

interface Frame {
  op: number;
  d: Record<string, unknown> & { [key: string]: unknown };
  s: number | null;
  t: string | null;
}

/** A bare gateway client that keeps every frame it receives. */
class RawClient {
  readonly frames: Frame[] = [];
  closeCode: number | null = null;
  readonly #waiters = new Set<() => void>();
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      for (const waiter of [...this.#waiters]) waiter();
    });
    socket.on('close', (code) => {
      this.closeCode = code;
      for (const waiter of [...this.#waiters]) waiter();
    });
  }

  static async connect(fake: FakeDiscord): Promise<RawClient> {
    const socket = new WebSocket(`ws://127.0.0.1:${fake.port}/?v=10&encoding=json`);
    const client = new RawClient(socket);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return client;
  }

  send(op: number, d: unknown): void {
    this.socket.send(JSON.stringify({ op, d }));
  }

  next(match: (frame: Frame) => boolean, timeoutMs = 2000): Promise<Frame> {
    return this.until(() => this.frames.find(match), timeoutMs);
  }

  until<T>(check: () => T | undefined, timeoutMs = 2000): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = (): void => {
        const value = check();
        if (value === undefined) return;
        this.#waiters.delete(attempt);
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(attempt);
        reject(new Error('timed out waiting for a frame'));
      }, timeoutMs);
      this.#waiters.add(attempt);
      attempt();
    });
  }

  async identify(intents: number): Promise<string> {
    this.send(2, { token: 'raw-token', intents, properties: {} });
    const ready = await this.next((f) => f.t === 'READY');
    await this.next((f) => f.t === 'GUILD_CREATE');
    return String(ready.d.session_id);
  }
}

const GUILDS = 1 << 0;
const GUILD_MESSAGES = 1 << 9;
const MESSAGE_CONTENT = 1 << 15;

let fake: FakeDiscord;
const open: RawClient[] = [];
const connect = async (): Promise<RawClient> => {
  const client = await RawClient.connect(fake);
  open.push(client);
  return client;
};

beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000 });
});

afterEach(() => {
  for (const client of open.splice(0)) client.socket.terminate();
});

afterAll(async () => {
  await fake.close();
});

async function rest(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${fake.apiBase}/v10${path}`, {
    method,
    headers: { authorization: 'Bot raw-token', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
}

describe('handshake', () => {
  it('says HELLO, acknowledges heartbeats, and answers IDENTIFY with READY then GUILD_CREATE', async () => {
    const client = await connect();
    const hello = await client.next((f) => f.op === 10);
    expect(hello.d.heartbeat_interval).toBe(1000);
    client.send(1, null);
    await client.next((f) => f.op === 11);
    await client.identify(GUILDS);
    const [ready, guild] = client.frames.filter((f) => f.op === 0);
    expect(ready).toMatchObject({ t: 'READY', s: 1 });
    expect(ready?.d).toMatchObject({
      v: 10,
      user: { id: fake.botUser.id, bot: true },
      guilds: [{ id: fake.guild.id, unavailable: true }],
      resume_gateway_url: `ws://127.0.0.1:${fake.port}`,
      application: { id: fake.applicationId, flags: 0 },
    });
    expect(guild).toMatchObject({ t: 'GUILD_CREATE', s: 2 });
    expect(guild?.d).toMatchObject({ id: fake.guild.id, unavailable: false, channels: [{ id: fake.channel.id, name: 'skirmishes' }] });
    expect((guild!.d.members as unknown[]).length).toBe(5);
    expect((guild!.d.roles as { name: string }[]).map((r) => r.name)).toEqual(['@everyone', 'Organiser', 'Sellsword Table']);
  });

  it('closes on a second IDENTIFY and on an unknown opcode', async () => {
    const client = await connect();
    await client.identify(GUILDS);
    client.send(2, { token: 'raw-token', intents: 0 });
    await client.until(() => client.closeCode ?? undefined);
    expect(client.closeCode).toBe(4005);
    const other = await connect();
    other.send(42, null);
    await other.until(() => other.closeCode ?? undefined);
    expect(other.closeCode).toBe(4001);
  });
});

describe('sessions', () => {
  it('replays what a session missed on RESUME, then says RESUMED', async () => {
    const first = await connect();
    const sessionId = await first.identify(GUILDS | GUILD_MESSAGES | MESSAGE_CONTENT);
    first.socket.close(4000);
    await first.until(() => first.closeCode ?? undefined);
    await fake.post({ user: 'bob', content: 'while you were away' });
    const second = await connect();
    second.send(6, { token: 'raw-token', session_id: sessionId, seq: 2 });
    const resumed = await second.next((f) => f.t === 'RESUMED');
    const missed = second.frames.find((f) => f.t === 'MESSAGE_CREATE');
    expect(missed).toMatchObject({ s: 3, d: { content: 'while you were away' } });
    expect(resumed.s).toBe(4);
    expect(fake.gatewaySessions().find((s) => s.sessionId === sessionId)).toMatchObject({ connected: true, resumes: 1 });
  });

  it('ends a session on a normal close, so RESUME is refused with op 9', async () => {
    const first = await connect();
    const sessionId = await first.identify(GUILDS);
    first.socket.close(1000);
    await first.until(() => first.closeCode ?? undefined);
    const second = await connect();
    second.send(6, { token: 'raw-token', session_id: sessionId, seq: 2 });
    expect((await second.next((f) => f.op === 9)).d).toBe(false);
  });
});

describe('intents', () => {
  it('sends messages only with Guild Messages, and their content only with Message Content or a mention', async () => {
    const guildsOnly = await connect();
    await guildsOnly.identify(GUILDS);
    const noContent = await connect();
    await noContent.identify(GUILDS | GUILD_MESSAGES);
    await fake.post({ user: 'carol', content: 'hello all' });
    await fake.post({ user: 'carol', content: `hello <@${fake.botUser.id}>` });
    const created = await noContent.until(() => {
      const frames = noContent.frames.filter((f) => f.t === 'MESSAGE_CREATE');
      return frames.length === 2 ? frames : undefined;
    });
    expect(created.map((f) => f.d.content)).toEqual(['', `hello <@${fake.botUser.id}>`]);
    expect(created[0]?.d).toMatchObject({ guild_id: fake.guild.id, author: { username: 'carol' }, member: { roles: [] } });
    expect(guildsOnly.frames.some((f) => f.t === 'MESSAGE_CREATE')).toBe(false);
  });
});

describe('INTERACTION_CREATE payloads', () => {
  const COMMON = [
    'id',
    'application_id',
    'type',
    'data',
    'guild',
    'guild_id',
    'channel',
    'channel_id',
    'member',
    'token',
    'version',
    'app_permissions',
    'locale',
    'guild_locale',
    'entitlements',
    'authorizing_integration_owners',
    'context',
    'attachment_size_limit',
  ];

  it('carries every field discord.js reads, for commands, autocomplete, buttons, menus and modal submits', async () => {
    const client = await connect();
    await client.identify(GUILDS);
    await rest('PUT', `/applications/${fake.applicationId}/commands`, [
      {
        name: 'probe',
        description: 'Probe',
        options: [
          { type: 3, name: 'text', description: 'Text', autocomplete: true },
          { type: 6, name: 'who', description: 'Who' },
          { type: 7, name: 'where', description: 'Where' },
          { type: 11, name: 'file', description: 'File' },
        ],
      },
    ]);
    const posted = await rest('POST', `/channels/${fake.channel.id}/messages`, {
      content: 'panel',
      components: [
        { type: 1, components: [{ type: 2, style: 1, custom_id: 'b', label: 'B' }] },
        { type: 1, components: [{ type: 5, custom_id: 'u' }] },
      ],
    });
    const messageId = String(posted.id);

    await fake.command({
      user: 'alice',
      name: 'probe',
      options: { text: 'x', who: 'bob', where: '#skirmishes' },
      attachments: { file: { name: 'a.txt', data: 'hi' } },
    });
    await fake.autocomplete({ user: 'alice', name: 'probe', focused: 'text', options: { text: 'x' } }, 50).catch(() => undefined);
    await fake.click({ user: 'alice', message: messageId, customId: 'b' });
    await fake.select({ user: 'alice', message: messageId, customId: 'u', values: ['carol'] });
    const payloads = await client.until(() => {
      const frames = client.frames.filter((f) => f.t === 'INTERACTION_CREATE');
      return frames.length === 4 ? frames.map((f) => f.d) : undefined;
    });
    for (const payload of payloads) {
      expect(Object.keys(payload)).toEqual(expect.arrayContaining(COMMON));
      expect(payload).toMatchObject({
        version: 1,
        guild_id: fake.guild.id,
        channel: { id: fake.channel.id, type: 0 },
        member: { user: { username: 'alice' }, roles: expect.any(Array) },
      });
      expect(typeof (payload.member as { permissions: unknown }).permissions).toBe('string');
    }
    const [command, autocomplete, button, select] = payloads;
    const bob = fake.user('bob')?.id ?? '';
    expect(command).toMatchObject({
      type: 2,
      data: {
        name: 'probe',
        type: 1,
        options: [
          { name: 'text', value: 'x' },
          { name: 'who', type: 6, value: bob },
          { name: 'where', type: 7, value: fake.channel.id },
          { name: 'file', type: 11 },
        ],
      },
    });
    const resolved = (command!.data as { resolved: Record<string, Record<string, Record<string, unknown>>> }).resolved;
    expect(resolved.users?.[bob]?.username).toBe('bob');
    expect(resolved.members?.[bob]?.permissions).toEqual(expect.any(String));
    expect(Object.values(resolved.attachments ?? {})[0]).toMatchObject({ filename: 'a.txt', size: 2, url: expect.stringContaining('/attachments/') });
    expect(autocomplete).toMatchObject({ type: 4, data: { options: [{ name: 'text', value: 'x', focused: true }] } });
    expect(button).toMatchObject({
      type: 3,
      data: { custom_id: 'b', component_type: 2 },
      message: { id: messageId, author: { id: fake.botUser.id }, components: expect.any(Array) },
    });
    expect(select).toMatchObject({ type: 3, data: { custom_id: 'u', component_type: 5, values: [fake.user('carol')?.id] } });
  });
});
