/**
 * Fault rules against the real discord.js client (@discordjs/rest 2.6): what a 5xx before and after
 * the message is stored does to a bot (discord.js resends at once, up to `rest.retries` = 3 times,
 * so without a nonce a stored-then-failed post appears twice), a 429 (waited out and retried, not
 * counted as a retry), a held request released or dropped, a late answer, and a late interaction
 * callback refused with 10062.
 */
import { AttachmentBuilder, type DiscordAPIError, HTTPError, REST, Routes, type Interaction, type TextChannel } from 'discord.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeDiscordError, startFakeDiscord, type FakeDiscord } from '../../src/fakecord';
import { png, startBot, type TestBot } from './test-bot';

const POST_MESSAGE = 'POST /channels/:channel/messages';

let fake: FakeDiscord;
let bot: TestBot;
let channel: TextChannel;

beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000 });
  bot = await startBot(fake);
  await new REST({ api: fake.apiBase })
    .setToken('t')
    .put(Routes.applicationCommands(fake.applicationId), { body: [{ name: 'say', description: 'Says something' }] });
  channel = (await bot.client.channels.fetch(fake.channel.id)) as TextChannel;
});

afterAll(async () => {
  await bot.client.destroy();
  await fake.close();
});

beforeEach(() => {
  bot.handlers.clear();
  bot.errors.length = 0;
});

afterEach(() => fake.faults.clear());

/** Messages in the default channel saying exactly `content`. */
const posted = (content: string) => fake.messages(fake.channel.id).filter((m) => m.content === content);
/** The message-create requests for `content`, oldest first. */
const attempts = (content: string) => fake.requests(POST_MESSAGE).filter((r) => r.body.content === content);

