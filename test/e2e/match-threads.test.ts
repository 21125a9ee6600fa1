/**
 * Match threads are idempotent (commands/skirmish/match-thread.ts): a challenge, a practice match and a season
 * round's match are saved before their thread, which is found or made from the saved row. A 5xx after
 * Discord made the thread (which discord.js resends, making a second one) leaves one thread with the
 * match in it; a season round whose thread Discord refuses backs off, tells the organiser after a few
 * tries, and `/league round` says why.
 */
import type { TextChannel } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HAVOC, VALOR } from './setup-match';
import { answerText, startWorld, type World } from './world';

const THREADS = 'POST /channels/:channel/threads';

let world: World;
beforeAll(async () => {
  world = await startWorld();
  for (const name of ['alice', 'carol']) await world.run({ user: name, name: 'warband submit', options: { text: VALOR } });
  for (const name of ['bob', 'dave']) await world.run({ user: name, name: 'warband submit', options: { text: HAVOC } });
}, 30_000);
afterAll(async () => world?.close());
afterEach(() => world.fake.faults.clear());

const threadsIn = (channel: string) => world.fake.threads(channel);

describe('a thread Discord made before answering 5xx', () => {
  it('is the challenge’s one thread, with the challenge in it', async () => {
    const channel = world.fake.addChannel('five-hundred').id;
    const fault = world.fake.faults.add({ route: THREADS, status: 500, after: true });
    const s = await world.run({ user: 'alice', channel, name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch" } });
    expect(fault.hits).toBe(1);
    expect(threadsIn(channel)).toHaveLength(1);
    const thread = threadsIn(channel)[0]!;
    expect(answerText(s)).toContain(`<#${thread.id}>`);
    const row = (await world.store.matches.byThread(thread.id))!;
    expect(row.channelId).toBe(channel);
    expect(world.messages(thread.id).some((m) => m.content.includes('challenges you'))).toBe(true);
    // Accepting in it works: the match is whole.
    const accepted = await world.run({ user: 'bob', channel: thread.id, name: 'skirmish accept', options: { warband: 'Grave Host' } });
    expect(answerText(accepted)).toContain('Setup begins');
  });

  it('is the practice match’s one thread, with setup under way in it', async () => {
    const channel = world.fake.addChannel('practice-five-hundred').id;
    world.fake.faults.add({ route: THREADS, status: 503, after: true });
    const s = await world.run({ user: 'alice', channel, name: 'skirmish practice', options: { warband: "Hrolf's Watch" } });
    expect(threadsIn(channel)).toHaveLength(1);
    const thread = threadsIn(channel)[0]!;
    expect(answerText(s)).toContain(`Your practice match against the bot is in <#${thread.id}>`);
    // The mention shows the thread's name as it is now, "🏁 Practice bot beat Alice …" once it is over:
    // the words around it stay true then (playtest round 20 read "Setup goes on there" beside that).
    expect(answerText(s)).toMatch(/Set it up and play it there\.$/);
    expect((await world.store.matches.byThread(thread.id))!.status).toBe('setup');
    expect(world.messages(thread.id).some((m) => m.content.includes('Practice match'))).toBe(true);
  });

  it('is a season round match’s one thread, with setup under way in it', async () => {
    const league = world.fake.addChannel('season-five-hundred').id;
    await world.run({ user: 'alice', channel: league, name: 'league create', options: { name: 'North' } });
    await world.run({ user: 'alice', channel: league, name: 'league season start', options: { pairing: 'round-robin', rounds: 1 } });
    for (const [name, warband] of [
      ['alice', "Hrolf's Watch"],
      ['bob', 'Grave Host'],
      ['carol', "Hrolf's Watch"],
      ['dave', 'Grave Host'],
    ] as const)
      await world.run({ user: name, channel: league, name: 'league join', options: { warband } });
    const fault = world.fake.faults.add({ route: THREADS, status: 502, after: true, times: 2 });
    await world.run({ user: 'alice', channel: league, name: 'league season close' });
    expect(fault.hits).toBe(2);
    const season = (await world.store.seasons.latest(league))!;
    const pairings = await world.store.seasons.pairings(season.id, 1);
    expect(pairings).toHaveLength(2);
    expect(threadsIn(league)).toHaveLength(2);
    for (const p of pairings) {
      const row = (await world.store.matches.get(p.matchId!))!;
      expect(row.status).toBe('setup');
      expect(threadsIn(league).map((t) => t.id)).toContain(row.threadId);
      expect(world.messages(row.threadId!).some((m) => m.content.includes('The league paired you'))).toBe(true);
    }
  });
});

describe("a season round's thread that Discord refuses", () => {
  it('is tried again less and less often, the organiser is told after a few tries, and /league round says why', async () => {
    const league = world.fake.addChannel('season-refused').id;
    await world.run({ user: 'alice', channel: league, name: 'league create', options: { name: 'South' } });
    await world.run({ user: 'alice', channel: league, name: 'league season start', options: { pairing: 'round-robin', rounds: 1 } });
    await world.run({ user: 'alice', channel: league, name: 'league join', options: { warband: "Hrolf's Watch" } });
    await world.run({ user: 'bob', channel: league, name: 'league join', options: { warband: 'Grave Host' } });
    world.fake.setBotPermissions(league, { deny: ['CreatePublicThreads'] });
    await world.run({ user: 'alice', channel: league, name: 'league season close' });
    const season = (await world.store.seasons.latest(league))!;
    const [pairing] = await world.store.seasons.pairings(season.id, 1);
    const round = async () => answerText(await world.run({ user: 'bob', channel: league, name: 'league round' }));
    expect(await round()).toMatch(/waiting for its thread \(1 try\): The bot cannot open this match's thread: it is missing \*\*Create Public Threads\*\*/);
    expect(threadsIn(league)).toHaveLength(0);
    const told = () => world.messages(league).filter((m) => m.content.startsWith('⚠️'));

    // Ticks a few seconds apart do not try again: the pause after a failure grows.
    for (let i = 0; i < 5; i++) await world.advance(10 / 3600);
    expect(await round()).toMatch(/\(1 try\)/);
    // Past each pause it tries again; after the third try the organiser is told, once.
    await world.advance(1 / 60);
    expect(await round()).toMatch(/\(2 tries\)/);
    expect(told()).toHaveLength(0);
    await world.advance(2 / 60);
    expect(await round()).toMatch(/\(3 tries\)/);
    expect(told()).toHaveLength(1);
    expect(told()[0]!.content).toContain(`<@${world.fake.user('alice')!.id}>`);
    expect(told()[0]!.content).toContain('**Create Public Threads**');
    expect(told()[0]!.mentions).toContain(world.fake.user('alice')!.id);
    await world.advance(4 / 60);
    expect(told()).toHaveLength(1);

    // Granted again: the next try opens the thread and setup begins.
    world.fake.setBotPermissions(league, {});
    // The bot hears of it on the gateway; a tick is not ordered after that as an interaction would be.
    const cached = world.bot.client.channels.cache.get(league) as TextChannel;
    await world.fake.waitFor(() => cached.permissionOverwrites.cache.size === 0);
    await world.advance(8 / 60);
    const row = (await world.store.matches.get(pairing!.matchId!))!;
    expect(row.status).toBe('setup');
    expect(threadsIn(league)).toHaveLength(1);
    expect(row.threadId).toBe(threadsIn(league)[0]!.id);
    expect(await round()).toMatch(/in setup/);
  });
});
