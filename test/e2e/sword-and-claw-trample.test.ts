/**
 * Trampling through the real bot and the fake Discord (SC Movement d; ruling SC134): in a practice
 * match the player's Swamp Brute (Large) waits for the practice opponent's smaller troops to come
 * near, then `/order trample`, its troop and target picked from the suggestions; the thread tells the
 * trample with its dice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botSettles as settle } from './driver';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(23);
}, 30_000);
afterAll(async () => world?.close());

interface State {
  readonly deploying: { readonly player: string } | null;
  readonly turn: { readonly player: string; readonly step: string } | null;
  readonly prompt: { readonly player: string; readonly kind: string } | null;
}

const rowOf = async (thread: string) => (await world.store.matches.byThread(thread))!;

async function order(thread: string, name: string, options: Record<string, string> = {}) {
  const out = await world.run({ user: 'alice', channel: thread, name: `order ${name}`, options });
  if (out.response?.ephemeral) throw new Error(`/order ${name} refused: ${answerText(out)}`);
}

const suggest = (thread: string, name: string, focused: string, options: Record<string, string>) =>
  world.fake.autocomplete({ user: 'alice', channel: thread, name, focused, options: { ...options, [focused]: '' } });

const nothing = (choices: readonly { value: string | number }[]) => choices.length === 0 || String(choices[0]!.value).startsWith('none');

describe('Trampling through Discord', () => {
  it('suggests the trample once an enemy is near, and the thread tells it with its dice', async () => {
    await world.run({ user: 'alice', name: 'skirmish practice', options: { warband: 'Mire Raiders', ruleset: 'sword-and-claw' } });
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    await settle(world, thread);
    let trampled: string | null = null;
    for (let i = 0; i < 300 && trampled === null; i++) {
      const current = await rowOf(thread);
      if (current.status === 'over') break;
      const state = current.snapshot as State;
      if (state.prompt) {
        const message = world
          .messages(thread)
          .filter((m) => componentsOf(m).some((c) => c.custom_id.startsWith('ss1:answer:')))
          .at(-1)!;
        await world.click('alice', message);
      } else if (state.deploying) {
        const troops = await suggest(thread, 'order deploy', 'troop', {});
        if (nothing(troops)) await order(thread, 'done');
        else {
          const troop = String(troops[0]!.value);
          const squares = await suggest(thread, 'order deploy', 'square', { troop });
          await order(thread, 'deploy', { troop, square: String(squares[0]!.value) });
        }
      } else if (state.turn?.step === 'movement') {
        const troops = await suggest(thread, 'order trample', 'troop', {});
        if (!nothing(troops)) {
          const troop = String(troops[0]!.value);
          const targets = await suggest(thread, 'order trample', 'target', { troop });
          expect(targets[0]!.name).toMatch(/\(through to [A-Z]+\d+, \d+"; (trample|[a-z ]+) \d+% to hit, \d+% to wound\)$/);
          await order(thread, 'trample', { troop, target: String(targets[0]!.value) });
          trampled = troop;
        }
        await order(thread, 'end');
      } else await order(thread, 'end');
      await settle(world, thread);
    }
    expect(trampled, 'the practice opponent came near the Swamp Brute').not.toBeNull();
    const told = world.messages(thread).map((m) => m.content);
    expect(told.some((c) => /🎲 Trample: \S+'s Trample at \S+: d10 \d+ [+-]\d+ skill.* against Melee Defense \d+, a (hit|miss)/.test(c))).toBe(true);
    expect(world.errors).toEqual([]);
  }, 240_000);
});
