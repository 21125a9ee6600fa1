import { refusal, refusedAsync } from './refusal';
import { PermissionFlagsBits, PermissionsBitField, type ChatInputCommandInteraction } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../src/commands/app';
import { catalogCommand } from '../../src/commands/catalog/catalog';
import { mapCommand } from '../../src/commands/map/map';
import { warbandCommand } from '../../src/commands/warband/warband';
import { listMaps, mapById, mapChoices, mapFacts, mapIds, mapListEmbed } from '../../src/commands/map/map-library';
import { mapPreviewAlt, renderMapPreview } from '../../src/posts/map-preview';
import { checkOrganiser, parseMapSubmission, submitMap } from '../../src/commands/map/map-submit';
import type { ReadOptions } from '../../src/commands/options';
import { defaultContent } from '../../src/content/load';
import { gridmapSchema } from '../../src/formats/gridmap';
import { openStore, type Store } from '../../src/store';
import { appOver } from './stored-match';

const content = defaultContent();
let store: Store;
let app: App;
beforeEach(() => {
  store = openStore(':memory:');
  app = appOver(store);
});
afterEach(async () => {
  await store.close();
  vi.unstubAllGlobals();
});

const YARD = {
  id: 'smithy-yard',
  name: 'Smithy Yard',
  grid: ['11........', '11........', '..........', '....##....', '....*.....', '..........', '........22', '........22'],
  lowCover: ['C3/C4'],
  cells: [{ at: 'e6', terrain: ['brush'] }],
};
const YARD_JSON = JSON.stringify(YARD);
const organiser = new PermissionsBitField(PermissionFlagsBits.ManageGuild);
const player = new PermissionsBitField(PermissionFlagsBits.SendMessages);

describe('who may submit a map', () => {
  it('an organiser (Manage Server) in a server', () => {
    expect(checkOrganiser('g1', organiser)).toBe('g1');
    expect(checkOrganiser('g1', new PermissionsBitField(PermissionFlagsBits.Administrator))).toBe('g1');
  });
  it('not a player without the permission, nor anyone in a DM', () => {
    expect(refusal(() => checkOrganiser('g1', player))).toEqual({
      code: 'organisers-only',
      message: 'Only organisers can add maps: you need the **Manage Server** permission. Ask an organiser to submit it for you.',
    });
    expect(refusal(() => checkOrganiser(null, null)).code).toBe('server-only');
  });
});

