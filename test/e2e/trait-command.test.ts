/**
 * R32 through the commands (playtest round 20): /trait takes the trait by its printed name as typed on
 * the card ("Mend Wounds"), its target list offers the allies in reach with what each gains, and an
 * ally out of reach is refused with how far it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { squareIndex } from '../../src/engine';
import { boardOf, type GameState } from '../../src/rulesets/sellsword/engine';
import { editTable } from './edit-table';
import { answerText, type World } from './world';
import { priestMatch } from './priest-match';

let world: World;
let thread: string;
let start: GameState;
let gameIn: () => Promise<GameState>;

beforeAll(async () => {
  ({ world, thread, start, gameIn } = await priestMatch());
}, 60_000);
afterAll(async () => world?.close());

/** The priest on I5 at full Vigor and the hurt guard on `guardAt`, with a fresh turn for their player. */
async function setTable(guardAt: string): Promise<{ priest: string; guard: string; user: string }> {
  const at = (name: string) => squareIndex(boardOf(start), name)!;
  const priest = Object.values(start.units).find((u) => u.card === 'valor-priest')!;
  const guard = Object.values(start.units).find((u) => u.card === 'valor-guard')!;
  await editTable(world, thread, start, priest.player, { [priest.id]: { at: at('I5'), turnTaken: false }, [guard.id]: { at: at(guardAt), vigor: 3 } }, []);
  return { priest: priest.id, guard: guard.id, user: world.fake.user('alice')!.id === priest.player ? 'alice' : 'bob' };
}

describe('R32: /trait by name, with its targets', () => {
  it('the target list offers the hurt ally in reach, and "Mend Wounds" as typed on the card heals it', async () => {
    const { priest, guard, user } = await setTable('I7');
    const G = guard.toUpperCase();
    const list = await world.fake.autocomplete({
      user,
      channel: thread,
      name: 'trait',
      focused: 'target',
      options: { unit: priest, trait: 'Mend Wounds', target: '' },
    });
    // The guard's Vigor is 5 at most: of Mend Wounds' 10 it gains 2.
    expect(list.map((c) => c.name)).toContain(`${G} · +2 Vigor (3 → 5)`);
    const sent = await world.run({ user, channel: thread, name: 'trait', options: { unit: priest, trait: 'Mend Wounds', target: G } });
    expect(sent.response?.ephemeral, answerText(sent)).toBeFalsy();
    expect((await gameIn()).units[guard]!.vigor).toBe(5);
  }, 60_000);

  it('an ally out of reach is refused with its distance and the reach', async () => {
    const { priest, guard, user } = await setTable('E5');
    const sent = await world.run({ user, channel: thread, name: 'trait', options: { unit: priest, trait: 'mend wounds', target: guard.toUpperCase() } });
    expect(sent.response?.ephemeral).toBe(true);
    expect(answerText(sent)).toMatch(new RegExp(`${guard.toUpperCase()}.* is 4 squares away; Mend Wounds reaches 3\\.`));
  }, 60_000);
});
