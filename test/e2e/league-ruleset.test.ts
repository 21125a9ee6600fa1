/**
 * A league of Sword and Claw through the fake Discord: `/league create ruleset:` makes the channel a
 * league of that game; its season's sign-ups take the game's armies (suggested as typed); the season
 * runner opens the pairing's match of that game with setup begun, with the round limit the organiser set and on a map of its
 * pool (checked against the game's own maps); a concession there is recorded as the
 * league's result, read from the game's own end, and counted in the standings. A challenge in the
 * league's channel is of its game, and one naming another game is refused with a sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concede } from './driver';
import { answerText, startWorld, type World } from './world';

let world: World;
let league: string;
const id = (name: string) => world.fake.user(name)!.id;

beforeAll(async () => {
  world = await startWorld(11);
  league = world.fake.channel.id;
}, 30_000);
afterAll(async () => world?.close());

describe('a Sword and Claw league', () => {
  it('plays its season with the game’s armies and counts its result', async () => {
    const made = await world.run({ user: 'alice', channel: league, name: 'league create', options: { name: 'Claw Cup', ruleset: 'sword-and-claw' } });
    expect(answerText(made)).toMatch(/now the league \*\*Claw Cup\*\*\. It plays \*\*Sword and Claw\*\*/);
    expect((await world.store.leagues.get(league))!.ruleset).toBe('sword-and-claw');

    // Ruling SC32: the organiser gives the league's battles a last round; its matches carry it.
    const limited = await world.run({ user: 'alice', channel: league, name: 'league settings points', options: { round_limit: 6 } });
    expect(answerText(limited)).toMatch(/round limit/);
    expect((await world.store.leagueSettings.get(league))!.roundLimit).toBe(6);

    // Its map pool is of its own game: a Sellsword map is refused by name with Sword and Claw's maps.
    const sellswordMap = await world.run({ user: 'alice', channel: league, name: 'league settings maps', options: { maps: 'long-marsh, mill-crossing' } });
    expect(answerText(sellswordMap)).toBe(
      '**Mill Crossing** is a Sellsword map. Sword and Claw is played on **Reed Ford** (`reed-ford`), **Long Marsh** (`long-marsh`), **Reed River** (`reed-river`).',
    );
    const pool = await world.run({ user: 'alice', channel: league, name: 'league settings maps', options: { maps: 'Long Marsh, reed-river' } });
    expect(answerText(pool)).toMatch(/allowed maps: any map → long-marsh, reed-river/);
    expect((await world.store.leagueSettings.get(league))!.maps).toEqual(['long-marsh', 'reed-river']);
    // `/map list` in the league's channel lists its game's maps.
    const listed = await world.run({ user: 'bob', channel: league, name: 'map list' });
    expect(listed.original!.embeds[0]!.title).toBe('Sword and Claw maps');

    await world.run({ user: 'alice', channel: league, name: 'league season start', options: { pairing: 'round-robin' } });
    const offered = await world.fake.autocomplete({ user: 'bob', channel: league, name: 'league join', focused: 'warband', options: { warband: '' } });
    expect(offered.map((c) => c.value)).toEqual(expect.arrayContaining(['Iron Company', 'Mire Raiders']));
    const wrong = await world.run({ user: 'bob', channel: league, name: 'league join', options: { warband: 'Grave Host' } });
    expect(answerText(wrong)).toMatch(/^Sword and Claw has no army "Grave Host"\. Its armies: /);
    for (const [user, army] of [
      ['alice', 'Iron Company'],
      ['bob', 'Mire Raiders'],
    ] as const) {
      const joined = await world.run({ user, channel: league, name: 'league join', options: { warband: army } });
      expect(answerText(joined)).toMatch(new RegExp(`joins \\*\\*Season 1\\*\\* with \\*\\*${army}\\*\\*`));
    }

    await world.run({ user: 'alice', channel: league, name: 'league season close' });
    await world.bot.idle();
    const season = (await world.store.seasons.latest(league))!;
    const [pairing] = await world.store.seasons.pairings(season.id, 1);
    const row = (await world.store.matches.get(pairing!.matchId!))!;
    expect(row.ruleset).toBe('sword-and-claw');
    expect(row.status).toBe('setup');
    expect((row.setup as { roundLimit?: number }).roundLimit).toBe(6);
    // The pairing's match is played on a map of the league's pool, not the game's default.
    const drawn = (row.setup as { map: { id: string; name: string } }).map;
    expect(['long-marsh', 'reed-river']).toContain(drawn.id);
    expect(world.messages(row.threadId!).some((m) => m.content.includes(`🗺️ The battle is fought on ${drawn.name}`))).toBe(true);
    const thread = row.threadId!;
    expect(world.messages(thread).some((m) => m.content.includes('Roll-off'))).toBe(true);
    expect(world.messages(thread).some((m) => m.content.includes('there is nothing to accept'))).toBe(true);
    // Its deadlines in the game's words: a player's turn and a prompt's answer, not a unit's turn or a wound split.
    expect(
      world
        .messages(thread)
        .some((m) => /⏱️ Deadlines: \d+ h for each turn, \d+ h for each answer to a prompt; \d+ missed deadlines forfeit the match\./.test(m.content)),
    ).toBe(true);

    await concede(world, 'bob', thread);
    const over = (await world.store.matches.get(row.id))!;
    expect(over.status).toBe('over');
    const result = (await world.store.results.forMatch(row.id))!;
    expect(result).toMatchObject({ leagueId: league, way: 'conceded', winner: id('alice'), seasonId: season.id });
    expect(world.messages(league).some((m) => m.content.startsWith('🏆 **Alice** beat **Bob** 0–0 (Bob conceded)'))).toBe(true);
    // One round of two players: the season is over, Alice first with the win.
    expect(world.messages(league).some((m) => m.content.startsWith('🏆 **Season 1** is over.') && /1 Alice +3 +1 +1 +0 +0/.test(m.content))).toBe(true);
    expect(world.errors).toEqual([]);
  });

  it('makes a challenge in its channel one of its game, and refuses another game with a sentence', async () => {
    const other = await world.run({
      user: 'alice',
      channel: league,
      name: 'skirmish challenge',
      options: { opponent: 'bob', warband: 'x', ruleset: 'sellsword' },
    });
    expect(answerText(other)).toBe('This league plays Sword and Claw: challenge without `ruleset:` here, or in another channel for another game.');
    // The league's pool holds: a map outside it is refused, and one that names none is drawn from it at the accept.
    const outside = await world.run({
      user: 'alice',
      channel: league,
      name: 'skirmish challenge',
      options: { opponent: 'bob', warband: 'Iron Company', map: 'reed-ford' },
    });
    expect(answerText(outside)).toBe('This league plays on **Long Marsh**, **Reed River**, not **Reed Ford**.');
    const ours = await world.run({ user: 'alice', channel: league, name: 'skirmish challenge', options: { opponent: 'bob', warband: 'Iron Company' } });
    expect(answerText(ours)).toMatch(/challenged .* to Sword and Claw/);
    const thread = world.fake.threads(league).at(-1)!.id;
    expect(world.messages(thread)[0]!.content).toMatch(
      /on one of the league's maps, drawn when the challenge is accepted \(\*\*Long Marsh\*\*, \*\*Reed River\*\*\)\./,
    );
    await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Mire Raiders' } });
    const row = (await world.store.matches.byThread(thread))!;
    expect(['long-marsh', 'reed-river']).toContain((row.setup as { map: { id: string } }).map.id);
  });
});
