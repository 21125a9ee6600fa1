/**
 * A Sword and Claw map an organiser submits (issue 33) is played on in their server like a shipped
 * one, through the real bot and the fake Discord: listed (marked submitted) and drawn by `/map`,
 * suggested and accepted as the `map:` of a challenge and a practice match and in a league's pool, and not seen in another server.
 * The match keeps the map in its setup, so it replays, exports and verifies the same after the stored
 * map is replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchExportSchema } from '../../src/formats/match-export';
import { verifyExport } from '../../src/match/match-export';
import { answerText, componentsOf, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  // Two servers, the commands registered for both.
  world = await startWorld(null, undefined, undefined, { guilds: [{ name: 'Other table' }] }, { guildId: undefined });
}, 30_000);
afterAll(async () => world?.close());

const GRID = [
  '........................',
  '........................',
  '....##..........^^......',
  '....##.........^^^......',
  '..............^^^.......',
  '........................',
  '........................',
  '..........22.....##.....',
  '.....^...22......##.....',
  '....^^^.................',
  '........................',
  '...........###..........',
  '...........###..........',
  '........................',
  '........................',
  '........................',
];
const FORD = { ruleset: 'sword-and-claw', id: 'mill-ford', name: 'Mill Ford', grid: GRID };
const upload = (map: object) => ({ file: { name: 'mill-ford.json', data: JSON.stringify(map), contentType: 'application/json' } });

const other = () => world.fake.guilds()[1]!.channel.id;
const mapSuggestions = (channel: string | undefined, typed: string) =>
  world.fake.autocomplete({
    user: 'alice',
    ...(channel ? { channel } : {}),
    name: 'skirmish challenge',
    focused: 'map',
    options: { warband: 'Iron Company', ruleset: 'sword-and-claw', map: typed },
  });
const stored = async (thread: string) => (await world.store.matches.byThread(thread))!;

describe('a submitted Sword and Claw map', () => {
  it('is listed, drawn and suggested in its server only', async () => {
    const added = await world.run({ user: 'alice', name: 'map submit', attachments: upload(FORD) });
    expect(answerText(added)).toMatch(
      /^Added \*\*Mill Ford\*\* · `mill-ford` · Sword and Claw · 24×16: .* Challenges, practice matches and league map pools here can now name it/,
    );

    const listed = await world.run({ user: 'bob', name: 'map list', options: { ruleset: 'sword-and-claw' } });
    expect(listed.original!.embeds[0]!.description).toContain(
      '**Mill Ford** `mill-ford` · 24×16: blocking terrain, difficult ground, water up to 2 deep · submitted',
    );
    const drawn = await world.run({ user: 'bob', name: 'map show', options: { map: 'Mill Ford', ruleset: 'sword-and-claw' } });
    expect(drawn.original!.content).toBe(
      '**Mill Ford** · `mill-ford` · Sword and Claw · 24×16: blocking terrain, difficult ground, water up to 2 deep · submitted',
    );
    expect(drawn.original!.attachments.map((a) => a.filename)).toEqual(['mill-ford.png']);
    expect((await mapSuggestions(undefined, 'mill')).map((c) => [c.name, c.value])).toEqual([
      ['Mill Ford · 24×16: blocking terrain, difficult ground, water up to 2 deep · submitted', 'mill-ford'],
    ]);

    // Another server neither lists, suggests nor plays it.
    const elsewhere = await world.run({ user: 'bob', channel: other(), name: 'map list', options: { ruleset: 'sword-and-claw' } });
    expect(elsewhere.original!.embeds[0]!.description).not.toContain('Mill Ford');
    expect((await mapSuggestions(other(), 'mill'))[0]!.name).toMatch(/^Nothing to choose: Sword and Claw has no map matching "mill"/);
    const refused = await world.run({
      user: 'alice',
      channel: other(),
      name: 'skirmish challenge',
      options: { opponent: 'bob', warband: 'Iron Company', ruleset: 'sword-and-claw', map: 'mill-ford' },
    });
    expect(answerText(refused)).toMatch(/^Sword and Claw has no map "mill-ford"\. Its maps: \*\*Reed Ford\*\*/);
    expect(world.fake.threads(other())).toHaveLength(0);
  });

  it('is played on, and its match replays and exports the same after the stored map is replaced', async () => {
    await world.run({
      user: 'alice',
      name: 'skirmish challenge',
      options: { opponent: 'bob', warband: 'Iron Company', ruleset: 'sword-and-claw', map: 'mill-ford', turn_hours: 10 },
    });
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    expect(world.messages(thread)[0]!.content).toMatch(/on \*\*Mill Ford\*\*/);
    await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Mire Raiders' } });
    const begun = await stored(thread);
    expect(begun.setup).toMatchObject({ map: { id: 'mill-ford', name: 'Mill Ford', grid: GRID } });

    // Both deployments run out; the side whose turn it is gives an order.
    await world.advance(11);
    await world.advance(11);
    const playing = await stored(thread);
    expect(playing.status).toBe('playing');
    const player = (playing.snapshot as { turn: { player: string } }).turn.player;
    const next = await world.run({ user: world.fake.user(player)!.username, channel: thread, name: 'order next' });
    expect(next.response?.ephemeral).not.toBe(true);

    // The organiser replaces the map: the match keeps the one it began on.
    const replaced = await world.run({
      user: 'alice',
      name: 'map submit',
      attachments: upload({ ...FORD, name: 'Mill Ford Flooded', grid: GRID.map((r) => r.replaceAll('.', '3')) }),
    });
    expect(answerText(replaced)).toMatch(/^Updated \*\*Mill Ford Flooded\*\*/);
    const asked = await world.run({ user: 'bob', channel: thread, name: 'skirmish concede' });
    await world.click('bob', asked.original!, componentsOf(asked.original!).find((c) => c.label === 'Yes, concede')!.custom_id);
    const over = await stored(thread);
    expect(over.status).toBe('over');
    expect(over.setup).toEqual(begun.setup);

    const verdict = answerText(await world.run({ user: 'carol', channel: thread, name: 'skirmish verify' }));
    expect(verdict).toMatch(/✅ Replaying its \d+ events gives the same result/);
    const out = await world.run({ user: 'carol', channel: thread, name: 'skirmish export' });
    const doc = JSON.parse(world.fake.attachment(out.original!.attachments[0]!.url)!.toString('utf8')) as { setup: unknown };
    expect(doc.setup).toMatchObject({ map: { id: 'mill-ford', name: 'Mill Ford', grid: GRID } });
    expect(verifyExport(matchExportSchema.parse(doc)).ok).toBe(true);
    expect(world.errors).toEqual([]);
  }, 120_000);

  it('is played on in a practice match', async () => {
    await world.run({ user: 'carol', name: 'skirmish practice', options: { warband: 'Iron Company', ruleset: 'sword-and-claw', map: 'mill-ford' } });
    const thread = world.fake.threads(world.fake.channel.id).at(-1)!.id;
    expect(world.messages(thread)[0]!.content).toMatch(/on \*\*Mill Ford Flooded\*\*/);
    expect((await stored(thread)).setup).toMatchObject({ map: { id: 'mill-ford', name: 'Mill Ford Flooded' } });
  });

  it("is a league's pool, and the season's pairing is played on it", async () => {
    const league = world.fake.addChannel('claw-cup').id;
    await world.run({ user: 'alice', channel: league, name: 'league create', options: { name: 'Claw Cup', ruleset: 'sword-and-claw' } });
    const pool = await world.run({ user: 'alice', channel: league, name: 'league settings maps', options: { maps: 'Mill Ford Flooded' } });
    expect(answerText(pool)).toMatch(/allowed maps: any map → mill-ford/);
    await world.run({ user: 'alice', channel: league, name: 'league season start', options: { pairing: 'round-robin' } });
    await world.run({ user: 'alice', channel: league, name: 'league join', options: { warband: 'Iron Company' } });
    await world.run({ user: 'bob', channel: league, name: 'league join', options: { warband: 'Mire Raiders' } });
    await world.run({ user: 'alice', channel: league, name: 'league season close' });
    await world.bot.idle();
    const season = (await world.store.seasons.latest(league))!;
    const [pairing] = await world.store.seasons.pairings(season.id, 1);
    const row = (await world.store.matches.get(pairing!.matchId!))!;
    expect(row.status).toBe('setup');
    expect(row.setup).toMatchObject({ map: { id: 'mill-ford', name: 'Mill Ford Flooded' } });
    expect(world.errors).toEqual([]);
  }, 60_000);
});
