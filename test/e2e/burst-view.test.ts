/**
 * R24, issue 26: /skirmish view previews a burst before it is made. With a burst `attack`, `target` is
 * the square it would be centred on (as /attack's is); the answer draws its area and names every unit
 * it would catch, allies too, with the odds and wounds against each, and the match is unchanged. A
 * square the engine refuses as a centre is refused with /attack's reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { squareIndex } from '../../src/engine';
import { boardOf, burstArea, findAttack, type GameState } from '../../src/rulesets/sellsword/engine';
import { editTable } from './edit-table';
import { rowOf } from './clock-play';
import { answerText, type World } from './world';
import { priestMatch } from './priest-match';

let world: World;
let thread: string;
let start: GameState;
let gameIn: () => Promise<GameState>;
const eventCount = async () => (await world.store.matches.events((await rowOf(world, thread)).id)).length;

beforeAll(async () => {
  ({ world, thread, start, gameIn } = await priestMatch());
}, 60_000);
afterAll(async () => world?.close());

/** The priest on I5, a ghoul on I7 and the priest's squire beside it (both in a burst centred on I7), with a fresh turn for the priest's player. */
async function setTable(): Promise<{ priest: string; squire: string; ghoul: string; user: string }> {
  const at = (name: string) => squareIndex(boardOf(start), name)!;
  const priest = Object.values(start.units).find((u) => u.card === 'valor-priest')!;
  const squire = Object.values(start.units).find((u) => u.card === 'valor-squire')!;
  const ghoul = Object.values(start.units).find((u) => u.card === 'havoc-ghoul' && !u.dropped)!;
  // The squire on a square of the burst's area beside the ghoul, as the engine's burstArea gives it (walls cut it).
  const area = [...burstArea(start, findAttack(start, priest, 'dawnburst')!, at('I7')).keys()];
  const beside = area.find((sq) => sq !== at('I7') && sq !== at('I6'))!;
  await editTable(
    world,
    thread,
    start,
    priest.player,
    { [priest.id]: { at: at('I5'), turnTaken: false, vigor: 20 }, [squire.id]: { at: beside }, [ghoul.id]: { at: at('I7') } },
    [at('I6')],
  );
  return { priest: priest.id, squire: squire.id, ghoul: ghoul.id, user: world.fake.user('alice')!.id === priest.player ? 'alice' : 'bob' };
}

describe('R24, issue 26: /skirmish view previews a burst', () => {
  it('names every unit it would catch, allies too, with the odds and average wounds, draws it, and changes nothing', async () => {
    const { priest, squire, ghoul } = await setTable();
    const before = await eventCount();
    const tokens = (await gameIn()).units[priest]!.tokens;
    // A spectator may look too: a preview is a picture, never an act.
    const options = { unit: priest, overlay: 'preview', attack: 'dawnburst', target: 'I7' };
    const s = await world.run({ user: 'carol', channel: thread, name: 'skirmish view', options });
    expect(s.response?.ephemeral).toBe(true);
    const text = answerText(s);
    expect(text).toMatch(/^\*\*[A-Z]+\d* \(Priest of the Dawn\)\*\*'s \*\*Dawnburst\*\* centred on \*\*I7\*\* would catch 2 units:/);
    const G = ghoul.toLowerCase();
    const S = squire.toLowerCase();
    // The odds in the reply prompt's words (odds-words.ts burstCaughtWords), then the average.
    expect(text).toMatch(
      new RegExp(`\\n- \\*\\*${G.toUpperCase()} \\([^)]+\\)\\*\\*: \\d+% to hit[^\\n]*, \\d+% critical[^\\n]*; \\d+\\.\\d wounds on average`),
    );
    expect(text).toMatch(new RegExp(`\\n- ⚠ your own \\*\\*${S.toUpperCase()} \\([^)]+\\)\\*\\*: \\d+% to hit[^\\n]*; \\d+\\.\\d wounds on average`));
    // The map with the burst's area, and its close-up.
    const files = s.original!.attachments;
    expect(files.map((f) => f.filename)).toEqual([`view-${priest}.png`, `view-${priest}-close-up.png`]);
    expect(files[0]!.description).toMatch(
      new RegExp(`Dawnburst centred on I7, \\d+ squares shaded; it would catch ${ghoul.toUpperCase()} \\d+% to hit, ${squire.toUpperCase()} \\(`),
    );
    // Nothing was made: no event, no token spent.
    expect(await eventCount()).toBe(before);
    expect((await gameIn()).units[priest]!.tokens).toEqual(tokens);
  }, 60_000);

  it("a square the burst cannot be centred on is refused with /attack's reason", async () => {
    const { priest, user } = await setTable();
    const before = await eventCount();
    const viewed = await world.run({
      user,
      channel: thread,
      name: 'skirmish view',
      options: { unit: priest, overlay: 'preview', attack: 'dawnburst', target: 'A1' },
    });
    const attacked = await world.run({ user, channel: thread, name: 'attack', options: { unit: priest, attack: 'dawnburst', target: 'A1' } });
    expect(viewed.response?.ephemeral).toBe(true);
    expect(answerText(viewed)).toMatch(/A1 is \d+ squares away; Dawnburst reaches 6/);
    expect(answerText(viewed)).toBe(answerText(attacked));
    expect(viewed.original?.attachments ?? []).toEqual([]);
    expect(await eventCount()).toBe(before);
  }, 60_000);

  it('a preview without `target` says what to give: the square a burst is centred on, the enemy for another attack (issue 26)', async () => {
    const { priest, squire, user } = await setTable();
    const run = (unit: string, attack?: string) =>
      world.run({ user, channel: thread, name: 'skirmish view', options: { unit, overlay: 'preview', ...(attack ? { attack } : {}) } });
    expect(answerText(await run(priest, 'dawnburst'))).toBe('The preview needs `target`: the square Dawnburst would be centred on (or a unit standing on it).');
    // The squire has one attack: left out, it is that one, as /attack reads it.
    expect(answerText(await run(squire))).toMatch(/^The preview needs `target`: the enemy .+ would strike\.$/);
  }, 60_000);

  it('the `target` suggestions for a burst are the centres /attack offers, whoever asks', async () => {
    const { priest, ghoul } = await setTable();
    const G = ghoul.toUpperCase();
    const list = await world.fake.autocomplete({
      user: 'carol',
      channel: thread,
      name: 'skirmish view',
      focused: 'target',
      options: { unit: priest, overlay: 'preview', attack: 'dawnburst', target: '' },
    });
    expect(list.find((c) => c.value === 'I7')?.name).toMatch(new RegExp(`^I7 \\(${G}\\)( ⚠ your [A-Z0-9, ]+)? · hits ${G} \\d+%`));
  }, 60_000);
});
