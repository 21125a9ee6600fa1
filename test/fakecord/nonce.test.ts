/**
 * Message nonces: `enforce_nonce: true` with a nonce the bot used in the last few minutes returns
 * that message instead of posting again (channels, threads, DMs, JSON and multipart); without it a
 * repeated nonce posts again, as on Discord; malformed nonces are Invalid Form Body.
 */
import { AttachmentBuilder, DiscordAPIError, GatewayIntentBits, REST, Routes, type Message, type TextChannel } from 'discord.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord, type FakeMessage } from '../../src/fakecord';
import { png, startBot, type TestBot } from './test-bot';

let fake: FakeDiscord;
let bot: TestBot;
let rest: REST;
let channel: TextChannel;
/** Added to the fake's clock, to move time on. */
let offset = 0;
/** MESSAGE_CREATEs the bot's client received, and the fake's message-create events. */
const heard: Message[] = [];
const created: FakeMessage[] = [];

beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000, clock: () => Date.now() + offset });
  bot = await startBot(fake, [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.DirectMessages]);
  bot.client.on('messageCreate', (message) => heard.push(message));
  fake.on('message-create', (message) => created.push(message));
  rest = new REST({ api: fake.apiBase }).setToken('fake-token');
  channel = (await bot.client.channels.fetch(fake.channel.id)) as TextChannel;
});

afterAll(async () => {
  await bot.client.destroy();
  await fake.close();
});

beforeEach(() => {
  heard.length = 0;
  created.length = 0;
});

