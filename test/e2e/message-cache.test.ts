/**
 * The bot's client keeps in memory only the messages it may edit soon (bot/message-cache.ts): prompts
 * and challenges while their buttons are on, not every post of every match thread in play.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from 'discord.js';
import { keepsMessage, messageSweep, MESSAGE_LIFETIME_S } from '../../src/bot/message-cache';
import { answerPrompts, challengeAccepted } from './setup-match';
import { startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(7);
}, 30_000);
afterAll(async () => world?.close());

/** The messages the bot's client holds for a thread. */
function cached(thread: string): Message[] {
  const channel = world.bot.client.channels.cache.get(thread);
  if (!channel?.isTextBased()) throw new Error(`thread ${thread} is not cached as a text channel`);
  return [...channel.messages.cache.values()];
}

describe("the bot's message cache", () => {
  it("holds a match thread's open prompts, forgets each once answered, and never holds its other posts", async () => {
    const thread = await challengeAccepted(world);
    const ids = (messages: readonly { id: string }[]) => messages.map((m) => m.id).sort();
    const open = world.messages(thread).filter((m) => m.components.length > 0);
    expect(open.length).toBeGreaterThan(0);
    expect(ids(cached(thread))).toEqual(ids(open));

    await answerPrompts(world, thread);
    const posts = world.messages(thread);
    expect(posts.filter((m) => m.attachments.length > 0 && m.components.length === 0).length).toBeGreaterThan(0);
    // Every prompt was answered by a click, so none is held; nor is any post that never had buttons.
    expect(ids(cached(thread))).toEqual(ids(posts.filter((m) => m.components.length > 0)));
  }, 60_000);

  it('sweeps a message with buttons once it is older than the lifetime, and keeps a recent one', () => {
    const filter = messageSweep().filter!()!;
    const now = Date.now();
    const prompt = (at: number) => ({ components: [{}], createdTimestamp: at, editedTimestamp: null }) as unknown as Message;
    expect(filter(prompt(now - 1000), '1', undefined as never)).toBe(false);
    expect(filter(prompt(now - (MESSAGE_LIFETIME_S + 1) * 1000), '2', undefined as never)).toBe(true);
    expect(keepsMessage({ components: [] } as unknown as Message)).toBe(false);
  });
});