/** Whether a promise has settled yet (without waiting for it). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  return done;
}

describe('5xx', () => {
  it('before handling: nothing is stored; discord.js resends at once and the resend posts', async () => {
    const fault = fake.faults.add({ route: POST_MESSAGE, status: 500 });
    const message = await channel.send('five hundred before');
    expect(posted('five hundred before').map((m) => m.id)).toEqual([message.id]);
    expect(attempts('five hundred before').map((r) => [r.status, r.handled, r.fault])).toEqual([
      [500, false, true],
      [200, true, false],
    ]);
    expect(fault.hits).toBe(1);
    // Fault answers are not the bot breaking a rule.
    expect(fake.rejections().some((r) => r.status >= 500)).toBe(false);
  });

  it('after storing: discord.js resends, and without a nonce the message is posted twice', async () => {
    fake.faults.add({ route: POST_MESSAGE, status: 502, after: true });
    const message = await channel.send('stored then 502');
    const copies = posted('stored then 502');
    expect(copies).toHaveLength(2);
    expect(message.id).toBe(copies[1]?.id);
    expect(attempts('stored then 502').map((r) => [r.status, r.handled])).toEqual([
      [502, true],
      [200, true],
    ]);
  });

  it('after storing, with a nonce and enforce_nonce: the resend gets the stored message, exactly one', async () => {
    fake.faults.add({ route: POST_MESSAGE, status: 500, after: true });
    const message = await channel.send({ content: 'stored then 500, nonce', nonce: 'outbox-77', enforceNonce: true });
    const copies = posted('stored then 500, nonce');
    expect(copies.map((m) => m.id)).toEqual([message.id]);
    expect(attempts('stored then 500, nonce').map((r) => r.status)).toEqual([500, 200]);
  });

  it("after storing, with discord.js's enforceNonce client option (one nonce per send, kept for its resends): one message", async () => {
    bot.client.options.enforceNonce = true;
    try {
      fake.faults.add({ route: POST_MESSAGE, status: 503, after: true });
      const message = await channel.send('client nonce');
      expect(posted('client nonce').map((m) => m.id)).toEqual([message.id]);
      expect(typeof message.nonce).toBe('string');
    } finally {
      bot.client.options.enforceNonce = false;
    }
  });

  it('gives up after 1 + 3 attempts (rest.retries = 3) with an HTTPError, not a DiscordAPIError', async () => {
    fake.faults.add({ route: POST_MESSAGE, status: 504, after: true, times: Infinity });
    const error = await channel.send('never acknowledged').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).status).toBe(504);
    expect(attempts('never acknowledged').map((r) => r.status)).toEqual([504, 504, 504, 504]);
    // Every attempt was stored: the bot was told four times that nothing happened.
    expect(posted('never acknowledged')).toHaveLength(4);
  });
});

describe('429', () => {
  it('makes discord.js wait retry_after (plus its 50 ms offset) and resend; the wait is no retry', async () => {
    const limited: number[] = [];
    const onLimit = (info: { retryAfter: number }) => limited.push(info.retryAfter);
    bot.client.rest.on('rateLimited', onLimit);
    try {
      // Four 429s and then success: more than `retries` allows for 5xx, so 429s are not counted.
      fake.faults.add({ route: POST_MESSAGE, status: 429, retryAfter: 0.1, times: 4 });
      const started = performance.now();
      await channel.send('rate limited');
      const waited = performance.now() - started;
      expect(attempts('rate limited').map((r) => r.status)).toEqual([429, 429, 429, 429, 200]);
      expect(posted('rate limited')).toHaveLength(1);
      expect(waited).toBeGreaterThanOrEqual(4 * 100);
      expect(waited).toBeLessThan(3000);
      expect(limited.length).toBeGreaterThan(0);
      expect(fake.rejections().some((r) => r.status === 429)).toBe(false);
    } finally {
      bot.client.rest.off('rateLimited', onLimit);
    }
  });

  it("sends Discord's rate-limit headers and body", async () => {
    fake.faults.add({ route: POST_MESSAGE, status: 429, retryAfter: 0.25 });
    const response = await fetch(`${fake.apiBase}/v10/channels/${fake.channel.id}/messages`, {
      method: 'POST',
      headers: { authorization: 'Bot t', 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'raw' }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('0.25');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(response.headers.get('x-ratelimit-reset-after')).toBe('0.25');
    expect(response.headers.get('x-ratelimit-scope')).toBe('user');
    expect(await response.json()).toEqual({ message: 'You are being rate limited.', retry_after: 0.25, global: false });
  });

  it('a global 429 holds the request and is waited out too', async () => {
    fake.faults.add({ route: POST_MESSAGE, status: 429, retryAfter: 0.1, global: true });
    await channel.send('globally limited');
    expect(attempts('globally limited').map((r) => r.status)).toEqual([429, 200]);
  });
});

describe('hold', () => {
  it('with after: the message is stored and dispatched, the answer waits for release', async () => {
    const fault = fake.faults.add({ route: POST_MESSAGE, hold: true, after: true });
    const sending = channel.send('held after storing');
    await fault.reached();
    expect(posted('held after storing')).toHaveLength(1);
    expect(await settled(sending)).toBe(false);
    expect(attempts('held after storing')[0]?.status).toBeNull();
    // discord.js queues requests per route and channel: the next post waits behind the held one.
    const next = channel.send('queued behind');
    expect(await settled(next)).toBe(false);
    expect(attempts('queued behind')).toEqual([]);
    fault.release();
    const message = await sending;
    await next;
    expect(message.id).toBe(posted('held after storing')[0]?.id);
    expect(attempts('held after storing').map((r) => r.status)).toEqual([200]);
  });

  it('without after: nothing is stored until the release', async () => {
    const fault = fake.faults.add({ route: POST_MESSAGE, hold: true });
    const sending = channel.send('held before storing');
    await fault.reached();
    expect(posted('held before storing')).toHaveLength(0);
    fault.release();
    await sending;
    expect(posted('held before storing')).toHaveLength(1);
  });

  it('drop closes the connection unanswered: discord.js reports "other side closed" and does not resend', async () => {
    const fault = fake.faults.add({ route: POST_MESSAGE, hold: true, after: true });
    const sending = channel.send('dropped').catch((e: unknown) => e);
    await fault.reached();
    fault.drop();
    const error = (await sending) as Error;
    expect(error.message).toMatch(/other side closed/);
    expect(attempts('dropped').map((r) => r.status)).toEqual([null]);
    expect(posted('dropped')).toHaveLength(1);
  });

  it('drop with reset: discord.js sees ECONNRESET and resends, so the stored message is posted again', async () => {
    const fault = fake.faults.add({ route: POST_MESSAGE, hold: true, after: true });
    const sending = channel.send('reset');
    await fault.reached();
    fault.drop({ reset: true });
    const message = await sending;
    expect(attempts('reset').map((r) => r.status)).toEqual([null, 200]);
    expect(posted('reset').map((m) => m.id)).toEqual([expect.any(String), message.id]);
  });

  it('remove() releases what a rule holds, and the rule catches nothing more', async () => {
    const fault = fake.faults.add({ route: POST_MESSAGE, hold: true });
    const sending = channel.send('removed while held');
    await fault.reached();
    fault.remove();
    await sending;
    expect(posted('removed while held')).toHaveLength(1);
    // A removed rule catches nothing more.
    await channel.send('after removal');
    expect(fault.hits).toBe(1);
  });
});

describe('delays, predicates and edits', () => {
  it('delayMs answers late', async () => {
    fake.faults.add({ route: POST_MESSAGE, delayMs: 300 });
    const started = performance.now();
    await channel.send('slow answer');
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('when: catches only the requests it accepts (uploads; content)', async () => {
    const uploads = fake.faults.add({ route: POST_MESSAGE, status: 500, when: (r) => r.files.length > 0 });
    const word = fake.faults.add({ route: 'POST /channels/:channel/messages', status: 500, when: (r) => String(r.body.content).includes('Victory') });
    await channel.send('plain words');
    expect([uploads.hits, word.hits]).toEqual([0, 0]);
    await channel.send({ content: 'map', files: [new AttachmentBuilder(png(2, 2), { name: 'map.png' })] });
    await channel.send('Victory for Hrolf');
    expect([uploads.hits, word.hits]).toEqual([1, 1]);
    expect(attempts('map').map((r) => [r.status, r.files])).toEqual([
      [500, 1],
      [200, 1],
    ]);
  });

  it('faults message edits (PATCH) the same way', async () => {
    const message = await channel.send('before edit');
    const fault = fake.faults.add({ route: 'PATCH /channels/:channel/messages/:message', status: 500, after: true });
    await message.edit('after edit');
    expect(fault.hits).toBe(1);
    expect(fake.message(message.id)?.content).toBe('after edit');
    expect(
      fake
        .requests('PATCH /channels/:id/messages/:id')
        .filter((r) => r.path.endsWith(message.id))
        .map((r) => r.status),
    ).toEqual([500, 200]);
  });

  it('refuses rules it cannot apply', () => {
    expect(() => fake.faults.add({ route: '/channels/:id/messages' })).toThrow(FakeDiscordError);
    expect(() => fake.faults.add({ route: POST_MESSAGE, status: 418 as 500 })).toThrow(/status 418/);
    expect(() => fake.faults.add({ route: POST_MESSAGE, status: 500, retryAfter: 1 })).toThrow(/429/);
    expect(() => fake.faults.add({ route: POST_MESSAGE, times: 0 })).toThrow(/times/);
    expect(() => fake.requests('nonsense')).toThrow(FakeDiscordError);
  });
});

describe('interaction callbacks', () => {
  const reply = (text: string) => async (i: Interaction) => (i.isChatInputCommand() ? i.reply(text) : undefined);

  it('a 500 after the callback was taken: the resend is "already acknowledged" though the reply is there', async () => {
    bot.handlers.set('say', reply('acknowledged once'));
    fake.faults.add({ route: 'POST /interactions/:id/:token/callback', status: 500, after: true });
    const outcome = await fake.command({ user: 'bob', name: 'say' });
    expect((await outcome.response()).message?.content).toBe('acknowledged once');
    await fake.waitFor(() => bot.errors.length > 0);
    expect((bot.errors[0] as DiscordAPIError).code).toBe(40060);
  });

  it("a callback delayed past Discord's 3-second window is refused with 10062 when the fake enforces it", async () => {
    const strict = await startFakeDiscord({ enforceDeadline: true });
    const strictBot = await startBot(strict);
    try {
      await new REST({ api: strict.apiBase }).setToken('t').put(Routes.applicationCommands(strict.applicationId), {
        body: [{ name: 'say', description: 'Says something' }],
      });
      strictBot.handlers.set('say', reply('too late'));
      const late = strict.faults.add({ route: 'POST /interactions/:id/:token/callback', delayMs: 3100 });
      const outcome = await strict.command({ user: 'bob', name: 'say' });
      await late.reached();
      await strict.waitFor(() => strictBot.errors.length > 0, 5000);
      expect((strictBot.errors[0] as DiscordAPIError).code).toBe(10062);
      expect(outcome.summary().response).toBeNull();
      expect(strict.requests('POST /interactions/:id/:token/callback').map((r) => [r.status, r.fault])).toEqual([[404, true]]);
    } finally {
      await strictBot.client.destroy();
      await strict.close();
    }
  }, 10_000);
});
