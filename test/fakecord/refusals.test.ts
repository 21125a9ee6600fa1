/**
 * What Discord refuses a bot in a channel it can see, through the real discord.js client: archived and
 * locked threads, deleted threads, closed DMs and files without Attach Files, each with Discord's
 * status, code and message, and nothing stored when refused.
 */
import { AttachmentBuilder, DiscordAPIError, Routes, type TextChannel, type ThreadChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';
import { png, startBot, type TestBot } from './test-bot';

let fake: FakeDiscord;
let bot: TestBot;

beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000 });
  bot = await startBot(fake);
});

afterAll(async () => {
  await bot?.client.destroy();
  await fake?.close();
});

async function newThread(name: string): Promise<ThreadChannel> {
  const channel = (await bot.client.channels.fetch(fake.channel.id)) as TextChannel;
  return channel.threads.create({ name, type: 11 });
}

const refusal = async (attempt: Promise<unknown>) => {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DiscordAPIError);
  const { status, code, message } = error as DiscordAPIError;
  return { status, code, message };
};

describe('refusals', () => {
  it('an archived thread refuses posts and edits with 50083 until it is unarchived', async () => {
    const thread = await newThread('Archived');
    const sent = await thread.send('Before');
    fake.setThread(thread.id, { archived: true });
    await fake.waitFor(() => (bot.client.channels.cache.get(thread.id) as ThreadChannel | undefined)?.archived);
    expect(await refusal(thread.send('After'))).toEqual({ status: 400, code: 50083, message: 'Thread is archived' });
    expect(await refusal(sent.edit('Edited'))).toEqual({ status: 400, code: 50083, message: 'Thread is archived' });
    expect(await refusal(thread.setName('Renamed'))).toEqual({ status: 400, code: 50083, message: 'Thread is archived' });
    expect(fake.messages(thread.id).map((m) => m.content)).toEqual(['Before']);
    await thread.setArchived(false);
    await thread.send('After');
    expect(fake.messages(thread.id).map((m) => m.content)).toEqual(['Before', 'After']);
  });

  it('a locked thread refuses a bot without Manage Threads (160005), and only a manager unlocks or unarchives it', async () => {
    const thread = await newThread('Locked');
    fake.setThread(thread.id, { locked: true });
    // The fake's bot role has Manage Threads; Discord's invite for this bot does not ask for it.
    await thread.send('Manager may');
    fake.setBotPermissions(fake.channel.id, { deny: ['ManageThreads'] });
    try {
      expect(await refusal(thread.send('Refused'))).toEqual({ status: 403, code: 160005, message: 'Thread is locked' });
      expect(await refusal(thread.setLocked(false))).toEqual({ status: 403, code: 50013, message: 'Missing Permissions' });
      fake.setThread(thread.id, { archived: true });
      expect(await refusal(thread.setArchived(false))).toEqual({ status: 403, code: 50013, message: 'Missing Permissions' });
    } finally {
      fake.setBotPermissions(fake.channel.id, {});
    }
    expect(fake.messages(thread.id).map((m) => m.content)).toEqual(['Manager may']);
  });

  it('a deleted thread is an Unknown Channel (10003), and the bot hears THREAD_DELETE', async () => {
    const thread = await newThread('Deleted');
    await thread.send('Soon gone');
    fake.deleteChannel(thread.id);
    await fake.waitFor(() => !bot.client.channels.cache.has(thread.id));
    expect(fake.channelByRef(thread.id)).toBeUndefined();
    expect(await refusal(thread.send('Anyone?'))).toEqual({ status: 404, code: 10003, message: 'Unknown Channel' });
  });

  it('a user with closed DMs: the DM channel opens, the message is refused with 50007', async () => {
    fake.setDms('dave', false);
    try {
      const dave = await bot.client.users.fetch(fake.user('dave')?.id ?? '');
      expect(await refusal(dave.send('Hello'))).toEqual({ status: 403, code: 50007, message: 'Cannot send messages to this user' });
    } finally {
      fake.setDms('dave', true);
    }
  });

  it('files without Attach Files are refused with 50013; text alone still goes', async () => {
    const thread = await newThread('No files');
    fake.setBotPermissions(fake.channel.id, { deny: ['AttachFiles'] });
    try {
      const file = new AttachmentBuilder(png(4, 4), { name: 'map.png' });
      expect(await refusal(thread.send({ content: 'Map', files: [file] }))).toEqual({ status: 403, code: 50013, message: 'Missing Permissions' });
      await thread.send('Map (text only)');
    } finally {
      fake.setBotPermissions(fake.channel.id, {});
    }
    expect(fake.messages(thread.id).map((m) => m.content)).toEqual(['Map (text only)']);
  });

  it('a channel hidden from the bot answers 50001 Missing Access, its threads too', async () => {
    const thread = await newThread('Hidden');
    fake.setBotPermissions(fake.channel.id, { deny: ['ViewChannel'] });
    try {
      const channel = bot.client.channels.cache.get(fake.channel.id) as TextChannel;
      expect(await refusal(channel.send('Results'))).toEqual({ status: 403, code: 50001, message: 'Missing Access' });
      expect(await refusal(thread.send('Turn'))).toEqual({ status: 403, code: 50001, message: 'Missing Access' });
    } finally {
      fake.setBotPermissions(fake.channel.id, {});
    }
  });

  it('a nonce is not in a message fetched later, only in the create answer', async () => {
    const thread = await newThread('Nonce');
    const sent = await thread.send({ content: 'Marked', nonce: 'abc', enforceNonce: true });
    expect(sent.nonce).toBe('abc');
    const one = (await bot.client.rest.get(Routes.channelMessage(thread.id, sent.id))) as { nonce?: unknown };
    const listed = (await bot.client.rest.get(Routes.channelMessages(thread.id))) as { id: string; nonce?: unknown }[];
    expect(one.nonce).toBeUndefined();
    expect(listed.find((m) => m.id === sent.id)?.nonce).toBeUndefined();
  });
});
