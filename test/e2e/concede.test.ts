/**
 * Conceding through Discord: asked for once more with a button; in play it goes through the engine;
 * in setup it ends the match once. A finished match posts its result in the league channel, and its
 * thread is renamed to say how it went and archived.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InteractionSummary } from '../../src/fakecord';
import { answerText, componentsOf, startWorld, type World } from './world';
import { challengeAccepted, answerPrompts } from './setup-match';

let world: World;
beforeAll(async () => {
  world = await startWorld(13);
}, 30_000);
afterAll(async () => world?.close());

/** `/skirmish concede`, then the button that confirms it. */
async function concede(user: string, thread: string): Promise<{ asked: InteractionSummary; confirmed: InteractionSummary | null }> {
  const asked = await world.run({ user, channel: thread, name: 'skirmish concede' });
  const message = asked.original;
  const yes = message ? componentsOf(message).find((c) => c.label === 'Yes, concede') : undefined;
  if (!message || !yes) return { asked, confirmed: null };
  return { asked, confirmed: await world.click(user, message, yes.custom_id) };
}

describe('conceding', () => {
  it('during setup ends the match for the other player, once', async () => {
    const thread = await challengeAccepted(world);
    const { asked, confirmed } = await concede('alice', thread);
    expect(asked.response?.ephemeral).toBe(true);
    expect(answerText(asked)).toMatch(/^Concede this match\? <@\d+> wins the match\. This cannot be undone\./);
    expect(confirmed?.response?.kind).toBe('update');
    const row = (await world.store.matches.byThread(thread))!;
    expect(row.status).toBe('over');
    expect(row.winner).toBe(world.fake.user('bob')!.id);
    const line = world.messages(thread).find((m) => m.content.includes('concedes during setup'))!;
    expect(line.mentions).toEqual([row.winner]);
    // A second concession cannot flip the result.
    const again = await world.run({ user: 'bob', channel: thread, name: 'skirmish concede' });
    expect(again.response?.ephemeral).toBe(true);
    expect(answerText(again)).toMatch(/already over/);
    expect((await world.store.matches.byThread(thread))!.winner).toBe(world.fake.user('bob')!.id);
    // The setup prompt left in the thread loses its buttons.
    expect(await world.store.prompts.open(row.id)).toEqual([]);
  });

  it('in play: the other player wins, the result is posted and pings both', async () => {
    const thread = await challengeAccepted(world);
    await answerPrompts(world, thread);
    // Thinking better of it changes nothing.
    const asked = await world.run({ user: 'bob', channel: thread, name: 'skirmish concede' });
    const no = componentsOf(asked.original!).find((c) => c.label === 'No, play on')!;
    expect((await world.click('bob', asked.original!, no.custom_id)).response?.kind).toBe('update');
    expect((await world.store.matches.byThread(thread))!.status).toBe('playing');
    await concede('bob', thread);
    const row = (await world.store.matches.byThread(thread))!;
    expect(row.status).toBe('over');
    expect(row.winner).toBe(world.fake.user('alice')!.id);
    const result = world.messages(thread).find((m) => m.content.includes('wins!'))!;
    expect([...result.mentions].sort()).toEqual([...row.players].sort());
    const late = await world.run({ user: 'alice', channel: thread, name: 'end', options: { unit: 'kn' } });
    expect(answerText(late)).toMatch(/over/);
    // The league hears of it, with a link to the thread; the thread says how it went and is archived.
    const league = world.messages(world.fake.channel.id).filter((m) => m.content.startsWith('🏆'));
    expect(league.at(-1)!.content).toMatch(
      new RegExp(
        `^🏆 \\*\\*Alice\\*\\* beat \\*\\*Bob\\*\\* \\d+–\\d+ \\(Bob conceded\\): \\d+ rounds? on Mill Crossing, \\d+ (minutes?|hours?|days?)\\. <#${thread}>$`,
      ),
    );
    const closed = world.fake.threads(world.fake.channel.id).find((t) => t.id === thread)!;
    expect(closed.name).toMatch(/^🏁 Alice beat Bob \d+–\d+ \(conceded\)$/);
    expect(closed.archived).toBe(true);
    expect(world.errors).toEqual([]);
  }, 60_000);
});
