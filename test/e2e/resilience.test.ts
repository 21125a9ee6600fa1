/**
 * Restarts and double clicks: a prompt open across a restart stays the one live copy
 * and the match goes on; two clicks on one button apply once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchEvent } from '../../src/match/match-state';
import { openPrompt } from './driver';
import { challengeAccepted, snapshotOf } from './setup-match';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(5);
}, 30_000);
afterAll(async () => world?.close());

describe('a restart in the middle of an open prompt', () => {
  it('keeps the one posted prompt live, and the match goes on from the database', async () => {
    const thread = await challengeAccepted(world);
    const s = await snapshotOf(world, thread);
    const prompt = s.stage === 'pregame' ? s.pregame.prompt! : null;
    expect(prompt).not.toBeNull();
    const before = world.messages(thread).filter((m) => componentsOf(m).length > 0).length;
    const seq = (await world.store.matches.byThread(thread))!.seq;

    const old = openPrompt(world, thread)!;
    await world.restart();
    const live = world.messages(thread).filter((m) => componentsOf(m).length > 0);
    // Its buttons carry a sequence number that has not moved, so the posted copy is still the prompt.
    expect(live.length).toBe(before);
    expect(live.at(-1)!.id).toBe(old.id);
    expect(live.at(-1)!.mentions).toEqual([prompt!.player]);
    expect((await world.store.matches.byThread(thread))!.seq).toBe(seq);

    const answered = await world.click(world.fake.user(prompt!.player)!.username, openPrompt(world, thread)!);
    expect(answered.response?.kind).toBe('update');
    expect((await world.store.matches.byThread(thread))!.seq).toBeGreaterThan(seq);
    expect(world.errors).toEqual([]);
  }, 30_000);
});

describe('a double click on the same button or menu', () => {
  it('applies once; the second click is told the prompt has passed', async () => {
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    const s = await snapshotOf(world, thread);
    const prompt = s.stage === 'pregame' ? s.pregame.prompt! : s.game.prompt!;
    const message = openPrompt(world, thread)!;
    const user = world.fake.user(prompt.player)!.username;
    const component = componentsOf(message)[0]!;
    const customId = component.custom_id;
    const press = () =>
      component.type === 3
        ? world.fake.select({ user, message: message.id, customId, values: [component.options![0]!.value] })
        : world.fake.click({ user, message: message.id, customId });
    const events = (await world.store.matches.events<MatchEvent>((await world.store.matches.byThread(thread))!.id)).length;
    // Both clicks leave before either is answered, as a fast double click does.
    const [a, b] = await Promise.all([press(), press()]);
    await Promise.all([a.response(), b.response()]);
    await world.bot.idle();
    const kinds = [a.summary(), b.summary()].map((x) => (x.response?.kind === 'update' ? 'applied' : answerText(x)));
    expect(kinds.sort()).toEqual(['That prompt has passed.', 'applied']);
    // Exactly one answer was recorded.
    const after = (await world.store.matches.events<MatchEvent>((await world.store.matches.byThread(thread))!.id)).slice(events);
    const answers = after.filter(
      (e) => e.event.stage === 'pregame' && ['chooser-named', 'map-chosen', 'entry-placed', 'reroll-declined'].includes(e.event.event.type),
    );
    const rerolls = after.filter((e) => e.event.stage === 'pregame' && e.event.event.type === 'tactics-rolled');
    expect(answers.length + rerolls.length).toBe(1);
  }, 30_000);
});
