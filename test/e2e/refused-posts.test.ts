/**
 * Discord refusing the bot's posts, end to end through the fake Discord: every refused post ends in a
 * delivered post, a fallback, or a message a person sees (docs/store.md "The outbox"). Files without
 * Attach Files go as text, once explained; an archived thread of the bot's is unarchived and the post
 * (a prompt among them) delivered; a deleted or locked thread pauses the match, tells its players (by
 * DM, else in the channel), stops its clock, and `/skirmish reopen` carries it on; a league channel the
 * bot lost tells the server's owner.
 */
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage } from '../../src/fakecord';
import { openPrompt } from './driver';
import { answerPrompts, challengeAccepted, snapshotOf } from './setup-match';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(13);
}, 30_000);
afterAll(async () => world?.close());
afterEach(() => {
  world.fake.faults.clear();
  world.fake.setBotPermissions(world.fake.channel.id, {});
  world.fake.setDms('bob', true);
});

interface Ended {
  readonly kind: string;
  readonly done: number | null;
  readonly outcome: string | null;
  readonly error: string | null;
}

/** How each of a match's posts ended, read from the bot's database. */
function endings(matchId: string): Ended[] {
  const db = new Database(world.dbPath, { readonly: true });
  try {
    return (
      db.prepare('select body, done_at, outcome, error from outbox where match_id = ? order by id').all(matchId) as {
        body: string;
        done_at: number | null;
        outcome: string | null;
        error: string | null;
      }[]
    ).map((r) => ({ kind: (JSON.parse(r.body) as { kind: string }).kind, done: r.done_at, outcome: r.outcome, error: r.error }));
  } finally {
    db.close();
  }
}

const dmsTo = (user: string): FakeMessage[] => {
  const id = world.fake.user(user)!.id;
  const dm = world.fake.dms().find((c) => c.recipientId === id);
  return dm ? world.messages(dm.id) : [];
};
const live = (m: FakeMessage) => componentsOf(m).some((c) => c.custom_id);
const matchOf = async (thread: string) => (await world.store.matches.byThread(thread))!;

