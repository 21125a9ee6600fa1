/**
 * Interaction tokens last 15 minutes. When an act's own reply fails, the outbox asks the interaction's
 * webhook whether it went out; that request must never carry the bot token (a 401 on it makes
 * @discordjs/rest drop the bot token and the bot goes silent), and past 14 minutes the bot stops using
 * the interaction token and looks for the reply in the thread instead.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from '../../src/rulesets/sellsword/engine/commands';
import { legalActs } from '../../src/rulesets/sellsword/engine/queries';
import { slashFor } from './driver';
import { matchUnderWay, snapshotOf } from './setup-match';
import { startWorld, type World } from './world';

const MINUTE = 60_000;
/**
 * The fake's clock runs this far from the machine's, which the bot's outbox reads. The fake mints ids
 * from its clock and never goes back, so the clock starts 20 minutes behind (every interaction looks 20
 * minutes old to the bot) and only moves forward.
 */
let offset = -20 * MINUTE;
let world: World;
let thread: string;
beforeAll(async () => {
  world = await startWorld(11, undefined, undefined, { clock: () => Date.now() + offset });
  thread = await matchUnderWay(world);
}, 60_000);
afterEach(() => world.fake.faults.clear());
afterAll(async () => world?.close());

const CALLBACK = 'POST /interactions/:id/:token/callback';
const LOOKUP = 'GET /webhooks/:app/:token/messages/:message';

/** The player on turn ends a unit's turn by slash command; resolves with the act's public line. */
async function endATurn(): Promise<void> {
  const s = await snapshotOf(world, thread);
  if (s.stage !== 'game') throw new Error('the match is not under way');
  const end = legalActs(s.game).find((c): c is Extract<Command, { end: string }> => 'end' in c)!;
  const input = slashFor(world.fake.user(s.game.turn!.player)!.username, thread, end)!;
  const out = await world.fake.command(input);
  await out.response(3000).catch(() => undefined);
  await world.bot.idle();
}

async function outboxEmpty(): Promise<void> {
  const until = Date.now() + 10_000;
  while ((await world.store.outbox.pending()).length > 0) {
    if (Date.now() > until) throw new Error('the outbox still has rows waiting after 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const turnPosts = () => world.messages(thread).filter((m) => m.attachments.some((a) => a.filename.startsWith('turn-'))).length;

describe('a stale interaction token', () => {
  it('past 14 minutes the bot does not use the token: it finds the reply in the thread, so it is not posted twice', async () => {
    // The interaction happened 20 minutes ago by the bot's clock; the reply was stored but the bot never heard.
    world.fake.faults.add({ route: CALLBACK, status: 500, after: true, times: Infinity });
    const lookups = world.fake.requests(LOOKUP).length;
    const before = world.messages(thread).length;
    await endATurn();
    await outboxEmpty();
    expect(world.fake.requests(LOOKUP).length).toBe(lookups);
    const replies = world
      .messages(thread)
      .slice(before)
      .filter((m) => m.interaction !== null && m.interaction !== undefined);
    expect(replies).toHaveLength(1);
  }, 30_000);

  it('past 14 minutes with no reply stored, the reply is posted afresh in the thread', async () => {
    world.fake.faults.add({ route: CALLBACK, status: 500, times: Infinity });
    const lookups = world.fake.requests(LOOKUP).length;
    const posts = world.fake.requests('POST /channels/:id/messages').length;
    const before = turnPosts();
    await endATurn();
    await outboxEmpty();
    expect(world.fake.requests(LOOKUP).length).toBe(lookups);
    expect(turnPosts()).toBe(before + 1);
    // The act's line and its turn post both went to the thread as channel posts.
    expect(world.fake.requests('POST /channels/:id/messages').length).toBeGreaterThanOrEqual(posts + 2);
  }, 30_000);

  it('answered 401 on its webhook, the bot keeps posting: the token never went with that request', async () => {
    // The reply never reaches the player, so the outbox asks the webhook whether it went out …
    world.fake.faults.add({ route: CALLBACK, status: 500, times: Infinity });
    const lookup = world.fake.faults.add({ route: LOOKUP, hold: true });
    offset = 0;
    const before = turnPosts();
    const acting = endATurn();
    await lookup.reached();
    // … and Discord answers only after the token's 15 minutes are over.
    offset = 20 * MINUTE;
    world.fake.faults.clear();
    await acting;
    await outboxEmpty();
    const asked = world.fake.requests(LOOKUP).at(-1)!;
    expect(asked.status).toBe(401);
    expect(world.fake.rejections().some((r) => r.code === 50027)).toBe(true);
    // The act's turn post went out, and the next act's posts still go out: the bot kept its token.
    expect(turnPosts()).toBe(before + 1);
    await endATurn();
    await outboxEmpty();
    expect(turnPosts()).toBe(before + 2);
    expect(world.errors.filter((e) => e.includes('Expected token'))).toEqual([]);
  }, 30_000);
});

describe('no request on an interaction route carries the bot token', () => {
  it('every webhook and callback request of this file went without Authorization', () => {
    const interactionRoutes = world.fake.requests().filter((r) => /^\/(webhooks|interactions)\//.test(r.path));
    expect(interactionRoutes.length).toBeGreaterThan(0);
    expect(interactionRoutes.filter((r) => r.authorized)).toEqual([]);
  });
});
