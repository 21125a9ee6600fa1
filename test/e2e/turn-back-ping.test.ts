/**
 * Pings follow the turn: when the other player's answer sets off a prompt that the turn's owner's
 * standing order settles, the turn goes back to its owner, who is not looking at the thread and is
 * pinged once. Alice's guard steps away from Bob's ghoul (R26: the ghoul may reply before the step);
 * Bob clicks to reply; the reply wounds the guard and Alice's standing order takes the wounds; the
 * turn is Alice's again. The table is set up by editing the saved game; a reply that misses (dice)
 * is tried again from the same table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { squareIndex } from '../../src/engine';
import { boardOf, type GameState } from '../../src/rulesets/sellsword/engine';
import { nextActor } from '../../src/posts/announce';
import { gameOf, type MatchSnapshot } from '../../src/match/match-state';
import { openPrompt } from './driver';
import { editTable } from './edit-table';
import { newMessages, rowOf } from './clock-play';
import { matchUnderWay } from './setup-match';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(11);
}, 30_000);
afterAll(async () => world?.close());

const gameIn = async (thread: string): Promise<GameState> => gameOf((await rowOf(world, thread)).snapshot as MatchSnapshot)!;

/** Alice's guard at I5 beside Bob's ghoul at I6, both as they were at the start, and a fresh turn for Alice. */
async function setTable(thread: string, start: GameState): Promise<{ guard: string; ghoul: string }> {
  const at = (name: string) => squareIndex(boardOf(start), name)!;
  const guard = Object.values(start.units).find((u) => u.card === 'valor-guard')!;
  const ghoul = Object.values(start.units).find((u) => u.card === 'havoc-ghoul' && !u.dropped)!;
  // I4, where the guard steps, is cleared too.
  await editTable(world, thread, start, guard.player, { [guard.id]: { at: at('I5'), turnTaken: false }, [ghoul.id]: { at: at('I6') } }, [at('I4')]);
  return { guard: guard.id, ghoul: ghoul.id };
}

describe("the turn's owner", () => {
  it("is pinged once when their standing order settles the last prompt of their interrupted turn, after the other player's answer", async () => {
    const thread = await matchUnderWay(world);
    const alice = world.fake.user('alice')!.id;
    const orders = await world.run({ user: 'alice', channel: thread, name: 'orders set', options: { wounds: 'vigor' } });
    expect(answerText(orders)).toMatch(/wounds: spend Vigor first/);
    const start = await gameIn(thread);
    let settled = false;
    for (let attempt = 0; attempt < 30 && !settled; attempt++) {
      const { guard } = await setTable(thread, start);
      const moved = await world.run({ user: 'alice', channel: thread, name: 'move', options: { unit: guard, to: 'I4' } });
      expect(moved.response?.ephemeral, answerText(moved)).toBeFalsy();
      const asked = (await gameIn(thread)).prompt;
      expect(asked?.kind).toBe('reply');
      const prompt = openPrompt(world, thread)!;
      const reply = componentsOf(prompt).find((c) => c.label?.startsWith('Reply'))!;
      const before = newMessages(world, thread).at(-1)!.id;
      const clicked = await world.click('bob', prompt, reply.custom_id);
      expect(clicked.response?.kind).toBe('update');
      const after = newMessages(world, thread, before);
      if (!after.some((m) => m.content.includes("Answered by **Alice**'s standing order"))) continue;
      settled = true;
      // The turn is Alice's again, and she is pinged once, by a post that may ping her.
      const game = await gameIn(thread);
      expect(game.prompt).toBeNull();
      expect(nextActor(game)).toBe(alice);
      const pings = after.filter((m) => m.mentions.includes(alice));
      expect(pings).toHaveLength(1);
      expect(pings[0]!.content).toContain(`<@${alice}>`);
    }
    expect(settled).toBe(true);
    expect(world.errors).toEqual([]);
  }, 180_000);
});
