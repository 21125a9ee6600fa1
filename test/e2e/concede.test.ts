/** Conceding through Discord: in play it goes through the engine; in setup it ends the match once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerText, startWorld, type World } from './world';
import { challengeAccepted, answerPrompts } from './setup-match';

let world: World;
beforeAll(async () => {
  world = await startWorld(13);
}, 30_000);
afterAll(async () => world?.close());

describe('conceding', () => {
  it('during setup ends the match for the other player, once', async () => {
    const thread = await challengeAccepted(world);
    const s = await world.run({ user: 'alice', channel: thread, name: 'skirmish concede' });
    expect(s.response?.ephemeral).toBe(false);
    const row = world.store.matches.byThread(thread)!;
    expect(row.status).toBe('over');
    expect(row.winner).toBe(world.fake.user('bob')!.id);
    expect(s.original!.mentions).toEqual([row.winner]);
    // A second concession cannot flip the result.
    const again = await world.run({ user: 'bob', channel: thread, name: 'skirmish concede' });
    expect(again.response?.ephemeral).toBe(true);
    expect(answerText(again)).toMatch(/already over/);
    expect(world.store.matches.byThread(thread)!.winner).toBe(world.fake.user('bob')!.id);
    // The setup prompt left in the thread loses its buttons.
    expect(world.store.prompts.open(row.id)).toEqual([]);
  });

  it('in play: the other player wins, the result is posted and pings both', async () => {
    const thread = await challengeAccepted(world);
    await answerPrompts(world, thread);
    const s = await world.run({ user: 'bob', channel: thread, name: 'skirmish concede' });
    expect(s.response?.ephemeral).toBe(false);
    const row = world.store.matches.byThread(thread)!;
    expect(row.status).toBe('over');
    expect(row.winner).toBe(world.fake.user('alice')!.id);
    const result = world.messages(thread).find((m) => m.content.includes('wins!'))!;
    expect([...result.mentions].sort()).toEqual([...row.players].sort());
    const late = await world.run({ user: 'alice', channel: thread, name: 'end', options: { unit: 'kn' } });
    expect(answerText(late)).toMatch(/over/);
    expect(world.errors).toEqual([]);
  });
});