/** Lets a MESSAGE_CREATE that was sent reach the client before counting. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

const formError = async (body: Record<string, unknown>): Promise<DiscordAPIError> => {
  const error = await rest.post(Routes.channelMessages(fake.channel.id), { body }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DiscordAPIError);
  return error as DiscordAPIError;
};

describe('enforce_nonce', () => {
  it('answers a repeated nonce with the message already made: same id, nothing new posted or dispatched', async () => {
    const before = fake.messages(fake.channel.id).length;
    const first = await channel.send({ content: 'Round 2 begins', nonce: 'outbox-1', enforceNonce: true });
    const again = await channel.send({ content: 'Round 2 begins', nonce: 'outbox-1', enforceNonce: true });
    expect(again.id).toBe(first.id);
    expect(first.nonce).toBe('outbox-1');
    expect(again.nonce).toBe('outbox-1');
    await settle();
    expect(fake.messages(fake.channel.id)).toHaveLength(before + 1);
    expect(created.map((m) => m.id)).toEqual([first.id]);
    expect(heard.map((m) => m.id)).toEqual([first.id]);
    expect(fake.message(first.id)?.nonce).toBe('outbox-1');
  });

  it('returns the earlier message as it is now, even when the retry says something else', async () => {
    const first = await channel.send({ content: 'first words', nonce: 'outbox-2', enforceNonce: true });
    await first.edit('edited words');
    const again = await channel.send({ content: 'other words', nonce: 'outbox-2', enforceNonce: true });
    expect(again.id).toBe(first.id);
    expect(again.content).toBe('edited words');
  });

  it('posts again for a repeated nonce without enforce_nonce, as Discord does', async () => {
    const first = await channel.send({ content: 'twice', nonce: 'outbox-3' });
    const second = await channel.send({ content: 'twice', nonce: 'outbox-3' });
    expect(second.id).not.toBe(first.id);
    expect(fake.messages(fake.channel.id).filter((m) => m.nonce === 'outbox-3')).toHaveLength(2);
    // enforce_nonce without a nonce is no check at all.
    const plain = await rest.post(Routes.channelMessages(fake.channel.id), { body: { content: 'no nonce', enforce_nonce: true } });
    expect((plain as { nonce?: unknown }).nonce).toBeUndefined();
  });

  it('counts a nonce after a message without enforce_nonce, and only while the message exists', async () => {
    const first = await channel.send({ content: 'sent plainly', nonce: 'outbox-4' });
    const again = await channel.send({ content: 'sent plainly', nonce: 'outbox-4', enforceNonce: true });
    expect(again.id).toBe(first.id);
    await first.delete();
    const after = await channel.send({ content: 'sent plainly', nonce: 'outbox-4', enforceNonce: true });
    expect(after.id).not.toBe(first.id);
  });

  it('takes integer nonces; 42 and "42" are the same nonce', async () => {
    const first = await channel.send({ content: 'integer', nonce: 424242, enforceNonce: true });
    expect(first.nonce).toBe(424242);
    const again = await channel.send({ content: 'integer', nonce: '424242', enforceNonce: true });
    expect(again.id).toBe(first.id);
  });

  it('forgets a nonce after the window (five minutes of the fake clock)', async () => {
    const first = await channel.send({ content: 'window', nonce: 'outbox-5', enforceNonce: true });
    offset += 4 * 60_000;
    expect((await channel.send({ content: 'window', nonce: 'outbox-5', enforceNonce: true })).id).toBe(first.id);
    offset += 60_000 + 10;
    const later = await channel.send({ content: 'window', nonce: 'outbox-5', enforceNonce: true });
    expect(later.id).not.toBe(first.id);
    // The new message restarts the window.
    expect((await channel.send({ content: 'window', nonce: 'outbox-5', enforceNonce: true })).id).toBe(later.id);
  });

  it('works in threads and DMs, and for uploads (multipart), storing the file once', async () => {
    const thread = await channel.threads.create({ name: 'Nonce match', type: 11 });
    const upload = () => new AttachmentBuilder(png(4, 4), { name: 'map.png' });
    const first = await thread.send({ content: 'the map', files: [upload()], nonce: 'map-1', enforceNonce: true });
    const again = await thread.send({ content: 'the map', files: [upload()], nonce: 'map-1', enforceNonce: true });
    expect(again.id).toBe(first.id);
    expect(again.attachments.first()?.url).toBe(first.attachments.first()?.url);
    expect(fake.messages(thread.id)).toHaveLength(1);

    const bob = fake.user('bob')!;
    const dm = await bot.client.users.send(bob.id, { content: 'your turn', nonce: 'dm-1', enforceNonce: true });
    const dmAgain = await bot.client.users.send(bob.id, { content: 'your turn', nonce: 'dm-1', enforceNonce: true });
    expect(dmAgain.id).toBe(dm.id);
    expect(fake.messages(dm.channelId)).toHaveLength(1);
  });

  it('keeps its own window when given one', async () => {
    // The fake's own clock, moved by hand: a loaded machine cannot stretch the window.
    let now = Date.now();
    const short = await startFakeDiscord({ nonceWindowMs: 50, clock: () => now });
    try {
      const shortRest = new REST({ api: short.apiBase }).setToken('t');
      const post = () =>
        shortRest.post(Routes.channelMessages(short.channel.id), { body: { content: 'x', nonce: 'n', enforce_nonce: true } }) as Promise<{ id: string }>;
      const first = await post();
      expect((await post()).id).toBe(first.id);
      now += 80;
      expect((await post()).id).not.toBe(first.id);
    } finally {
      await short.close();
    }
  });
});

describe('malformed nonces', () => {
  it('refuses a string over 25 characters with Invalid Form Body, and stores nothing', async () => {
    const before = fake.messages(fake.channel.id).length;
    const error = await formError({ content: 'x', nonce: 'n'.repeat(26), enforce_nonce: true });
    expect(error.status).toBe(400);
    expect(error.code).toBe(50035);
    expect(error.rawError).toMatchObject({ errors: { nonce: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } });
    expect(fake.messages(fake.channel.id)).toHaveLength(before);
    // discord.js does not check the length itself, so the client sees the same refusal.
    await expect(channel.send({ content: 'x', nonce: 'n'.repeat(26) })).rejects.toMatchObject({ code: 50035 });
    await expect(channel.send({ content: 'x', nonce: 'n'.repeat(25) })).resolves.toBeDefined();
  });

  it('refuses nonces that are neither a string nor an integer', async () => {
    for (const nonce of [true, 1.5, {}, ['a']]) {
      const error = await formError({ content: 'x', nonce });
      expect(error.code).toBe(50035);
      expect(error.rawError).toMatchObject({ errors: { nonce: { _errors: [{ code: 'UNION_TYPE_CHOICES' }] } } });
    }
    const ok = (await rest.post(Routes.channelMessages(fake.channel.id), { body: { content: 'null nonce', nonce: null } })) as { nonce?: unknown };
    expect(ok.nonce).toBeUndefined();
    expect(fake.rejections().filter((r) => r.code === 50035).length).toBeGreaterThanOrEqual(5);
  });
});