describe('a submitted map', () => {
  it('is validated, stored for its server, and then found, listed and offered there only', async () => {
    const { submitted, replaced } = await submitMap(app, YARD_JSON, 'yard.json', 'u1', 'g1');
    expect(replaced).toBe(false);
    expect(submitted.game).toBeNull();
    expect(submitted.game === null && submitted.map.cells[0]!.at).toBe('E6');
    expect(await store.maps.get('smithy-yard')).toMatchObject({ name: 'Smithy Yard', owner: 'u1', guildId: 'g1' });
    expect(await mapById(app, 'smithy-yard', 'g1')).toEqual(gridmapSchema.parse(YARD));
    expect((await mapById(app, 'Smithy-Yard', 'g1'))?.name).toBe('Smithy Yard');
    expect(await mapById(app, 'smithy-yard', 'g2')).toBeUndefined();
    expect(await mapById(app, 'smithy-yard', null)).toBeUndefined();
    expect(await mapById(app, 'smithy-yard')).toBeDefined();
    expect((await mapIds(app, 'g1')).has('smithy-yard')).toBe(true);
    expect((await mapIds(app, 'g2')).has('smithy-yard')).toBe(false);
    expect(await mapChoices(app, 'smithy', 'g1')).toEqual([{ name: 'Smithy Yard (smithy-yard)', value: 'smithy-yard' }]);
    expect(await mapChoices(app, 'smithy', 'g2')).toEqual([]);
    expect((await listMaps(app, 'g1')).at(-1)).toEqual({ id: 'smithy-yard', name: 'Smithy Yard', shipped: false, owner: 'u1' });
  });

  it('in YAML is accepted too, and a second submission in the same server replaces the first', async () => {
    await submitMap(app, YARD_JSON, 'yard.json', 'u1', 'g1');
    const yaml = `id: smithy-yard\nname: Smithy Yard Redone\ngrid:\n${YARD.grid.map((r) => `  - "${r}"`).join('\n')}\n`;
    expect((await submitMap(app, yaml, 'yard.yml', 'u2', 'g1')).replaced).toBe(true);
    expect((await store.maps.get('smithy-yard'))?.name).toBe('Smithy Yard Redone');
  });

  const bad: [string, () => unknown, string, RegExp][] = [
    ['broken JSON', () => submitMap(app, '{"id": ', 'y.json', 'u1', 'g1'), 'bad-map', /\*\*y\.json\*\* is not a valid map:\n• not valid JSON/],
    [
      'an unknown key and a bad square',
      () => submitMap(app, JSON.stringify({ ...YARD, colour: 'red', walls: ['Z99/A1'] }), 'y.json', 'u1', 'g1'),
      'bad-map',
      /• colour: /,
    ],
    [
      'uneven rows',
      () => submitMap(app, JSON.stringify({ ...YARD, grid: [...YARD.grid.slice(0, 7), '..'] }), 'y.json', 'u1', 'g1'),
      'bad-map',
      /grid\[7\]: row 8 has 2 squares but row 1 has 10/,
    ],
    [
      'start areas walled apart',
      () => submitMap(app, JSON.stringify({ ...YARD, grid: YARD.grid.map((r, i) => (i === 3 ? '##########' : r)) }), 'y.json', 'u1', 'g1'),
      'bad-map',
      /no legal path joins start area 1/,
    ],
    [
      "a shipped map's id",
      () => submitMap(app, JSON.stringify({ ...YARD, id: 'mill-crossing' }), 'y.json', 'u1', 'g1'),
      'map-id-taken',
      /`mill-crossing` is the id of Mill Crossing, which ships with the bot/,
    ],
    // Deep nesting must be refused by its depth before any recursive walk could exhaust the stack.
    [
      '10,000 nested lists',
      () => submitMap(app, `grid: ${'['.repeat(10_000)}`, 'y.yaml', 'u1', 'g1'),
      'bad-map',
      /^\*\*y\.yaml\*\* is not a valid map:\n• the file nests 10001 levels deep; the most allowed is 64\n/,
    ],
    [
      'a name with a right-to-left override',
      () => submitMap(app, JSON.stringify({ ...YARD, name: 'Smithy\u202EYard' }), 'y.json', 'u1', 'g1'),
      'bad-map',
      /• name: contains an invisible or direction-changing character \(U\+202E\) at position 7; remove it/,
    ],
  ];
  it.each(bad)('is refused for %s, and nothing is stored', async (_what, fn, code, message) => {
    const r = await refusedAsync(fn);
    expect(r.code).toBe(code);
    expect(r.message).toMatch(message);
    expect(r.message.length).toBeLessThan(2000);
    expect(await store.maps.list()).toEqual([]);
  });

  it('is refused when another server already uses the id', async () => {
    await submitMap(app, YARD_JSON, 'yard.json', 'u1', 'g1');
    expect(await refusedAsync(() => submitMap(app, YARD_JSON, 'yard.json', 'u9', 'g2'))).toMatchObject({
      code: 'map-id-taken',
      message: expect.stringContaining('`smithy-yard-2`'),
    });
    expect((await store.maps.get('smithy-yard'))?.guildId).toBe('g1');
  });

  it('lists problems with their paths, the first few', () => {
    const r = refusal(() => parseMapSubmission(JSON.stringify({ id: 'X', name: '', grid: [], damage: 'acid', extra: 1 }), 'y.json'));
    expect(r.message).toMatch(/^\*\*y\.json\*\* is not a valid map:\n• /);
    expect(r.message).toMatch(/• id: expected an id/);
  });
});

describe('the map list', () => {
  it('shows every shipped map with its size and players', async () => {
    const embed = await mapListEmbed(app, 'g1');
    for (const m of content.maps.values()) {
      const f = mapFacts(m);
      expect(embed.description).toContain(`**${m.name}** \`${m.id}\` · ${f.width}×${f.height} · ${f.players} players`);
    }
    expect(mapFacts(content.maps.get('mill-crossing')!)).toEqual({ width: 18, height: 18, players: 2 });
  });
});

describe('a map drawn without units', () => {
  it('is a PNG with alt text about the board, for every shipped map', () => {
    for (const m of content.maps.values()) {
      const { png, alt } = renderMapPreview(m);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(alt.length).toBeLessThanOrEqual(1024);
      expect(alt).toMatch(new RegExp(`^Map ${m.name}, \\d+ by \\d+ squares, for \\d players, no units placed\\.`));
    }
  });

  it('says where the start areas and objectives are and what terrain there is', () => {
    const alt = mapPreviewAlt(gridmapSchema.parse(YARD));
    expect(alt).toBe(
      'Map Smithy Yard, 10 by 8 squares, for 2 players, no units placed. Start areas: P1 A1–B2; P2 I7–J8. Objectives: E5. Terrain squares: 1 brush, 2 wall. 1 low-cover edge.',
    );
  });

  it('stays within 1,024 characters on a 40×40 map full of objectives', () => {
    const grid = Array.from({ length: 40 }, (_, r) =>
      r < 2 ? '11'.padEnd(40, '.') : r >= 38 ? '22'.padStart(40, '.') : r % 2 ? '*.'.repeat(20) : '.'.repeat(40),
    );
    const alt = mapPreviewAlt(gridmapSchema.parse({ id: 'stars', name: 'Stars', grid }));
    expect(alt.length).toBeLessThanOrEqual(1024);
    expect(alt).toMatch(/^Map Stars, 40 by 40 squares, for 2 players/);
  });
});

