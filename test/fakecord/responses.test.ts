/**
 * How the fake answers what a bot sends, through discord.js: Discord's limits and error codes,
 * the interaction callback rules (one callback, follow-ups after it, the 3-second window), edits of
 * attachments, mentions, Components v2, and `withResponse`.
 */
import { AttachmentBuilder, DiscordAPIError, MessageFlags, REST, Routes, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';
import { png, startBot, type TestBot } from './test-bot';

let fake: FakeDiscord;
let bot: TestBot;
/** Interaction tokens as the bot received them, for calling the callback route by hand. */
const tokens = new Map<string, string>();

/** Sets what /say does, runs it as bob, and waits for the interaction to settle. */
async function say(handle: (i: ChatInputCommandInteraction) => Promise<unknown>) {
  let handled: Promise<unknown> = Promise.resolve();
  bot.handlers.set('say', async (i) => (handled = i.isChatInputCommand() ? handle(i) : Promise.resolve()));
  const outcome = await fake.command({ user: 'bob', name: 'say' });
  await outcome.response().catch(() => undefined);
  // On a loaded machine a handler can fall quiet for longer than `quietMs` between its own steps.
  await handled.catch(() => undefined);
  return outcome.settled({ quietMs: 50 });
}

const apiError = (error: unknown): DiscordAPIError => {
  expect(error).toBeInstanceOf(DiscordAPIError);
  return error as DiscordAPIError;
};

beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000, deadlineMs: 200 });
  bot = await startBot(fake);
  bot.client.on('raw', (packet: { t?: string; d?: { id?: string; token?: string } }) => {
    if (packet.t === 'INTERACTION_CREATE' && packet.d?.id && packet.d.token) tokens.set(packet.d.id, packet.d.token);
  });
  const rest = new REST({ api: fake.apiBase }).setToken('fake-token');
  await rest.put(Routes.applicationGuildCommands(fake.applicationId, fake.guild.id), {
    body: [new SlashCommandBuilder().setName('say').setDescription('Says something').toJSON()],
  });
});

afterAll(async () => {
  await bot.client.destroy();
  await fake.close();
});

beforeEach(() => {
  bot.errors.length = 0;
});

describe("Discord's limits", () => {
  it('refuses an empty message, over-long content and a sixth button in a row', async () => {
    const errors: unknown[] = [];
    await say(async (i) => {
      await i.reply({ content: '' }).catch((e: unknown) => errors.push(e));
      await i.reply({ content: 'x'.repeat(2001) }).catch((e: unknown) => errors.push(e));
      const button = (n: number) => ({ type: 2, style: 1, custom_id: `b${n}`, label: `${n}` });
      await i.reply({ components: [{ type: 1, components: [1, 2, 3, 4, 5, 6].map(button) }] } as never).catch((e: unknown) => errors.push(e));
      await i.reply({ content: 'fine' });
    });
    expect(errors.map((e) => apiError(e).code)).toEqual([50006, 50035, 50035]);
    expect(apiError(errors[1]).message).toContain('content[BASE_TYPE_MAX_LENGTH]');
    expect(apiError(errors[2]).message).toContain('components[0].components[BASE_TYPE_MAX_LENGTH]');
    expect(fake.rejections().map((r) => r.code)).toEqual(expect.arrayContaining([50006, 50035]));
  });

  it('refuses duplicate custom ids and legacy content in a Components v2 message', async () => {
    const errors: unknown[] = [];
    await say(async (i) => {
      const row = {
        type: 1,
        components: [
          { type: 2, style: 1, custom_id: 'same', label: 'A' },
          { type: 2, style: 1, custom_id: 'same', label: 'B' },
        ],
      };
      await i.reply({ components: [row] } as never).catch((e: unknown) => errors.push(e));
      const legacy = { content: 'no', flags: MessageFlags.IsComponentsV2, components: [{ type: 10, content: 'hi' }] };
      await i.reply(legacy as never).catch((e: unknown) => errors.push(e));
      await i.reply({ flags: MessageFlags.IsComponentsV2, components: [{ type: 17, components: [{ type: 10, content: `hello <@${i.user.id}>` }] }] } as never);
    });
    expect(errors.map((e) => apiError(e).message)).toEqual([
      expect.stringContaining('COMPONENT_CUSTOM_ID_DUPLICATED'),
      expect.stringContaining('MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2'),
    ]);
    const reply = fake.messages(fake.channel.id).at(-1);
    expect((reply?.flags ?? 0) & MessageFlags.IsComponentsV2).toBeTruthy();
    expect(reply?.mentions).toEqual([fake.user('bob')?.id]);
  });
});

