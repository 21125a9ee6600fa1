/**
 * The REST proxy (src/bot/rest-proxy.ts, @discordjs/proxy): two shards' discord.js clients send their
 * REST through it, logging in, posting, uploading and being refused exactly as against Discord; a
 * post Discord answers with a 429 is sent again whole; and their requests together keep to one global
 * limit (5 a second here, to keep it short).
 */
import { AttachmentBuilder, Client, DiscordAPIError, Events, GatewayIntentBits, type TextChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestProxy, type RestProxy } from '../../src/bot/rest-proxy';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';

let fake: FakeDiscord;
let proxy: RestProxy;
const clients: Client[] = [];

async function shard(id: number): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: proxy.url }, shards: [id], shardCount: 2 });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login('fake-token');
  await ready;
  clients.push(client);
  return client;
}

/**
 * The requests the REST queue sends in each of its global-limit windows, read from its own counters
 * (`globalReset` is set when a window opens, `globalRemaining` taken down by one per request sent).
 */
function limiterWindows(rest: RestProxy['rest']): { sent: number[]; stop(): void } {
  // The window open now (perhaps left over from earlier requests), then one entry per window opened.
  const sent: number[] = [0];
  let reset = rest.globalReset;
  let remaining = rest.globalRemaining;
  Object.defineProperties(rest, {
    globalReset: {
      configurable: true,
      get: () => reset,
      set(value: number) {
        // A new window; a 429's global wait also sets it, and sends nothing by itself.
        if (value !== reset) sent.push(0);
        reset = value;
      },
    },
    globalRemaining: {
      configurable: true,
      get: () => remaining,
      set(value: number) {
        const last = sent.length - 1;
        if (value === remaining - 1) sent[last] = (sent[last] ?? 0) + 1;
        remaining = value;
      },
    },
  });
  return {
    sent,
    stop() {
      Object.defineProperties(rest, {
        globalReset: { configurable: true, writable: true, value: reset },
        globalRemaining: { configurable: true, writable: true, value: remaining },
      });
    },
  };
}

beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000, shards: 2, guilds: [{ name: 'Second' }] });
  proxy = await startRestProxy({ api: fake.apiBase, globalRequestsPerSecond: 5 });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.destroy()));
  await proxy.close();
  await fake.close();
});

describe('the REST proxy', () => {
  it("carries two shards' requests: login, posts, uploads, and Discord's refusals", async () => {
    const [a, b] = [await shard(0), await shard(1)];
    const [first, second] = fake.guilds();
    const channelA = (await a.channels.fetch(first!.channel.id)) as TextChannel;
    const channelB = (await b.channels.fetch(second!.channel.id)) as TextChannel;
    const sent = await channelA.send({ content: 'through the proxy', files: [new AttachmentBuilder(Buffer.from('hello'), { name: 'hello.txt' })] });
    expect(fake.message(sent.id)?.attachments[0]?.filename).toBe('hello.txt');
    expect(fake.attachment(fake.message(sent.id)!.attachments[0]!.url)?.toString()).toBe('hello');
    const refused = await channelB.send({ content: '' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DiscordAPIError);
    expect((refused as DiscordAPIError).code).toBe(50006);
  });

  it('sends a request again, body and all, after Discord answers 429', async () => {
    const [a] = clients;
    const channel = (await a!.channels.fetch(fake.guilds()[0]!.channel.id)) as TextChannel;
    const limited = fake.faults.add({ route: 'POST /channels/:channel/messages', status: 429, retryAfter: 0.1, global: true });
    const sent = await channel.send({ content: 'after the wait', files: [new AttachmentBuilder(Buffer.from('again'), { name: 'again.txt' })] });
    expect(limited.hits).toBe(1);
    expect(fake.message(sent.id)?.content).toBe('after the wait');
    expect(fake.attachment(fake.message(sent.id)!.attachments[0]!.url)?.toString()).toBe('again');
  });

  it('holds both shards together to one global limit', async () => {
    const [a, b] = clients;
    const [first, second] = fake.guilds();
    const channelA = (await a!.channels.fetch(first!.channel.id)) as TextChannel;
    const channelB = (await b!.channels.fetch(second!.channel.id)) as TextChannel;
    const windows = limiterWindows(proxy.rest);
    const before = fake.requests('POST /channels/:id/messages').length;
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? channelA : channelB).send(`burst ${i}`)));
    windows.stop();
    expect(fake.requests('POST /channels/:id/messages').slice(before)).toHaveLength(12);
    // Counted by the limiter's own windows, not the wall clock: both shards' 12 posts went through the
    // one queue, never more than 5 in a window, so over at least three windows (a window left over from
    // the previous tests may take the first few). Each shard on a limiter of its own would have sent its
    // 6 in two windows of that shard's, and the shared queue would not have seen them.
    expect(windows.sent.reduce((sum, n) => sum + n, 0)).toBe(12);
    expect(Math.max(...windows.sent)).toBeLessThanOrEqual(5);
    expect(windows.sent.filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
  }, 20_000);
});
