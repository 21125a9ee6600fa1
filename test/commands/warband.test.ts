import { refusal, refusedAsync } from './refusal';
import type { ChatInputCommandInteraction } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultContent } from '../../src/content/load';
import type { App } from '../../src/commands/app';
import type { ReadOptions } from '../../src/commands/options';
import { UserError } from '../../src/match/user-error';
import { warbandCommand } from '../../src/commands/warband/warband';
import { checkSubmission, type CheckedWarband } from '../../src/match/warband-check';
import { warbandEmbed, warbandLine } from '../../src/commands/warband/warband-embed';
import { loadWarband, MAX_WARBANDS, removeWarband, saveWarband, warbandChoices, warbandListEmbed } from '../../src/commands/warband/warband-library';
import { checkUploadMeta, readUpload, UPLOAD_LIMIT, type Fetcher, type UploadMeta } from '../../src/commands/upload';
import { mapIds } from '../../src/commands/map/map-library';
import { openStore, type Store } from '../../src/store';
import { appOver } from './stored-match';

const content = defaultContent();
const index = content.index;
const maps = new Set(content.maps.keys());
const me = { id: 'u1', name: 'Hrolf' };

let store: Store;
let app: App;
beforeEach(() => {
  store = openStore(':memory:');
  app = appOver(store);
});
afterEach(() => store.close());

async function asyncRefusal(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof UserError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal, but the call succeeded');
}

const LINE = "Hrolf's Watch | valor | mill-crossing | valor-knight-captain+valor-banner, valor-knight, valor-squire, valor-serf+valor-shield-wall";
const JSON_TEXT = JSON.stringify({
  name: "Hrolf's Watch",
  faction: 'valor',
  map: 'mill-crossing',
  units: [
    { card: 'valor-knight-captain', mod: 'valor-banner' },
    { card: 'valor-knight' },
    { card: 'valor-squire' },
    { card: 'valor-serf', mod: 'valor-shield-wall' },
  ],
});
const YAML_TEXT = `name: Hrolf's Watch
faction: valor
map: mill-crossing
units:
  - card: valor-knight-captain
    mod: valor-banner
  - card: valor-knight
  - card: valor-squire
  - { card: valor-serf, mod: valor-shield-wall }
`;

/** A line with the given units, everything else legal. */
const line = (units: string, map = 'mill-crossing', faction = 'valor') => `Hrolf's Watch | ${faction} | ${map} | ${units}`;
const check = (text: string, file?: string) => checkSubmission(text, file, index, maps);

describe('a good warband', () => {
  it.each([
    ['the chat line', LINE, undefined],
    ['JSON', JSON_TEXT, 'hrolf.json'],
    ['YAML', YAML_TEXT, 'hrolf.yaml'],
  ])('in %s is checked, costed, stored and listed', async (_form, text, file) => {
    const checked = check(text, file);
    expect(checked.points).toBe(38 + 6 + 27 + 15 + 6 + 4);
    expect(checked.units.map((u) => [u.card.id, u.mod?.id, u.cost])).toEqual([
      ['valor-knight-captain', 'valor-banner', 44],
      ['valor-knight', undefined, 27],
      ['valor-squire', undefined, 15],
      ['valor-serf', 'valor-shield-wall', 10],
    ]);
    const { row, replaced } = await saveWarband(app, me, checked, text);
    expect(replaced).toBe(false);
    expect(row).toMatchObject({ owner: 'u1', name: "Hrolf's Watch", faction: 'valor', points: 96, source: text });
    expect((await store.warbands.list('u1')).map((w) => w.name)).toEqual(["Hrolf's Watch"]);
    expect((await store.players.get('u1'))?.name).toBe('Hrolf');
    expect((await warbandListEmbed(app, 'u1')).description).toBe("**Hrolf's Watch** · Valor · 96 pts · Mill Crossing");
  });

  it('is summarised in an embed: each unit with its mod and cost, faction, map and the total against the cap', () => {
    const embed = warbandEmbed(check(LINE), 'Mill Crossing');
    expect(embed.title).toBe("Hrolf's Watch");
    expect(embed.description?.split('\n')).toEqual([
      '1. **Knight-Captain** + Banner of the Watch · 44 pts · `valor-knight-captain+valor-banner`',
      '2. **Knight** · 27 pts · `valor-knight`',
      '3. **Squire** · 15 pts · `valor-squire`',
      '4. **Serf** + Shield Wall · 10 pts · `valor-serf+valor-shield-wall`',
    ]);
    expect(embed.fields).toEqual([
      { name: 'Faction', value: 'Valor', inline: true },
      { name: 'Map', value: 'Mill Crossing (`mill-crossing`)', inline: true },
      {
        name: 'Total',
        value: '96 points · 4 units\n_A warband may have up to 121 points and 8 units; a challenge or league may set fewer points._',
        inline: false,
      },
    ]);
  });

  it("replaces the same owner's warband of the same name, even typed in other case", async () => {
    await saveWarband(app, me, check(LINE), LINE);
    const again = line('valor-knight').replace("Hrolf's Watch", "HROLF'S WATCH");
    expect((await saveWarband(app, me, check(again), again)).replaced).toBe(true);
    expect((await store.warbands.list('u1')).map((w) => [w.name, w.points])).toEqual([["HROLF'S WATCH", 27]]);
  });

  it('stops at the per-player cap, but still allows replacing one', async () => {
    for (let i = 0; i < MAX_WARBANDS; i++) await saveWarband(app, me, check(line('valor-serf').replace("Hrolf's Watch", `Band ${i}`)), 'x');
    expect((await refusedAsync(() => saveWarband(app, me, check(LINE), LINE))).code).toBe('too-many-warbands');
    expect((await saveWarband(app, me, check(line('valor-squire').replace("Hrolf's Watch", 'Band 3')), 'x')).replaced).toBe(true);
    expect(await store.warbands.list('u1')).toHaveLength(MAX_WARBANDS);
  });
});

