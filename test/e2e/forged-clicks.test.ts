/**
 * Forged clicks: a modified client can send a button interaction with any custom id on any message it
 * can see (the fake's `forgeClick`). Each is refused with a private sentence, and the message clicked,
 * the match and the thread stay exactly as they were: the id must be one of the clicked message's own
 * components, and the clicker must be allowed to press it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeComponentId } from '../../src/commands/codec';
import type { FakeMessage } from '../../src/fakecord';
import { openPrompt } from './driver';
import { challengeAccepted } from './setup-match';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
let thread: string;
beforeAll(async () => {
  world = await startWorld(7);
  thread = await challengeAccepted(world);
}, 60_000);
afterAll(async () => world?.close());

/** What a message shows: its text, buttons and pictures. */
const look = (m: FakeMessage) => JSON.stringify({ content: m.content, components: m.components, attachments: m.attachments.map((a) => a.filename) });

async function forged(user: string, message: FakeMessage, customId: string) {
  const before = {
    message: look(message),
    thread: world
      .messages(thread)
      .filter((m) => !m.ephemeral)
      .map(look),
    row: await world.store.matches.byThread(thread),
  };
  const out = await world.fake.forgeClick({ user, message: message.id, customId });
  await out.response();
  await world.bot.idle();
  const summary = await out.settled({ quietMs: 20 });
  const after = world.messages(thread).find((m) => m.id === message.id)!;
  expect(summary.response?.ephemeral, `${customId} was answered publicly`).toBe(true);
  expect(look(after), `${customId} changed the message`).toBe(before.message);
  expect(
    world
      .messages(thread)
      .filter((m) => !m.ephemeral)
      .map(look),
  ).toEqual(before.thread);
  expect(await world.store.matches.byThread(thread)).toEqual(before.row);
  return answerText(summary);
}

describe('a forged click', () => {
  it("with the concession's 'no' on the open prompt, by a spectator, is refused and the prompt stays answerable", async () => {
    const prompt = openPrompt(world, thread)!;
    const row = (await world.store.matches.byThread(thread))!;
    const text = await forged('carol', prompt, encodeComponentId({ action: 'concede', match: row.id, seq: row.seq, arg: 'no' }));
    expect(text).toMatch(/does not belong to this message, so nothing was changed/);
    expect(componentsOf(openPrompt(world, thread)!).length).toBeGreaterThan(0);
  });

  it("with the concession's 'no', or a log page, on a bot post without buttons, is refused", async () => {
    const row = (await world.store.matches.byThread(thread))!;
    const post = world
      .messages(thread)
      .filter((m) => !m.ephemeral && m.author.bot && componentsOf(m).length === 0)
      .at(-1)!;
    expect(await forged('carol', post, encodeComponentId({ action: 'concede', match: row.id, seq: row.seq, arg: 'no' }))).toMatch(/does not belong/);
    expect(await forged('carol', post, encodeComponentId({ action: 'log', match: row.id, seq: row.seq, arg: 'all.1' }))).toMatch(/does not belong/);
  });

  it("with the open prompt's own answer, by its owner, on another message, is refused", async () => {
    const prompt = openPrompt(world, thread)!;
    const own = componentsOf(prompt)[0]!;
    const post = world
      .messages(thread)
      .filter((m) => !m.ephemeral && m.author.bot && m.id !== prompt.id)
      .at(-1)!;
    const row = (await world.store.matches.byThread(thread))!;
    const snapshot = row.snapshot as { stage: string; pregame?: { prompt?: { player: string } } };
    const owner = world.fake.user(snapshot.pregame!.prompt!.player)!.username;
    expect(await forged(owner, post, own.custom_id)).toMatch(/does not belong/);
  });

  it("with the open prompt's own button, by a spectator, is refused as not theirs", async () => {
    const prompt = openPrompt(world, thread)!;
    expect(await forged('carol', prompt, componentsOf(prompt)[0]!.custom_id)).toMatch(/not yours/);
  });
});
