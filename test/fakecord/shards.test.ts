/**
 * Several shards: `GET /gateway/bot` recommends a count, IDENTIFY takes `shard: [id, count]`, and each
 * guild's GUILD_CREATE, messages, threads and interactions go only to the shard `(guild_id >> 22) %
 * count`, as Discord routes them. Real discord.js clients, one per shard, as a sharded bot runs them.
 */
import { Client, Events, GatewayIntentBits, MessageFlags } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';

async function shardClient(fake: FakeDiscord, id: number, count: number): Promise<{ client: Client; seen: string[] }> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase }, shards: [id], shardCount: count });
  const seen: string[] = [];
  client.on(Events.InteractionCreate, (interaction) => {
    if (!interaction.isChatInputCommand()) return;
    seen.push(interaction.guildId ?? '');
    void interaction.reply({ content: `shard ${id}`, flags: MessageFlags.Ephemeral });
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login('fake-token');
  await ready;
  return { client, seen };
}

describe('a fake Discord with several shards', () => {
  let fake: FakeDiscord;
  let shards: { client: Client; seen: string[] }[];

  beforeAll(async () => {
    fake = await startFakeDiscord({ heartbeatMs: 1000, shards: 2, guilds: [{ name: 'Second' }, { name: 'Third' }] });
    shards = [await shardClient(fake, 0, 2), await shardClient(fake, 1, 2)];
    await shards[0]!.client.application!.commands.set([{ name: 'ping', description: 'Which shard answers' }]);
  });

  afterAll(async () => {
    await Promise.all(shards.map((s) => s.client.destroy()));
    await fake.close();
  });

  it('recommends its shard count and places guilds by (id >> 22) % count', async () => {
    const info = (await (await fetch(`${fake.apiBase}/v10/gateway/bot`, { headers: { authorization: 'Bot fake-token' } })).json()) as { shards: number };
    expect(info.shards).toBe(2);
    const guilds = fake.guilds();
    expect(guilds.map((g) => g.name)).toEqual(['Sellsword Table', 'Second', 'Third']);
    for (const g of guilds) expect(fake.shardOf(g.id, 2)).toBe(Number((BigInt(g.id) >> 22n) % 2n));
    // Consecutive extra guilds land on alternating shards, so a test gets one guild per shard.
    expect(fake.shardOf(guilds[1]!.id, 2)).not.toBe(fake.shardOf(guilds[2]!.id, 2));
    expect(new Set(guilds.map((g) => g.channel.name)).size).toBe(3);
  });

  it('sends each shard the guilds that fall on it, and only those', () => {
    for (const [id, shard] of shards.entries()) {
      const expected = fake
        .guilds()
        .filter((g) => fake.shardOf(g.id, 2) === id)
        .map((g) => g.id)
        .sort();
      expect([...shard.client.guilds.cache.keys()].sort()).toEqual(expected);
    }
    expect(fake.gatewaySessions().map((s) => s.shard)).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });

  it("dispatches a guild's interactions to its shard only", async () => {
    for (const guild of fake.guilds()) {
      const outcome = await fake.command({ user: 'bob', channel: guild.channel.id, name: 'ping' });
      expect(outcome.deliveredTo).toBe(1);
      const reply = await outcome.response();
      expect(reply.message?.content).toBe(`shard ${fake.shardOf(guild.id, 2)}`);
    }
    const all = fake.guilds().map((g) => g.id);
    expect(shards[0]!.seen.concat(shards[1]!.seen).sort()).toEqual([...all].sort());
    for (const [id, shard] of shards.entries()) for (const g of shard.seen) expect(fake.shardOf(g, 2)).toBe(id);
  });

  it("routes a guild's channel and thread events to its shard, and REST serves every guild", async () => {
    const second = fake.guilds()[1]!;
    const owner = shards[fake.shardOf(second.id, 2)]!.client;
    const other = shards[1 - fake.shardOf(second.id, 2)]!.client;
    const channel = await owner.channels.fetch(second.channel.id);
    if (!channel?.isTextBased() || !('threads' in channel)) throw new Error('not a text channel');
    const thread = await channel.threads.create({ name: 'A match' });
    await fake.waitFor(() => owner.channels.cache.has(thread.id));
    expect(other.channels.cache.has(thread.id)).toBe(false);
    expect(thread.guildId).toBe(second.id);
    // Either shard may use REST for any guild: only the gateway is split.
    const fetched = await other.guilds.fetch(second.id);
    expect(fetched.name).toBe('Second');
  });

  it('refuses an IDENTIFY whose shard is out of range', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${fake.port}/?v=10&encoding=json`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send(JSON.stringify({ op: 2, d: { token: 'fake-token', intents: 1, properties: {}, shard: [2, 2] } }));
    expect(await closed).toBe(4010);
  });
});
