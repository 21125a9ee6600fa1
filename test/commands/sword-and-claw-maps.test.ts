/**
 * Sword and Claw's maps at the command layer (issue 33): `/map list` and `/map show` of the game
 * `ruleset:` names or the thread's match or channel's league plays, drawn through its view; a league's
 * map pool checked against its own game's maps; and a match that names no map drawn from the pool.
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/commands/app';
import { mapsPatch } from '../../src/commands/league/league-settings';
import { mapCommand } from '../../src/commands/map/map';
import { mapListEmbed, tableMapListEmbed } from '../../src/commands/map/map-library';
import type { ReadOptions } from '../../src/commands/options';
import { tableMapOf } from '../../src/match/table-begin';
import { submittedMapDocuments, tableMapsHere } from '../../src/match/table-maps';
import { rulesetOf } from '../../src/rulesets';
import { openStore, type Store } from '../../src/store';
import { appOver } from './stored-match';

const found = rulesetOf('sword-and-claw');
if (!found.ok) throw new Error('no Sword and Claw');
const sc = found.ruleset;
const game = { rules: sc, table: sc.table! };
let store: Store;
let app: App;
beforeEach(() => {
  store = openStore(':memory:');
  app = appOver(store);
});
afterEach(async () => store.close());

function fakeInteraction(channelId: string | null = null) {
  const sent: { kind: string; payload: unknown }[] = [];
  const record = (kind: string) => async (payload: unknown) => void sent.push({ kind, payload });
  return {
    user: { id: 'u1' },
    guildId: 'g1',
    channelId,
    memberPermissions: null,
    sent,
    reply: record('reply'),
    deferReply: record('defer'),
    editReply: record('edit'),
  };
}
const run = (i: ReturnType<typeof fakeInteraction>, sub: string, values: ReadOptions['values']) =>
  mapCommand.run(i as unknown as ChatInputCommandInteraction, app, { group: null, sub, values, focused: null });
const embedOf = (i: ReturnType<typeof fakeInteraction>) =>
  (i.sent[0]!.payload as { embeds: { title: string; description: string; footer: { text: string } }[] }).embeds[0]!;

describe('/map list for Sword and Claw', () => {
  it("lists the game's maps with their size and terrain, the default first", async () => {
    const i = fakeInteraction();
    await run(i, 'list', { ruleset: 'sword-and-claw' });
    const embed = embedOf(i);
    expect(embed.title).toBe('Sword and Claw maps');
    expect(embed.description.split('\n')).toEqual([
      '**Reed Ford** `reed-ford` · 24×16: blocking terrain, difficult ground · the default',
      '**Long Marsh** `long-marsh` · 36×24: blocking terrain, difficult ground, trees',
      '**Reed River** `reed-river` · 24×16: blocking terrain, difficult ground, water up to 3 deep',
    ]);
    expect(embed.footer.text).toMatch(/^\/map show map draws one with its key/);
    expect(await tableMapListEmbed(app, sc, 'g1')).toEqual(embed);
  });

  it("is the default in a Sword and Claw league's channel; Sellsword's list points to it", async () => {
    await store.leagues.ensure('g1', 'claw-league', 'Claw Cup', 'sword-and-claw');
    const inLeague = fakeInteraction('claw-league');
    await run(inLeague, 'list', {});
    expect(embedOf(inLeague).title).toBe('Sword and Claw maps');
    const elsewhere = fakeInteraction('plain-channel');
    await run(elsewhere, 'list', {});
    expect(embedOf(elsewhere).title).toBe('Maps');
    expect(embedOf(elsewhere).description).toContain('`mill-crossing`');
    expect(embedOf(elsewhere).description).not.toContain('reed-ford');
    expect((await mapListEmbed(app, 'g1')).footer?.text).toBe("/map show map draws one · Sword and Claw's maps: /map list ruleset:Sword and Claw");
    // In the league's channel, `ruleset:` still picks the other game.
    const named = fakeInteraction('claw-league');
    await run(named, 'list', { ruleset: 'sellsword' });
    expect(embedOf(named).title).toBe('Maps');
  });
});

describe('/map show for Sword and Claw', () => {
  it("draws the map through the game's view, with its key, size and terrain in words", async () => {
    const i = fakeInteraction();
    await run(i, 'show', { map: 'Reed River', ruleset: 'sword-and-claw', share: true });
    expect(i.sent.map((s) => s.kind)).toEqual(['defer', 'edit']);
    const edit = i.sent[1]!.payload as { content: string; files: { name: string; description: string; attachment: Buffer }[] };
    expect(edit.content).toBe('**Reed River** · `reed-river` · Sword and Claw · 24×16: blocking terrain, difficult ground, water up to 3 deep');
    expect(edit.files).toHaveLength(1);
    expect(edit.files[0]).toMatchObject({ name: 'reed-river.png' });
    expect(edit.files[0]!.description).toBe(
      'Reed River, a Sword and Claw map.\n24 by 16 inches (a square is an inch), no troops placed.\nTerrain squares: 8 hard blocking, 16 difficult, 64 water 1 to 3 deep.',
    );
    expect(edit.files[0]!.attachment.subarray(1, 4).toString()).toBe('PNG');
  });

  it("draws a Sword and Claw map typed without ruleset: as that game's, and refuses a Sellsword map for Sword and Claw with its list", async () => {
    const i = fakeInteraction();
    await run(i, 'show', { map: 'long-marsh' });
    expect((i.sent[1]!.payload as { content: string }).content).toMatch(/^\*\*Long Marsh\*\* · `long-marsh` · Sword and Claw · 36×24/);
    await expect(run(fakeInteraction(), 'show', { map: 'mill-crossing', ruleset: 'sword-and-claw' })).rejects.toMatchObject({
      code: 'map-of-another-game',
      message:
        '**Mill Crossing** is a Sellsword map. Sword and Claw is played on **Reed Ford** (`reed-ford`), **Long Marsh** (`long-marsh`), **Reed River** (`reed-river`).',
    });
  });

  it("suggests the league's game's maps in its channel", async () => {
    await store.leagues.ensure('g1', 'claw-league', 'Claw Cup', 'sword-and-claw');
    const i = fakeInteraction('claw-league');
    const choices = await mapCommand.autocomplete!(i as never, app, { group: null, sub: 'show', values: { map: 'reed' }, focused: 'map' });
    expect(choices.map((c) => c.value)).toEqual(['reed-ford', 'reed-river']);
  });
});

describe("a Sword and Claw league's map pool", () => {
  beforeEach(async () => {
    await store.leagues.ensure('g1', 'claw-league', 'Claw Cup', 'sword-and-claw');
    await store.leagues.ensure('g1', 'sword-league', 'Sword Cup');
  });

  it("takes the game's maps by id or name, each once", async () => {
    expect(await mapsPatch(app, 'g1', 'claw-league', 'long-marsh reed-river')).toEqual({ maps: ['long-marsh', 'reed-river'] });
    expect(await mapsPatch(app, 'g1', 'claw-league', 'Reed River, LONG-MARSH, reed river')).toEqual({ maps: ['reed-river', 'long-marsh'] });
    expect(await mapsPatch(app, 'g1', 'claw-league', 'any')).toEqual({ maps: null });
  });

  it("refuses a Sellsword map by name with Sword and Claw's list, and an unknown one", async () => {
    await expect(mapsPatch(app, 'g1', 'claw-league', 'reed-ford, mill-crossing')).rejects.toMatchObject({
      code: 'map-of-another-game',
      message:
        '**Mill Crossing** is a Sellsword map. Sword and Claw is played on **Reed Ford** (`reed-ford`), **Long Marsh** (`long-marsh`), **Reed River** (`reed-river`).',
    });
    await expect(mapsPatch(app, 'g1', 'claw-league', 'nowhere')).rejects.toMatchObject({
      code: 'unknown-map',
      message: expect.stringMatching(/^Sword and Claw has no map "nowhere"\. Its maps: \*\*Reed Ford\*\*/),
    });
  });

  it("refuses a Sword and Claw map in a Sellsword league by name, with Sellsword's maps", async () => {
    expect(await mapsPatch(app, 'g1', 'sword-league', 'mill-crossing')).toEqual({ maps: ['mill-crossing'] });
    await expect(mapsPatch(app, 'g1', 'sword-league', 'mill-crossing reed-ford')).rejects.toMatchObject({
      code: 'map-of-another-game',
      message: expect.stringMatching(
        /^\*\*Reed Ford\*\* is a Sword and Claw map, and this league plays Sellsword\. Its maps: .*\*\*Mill Crossing\*\* \(`mill-crossing`\)/,
      ),
    });
  });
});

