/**
 * The bot's permissions in a channel (commands/bot-permissions.ts): a challenge, a practice match and
 * `/league create` where the bot may not open threads are refused before anything is saved, naming the
 * permission and how to grant it; `/setup check` lists what the bot can and cannot do. The fake refuses
 * as Discord does (50013 Missing Permissions, 50001 Missing Access) by the bot's overwrite in the channel.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NEEDED_PERMISSIONS } from '../../src/commands/bot-permissions';
import { HAVOC, VALOR } from './setup-match';
import { answerText, startWorld, type World } from './world';

let world: World;
let channel: string;
beforeAll(async () => {
  world = await startWorld();
  channel = world.fake.addChannel('refusing').id;
  await world.run({ user: 'alice', name: 'warband submit', options: { text: VALOR } });
  await world.run({ user: 'bob', name: 'warband submit', options: { text: HAVOC } });
}, 30_000);
afterAll(async () => world?.close());
afterEach(() => world.fake.setBotPermissions(channel, {}));

const matchesIn = async (id: string) => (await world.store.matches.open()).filter((m) => m.channelId === id).length;

describe('the bot missing a permission in the channel', () => {
  it('refuses a challenge before saving anything, naming Create Public Threads and how to grant it', async () => {
    world.fake.setBotPermissions(channel, { deny: ['CreatePublicThreads'] });
    const s = await world.run({ user: 'alice', channel, name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch" } });
    const text = answerText(s);
    expect(text).toContain('**Create Public Threads**');
    expect(text).toContain('Nothing was saved');
    expect(text).not.toMatch(/went wrong/i);
    expect(world.fake.threads(channel)).toHaveLength(0);
    expect(await matchesIn(channel)).toBe(0);
    expect(await world.store.leagues.get(channel)).toBeUndefined();
  });

  it('refuses a practice match without Send Messages in Threads, and one without View Channel says that', async () => {
    world.fake.setBotPermissions(channel, { deny: ['SendMessagesInThreads'] });
    let s = await world.run({ user: 'alice', channel, name: 'skirmish practice', options: { warband: "Hrolf's Watch" } });
    expect(answerText(s)).toContain('**Send Messages in Threads**');
    world.fake.setBotPermissions(channel, { deny: ['ViewChannel'] });
    s = await world.run({ user: 'alice', channel, name: 'skirmish practice', options: { warband: "Hrolf's Watch" } });
    expect(answerText(s)).toContain('**View Channel**');
    expect(world.fake.threads(channel)).toHaveLength(0);
    expect(await matchesIn(channel)).toBe(0);
  });

  it('refuses /league create without Send Messages, and makes the league once it is granted', async () => {
    world.fake.setBotPermissions(channel, { deny: ['SendMessages'] });
    const refused = await world.run({ user: 'alice', channel, name: 'league create', options: { name: 'North' } });
    expect(answerText(refused)).toContain('**Send Messages**');
    expect(await world.store.leagueSettings.get(channel)).toBeUndefined();
    world.fake.setBotPermissions(channel, {});
    const made = await world.run({ user: 'alice', channel, name: 'league create', options: { name: 'North' } });
    expect(answerText(made)).toContain('is now the league');
  });

  it('is refused by the fake as Discord refuses it: 50013 on a thread create without the permission, 50001 without View Channel', async () => {
    world.fake.setBotPermissions(channel, { deny: ['CreatePublicThreads'] });
    const rest = world.bot.client.rest;
    await expect(rest.post(`/channels/${channel}/threads`, { body: { name: 'x', type: 11 } })).rejects.toMatchObject({ code: 50013, status: 403 });
    world.fake.setBotPermissions(channel, { deny: ['ViewChannel'] });
    await expect(rest.post(`/channels/${channel}/messages`, { body: { content: 'x' } })).rejects.toMatchObject({ code: 50001, status: 403 });
  });

  it('/setup check lists each permission with ✔ or ✘, what it is for and how to fix a ✘', async () => {
    world.fake.setBotPermissions(channel, { deny: ['AttachFiles', 'CreatePublicThreads'] });
    const s = await world.run({ user: 'alice', channel, name: 'setup check' });
    const text = answerText(s);
    expect(s.response?.ephemeral).toBe(true);
    for (const p of NEEDED_PERMISSIONS) expect(text).toContain(p.name);
    expect(text).toMatch(/✘ \*\*Create Public Threads\*\*/);
    expect(text).toMatch(/✘ \*\*Attach Files\*\*/);
    expect(text).toMatch(/✔ \*\*Send Messages\*\*/);
    expect(text).toContain('allow **Create Public Threads**');
    // It checks the channel it is run in, league or not: it never speaks of "the league channel".
    expect(text).not.toContain('league channel');
  });

  it('/setup check is for organisers only', async () => {
    const s = await world.run({ user: 'bob', channel, name: 'setup check' });
    expect(answerText(s)).toMatch(/organisers/i);
  });
});
