/**
 * The REST proxy the sharding manager runs (src/bot/rest-proxy.ts): two shards' discord.js clients
 * send their REST through it, logging in, posting, uploading and being refused exactly as against
 * Discord, and their requests together never pass one global limit (5 a second here, to keep it short).
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

  it('holds both shards together to one global limit', async () => {
    const [a, b] = clients;
    const [first, second] = fake.guilds();
    const channelA = (await a!.channels.fetch(first!.channel.id)) as TextChannel;
    const channelB = (await b!.channels.fetch(second!.channel.id)) as TextChannel;
    // Let the previous test's requests fall out of the current second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = fake.requests('POST /channels/:id/messages').length;
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? channelA : channelB).send(`burst ${i}`)));
    const times = fake
      .requests('POST /channels/:id/messages')
      .slice(before)
      .map((r) => r.at);
    expect(times).toHaveLength(12);
    // 5 a second from both shards together: 12 requests need three seconds' allowances.
    for (const t of times) expect(times.filter((u) => u >= t && u < t + 950).length).toBeLessThanOrEqual(5);
  }, 20_000);
});