describe('posts Discord refuses', () => {
  it('without Attach Files: pictures go as their alt text, prompts included, and the thread and the owner hear why once', async () => {
    world.fake.setBotPermissions(world.fake.channel.id, { deny: ['AttachFiles'] });
    const thread = await challengeAccepted(world);
    await answerPrompts(world, thread);
    const match = await matchOf(thread);
    expect(match.status).toBe('playing');
    const ended = endings(match.id);
    expect(ended.filter((r) => r.done === null)).toEqual([]);
    expect(ended.filter((r) => r.outcome === 'given-up')).toEqual([]);
    expect(ended.filter((r) => r.outcome === 'fallback').map((r) => r.kind)).toEqual(expect.arrayContaining(['opening', 'warband', 'prompt']));
    const messages = world.messages(thread);
    expect(messages.flatMap((m) => m.attachments)).toEqual([]);
    // Nor the embeds that would show them (a warband's cards): their alt text is in the text once.
    expect(messages.flatMap((m) => m.embeds)).toEqual([]);
    // The opening map and the entry-tile prompt's map, described instead.
    expect(messages.filter((m) => m.content.includes('🖼 ')).length).toBeGreaterThan(1);
    expect(messages.some((m) => live(m) || m.content.includes('chose'))).toBe(true);
    expect(messages.filter((m) => m.content.includes('may not attach files'))).toHaveLength(1);
    expect(dmsTo('alice').filter((m) => m.content.includes('may not attach files'))).toHaveLength(1);
  }, 30_000);

  it('an archived thread of the bot is unarchived, and the post that met it (a prompt) is delivered', async () => {
    const thread = await challengeAccepted(world);
    const before = await snapshotOf(world, thread);
    expect(before.stage === 'pregame' && before.pregame.prompt).toBeTruthy();
    world.fake.setThread(thread, { archived: true });
    // The setup choice times out: its default is taken, and the next prompt is posted into the archived thread.
    await world.advance(25);
    const match = await matchOf(thread);
    expect(match.seq).toBeGreaterThan(0);
    expect(world.fake.channelByRef(thread)!.archived).toBe(false);
    const ended = endings(match.id);
    expect(ended.filter((r) => r.done === null || r.outcome === 'given-up')).toEqual([]);
    const prompts = await world.store.prompts.open(match.id);
    expect(prompts).toHaveLength(1);
    expect(live(world.fake.message(prompts[0]!.messageId)!)).toBe(true);
    expect(world.fake.rejections().some((r) => r.code === 50083)).toBe(true);
  }, 30_000);

  it('a deleted thread pauses the match: players told by DM, or in the channel when DMs are closed; the clock stops; /skirmish reopen carries it on', async () => {
    const thread = await challengeAccepted(world);
    const match = await matchOf(thread);
    const waiting = await snapshotOf(world, thread);
    const seq = match.seq;
    world.fake.setDms('bob', false);
    world.fake.deleteChannel(thread);
    // Half the setup choice's time: its reminder meets the deleted thread.
    await world.advance(13);
    expect((await world.store.pauses.get(match.id))?.reason).toBe('it was deleted');
    expect(dmsTo('alice').at(-1)!.content).toMatch(/is paused: the bot can no longer post in its thread, because it was deleted\..*`\/skirmish reopen`/);
    const inChannel = world.messages(world.fake.channel.id).filter((m) => m.content.includes('is paused'));
    expect(inChannel).toHaveLength(1);
    expect(inChannel[0]!.mentions).toEqual([world.fake.user('bob')!.id]);
    const games = await world.run({ user: 'alice', name: 'games' });
    const line = answerText(games)
      .split('\n')
      .find((l) => l.includes('is paused'));
    expect(line).toMatch(/⏸ \*\*.*\*\* is paused: the bot lost its thread \(it was deleted\)\. Run `\/skirmish reopen`/);
    expect(line).not.toMatch(/Your move|Deadline/);
    // Ten days pass: nothing runs on a paused match's clock.
    await world.advance(240);
    expect((await matchOf(thread)).seq).toBe(seq);
    expect((await world.store.matches.get(match.id))!.status).toBe(match.status);

    const reopened = await world.run({ user: 'alice', channel: world.fake.channel.id, name: 'skirmish reopen' });
    expect(answerText(reopened)).toMatch(/goes on in <#\d+>/);
    const moved = (await world.store.matches.get(match.id))!;
    expect(moved.threadId).not.toBe(thread);
    expect(await world.store.pauses.get(match.id)).toBeUndefined();
    const fresh = world.messages(moved.threadId!);
    expect(fresh[0]!.content).toMatch(/goes on here/);
    // In setup there is no map on the table yet: the open choice carries what it needs.
    expect(fresh.some((m) => m.content.startsWith('The match goes on in this thread'))).toBe(true);
    expect(openPrompt(world, moved.threadId!)).toBeDefined();
    // The wait's deadline picks up where it stopped: 11 of its 24 hours were left.
    const timeout = (await world.store.deadlines.pending(match.id)).find((d) => d.kind === 'setup')!;
    expect(timeout.due - world.clock()).toBe(11 * 3_600_000);
    expect(waiting.stage).toBe('pregame');
    await answerPrompts(world, moved.threadId!);
    expect((await world.store.matches.get(match.id))!.status).toBe('playing');
  }, 30_000);

  it('a thread locked by a moderator pauses the match too, and /skirmish status says so in words', async () => {
    const thread = await challengeAccepted(world);
    const match = await matchOf(thread);
    world.fake.setBotPermissions(world.fake.channel.id, { deny: ['ManageThreads'] });
    world.fake.setThread(thread, { locked: true });
    await world.advance(13);
    expect((await world.store.pauses.get(match.id))?.reason).toBe('a moderator locked it');
    const status = await world.run({ user: 'bob', channel: thread, name: 'skirmish status' });
    expect(answerText(status)).toMatch(/⏸ Paused: the bot lost this match's thread \(a moderator locked it\)/);
    expect(answerText(status)).toMatch(/1 post of this match was given up: its channel is lost: a moderator locked it/);
    expect(dmsTo('bob').at(-1)!.content).toMatch(/because a moderator locked it/);
    const reopened = await world.run({ user: 'bob', channel: world.fake.channel.id, name: 'skirmish reopen' });
    expect(answerText(reopened)).toMatch(/goes on in/);
  }, 30_000);

  it('a league channel the bot lost: the result is recorded and the server owner is told by DM', async () => {
    const thread = await challengeAccepted(world);
    const match = await matchOf(thread);
    const parent = world.fake.channel.id;
    const held = world.fake.faults.add({ route: 'POST /channels/:channel/messages', when: (r) => r.params.channel === parent, hold: true });
    const asked = await world.run({ user: 'bob', channel: thread, name: 'skirmish concede' });
    const yes = componentsOf(asked.original!).find((c) => c.label === 'Yes, concede')!;
    const out = await world.fake.click({ user: 'bob', message: asked.original!.id, customId: yes.custom_id });
    await out.response();
    await held.reached(1, 10_000);
    world.fake.setBotPermissions(parent, { deny: ['ViewChannel'] });
    held.release();
    await world.bot.idle();
    const ended = endings(match.id);
    expect(ended.find((r) => r.kind === 'league-result')).toMatchObject({
      outcome: 'given-up',
      error: expect.stringContaining('the bot can no longer see it'),
    });
    expect(dmsTo('alice').at(-1)!.content).toMatch(
      new RegExp(`The result of \\*\\*.*\\*\\* could not be posted in <#${parent}>, because the bot can no longer see it`),
    );
    expect((await world.store.matches.get(match.id))!.status).toBe('over');
  }, 30_000);

  it("a league's own post refused in its channel: the server owner is told once", async () => {
    const north = world.fake.addChannel('north');
    await world.run({ user: 'alice', channel: north.id, name: 'league create', options: { name: 'North' } });
    world.fake.setBotPermissions(north.id, { deny: ['SendMessages'] });
    try {
      const before = dmsTo('alice').length;
      await world.run({ user: 'alice', channel: north.id, name: 'league', group: 'settings', subcommand: 'points', options: { points: 60 } });
      await world.run({ user: 'alice', channel: north.id, name: 'league', group: 'settings', subcommand: 'points', options: { points: 70 } });
      await world.bot.idle();
      const told = dmsTo('alice')
        .slice(before)
        .filter((m) => m.content.includes('could not post in'));
      expect(told.map((m) => m.content)).toEqual([
        expect.stringMatching(new RegExp(`The league \\*\\*North\\*\\* could not post in <#${north.id}>, because the bot lost its permission to post there`)),
      ]);
    } finally {
      world.fake.setBotPermissions(north.id, {});
    }
  }, 30_000);
});