describe('the map of a match that names none', () => {
  it("is the terms' own map when named, else one of the pool drawn from the seed, else the game's first", () => {
    expect(tableMapOf(game, { map: 'reed-river', allowedMaps: ['long-marsh'] }, 7)).toBe('reed-river');
    expect(tableMapOf(game, { map: null, allowedMaps: ['long-marsh'] }, 7)).toBe('long-marsh');
    expect(tableMapOf(game, { map: null, allowedMaps: ['long-marsh', 'reed-river'] }, 4)).toBe('long-marsh');
    expect(tableMapOf(game, { map: null, allowedMaps: ['long-marsh', 'reed-river'] }, 5)).toBe('reed-river');
    // Every map of the pool comes up for some seed.
    const drawn = new Set(
      Array.from({ length: 20 }, (_, seed) => tableMapOf(game, { map: null, allowedMaps: ['reed-ford', 'long-marsh', 'reed-river'] }, seed)),
    );
    expect(drawn).toEqual(new Set(['reed-ford', 'long-marsh', 'reed-river']));
    // A pool saved before it was checked against the game keeps only the game's maps.
    expect(tableMapOf(game, { map: null, allowedMaps: ['mill-crossing', 'reed-river'] }, 0)).toBe('reed-river');
    expect(tableMapOf(game, { map: null, allowedMaps: ['mill-crossing'] }, 0)).toBeUndefined();
    expect(tableMapOf(game, { map: null }, 3)).toBeUndefined();
  });
});