describe('the interaction callback', () => {
  it('accepts one callback; a second is "already acknowledged"', async () => {
    bot.handlers.set('say', async () => undefined);
    const outcome = await fake.command({ user: 'bob', name: 'say' });
    expect(fake.interaction(outcome.id)?.deliveredTo).toBe(1);
    // discord.js refuses to answer twice by itself, so call the route the way it would.
    const token = await fake.waitFor(() => tokens.get(outcome.id));
    const url = `${fake.apiBase}/v10/interactions/${outcome.id}/${token}/callback`;
    const body = JSON.stringify({ type: 4, data: { content: 'hi' } });
    const send = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect((await send()).status).toBe(204);
    const second = await send();
    expect(second.status).toBe(400);
    expect(await second.json()).toEqual({ message: 'Interaction has already been acknowledged.', code: 40060 });
  });

  it('marks an answer after the window as late, and Discord-strict fakes refuse it', async () => {
    const settled = await say(async (i) => {
      await new Promise((resolve) => setTimeout(resolve, 260));
      await i.reply('slow');
    });
    expect(settled.response?.late).toBe(true);
    expect(settled.late).toBe(true);

    const strict = await startFakeDiscord({ deadlineMs: 50, enforceDeadline: true });
    const strictBot = await startBot(strict);
    try {
      await new REST({ api: strict.apiBase }).setToken('t').put(Routes.applicationCommands(strict.applicationId), {
        body: [{ name: 'say', description: 'Says something' }],
      });
      strictBot.handlers.set('say', async (i) => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (i.isChatInputCommand()) await i.reply('too slow');
      });
      const outcome = await strict.command({ user: 'bob', name: 'say' });
      await strict.waitFor(() => strictBot.errors.length > 0);
      expect(apiError(strictBot.errors[0]).code).toBe(10062);
      await expect(outcome.response(100)).rejects.toThrow(/No callback for command "say" by bob/);
    } finally {
      await strictBot.client.destroy();
      await strict.close();
    }
  });

  it('lets the first follow-up fill in a deferred reply, then posts further ones', async () => {
    const settled = await say(async (i) => {
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await i.followUp({ content: 'first' });
      await i.followUp({ content: 'second' });
    });
    expect(settled.original).toMatchObject({ content: 'first', ephemeral: true, loading: false });
    expect(settled.followUps.map((m) => m.content)).toEqual(['second']);
  });

  it('serves withResponse, fetchReply and deleteReply', async () => {
    let fetched = '';
    let resourceContent: string | undefined;
    const settled = await say(async (i) => {
      const response = await i.reply({ content: 'with response', withResponse: true });
      resourceContent = response.resource?.message?.content;
      fetched = (await i.fetchReply()).content;
      await i.followUp('kept');
      await i.deleteReply();
    });
    expect(resourceContent).toBe('with response');
    expect(fetched).toBe('with response');
    expect(settled.original).toBeNull();
    expect(fake.messages(fake.channel.id).at(-1)?.content).toBe('kept');
  });
});

describe('message bodies', () => {
  it('replaces or keeps attachments on edit as Discord does', async () => {
    const ids: string[] = [];
    const settled = await say(async (i) => {
      await i.reply({ content: 'one', files: [new AttachmentBuilder(png(1, 1), { name: 'a.png' })] });
      await i.editReply({ content: 'still one' });
      ids.push(...(await i.fetchReply()).attachments.map((a) => a.name));
      await i.editReply({ files: [new AttachmentBuilder(png(2, 2), { name: 'b.png' })] });
      ids.push(...(await i.fetchReply()).attachments.map((a) => a.name));
      await i.editReply({ content: 'none', attachments: [] });
    });
    expect(ids).toEqual(['a.png', 'b.png']);
    expect(settled.original).toMatchObject({ content: 'none', attachments: [] });
  });

  it('pings only what allowed_mentions allows', async () => {
    const settled = await say(async (i) => {
      await i.reply({ content: `<@${i.user.id}> and @everyone`, allowedMentions: { parse: [] } });
      await i.followUp({ content: `<@${i.user.id}> and @everyone` });
    });
    expect(settled.original).toMatchObject({ mentions: [], mentionEveryone: false });
    expect(settled.followUps[0]).toMatchObject({ mentions: [fake.user('bob')?.id], mentionEveryone: true });
  });

  it('pings the author of the message a user replies to', async () => {
    const original = await fake.post({ user: 'carol', content: 'who is in?' });
    const reply = await fake.post({ user: 'dave', content: 'me', replyTo: original.id });
    expect(reply).toMatchObject({ type: 19, reference: { messageId: original.id }, mentions: [fake.user('carol')?.id] });
  });
});