/** Just enough of an interaction for the handler: it records what the handler sent. */
function fakeInteraction(guildId: string | null, permissions: PermissionsBitField | null) {
  const sent: { kind: string; payload: unknown }[] = [];
  const record = (kind: string) => async (payload: unknown) => {
    sent.push({ kind, payload });
  };
  const i = {
    user: { id: 'u1' },
    guildId,
    memberPermissions: permissions,
    sent,
    reply: record('reply'),
    deferReply: record('defer'),
    editReply: record('edit'),
  };
  return i;
}
const run = (i: ReturnType<typeof fakeInteraction>, sub: string, values: ReadOptions['values']) =>
  mapCommand.run(i as unknown as ChatInputCommandInteraction, app, { group: null, sub, values, focused: null });
const upload = { name: 'yard.json', size: YARD_JSON.length, contentType: 'application/json', url: 'https://cdn.example/yard.json' };

/** A Sword and Claw map (docs/formats.md "Sword and Claw: map"): it names its game. */
const FORD = { ruleset: 'sword-and-claw', id: 'mill-ford', name: 'Mill Ford', grid: ['......', '..##..', '..^^..', '..22..', '..%%..', '......'] };
const FORD_JSON = JSON.stringify(FORD);

describe('a submitted Sword and Claw map', () => {
  it("is checked by Sword and Claw's map rules and stored for its server, never among Sellsword's maps", async () => {
    const { submitted, replaced } = await submitMap(app, FORD_JSON, 'ford.json', 'u1', 'g1');
    expect(replaced).toBe(false);
    expect(submitted).toMatchObject({
      game: { id: 'sword-and-claw' },
      id: 'mill-ford',
      name: 'Mill Ford',
      about: '6×6: blocking terrain, difficult ground, trees, water up to 2 deep',
    });
    expect(await store.maps.get('mill-ford')).toMatchObject({ name: 'Mill Ford', owner: 'u1', guildId: 'g1', gridmap: { ruleset: 'sword-and-claw' } });
    expect(await mapById(app, 'mill-ford', 'g1')).toBeUndefined();
    expect((await mapIds(app, 'g1')).has('mill-ford')).toBe(false);
    // Its id is this server's: another server's map of either game may not take it.
    expect(await refusedAsync(() => submitMap(app, JSON.stringify({ ...YARD, id: 'mill-ford' }), 'y.json', 'u9', 'g2'))).toMatchObject({
      code: 'map-id-taken',
    });
  });

  const bad: [string, () => unknown, string, RegExp][] = [
    [
      'a square of no Sword and Claw terrain and rows of two lengths',
      () => submitMap(app, JSON.stringify({ ...FORD, grid: ['..*...', ...FORD.grid.slice(1, 5), '...'] }), 'f.json', 'u1', 'g1'),
      'bad-map',
      /^\*\*f\.json\*\* is not a valid Sword and Claw map:\n• grid\[0\]: C1: [^\n]*is not a map character[\s\S]*grid\[5\]: row 6 has 3 squares but row 1 has 6[\s\S]*docs\/formats\.md \("Sword and Claw: map"\)/,
    ],
    ['a Sellsword key', () => submitMap(app, JSON.stringify({ ...FORD, walls: ['A1/A2'] }), 'f.json', 'u1', 'g1'), 'bad-map', /Sword and Claw map:\n• walls: /],
    [
      'too small a table',
      () => submitMap(app, JSON.stringify({ ...FORD, grid: FORD.grid.slice(0, 4) }), 'f.json', 'u1', 'g1'),
      'bad-map',
      /Sword and Claw map:\n• grid: /,
    ],
    [
      "a shipped Sword and Claw map's id",
      () => submitMap(app, JSON.stringify({ ...FORD, id: 'reed-ford' }), 'f.json', 'u1', 'g1'),
      'map-id-taken',
      /`reed-ford` is the id of Reed Ford, which ships with the bot/,
    ],
    [
      'a game the bot does not know',
      () => submitMap(app, JSON.stringify({ ...FORD, ruleset: 'chess' }), 'f.json', 'u1', 'g1'),
      'bad-map',
      /names the game `chess`, whose maps cannot be submitted\. `ruleset` may be `sellsword` or `sword-and-claw`/,
    ],
  ];
  it.each(bad)('is refused for %s, and nothing is stored', async (_what, fn, code, message) => {
    const r = await refusedAsync(fn);
    expect(r.code).toBe(code);
    expect(r.message).toMatch(message);
    expect(r.message.length).toBeLessThan(2000);
    expect(await store.maps.list()).toEqual([]);
  });
});