/** A submitted Sword and Claw map (docs/formats.md "Sword and Claw: map"), stored as `/map submit` stores it. */
const FORD = { ruleset: 'sword-and-claw', id: 'mill-ford', name: 'Mill Ford', grid: ['........', '..##....', '..^^....', '..22....', '........', '........'] };

describe('a submitted Sword and Claw map in its server (issue 33)', () => {
  beforeEach(async () => {
    await store.maps.save({ id: 'mill-ford', name: 'Mill Ford', gridmap: FORD, owner: 'u1', guildId: 'g1' });
    await store.leagues.ensure('g1', 'claw-league', 'Claw Cup', 'sword-and-claw');
    await store.leagues.ensure('g2', 'other-league', 'Other Cup', 'sword-and-claw');
  });

  it('comes after the shipped maps in its own server only; a DM and another server see the shipped ones', async () => {
    const ids = async (guild: string | null | undefined) => (await tableMapsHere(app, sc, guild)).map((m) => `${m.id}${m.submitted ? '*' : ''}`);
    expect(await ids('g1')).toEqual(['reed-ford', 'long-marsh', 'reed-river', 'mill-ford*']);
    expect(await ids('g2')).toEqual(['reed-ford', 'long-marsh', 'reed-river']);
    expect(await ids(null)).toEqual(['reed-ford', 'long-marsh', 'reed-river']);
    const i = fakeInteraction();
    await run(i, 'list', { ruleset: 'sword-and-claw' });
    expect(embedOf(i).description.split('\n').at(-1)).toBe(
      '**Mill Ford** `mill-ford` · 8×6: blocking terrain, difficult ground, water up to 2 deep · submitted',
    );
    // Sellsword's list never shows it.
    expect((await mapListEmbed(app, 'g1')).description).not.toContain('mill-ford');
  });

  it('loses an id clash to a shipped map, and is left out when it no longer passes the map rules', async () => {
    await store.maps.save({ id: 'reed-river', name: 'My River', gridmap: { ...FORD, id: 'reed-river', name: 'My River' }, owner: 'u1', guildId: 'g1' });
    await store.maps.save({ id: 'broken', name: 'Broken', gridmap: { ...FORD, id: 'broken', grid: ['.*'] }, owner: 'u1', guildId: 'g1' });
    const maps = await tableMapsHere(app, sc, 'g1');
    expect(maps.map((m) => m.name)).toEqual(['Reed Ford', 'Long Marsh', 'Reed River', 'Mill Ford']);
  });

  it("is taken into its server's league pools, by id or name, and refused in another server's", async () => {
    expect(await mapsPatch(app, 'g1', 'claw-league', 'Mill Ford, reed-river')).toEqual({ maps: ['mill-ford', 'reed-river'] });
    await expect(mapsPatch(app, 'g2', 'other-league', 'mill-ford')).rejects.toMatchObject({ code: 'unknown-map' });
  });

  it('gives its document to a match that names it or draws it from the pool, and the setup keeps the map', async () => {
    const docs = await submittedMapDocuments(app, sc, { map: null, allowedMaps: ['mill-ford', 'reed-river'] }, 'g1');
    expect(Object.keys(docs)).toEqual(['mill-ford']);
    expect(await submittedMapDocuments(app, sc, { map: 'mill-ford' }, 'g2')).toEqual({});
    expect(tableMapOf(game, { map: null, allowedMaps: ['mill-ford'] }, 3, docs)).toBe('mill-ford');
    expect(tableMapOf(game, { map: null, allowedMaps: ['mill-ford'] }, 3)).toBeUndefined();
    const begin = { seed: 1, players: ['p1', 'p2'], armies: { p1: 'iron-company', p2: 'mire-raiders' }, map: 'mill-ford' };
    const made = sc.table!.setup({ ...begin, mapDocument: docs['mill-ford'] });
    expect(made.ok && (made.setup as { map: { grid: string[] } }).map.grid).toEqual(FORD.grid);
    // Without the document the game knows no such map.
    expect(sc.table!.setup(begin)).toMatchObject({ ok: false, error: { code: 'unknown-map' } });
  });
});
