/**
 * After a wound split answered mid-turn, the thread is told whose move it is: Alice's guard steps away
 * from Bob's ghoul (R26: the ghoul may reply before the step), Bob replies, the reply wounds the guard,
 * Alice picks how the guard takes them; her turn goes on, and the thread says "@Alice, go on with …".
 * The table is set up by editing the saved game; a reply that misses (dice) is tried again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { squareIndex } from '../../src/engine';
import { boardOf, type GameState } from '../../src/rulesets/sellsword/engine';
import { gameOf, type MatchSnapshot } from '../../src/match/match-state';
import { openPrompt } from './driver';
import { editTable } from './edit-table';
import { newMessages, rowOf } from './clock-play';
import { matchUnderWay } from './setup-match';
import { componentsOf, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(13);
}, 30_000);
afterAll(async () => world?.close());

const gameIn = async (thread: string): Promise<GameState> => gameOf((await rowOf(world, thread)).snapshot as MatchSnapshot)!;

describe('a wound split answered mid-turn', () => {
  it('is followed by "go on with" for the player whose turn goes on', async () => {
    const thread = await matchUnderWay(world);
    const start = await gameIn(thread);
    const at = (name: string) => squareIndex(boardOf(start), name)!;
    const guard = Object.values(start.units).find((u) => u.card === 'valor-guard')!;
    const ghoul = Object.values(start.units).find((u) => u.card === 'havoc-ghoul' && !u.dropped)!;
    const owner = world.fake.user('alice')!.id === guard.player ? 'alice' : 'bob';
    const other = owner === 'alice' ? 'bob' : 'alice';
    let told = false;
    for (let attempt = 0; attempt < 30 && !told; attempt++) {
      await editTable(world, thread, start, guard.player, { [guard.id]: { at: at('I5'), turnTaken: false }, [ghoul.id]: { at: at('I6') } }, [at('I4')]);
      await world.run({ user: owner, channel: thread, name: 'move', options: { unit: guard.id, to: 'I4' } });
      const reply = openPrompt(world, thread)!;
      await world.click(other, reply, componentsOf(reply).find((c) => c.label?.startsWith('Reply'))!.custom_id);
      const asked = (await gameIn(thread)).prompt;
      if (asked?.kind !== 'wounds') continue;
      const split = openPrompt(world, thread)!;
      const before = newMessages(world, thread).at(-1)!.id;
      // The first choice of the wound menu.
      await world.select(owner, split);
      const game = await gameIn(thread);
      if (game.prompt || game.turn?.unit !== guard.id) continue;
      told = true;
      const after = newMessages(world, thread, before);
      const goOn = after.filter((m) => m.content.includes(', go on with **'));
      expect(goOn, after.map((m) => m.content).join('\n---\n')).toHaveLength(1);
      expect(goOn[0]!.content).toContain(`<@${guard.player}>, go on with **`);
    }
    expect(told).toBe(true);
    expect(world.errors).toEqual([]);
  }, 180_000);
});