describe('the /map handler', () => {
  it('lets an organiser add a Sword and Claw map, saying it is checked and kept, and that matches here can now name it', async () => {
    vi.stubGlobal('fetch', async () => new Response(FORD_JSON));
    const i = fakeInteraction('g1', organiser);
    await run(i, 'submit', { file: { ...upload, name: 'ford.json', size: FORD_JSON.length } as never });
    expect(i.sent.map((s) => s.kind)).toEqual(['defer', 'edit']);
    expect((i.sent[1]!.payload as { content: string }).content).toBe(
      "Added **Mill Ford** · `mill-ford` · Sword and Claw · 6×6: blocking terrain, difficult ground, trees, water up to 2 deep to this server: it is a valid Sword and Claw map, and its id is this server's. Challenges, practice matches and league map pools here can now name it (`map:mill-ford`); a match already begun on it keeps the map as it was.",
    );
    expect(await store.maps.get('mill-ford')).toBeDefined();
  });

  it('refuses a player before downloading anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const i = fakeInteraction('g1', player);
    await expect(run(i, 'submit', { file: upload as never })).rejects.toMatchObject({ code: 'organisers-only' });
    expect(fetch).not.toHaveBeenCalled();
    expect(i.sent).toEqual([]);
  });

  it('lets an organiser add a map, answering privately with its picture', async () => {
    vi.stubGlobal('fetch', async () => new Response(YARD_JSON));
    const i = fakeInteraction('g1', organiser);
    await run(i, 'submit', { file: upload as never });
    expect(i.sent.map((s) => s.kind)).toEqual(['defer', 'edit']);
    expect(i.sent[0]!.payload).toEqual({ flags: 64 });
    const edit = i.sent[1]!.payload as { content: string; files: { name: string; description: string }[] };
    expect(edit.content).toBe('Added **Smithy Yard** · `smithy-yard` · 10×8 · 2 players to this server. Players can now name `smithy-yard` in their warbands.');
    expect(edit.files[0]).toMatchObject({ name: 'smithy-yard.png', description: expect.stringMatching(/^Map Smithy Yard/) });
    // The map carries no key of its own: the key is the second picture.
    expect(edit.files[1]).toMatchObject({ name: 'smithy-yard-key.png', description: expect.stringMatching(/^Key to the maps of Smithy Yard/) });
    expect(await store.maps.get('smithy-yard')).toBeDefined();
  });

  it('shows a map, and suggests the right id for a typo before deferring', async () => {
    const i = fakeInteraction(null, null);
    await run(i, 'show', { map: 'barrow-hill', share: true });
    expect(i.sent.map((s) => s.kind)).toEqual(['defer', 'edit']);
    expect(i.sent[0]!.payload).toEqual({});
    await expect(run(fakeInteraction('g1', null), 'show', { map: 'barow-hill' })).rejects.toMatchObject({
      code: 'unknown-map',
      message: expect.stringContaining('did you mean "barrow-hill"'),
    });
  });

  it('autocompletes map ids for the server', async () => {
    await submitMap(app, YARD_JSON, 'yard.json', 'u1', 'g1');
    const i = fakeInteraction('g1', null);
    const choices = await mapCommand.autocomplete!(i as never, app, { group: null, sub: 'show', values: { map: 'yard' }, focused: 'map' });
    expect(choices).toEqual([{ name: 'Smithy Yard (smithy-yard)', value: 'smithy-yard' }]);
  });
});

describe('the registered data of /warband, /catalog and /map', () => {
  type Option = { name: string; description: string; required?: boolean; options?: Option[] };
  const walk = (options: readonly Option[], visit: (o: Option, siblings: readonly Option[]) => void): void => {
    for (const o of options) {
      visit(o, options);
      walk(o.options ?? [], visit);
    }
  };
  it.each([warbandCommand, catalogCommand, mapCommand])("$data.name follows Discord's rules for names, descriptions and option order", (command) => {
    const top = command.data as unknown as Option;
    walk([top], (o, siblings) => {
      expect(o.name).toMatch(/^[-_a-z0-9]{1,32}$/);
      expect(o.description.length).toBeGreaterThan(0);
      expect(o.description.length).toBeLessThanOrEqual(100);
      // Discord refuses a required option after an optional one.
      const firstOptional = siblings.findIndex((s) => !s.required);
      if (o.required && firstOptional >= 0) expect(siblings.indexOf(o)).toBeLessThan(firstOptional);
    });
  });
});