describe('a bad warband is refused with what is wrong, and nothing is stored', () => {
  const cases: [string, string, string | undefined, string, RegExp[]][] = [
    [
      'over the point cap',
      line('valor-knight-captain+valor-banner, valor-knight, valor-squire, valor-serf+valor-shield-wall, valor-mounted-knight'),
      undefined,
      'over-point-cap',
      [/Hrolf's Watch costs 128 points \(units 118 \+ mods 10\); the cap is 121\./],
    ],
    ['too many units', line(Array(9).fill('valor-serf').join(', ')), undefined, 'too-many-units', [/Hrolf's Watch has 9 units; the cap is 8\./]],
    [
      'mixed factions',
      line('valor-knight, havoc-ghoul'),
      undefined,
      'mixed-faction',
      [/Unit 2: "havoc-ghoul" is a havoc card; a valor warband takes valor units only\./],
    ],
    [
      'too much fantasy',
      line('havoc-bone-lich', 'mill-crossing', 'havoc'),
      undefined,
      'fantasy-too-high',
      [/Unit 1: "havoc-bone-lich" has fantasy rating 3; this scenario allows at most 2\./],
    ],
    [
      'a mod without the marks',
      line('valor-levy+valor-banner'),
      undefined,
      'mod-marks',
      [/Unit 1: "valor-banner" needs mod-use marks \[command\], card "valor-levy" has \[\]/],
    ],
    [
      'a mod of another faction',
      line('valor-serf+havoc-venom-blades'),
      undefined,
      'mod-wrong-faction',
      [/"havoc-venom-blades" is a havoc mod; it cannot go on the valor card "valor-serf"/],
    ],
    [
      'a mistyped card',
      line('valor-knigt'),
      undefined,
      'unknown-card',
      [/Unit 1: no unit card "valor-knigt" in the catalog \(did you mean "valor-knight"\?\)/],
    ],
    ['a card by its printed name', line('squire'), undefined, 'unknown-card', [/did you mean "valor-squire", the Squire\?/]],
    ['a mod where a card goes', line('valor-banner'), undefined, 'unknown-card', [/"valor-banner" is a mod; write card\+mod/]],
    [
      'a mistyped mod',
      line('valor-knight+valor-baner'),
      undefined,
      'unknown-mod',
      [/Unit 1: no mod "valor-baner" in the catalog \(did you mean "valor-banner"\?\)/],
    ],
    ['an unknown map', line('valor-knight', 'mill-crosing'), undefined, 'unknown-map', [/Map: no map "mill-crosing" \(did you mean "mill-crossing"\?\)/]],
    [
      'a short chat line',
      "Hrolf's Watch | valor | valor-knight",
      undefined,
      'bad-warband',
      [/has 3 parts separated by "\|"; missing units/, /For example: `Hrolf's Watch \| valor/],
    ],
    [
      'a card id in capitals',
      line('valor-squire, Valor-Knight'),
      undefined,
      'bad-warband',
      [/• unit 2: expected an id of lower-case letters/, /Write it as `name \| faction \| map/],
    ],
    ['broken JSON', '{"name": "x", ', 'w.json', 'bad-warband', [/\*\*w\.json\*\* is not a valid warband/, /not valid JSON/]],
    ['broken YAML', 'name: [x\nunits: 3', 'w.yaml', 'bad-warband', [/not valid YAML at line/]],
    [
      'a document with the wrong shape',
      JSON.stringify({ name: 'x', faction: 'valor', units: [{ card: 'valor-knight', colour: 'red' }] }),
      'w.json',
      'bad-warband',
      [/• map: /, /units\[0\]/],
    ],
  ];
  it.each(cases)('%s', async (_what, text, file, code, messages) => {
    const r = await refusedAsync(() => saveWarband(app, me, check(text, file), text));
    expect(r.code).toBe(code);
    for (const m of messages) expect(r.message).toMatch(m);
    expect(r.message.length).toBeLessThan(2000);
    expect(await store.warbands.list('u1')).toEqual([]);
  });

  it('lists every broken rule at once, the first few of many', () => {
    const r = refusal(() => check(line('valor-knigt, havoc-ghoul, valor-levy+valor-banner', 'nowhere')));
    expect(r.message.split('\n')[0]).toBe("**Hrolf's Watch** breaks 4 warband rules:");
    const many = refusal(() => check(JSON.stringify({ name: 1, faction: 2, map: 3, units: [{}, {}, {}, {}, {}, {}] }), 'w.json'));
    expect(many.message).toMatch(/…and \d+ more\./);
    expect(many.message.split('\n').filter((l) => l.startsWith('• '))).toHaveLength(5);
  });
});

describe('uploads', () => {
  const meta = (over: Partial<UploadMeta> = {}): UploadMeta => ({
    name: 'hrolf.json',
    size: 300,
    contentType: 'application/json; charset=utf-8',
    url: 'https://cdn.example/hrolf.json',
    ...over,
  });
  const serving = (body: ConstructorParameters<typeof Response>[0], status = 200): Fetcher & { calls: number } => {
    const f = Object.assign(
      async () => {
        f.calls++;
        return new Response(body, { status });
      },
      { calls: 0 },
    );
    return f;
  };

  it('are refused before downloading when too large, saying the limit', async () => {
    const fetcher = serving(JSON_TEXT);
    const r = await asyncRefusal(readUpload(meta({ size: 80 * 1024 }), 'a warband', fetcher));
    expect(r).toEqual({ code: 'upload-too-large', message: expect.stringMatching(/is 80 KiB; uploads are limited to 64 KiB/) });
    expect(fetcher.calls).toBe(0);
  });

  it.each([
    ['a picture', meta({ name: 'army.png', contentType: 'image/png' })],
    ['a renamed picture', meta({ name: 'army.json', contentType: 'image/png' })],
    ['a text file', meta({ name: 'army.txt', contentType: 'text/plain' })],
  ])('are refused before downloading when not JSON or YAML: %s', (_what, file) => {
    expect(refusal(() => checkUploadMeta(file, 'a warband'))).toMatchObject({
      code: 'upload-wrong-type',
      message: expect.stringContaining('`.json`, `.yaml` or `.yml`'),
    });
  });

  it('refuse a failed download, an error status, binary content and a body longer than announced', async () => {
    const down: Fetcher = async () => {
      throw new TypeError('fetch failed');
    };
    expect((await asyncRefusal(readUpload(meta(), 'a warband', down))).code).toBe('upload-failed');
    expect(await asyncRefusal(readUpload(meta(), 'a warband', serving('gone', 404)))).toMatchObject({
      code: 'upload-failed',
      message: expect.stringContaining('HTTP 404'),
    });
    expect((await asyncRefusal(readUpload(meta(), 'a warband', serving(new Uint8Array([0xff, 0xfe, 0x00, 0xc3]))))).code).toBe('upload-not-text');
    expect((await asyncRefusal(readUpload(meta(), 'a warband', serving('x'.repeat(UPLOAD_LIMIT + 1))))).code).toBe('upload-too-large');
    expect((await asyncRefusal(readUpload(meta(), 'a warband', serving('  \n')))).code).toBe('upload-empty');
  });

  it('read UTF-8 text, byte-order mark and all', async () => {
    expect(await readUpload(meta(), 'a warband', serving(`\ufeff${JSON_TEXT}`))).toBe(JSON_TEXT);
  });
});

describe("show, list, remove, load: only the caller's own warbands", () => {
  beforeEach(async () => {
    await saveWarband(app, me, check(LINE), LINE);
    await saveWarband(app, { id: 'u2', name: 'Other' }, check(line('valor-serf').replace("Hrolf's Watch", 'Grey Company')), 'x');
  });

  it('loads a warband for a skirmish with its cards, costs, faction and map', async () => {
    const w = await loadWarband(app, 'u1', "hrolf's watch ");
    expect(w).toMatchObject({ points: 96, faction: 'valor', map: 'mill-crossing' });
    expect(w.warband.units[0]).toEqual({ card: 'valor-knight-captain', mod: 'valor-banner' });
    expect(w.units.map((u) => u.card.id)).toEqual(['valor-knight-captain', 'valor-knight', 'valor-squire', 'valor-serf']);
  });

  it("refuses someone else's warband as unknown, naming the caller's own", async () => {
    expect(await refusedAsync(() => loadWarband(app, 'u1', 'Grey Company'))).toEqual({
      code: 'unknown-warband',
      message: 'You have no warband called "Grey Company". Your warbands: Hrolf\'s Watch.',
    });
    expect((await refusedAsync(() => loadWarband(app, 'u3', 'x'))).message).toMatch(/no saved warbands yet/);
    expect((await refusedAsync(() => removeWarband(app, 'u2', "Hrolf's Watch"))).code).toBe('unknown-warband');
    expect(await store.warbands.list('u1')).toHaveLength(1);
  });

  it('refuses a saved warband whose card has left the catalog', async () => {
    await store.warbands.save({
      owner: 'u1',
      name: 'Old',
      faction: 'valor',
      points: 5,
      document: { name: 'Old', faction: 'valor', map: 'mill-crossing', units: [{ card: 'valor-retired' }] },
      source: 'x',
    });
    expect(await refusedAsync(() => loadWarband(app, 'u1', 'Old'))).toMatchObject({
      code: 'warband-out-of-date',
      message: expect.stringContaining('"valor-retired"'),
    });
  });

  it("autocompletes only the caller's warbands", async () => {
    expect(await warbandChoices(app, 'u1', '')).toEqual([{ name: "Hrolf's Watch (Valor, 96 pts)", value: "Hrolf's Watch" }]);
    expect(await warbandChoices(app, 'u1', 'grey')).toEqual([]);
    expect(await warbandChoices(app, 'u2', 'grey')).toEqual([{ name: 'Grey Company (Valor, 6 pts)', value: 'Grey Company' }]);
  });

  it('removes, giving back the line that would restore it', async () => {
    expect(await removeWarband(app, 'u1', "HROLF'S WATCH")).toEqual({ name: "Hrolf's Watch", line: LINE });
    expect(await store.warbands.list('u1')).toEqual([]);
    expect(await store.warbands.list('u2')).toHaveLength(1);
    expect((await warbandListEmbed(app, 'u1')).description).toMatch(/^None yet/);
  });

  it('the chat line round-trips', () => {
    const checked: CheckedWarband = check(LINE);
    expect(check(warbandLine(checked.warband)!)).toEqual(checked);
    expect(warbandLine({ ...checked.warband, name: 'a|b' })).toBeNull();
  });
});

/** Just enough of an interaction for the handler: it records what the handler sent. */
function fakeInteraction(over: { guildId?: string | null } = {}) {
  const sent: { kind: string; payload: unknown }[] = [];
  const i = {
    user: { id: 'u1', displayName: 'Hrolf' },
    guildId: over.guildId ?? 'g1',
    memberPermissions: null,
    deferred: false,
    replied: false,
    sent,
    async reply(payload: unknown) {
      i.replied = true;
      sent.push({ kind: 'reply', payload });
    },
    async deferReply(payload: unknown) {
      i.deferred = true;
      sent.push({ kind: 'defer', payload });
    },
    async editReply(payload: unknown) {
      i.replied = true;
      sent.push({ kind: 'edit', payload });
    },
  };
  return i;
}

const opts = (sub: string, values: ReadOptions['values'], focused: string | null = null): ReadOptions => ({ group: null, sub, values, focused });
const asInteraction = (i: ReturnType<typeof fakeInteraction>) => i as unknown as ChatInputCommandInteraction;

describe('the /warband handler', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('registers submit, show, list and remove with short descriptions', () => {
    const subs = warbandCommand.data.options?.map((o) => o.name);
    expect(subs).toEqual(['submit', 'show', 'list', 'remove']);
    const all = JSON.stringify(warbandCommand.data);
    for (const m of all.matchAll(/"description":"([^"]*)"/g)) expect(m[1]!.length).toBeLessThanOrEqual(100);
  });

  it('saves a chat line and answers privately with the summary', async () => {
    const i = fakeInteraction();
    await warbandCommand.run(asInteraction(i), app, opts('submit', { text: LINE }));
    expect(i.sent).toHaveLength(1);
    expect(i.sent[0]).toMatchObject({
      kind: 'reply',
      payload: { flags: 64, content: expect.stringContaining("Saved **Hrolf's Watch**"), embeds: [{ title: "Hrolf's Watch" }] },
    });
    expect(await store.warbands.list('u1')).toHaveLength(1);
  });

  it("saves a pasted whole command line under the warband's own name, never the command (issue 26)", async () => {
    const i = fakeInteraction();
    // A tester pasted "/warband submit text:…" into `text`; the warband was saved under that name.
    await warbandCommand.run(asInteraction(i), app, opts('submit', { text: `/warband submit text:${LINE}` }));
    expect(i.sent[0]).toMatchObject({ payload: { content: expect.stringContaining("Saved **Hrolf's Watch**") } });
    expect((await store.warbands.get('u1', "Hrolf's Watch"))?.source).toBe(LINE);
    expect((await store.warbands.list('u1')).map((w) => w.name)).toEqual(["Hrolf's Watch"]);
    // A name still written as a command is refused, saying why.
    const odd = await asyncRefusal(warbandCommand.run(asInteraction(fakeInteraction()), app, opts('submit', { text: `/skirmish challenge ${LINE}` })));
    expect(odd.message).toMatch(/^"\/skirmish challenge Hrolf's Watch" reads as a command, not a warband's name: put only the warband in `text`\./);
  });

  it('defers, downloads and saves a file', async () => {
    vi.stubGlobal('fetch', async () => new Response(YAML_TEXT));
    const i = fakeInteraction();
    const file = { name: 'hrolf.yml', size: YAML_TEXT.length, contentType: 'application/x-yaml', url: 'https://cdn.example/hrolf.yml' };
    await warbandCommand.run(asInteraction(i), app, opts('submit', { file: file as never }));
    expect(i.sent.map((s) => s.kind)).toEqual(['defer', 'edit']);
    expect((await store.warbands.get('u1', "Hrolf's Watch"))?.source).toBe(YAML_TEXT);
  });

  it('wants exactly one of file and text, and refuses a huge file without deferring', async () => {
    const i = fakeInteraction();
    expect((await asyncRefusal(warbandCommand.run(asInteraction(i), app, opts('submit', {})))).code).toBe('submit-needs-one');
    const big = { name: 'w.json', size: 10_000_000, contentType: 'application/json', url: 'u' };
    expect((await asyncRefusal(warbandCommand.run(asInteraction(i), app, opts('submit', { file: big as never, text: LINE })))).message).toMatch(/not both/);
    expect((await asyncRefusal(warbandCommand.run(asInteraction(i), app, opts('submit', { file: big as never })))).code).toBe('upload-too-large');
    expect(i.sent).toEqual([]);
  });

  it('shows privately unless shared; lists; removes; autocompletes names', async () => {
    await saveWarband(app, me, check(LINE), LINE);
    const i = fakeInteraction();
    await warbandCommand.run(asInteraction(i), app, opts('show', { name: "Hrolf's Watch" }));
    await warbandCommand.run(asInteraction(i), app, opts('show', { name: "Hrolf's Watch", share: true }));
    await warbandCommand.run(asInteraction(i), app, opts('list', {}));
    await warbandCommand.run(asInteraction(i), app, opts('remove', { name: "Hrolf's Watch" }));
    const payloads = i.sent.map((s) => s.payload as { flags?: number; content?: string });
    expect(payloads.map((p) => p.flags)).toEqual([64, undefined, 64, 64]);
    expect(payloads[3]!.content).toBe(`Removed **Hrolf's Watch**. To bring it back: \`/warband submit text:${LINE}\``);
    expect(await store.warbands.list('u1')).toEqual([]);
    await saveWarband(app, me, check(LINE), LINE);
    const choices = await warbandCommand.autocomplete!(asInteraction(i) as never, app, opts('show', { name: 'hro' }, 'name'));
    expect(choices.map((c) => c.value)).toEqual(["Hrolf's Watch"]);
  });

  it('checks maps against what the server may use', async () => {
    expect(await mapIds(app, 'g1')).toEqual(maps);
  });
});
