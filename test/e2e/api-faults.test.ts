/**
 * Discord failing at the worst moment: a 500 or 502 after the message was stored, a 429, a
 * reply that never reaches the player, a reply Discord stored but answered with an error. The thread
 * shows each turn and each act's line exactly once, and a player is never told "nothing was changed"
 * about something that was saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from '../../src/rulesets/sellsword/engine/commands';
import { legalActs } from '../../src/rulesets/sellsword/engine/queries';
import type { MatchEvent } from '../../src/match/match-state';
import { slashFor } from './driver';
import { HAVOC, matchUnderWay, snapshotOf } from './setup-match';
import { answerText, startWorld, type World } from './world';

let world: World;
let thread: string;
beforeAll(async () => {
  world = await startWorld(11);
  thread = await matchUnderWay(world);
}, 60_000);
afterAll(async () => world?.close());

const MESSAGES = 'POST /channels/:id/messages';
const CALLBACK = 'POST /interactions/:id/:token/callback';
const hasImage = (r: { files: readonly unknown[] }) => r.files.length > 0;

/** The player on turn ends the turn of the first unit they may end: one `turn-ended`, one turn post. */
async function endATurn(): Promise<{ seq: number }> {
  const s = await snapshotOf(world, thread);
  if (s.stage !== 'game') throw new Error('the match is not under way');
  const end = legalActs(s.game).find((c): c is Extract<Command, { end: string }> => 'end' in c)!;
  const player = s.game.turn!.player;
  const input = slashFor(world.fake.user(player)!.username, thread, end)!;
  const out = await world.fake.command(input);
  // When every reply fails no callback ever arrives, so this waits out its time.
  await out.response(3000).catch(() => undefined);
  await world.bot.idle();
  const match = (await world.store.matches.byThread(thread))!;
  const ended = (await world.store.matches.events<MatchEvent>(match.id)).filter((e) => e.event.stage === 'game' && e.event.event.type === 'turn-ended');
  return { seq: ended.at(-1)!.seq };
}

const turnPosts = (seq: number) => world.messages(thread).filter((m) => m.attachments.some((a) => a.filename === `turn-${seq}.png`));
/** Until every outbox row is delivered (the fake's waitFor takes only synchronous checks; the store is async). */
async function waitForOutbox(): Promise<void> {
  const until = Date.now() + 10_000;
  while ((await world.store.outbox.pending()).length > 0) {
    if (Date.now() > until) throw new Error('the outbox still has rows waiting after 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the turn post survives', () => {
  it('a 500 after Discord stored it: discord.js sends again, and the nonce keeps it to one post', async () => {
    const fault = world.fake.faults.add({ route: MESSAGES, when: hasImage, status: 500, after: true });
    const withFile = () => world.fake.requests(MESSAGES).filter((r) => r.files > 0).length;
    const sent = withFile();
    const { seq } = await endATurn();
    expect(fault.hits).toBe(1);
    // The post was sent twice (discord.js retried the 500); without the nonce both would be stored.
    expect(withFile() - sent).toBe(2);
    expect(turnPosts(seq)).toHaveLength(1);
  });

  it('four 502s after storing (every retry discord.js makes): the outbox tries again later, still one post', async () => {
    const fault = world.fake.faults.add({ route: MESSAGES, when: hasImage, status: 502, after: true, times: 4 });
    const { seq } = await endATurn();
    expect(fault.hits).toBe(4);
    const match = (await world.store.matches.byThread(thread))!;
    expect((await world.store.outbox.pending(match.id))[0]).toMatchObject({ attempts: 1 });
    await waitForOutbox();
    expect(turnPosts(seq)).toHaveLength(1);
  }, 20_000);

  it('a 429: discord.js waits and sends once', async () => {
    const fault = world.fake.faults.add({ route: MESSAGES, when: hasImage, status: 429, retryAfter: 0.2 });
    const { seq } = await endATurn();
    expect(fault.hits).toBe(1);
    expect(turnPosts(seq)).toHaveLength(1);
  });
});

/** The act's own line: "**Alice** ends KN's turn." for the `/end` these tests send. */
const ACT_LINE = /^\*\*[^*]+\*\* ends [A-Z0-9]+'s turn\./;

describe('the act’s line survives', () => {
  it('a reply that never reaches Discord (every try fails): the line is posted in the thread instead', async () => {
    const before = world.messages(thread).length;
    world.fake.faults.add({ route: CALLBACK, status: 500, times: 4 });
    await endATurn();
    const after = world.messages(thread).slice(before);
    const lines = after.filter((m) => ACT_LINE.test(m.content) && !m.interaction);
    expect(lines).toHaveLength(1);
    expect(after.filter((m) => ACT_LINE.test(m.content))).toHaveLength(1);
  }, 20_000);

  it('a reply Discord stored but answered with a 500: the worker finds it and posts nothing more', async () => {
    const before = world.messages(thread).length;
    const fault = world.fake.faults.add({ route: CALLBACK, status: 500, after: true });
    await endATurn();
    await waitForOutbox();
    expect(fault.hits).toBe(1);
    const lines = world
      .messages(thread)
      .slice(before)
      .filter((m) => ACT_LINE.test(m.content));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.interaction).toBeTruthy();
  });
});

describe('a declined challenge whose reply fails', () => {
  it('still says so in the thread, once, pinging the challenger', async () => {
    await world.run({ user: 'carol', name: 'warband submit', options: { text: HAVOC.replace('Grave Host', 'Carol Host') } });
    await world.run({ user: 'carol', name: 'skirmish challenge', options: { opponent: 'dave', warband: 'Carol Host', points: 60 } });
    const challenge = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    world.fake.faults.add({ route: CALLBACK, status: 500, times: 4 });
    const out = await world.fake.command({ user: 'dave', channel: challenge, name: 'skirmish decline' });
    await out.response(3000).catch(() => undefined);
    await world.bot.idle();
    const lines = world.messages(challenge).filter((m) => m.content.includes('declined the challenge'));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.mentions).toEqual([world.fake.user('carol')!.id]);
    expect((await world.store.matches.byThread(challenge))!.status).toBe('declined');
  }, 20_000);
});

describe('a saved change whose reply fails', () => {
  it('is reported as saved, never as "nothing was changed"', async () => {
    world.fake.faults.add({ route: CALLBACK, status: 500, times: 4 });
    const out = await world.fake.command({ user: 'bob', name: 'warband submit', options: { text: HAVOC.replace('Grave Host', 'Grave Host II') } });
    await world.bot.idle();
    const said = answerText(await out.settled({ quietMs: 50 }));
    expect(said).toContain('That was saved');
    expect(said).not.toContain('nothing was changed');
    expect((await world.store.warbands.list(world.fake.user('bob')!.id)).map((w) => w.name)).toContain('Grave Host II');
  });
});
