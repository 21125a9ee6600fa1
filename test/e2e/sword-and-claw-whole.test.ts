/**
 * A whole Sword and Claw match of the two sample factions through the real bot against the fake
 * Discord (issue 33, "Done when"): alice's Slagwall Foundry (Kilnborn) against bob's Night Snare Hunt
 * (Hollowmoon Pack) on Reed Ford, every order typed with `/order` and every prompt answered with its
 * button (the Readied prompts' among them), both seats played by the plan in test/rulesets/sword-and-claw/whole-match-plan.ts. Seed 7
 * was found with whole-match-seed.ts to give, on the way to an elimination, a Cinder Pot that misses
 * and deviates (SC App. B Area), the Night-wing rising with `/order fly` (SC Flight), and a Snarecaster's
 * Bola entangling a troop that saves against it at the start of a later turn (SC Conditions); the
 * thread tells each, the picture shows the flyer's level and the condition, and the result is posted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScSetup, ScState } from '../../src/rulesets/sword-and-claw/match/types';
import { planStep } from '../rulesets/sword-and-claw/whole-match-plan';
import { answerText, componentsOf, startWorld, type World } from './world';

const SEED = 7;

let world: World;
beforeAll(async () => {
  world = await startWorld(SEED);
}, 30_000);
afterAll(async () => world?.close());

const usernameOf = (id: string) => world.fake.user(id)!.username;

async function stored(thread: string) {
  const row = (await world.store.matches.byThread(thread))!;
  return { row, setup: row.setup as ScSetup, state: row.snapshot as ScState };
}

const told = (thread: string, pattern: RegExp) => world.messages(thread).some((m) => pattern.test(m.content));

describe('a whole Sword and Claw match through Discord', () => {
  it('of Slagwall Foundry against the Night Snare Hunt, with a deviating area attack, a flyer and a condition, is played to its result', async () => {
    await world.run({
      user: 'alice',
      name: 'skirmish challenge',
      options: { opponent: 'bob', warband: 'Slagwall Foundry', ruleset: 'sword-and-claw' },
    });
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    // The challenge's deadlines in this game's words: a player's turn and a prompt's answer, not a unit's turn or a wound split.
    expect(told(thread, /⏱️ Deadlines: 48 h to accept, 48 h for each turn, 24 h for each answer to a prompt; 3 missed deadlines forfeit the match\./)).toBe(
      true,
    );
    await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Night Snare Hunt' } });
    expect((await stored(thread)).setup.armies).toEqual({
      [world.fake.user('alice')!.id]: 'Slagwall Foundry',
      [world.fake.user('bob')!.id]: 'Night Snare Hunt',
    });

    const orders = new Set<string>();
    let answered = 0;
    for (let i = 0; i < 1500; i++) {
      const { row, setup, state } = await stored(thread);
      if (row.status === 'over') break;
      const step = planStep(setup, state);
      expect(step, 'the match waits for nobody before its end').not.toBeNull();
      const user = usernameOf(step!.player);
      if (step!.kind === 'answer') {
        const prompt = world
          .messages(thread)
          .filter((m) => componentsOf(m).some((c) => c.custom_id.includes(':answer:')))
          .at(-1)!;
        expect(prompt.mentions).toContain(step!.player);
        const button = componentsOf(prompt).find((c) => c.custom_id.endsWith(`:${step!.arg}`));
        expect(button, `a button for ${step!.arg} on the prompt`).toBeDefined();
        await world.click(user, prompt, button!.custom_id);
        answered++;
      } else {
        const out = await world.run({ user, channel: thread, name: `order ${step!.order}`, options: step!.options });
        if (out.response?.ephemeral) throw new Error(`/order ${step!.order} ${JSON.stringify(step!.options)} refused: ${answerText(out)}`);
        orders.add(step!.order);
      }
      expect((await stored(thread)).row.seq, `${JSON.stringify(step)} moved the match on`).toBeGreaterThan(row.seq);
    }

    const over = await stored(thread);
    expect(over.row.status).toBe('over');
    expect(over.state.end?.reason).toBe('elimination');
    expect([...orders]).toEqual(
      expect.arrayContaining(['deploy', 'done', 'move', 'run', 'fly', 'charge', 'aim', 'reload', 'shoot', 'ready', 'attack', 'next']),
    );
    expect(answered).toBeGreaterThan(0);
    // The area attack that missed: its roll against 5, then where it drifted and what it landed on (SC App. B Area).
    expect(
      told(
        thread,
        /Cinder Pot at the square of \w+, \d+" \((short|medium|long) range\).*a miss.*it deviates \d+ squares? [a-z-]+ \(d8 \d\) and lands on [A-X]\d+/,
      ),
    ).toBe(true);
    // The flyer rose where it stood, and the picture shows it aloft (SC Flight).
    expect(told(thread, /\bHN climbs: now Hovering\./)).toBe(true);
    const alts = world.messages(thread).flatMap((m) => m.attachments.map((a) => a.description ?? ''));
    expect(alts.some((a) => /flying: Hovering/.test(a))).toBe(true);
    // A Bola entangled a troop; a later turn began with its saving throw (SC Conditions, SC Saving Throws).
    expect(told(thread, /Bola at \w+.*\n\w+ is entangled: it cannot move, and attacks at −2/)).toBe(true);
    expect(told(thread, /🎲 \w+ .*entangle.*\(save d10 \d+/i)).toBe(true);
    expect(alts.some((a) => /Entangled/.test(a))).toBe(true);
    // The Readied prompt's odds for the Bola say that a hit entangles, though it seldom wounds.
    expect(told(thread, /• Bola at \w+ \(.*\): \d+% to hit, then \d+% to wound, a hit entangles\./)).toBe(true);
    // The result: the thread, its name, the channel's post.
    const result = world.messages(thread).find((m) => /wins by elimination/.test(m.content))!;
    expect(result).toBeDefined();
    expect([...result.mentions].sort()).toEqual([...over.row.players].sort());
    expect(world.messages(world.fake.channel.id).some((m) => m.content.startsWith('🏆 '))).toBe(true);
    expect(await world.store.results.forMatch(over.row.id)).toMatchObject({ way: 'played', winner: over.row.winner });
    expect(world.errors).toEqual([]);
  }, 600_000);
});
