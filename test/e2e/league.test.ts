/**
 * Leagues through Discord: an organiser makes the channel a league and sets its rules,
 * every change is told in the channel; a challenge there takes the league's terms; a finished match
 * is recorded as a result, rated, and its post says how the standings changed; non-organisers are
 * refused every organiser command.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRecord } from '../../src/match/record';
import { concede } from './driver';
import { answerText, startWorld, type World } from './world';
import { answerPrompts, HAVOC, VALOR } from './setup-match';
import { componentsOf } from './world';
import { rate, rating, ordinal } from 'openskill';

let world: World;
let channel: string;
beforeAll(async () => {
  world = await startWorld(13);
  channel = world.fake.channel.id;
  await world.run({ user: 'alice', name: 'warband submit', options: { text: VALOR } });
  await world.run({ user: 'bob', name: 'warband submit', options: { text: HAVOC } });
}, 30_000);
afterAll(async () => world?.close());

const posts = () => world.messages(channel).map((m) => m.content);

describe('a league', () => {
  it('is made by an organiser, and its settings are changed and told in the channel', async () => {
    const refused = await world.run({ user: 'bob', name: 'league create', options: { name: 'North' } });
    expect(answerText(refused)).toMatch(/Only the league's organisers may do that/);
    const made = await world.run({ user: 'alice', name: 'league create', options: { name: 'North' } });
    expect(answerText(made)).toMatch(/now the league \*\*North\*\*/);
    expect(posts().some((c) => c.startsWith('🏟️') && c.includes('the league **North**'))).toBe(true);
    await world.run({ user: 'alice', name: 'league', group: 'settings', subcommand: 'points', options: { points: 60 } });
    await world.run({ user: 'alice', name: 'league', group: 'settings', subcommand: 'clock', options: { turn_hours: 24, misses: 2, reminders: '50, 90' } });
    await world.run({ user: 'alice', name: 'league', group: 'settings', subcommand: 'maps', options: { maps: 'mill-crossing' } });
    expect(posts()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('set the points limit: the default → 60.'),
        expect.stringContaining('set the time per turn: the default → 24 h.'),
        expect.stringContaining('set the reminders (share of the time): the default → 50%, 90%.'),
        expect.stringContaining('set the allowed maps: any map → mill-crossing.'),
      ]),
    );
    const log = await world.store.leagueLog.all(channel);
    expect(log.filter((e) => e.kind === 'setting').map((e) => e.subject)).toEqual(['points', 'turnHours', 'maxMisses', 'remindAt', 'maps']);
    const shown = await world.run({ user: 'bob', name: 'league', group: 'settings', subcommand: 'show' });
    expect(answerText(shown)).toMatch(/points limit: 60/);
    const bad = await world.run({ user: 'alice', name: 'league', group: 'settings', subcommand: 'maps', options: { maps: 'mill-crossing, nowhere' } });
    expect(answerText(bad)).toMatch(/There is no map "nowhere"/);
    expect((await world.store.leagueSettings.get(channel))?.maps).toEqual(['mill-crossing']);
  });

  it('refuses every organiser setting to a non-organiser', async () => {
    for (const [subcommand, options] of [
      ['points', { points: 100 }],
      ['clock', { misses: 5 }],
      ['maps', { maps: 'any' }],
      ['catalog', { version: '2' }],
      ['challenges', { free: false }],
      ['organiser_role', {}],
    ] as const) {
      const out = await world.run({ user: 'bob', name: 'league', group: 'settings', subcommand, options });
      expect(answerText(out), subcommand).toMatch(/Only the league's organisers may do that/);
    }
    expect((await world.store.leagueSettings.get(channel))?.points).toBe(60);
  });

  it("gives a challenge the league's terms, and refuses one that asks for others", async () => {
    const other = await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch", points: 100 } });
    expect(answerText(other)).toMatch(/This league plays at 60 points/);
    const misses = await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch", misses: 5 } });
    expect(answerText(misses)).toMatch(/This league sets `misses` to 2/);
    await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch" } });
    const row = (await world.store.matches.forPlayer(world.fake.user('alice')!.id))[0]!;
    const { terms } = matchRecord(row);
    expect(terms).toMatchObject({ points: 60, allowedMaps: ['mill-crossing'], clock: { turnHours: 24, maxMisses: 2, remindAt: [0.5, 0.9] } });
    await world.run({ user: 'alice', channel: row.threadId!, name: 'skirmish decline' });
  });

  it('with free challenges off, refuses a challenge and says why', async () => {
    await world.run({ user: 'alice', name: 'league', group: 'settings', subcommand: 'challenges', options: { free: false } });
    const out = await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch" } });
    expect(answerText(out)).toMatch(/This league plays only its season's pairings/);
    await world.run({ user: 'alice', name: 'league', group: 'settings', subcommand: 'challenges', options: { free: true } });
    expect(world.errors).toEqual([]);
  });

  it('records a finished match as a result in its ending act, rates it, and posts the standings change', async () => {
    await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch" } });
    const thread = world.fake.threads(channel).at(-1)!.id;
    await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } });
    await answerPrompts(world, thread);
    const asked = await world.run({ user: 'bob', channel: thread, name: 'skirmish concede' });
    await world.click('bob', asked.original!, componentsOf(asked.original!).find((c) => c.label === 'Yes, concede')!.custom_id);
    const row = (await world.store.matches.byThread(thread))!;
    const [alice, bob] = [world.fake.user('alice')!.id, world.fake.user('bob')!.id];
    const result = await world.store.results.forMatch(row.id);
    expect(result).toMatchObject({ leagueId: channel, way: 'conceded', winner: alice, seasonId: null });
    expect(result!.players.map((p) => [p.player, p.outcome, p.place])).toEqual([
      [alice, 'win', 1],
      [bob, 'loss', 2],
    ]);
    // The ratings, against the library by hand: a two-player game, alice first.
    const [[a], [b]] = rate([[rating()], [rating()]], { rank: [1, 2] });
    const stored = new Map((await world.store.ratings.of(channel)).map((r) => [r.player, r]));
    expect(stored.get(alice)).toMatchObject({ mu: a!.mu, sigma: a!.sigma, ordinal: ordinal(a!), games: 1 });
    expect(stored.get(bob)).toMatchObject({ mu: b!.mu, sigma: b!.sigma, games: 1 });
    const post = posts().find((c) => c.startsWith('🏆'))!;
    expect(post).toMatch(/\n-# 📊 Alice: new at 1st, rating 0\.0 → \d+\.\d \(\+\d+\.\d\) · Bob: new at 2nd, rating 0\.0 → -?\d+\.\d/);
    expect(world.errors).toEqual([]);
  });

  it('shows the standings as a picture with the table as alt text, and keeps a pinned post up to date', async () => {
    const out = await world.run({ user: 'carol', name: 'league standings' });
    const picture = out.original!.attachments[0]!;
    expect(picture.filename).toBe('standings.png');
    expect(picture.description).toMatch(
      /^North\. Rank, player, points, played, won, drawn, lost, forfeits, byes, VP difference, rating:\n1\. Alice: 3 points, 1 played, 1 won, 0 drawn, 0 lost, 0 forfeits, 0 byes, VP \+?\d+, rating \d+\.\d\n2\. Bob: 0 points, 1 played, 0 won/,
    );
    const refused = await world.run({ user: 'bob', name: 'league standings', options: { pin: true } });
    expect(answerText(refused)).toMatch(/Only the league's organisers may do that/);
    await world.run({ user: 'alice', name: 'league standings', options: { pin: true } });
    const pinned = world.messages(channel).find((m) => m.content.startsWith('📌 Standings'))!;
    expect(pinned.attachments[0]!.description).toMatch(/1\. Alice: 3 points, 1 played/);
    await playToConcession('alice');
    const edited = world.fake.message(pinned.id)!;
    expect(edited.attachments[0]!.description).toMatch(/Alice: 3 points, 2 played, 1 won, 0 drawn, 1 lost/);
    expect(world.messages(channel).filter((m) => m.content.startsWith('📌 Standings'))).toHaveLength(1);
    expect(world.errors).toEqual([]);
  });

  it("shows a player's profile: record, rating and trend, favourite units, reliability", async () => {
    const out = await world.run({ user: 'carol', name: 'league profile', options: { player: 'alice' } });
    const text = answerText(out);
    expect(text).toMatch(/^\*\*Alice\*\* in \*\*North\*\*/);
    expect(text).toMatch(/Record: 2 played: 1 won, 0 drawn, 1 lost, 0 forfeited/);
    expect(text).toMatch(/Rating: \*\*-?\d+\.\d\*\*, ↘ -\d+\.\d over the last 2 results/);
    expect(text).toMatch(/Favourite units: .*\(2\)/);
    expect(text).toMatch(/Reliability: 100% of deadlines met \(\d+ met, 0 missed\)/);
  });

  it('refuses every organiser tool to a non-organiser', async () => {
    const thread = world.fake.threads(channel).at(-1)!.id;
    const tries = [
      { channel: thread, name: 'league award', options: { winner: 'bob', reason: 'x' } },
      { channel: thread, name: 'league overturn', options: { reason: 'x' } },
      { channel: thread, name: 'league extend', options: { hours: 5 } },
      { name: 'league remove', options: { player: 'alice', reason: 'x' } },
      { name: 'league export' },
      { name: 'league standings', options: { pin: true } },
      { name: 'league create', options: { name: 'Mine' } },
    ];
    for (const t of tries) expect(answerText(await world.run({ user: 'bob', ...t })), t.name).toMatch(/Only the league's organisers may do that/);
    expect((await world.store.leagueLog.all(channel)).every((e) => e.by === world.fake.user('alice')!.id)).toBe(true);
  });

  it('lets an organiser overturn a result and award it again, with reasons, the ratings recomputed', async () => {
    const thread = world.fake.threads(channel).at(-1)!.id;
    const row = (await world.store.matches.byThread(thread))!;
    const [alice, bob] = [world.fake.user('alice')!.id, world.fake.user('bob')!.id];
    const before = (await world.store.results.forMatch(row.id))!;
    expect(before.winner).toBe(bob);
    await world.run({ user: 'alice', channel: thread, name: 'league overturn', options: { reason: 'Bob fielded an illegal warband' } });
    expect(await world.store.results.forMatch(row.id)).toBeUndefined();
    expect(posts().some((c) => c.includes('overturned the result of') && c.includes('Bob fielded an illegal warband'))).toBe(true);
    const aliceLine = (await world.store.results.standings(channel)).find((l) => l.player === alice)!;
    expect(aliceLine).toMatchObject({ played: 1, won: 1, lost: 0 });
    const [[a]] = rate([[rating()], [rating()]], { rank: [1, 2] });
    expect((await world.store.ratings.of(channel, [alice]))[0]).toMatchObject({ mu: a!.mu, games: 1 });
    await world.run({ user: 'alice', channel: thread, name: 'league award', options: { winner: 'alice', reason: 'Replayed at the club' } });
    const awarded = (await world.store.results.forMatch(row.id))!;
    expect(awarded).toMatchObject({ way: 'awarded', winner: alice, reason: 'Replayed at the club', by: alice });
    expect((await world.store.results.get(before.id))!.replacedBy).toBeNull();
    expect((await world.store.results.standings(channel)).find((l) => l.player === alice)).toMatchObject({ played: 2, won: 2 });
    const { ratingDrift } = await import('../../src/league/ratings');
    expect(await ratingDrift(world.store, channel)).toEqual([]);
    const pinned = world.messages(channel).find((m) => m.content.startsWith('📌 Standings'))!;
    expect(world.fake.message(pinned.id)!.attachments[0]!.description).toMatch(/Alice: 6 points, 2 played, 2 won/);
  });

  it("lets an organiser extend a match's deadlines and remove a player, whose open match is forfeited", async () => {
    await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch" } });
    const thread = world.fake.threads(channel).at(-1)!.id;
    await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } });
    const row = (await world.store.matches.byThread(thread))!;
    const due = (await world.store.deadlines.pending(row.id)).map((d) => d.due);
    await world.run({ user: 'alice', channel: thread, name: 'league extend', options: { hours: 24, reason: 'a holiday' } });
    expect((await world.store.deadlines.pending(row.id)).map((d) => d.due)).toEqual(due.map((d) => d + 24 * 3_600_000));
    expect(world.messages(thread).some((m) => m.content.includes('gave this match 24 more hours: a holiday'))).toBe(true);
    await world.run({ user: 'alice', name: 'league remove', options: { player: 'bob', reason: 'left the server' } });
    const ended = (await world.store.matches.get(row.id))!;
    expect(ended.status).toBe('over');
    const result = (await world.store.results.forMatch(row.id))!;
    expect(result.way).toBe('forfeit-withdrawn');
    expect(result.players.map((p) => p.outcome)).toEqual(['win', 'forfeit']);
    // A forfeit is told as one, never as a concession, and shows no score it never had.
    expect(posts().find((c) => c.includes('by forfeit'))).toMatch(
      /^🏆 \*\*Alice\*\* beat \*\*Bob\*\* by forfeit: Bob forfeited: they left the league or its season \(counted \d+–0\): /,
    );
    expect(posts().some((c) => c.includes('removed **Bob** from the league: left the server. They forfeit 1 open match.'))).toBe(true);
  });

  it('exports the league as CSV and JSON for an organiser', async () => {
    const out = await world.run({ user: 'alice', name: 'league export' });
    const files = out.original!.attachments;
    expect(files.map((f) => f.filename)).toEqual(['north.csv', 'north.json']);
    const csv = world.fake.attachment(files[0]!.url)!.toString('utf8');
    expect(csv.split('\n')[0]).toBe(
      'result,match,round,table,way,ended_at,rounds,duration_hours,player,name,outcome,place,warband,vp_for,vp_against,overturned,reason',
    );
    expect(csv).toMatch(/,conceded,.*,yes,Bob fielded an illegal warband/);
    const json = JSON.parse(world.fake.attachment(files[1]!.url)!.toString('utf8'));
    expect(json.league.name).toBe('North');
    expect(json.log.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['create', 'setting', 'pin', 'overturn', 'award', 'extend', 'remove']),
    );
    expect(world.errors).toEqual([]);
  });

  it('records a forfeit on the clock as a forfeit, and the profile counts the missed deadline', async () => {
    await world.run({ user: 'alice', name: 'league', group: 'settings', subcommand: 'clock', options: { misses: 1 } });
    await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch" } });
    const thread = world.fake.threads(channel).at(-1)!.id;
    await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } });
    const row = (await world.store.matches.byThread(thread))!;
    for (let i = 0; i < 10 && (await world.store.matches.get(row.id))!.status !== 'over'; i++) await world.advance(25);
    const result = (await world.store.results.forMatch(row.id))!;
    // The no-show forfeits in setup: recorded as such, and losing by the VP target.
    expect(result.way).toBe('forfeit-setup');
    const quitter = result.players.find((p) => p.outcome === 'forfeit')!;
    expect(result.players.find((p) => p.player !== quitter.player)!.outcome).toBe('win');
    const name = world.fake.user(quitter.player)!.username;
    const profile = answerText(await world.run({ user: 'carol', name: 'league profile', options: { player: name } }));
    expect(profile).toMatch(/forfeited/);
    expect(profile).toMatch(/Reliability: \d+% of deadlines met \(\d+ met, 1 missed\)/);
    expect(world.errors).toEqual([]);
  });

  it("holds /vacation to each league's own allowance, and names the league whose limit it is", async () => {
    // North gives one vacation day; South, a second league, keeps the default 14.
    await world.run({ user: 'alice', name: 'league', group: 'settings', subcommand: 'clock', options: { vacation_days: 1, misses: 3 } });
    const challenge = async (where: string) => {
      await world.run({ user: 'alice', channel: where, name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch" } });
      await world.run({ user: 'bob', channel: world.fake.threads(where).at(-1)!.id, name: 'skirmish accept', options: { warband: 'Grave Host' } });
    };
    await challenge(channel);
    const refused = await world.run({ user: 'bob', name: 'vacation start', options: { days: 2 } });
    expect(answerText(refused)).toBe('**North** allows 1 vacation day a year; you have 1 left (0 used), not 2.');
    const south = world.fake.addChannel('south').id;
    await world.run({ user: 'alice', channel: south, name: 'league create', options: { name: 'South' } });
    await challenge(south);
    const away = answerText(await world.run({ user: 'bob', name: 'vacation start', options: { days: 1 } }));
    expect(away).toContain('Vacation: **North**: 1 of 1 day used this year · **South**: 1 of 14 days used this year.');
    await world.run({ user: 'bob', name: 'vacation end' });
    // The registered option allows what a league may give, from the same number the check uses.
    type Option = { name: string; max_value?: number; options?: Option[] };
    const option = (command: string, ...path: string[]) =>
      path.reduce<Option | undefined>((o, name) => o?.options?.find((x) => x.name === name), world.fake.commands().find((c) => c.name === command) as Option);
    const days = option('vacation', 'start', 'days')!;
    const setting = option('league', 'settings', 'clock', 'vacation_days')!;
    expect(days.max_value).toBeGreaterThan(14);
    expect(days.max_value).toBe(setting.max_value);
    expect(world.errors).toEqual([]);
  });
});

/** Alice challenges Bob, who accepts; setup is answered, then `loser` concedes. */
async function playToConcession(loser: 'alice' | 'bob'): Promise<void> {
  await world.run({ user: 'alice', name: 'skirmish challenge', options: { opponent: 'bob', warband: "Hrolf's Watch" } });
  const thread = world.fake.threads(channel).at(-1)!.id;
  await world.run({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } });
  await answerPrompts(world, thread);
  await concede(world, loser, thread);
}
