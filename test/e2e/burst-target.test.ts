/**
 * R24 through the commands: a burst's `target` is the square it is centred on, or a unit standing on
 * one; its suggestions are those squares with whom each catches, and what is picked is what is thrown.
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

/** The priest on I5 and a ghoul on I7, with a fresh turn for the priest's player; returns their ids and that player's name. */
async function setTable(): Promise<{ priest: string; ghoul: string; user: string }> {
  const at = (name: string) => squareIndex(boardOf(start), name)!;
  const priest = Object.values(start.units).find((u) => u.card === 'valor-priest')!;
  const ghoul = Object.values(start.units).find((u) => u.card === 'havoc-ghoul' && !u.dropped)!;
  await editTable(world, thread, start, priest.player, { [priest.id]: { at: at('I5'), turnTaken: false, vigor: 20 }, [ghoul.id]: { at: at('I7') } }, [
    at('I6'),
  ]);
  return { priest: priest.id, ghoul: ghoul.id, user: world.fake.user('alice')!.id === priest.player ? 'alice' : 'bob' };
}

describe('R24: /attack with a burst names its square in `target`', () => {
  it('the suggestions offer the squares it can be centred on, with whom each catches; the one picked is thrown there', async () => {
    const { priest, ghoul, user } = await setTable();
    const options = { unit: priest, attack: 'dawnburst', target: '' };
    const list = await world.fake.autocomplete({ user, channel: thread, name: 'attack', focused: 'target', options });
    const G = ghoul.toUpperCase();
    const picked = list.find((c) => c.value === 'I7');
    expect(picked?.name).toMatch(new RegExp(`^I7 \\(${G}\\) · hits ${G} \\d+%`));
    const sent = await world.run({ user, channel: thread, name: 'attack', options: { ...options, target: String(picked!.value) } });
    expect(sent.response?.ephemeral, answerText(sent)).toBeFalsy();
    expect(answerText(sent)).toContain('Dawnburst');
    expect((await gameIn()).units[priest]!.tokens).not.toEqual(start.units[priest]!.tokens);
  }, 60_000);

  it('a unit named in `target` centres the burst on its square', async () => {
    const { priest, ghoul, user } = await setTable();
    const sent = await world.run({ user, channel: thread, name: 'attack', options: { unit: priest, attack: 'dawnburst', target: ghoul.toUpperCase() } });
    expect(sent.response?.ephemeral, answerText(sent)).toBeFalsy();
    expect(answerText(sent)).toContain(`attacked ${ghoul.toUpperCase()} with Dawnburst, a burst centred on I7`);
  }, 60_000);

  it('a square typed with no `attack`, that only the burst can reach, throws the burst (playtest round 21)', async () => {
    const { priest, ghoul, user } = await setTable();
    const sent = await world.run({ user, channel: thread, name: 'attack', options: { unit: priest, target: 'I7' } });
    expect(sent.response?.ephemeral, answerText(sent)).toBeFalsy();
    expect(answerText(sent)).toContain(`attacked ${ghoul.toUpperCase()} with Dawnburst, a burst centred on I7`);
  }, 60_000);

  it('an empty square typed with no `attack` lists the burst centred there; picking it throws it (playtest round 22)', async () => {
    const { priest, ghoul, user } = await setTable();
    const list = await world.fake.autocomplete({ user, channel: thread, name: 'attack', focused: 'target', options: { unit: priest, target: 'I8' } });
    expect(list[0]?.name).toMatch(new RegExp(`^Dawnburst on I8 · hits ${ghoul.toUpperCase()} \\d+%`));
    const sent = await world.run({ user, channel: thread, name: 'attack', options: { unit: priest, target: String(list[0]!.value) } });
    expect(sent.response?.ephemeral, answerText(sent)).toBeFalsy();
    expect(answerText(sent)).toContain('Dawnburst, a burst centred on I8');
  }, 60_000);

  it('a square out of reach, or a word that is neither a square nor a unit, is refused saying why', async () => {
    const { priest, user } = await setTable();
    const far = await world.run({ user, channel: thread, name: 'attack', options: { unit: priest, attack: 'dawnburst', target: 'A1' } });
    expect(far.response?.ephemeral).toBe(true);
    expect(answerText(far)).toMatch(/A1 is \d+ squares away; Dawnburst reaches 6/);
    const neither = await world.run({ user, channel: thread, name: 'attack', options: { unit: priest, attack: 'dawnburst', target: 'over there' } });
    expect(neither.response?.ephemeral).toBe(true);
    expect(answerText(neither)).toBe('Dawnburst is a burst: give the square it is centred on, like E5, or a unit\'s map label; "over there" is neither.');
    expect((await gameIn()).units[priest]!.tokens).toEqual(start.units[priest]!.tokens);
  }, 60_000);
});
