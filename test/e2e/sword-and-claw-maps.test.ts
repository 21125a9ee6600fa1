/**
 * Choosing a Sword and Claw map (issue 33) through the real bot and the fake Discord: `map:` is the
 * same option as Sellsword's, its suggestions the game's shipped maps with their size and terrain;
 * the challenge and the practice match are played on the map chosen (Reed Ford when none is), and a
 * map of the other game is refused with the maps of the game asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerText, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(5);
}, 30_000);
afterAll(async () => world?.close());

const mapSuggestions = (name: string, options: Record<string, string>) =>
  world.fake.autocomplete({ user: 'alice', name, focused: 'map', options: { warband: 'Iron Company', ...options } });

const lastThread = () => world.fake.threads(world.fake.channel.id).at(-1)!.id;
const mapOfMatch = async (thread: string) => ((await world.store.matches.byThread(thread))!.setup as { map: { id: string } }).map.id;

describe('the map of a Sword and Claw match', () => {
  it("suggests the game's own maps with their size and terrain, and Sellsword's maps without ruleset:", async () => {
    const sc = await mapSuggestions('skirmish challenge', { map: '', ruleset: 'sword-and-claw' });
    expect(sc).toEqual([
      { name: 'Reed Ford · 24×16: blocking terrain, difficult ground', value: 'reed-ford' },
      { name: 'Long Marsh · 36×24: blocking terrain, difficult ground, trees', value: 'long-marsh' },
      { name: 'Reed River · 24×16: blocking terrain, difficult ground, water up to 3 deep', value: 'reed-river' },
    ]);
    expect((await mapSuggestions('skirmish practice', { map: 'river', ruleset: 'sword-and-claw' })).map((c) => c.value)).toEqual(['reed-river']);
    const nothing = await mapSuggestions('skirmish challenge', { map: 'barrow', ruleset: 'sword-and-claw' });
    expect(nothing[0]!.name).toMatch(/^Nothing to choose: Sword and Claw has no map matching "barrow"/);
    const sellsword = (await mapSuggestions('skirmish challenge', { map: '' })).map((c) => c.value);
    expect(sellsword).toContain('mill-crossing');
    expect(sellsword).not.toContain('reed-ford');
  });

  it('plays a challenge on the map chosen, and says which in the challenge', async () => {
    const out = await world.run({
      user: 'alice',
      name: 'skirmish challenge',
      options: { opponent: 'bob', warband: 'Iron Company', ruleset: 'sword-and-claw', map: 'Long Marsh' },
    });
    expect(out.response?.ephemeral).not.toBe(true);
    const thread = lastThread();
    expect(world.messages(thread)[0]!.content).toMatch(/challenges you to \*\*Sword and Claw\*\* with \*\*Iron Company\*\* \(.*\) on \*\*Long Marsh\*\*/);
    await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Mire Raiders' } });
    expect(await mapOfMatch(thread)).toBe('long-marsh');
  });

  it('plays on Reed Ford when no map is named', async () => {
    await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: 'Iron Company', ruleset: 'sword-and-claw' } });
    const thread = lastThread();
    expect(world.messages(thread)[0]!.content).toMatch(/on \*\*Reed Ford\*\*/);
    await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Mire Raiders' } });
    expect(await mapOfMatch(thread)).toBe('reed-ford');
  });

  it('plays a practice match on the map chosen', async () => {
    const out = await world.run({
      user: 'alice',
      name: 'skirmish practice',
      options: { warband: 'Iron Company', ruleset: 'sword-and-claw', map: 'reed-river' },
    });
    expect(out.response?.ephemeral).not.toBe(true);
    const thread = lastThread();
    expect(world.messages(thread)[0]!.content).toMatch(/on \*\*Reed River\*\*/);
    expect(await mapOfMatch(thread)).toBe('reed-river');
  });

  it('refuses a map of the other game, naming the maps of the game asked for', async () => {
    const threads = world.fake.threads(world.fake.channel.id).length;
    const sellswordMap = await world.run({
      user: 'alice',
      name: 'skirmish challenge',
      options: { opponent: 'bob', warband: 'Iron Company', ruleset: 'sword-and-claw', map: 'mill-crossing' },
    });
    expect(sellswordMap.response?.ephemeral).toBe(true);
    expect(answerText(sellswordMap)).toMatch(
      /^\*\*Mill Crossing\*\* is a Sellsword map\. Sword and Claw is played on \*\*Reed Ford\*\* \(`reed-ford`\), \*\*Long Marsh\*\* \(`long-marsh`\), \*\*Reed River\*\* \(`reed-river`\)\.$/,
    );
    const unknown = await world.run({
      user: 'alice',
      name: 'skirmish practice',
      options: { warband: 'Iron Company', ruleset: 'sword-and-claw', map: 'nowhere' },
    });
    expect(answerText(unknown)).toMatch(/^Sword and Claw has no map "nowhere"\. Its maps: \*\*Reed Ford\*\*/);
    await world.run({
      user: 'alice',
      name: 'warband submit',
      options: { text: "Hrolf's Watch | valor | mill-crossing | valor-knight+valor-banner, valor-guard+valor-shield-wall, valor-archer, valor-war-hound" },
    });
    const scMap = await world.run({ user: 'alice', name: 'skirmish practice', options: { warband: "Hrolf's Watch", map: 'reed-ford' } });
    expect(scMap.response?.ephemeral).toBe(true);
    expect(answerText(scMap)).toMatch(
      /^\*\*Reed Ford\*\* is a Sword and Claw map: add `ruleset:Sword and Claw` to play on it, or pick one of Sellsword's maps: .*\*\*Mill Crossing\*\* \(`mill-crossing`\)/,
    );
    expect(world.fake.threads(world.fake.channel.id)).toHaveLength(threads);
  });

  it('lists and draws its maps with /map, by ruleset: or in one of its match threads', async () => {
    const listed = await world.run({ user: 'alice', name: 'map list', options: { ruleset: 'sword-and-claw' } });
    const embed = listed.original!.embeds[0]!;
    expect(embed.title).toBe('Sword and Claw maps');
    expect(embed.description).toContain('**Reed River** `reed-river` · 24×16: blocking terrain, difficult ground, water up to 3 deep');
    // In a Sword and Claw match's thread, its game is the default.
    const thread = lastThread();
    const shown = await world.run({ user: 'bob', channel: thread, name: 'map show', options: { map: 'Long Marsh' } });
    expect(shown.response?.ephemeral).toBe(true);
    expect(shown.original!.content).toBe('**Long Marsh** · `long-marsh` · Sword and Claw · 36×24: blocking terrain, difficult ground, trees');
    expect(shown.original!.attachments.map((a) => a.filename)).toEqual(['long-marsh.png']);
    expect(shown.original!.attachments[0]!.description).toMatch(/^Long Marsh, a Sword and Claw map\.\n36 by 24 inches/);
    const refused = await world.run({ user: 'bob', channel: thread, name: 'map show', options: { map: 'mill-crossing' } });
    expect(answerText(refused)).toMatch(/^\*\*Mill Crossing\*\* is a Sellsword map\. Sword and Claw is played on \*\*Reed Ford\*\*/);
    expect(world.errors).toEqual([]);
  });
});
