import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewResult, Store } from '../../src/store';
import { aMatch, memoryStore, testClock } from './fixture';
import type { TestClock } from './fixture';
import { emptiedPgliteStores } from '../support/pglite-template';

const duel = (over: Partial<NewResult> = {}): NewResult => ({
  leagueId: 'c1',
  seasonId: null,
  pairingId: null,
  matchId: 'm1',
  way: 'played',
  winner: 'alice',
  rounds: 4,
  duration: 86_400_000,
  ended: 1_700_000_000_000,
  players: [
    { player: 'alice', seat: 0, outcome: 'win', place: 1, warband: { name: 'Valor' }, vpFor: 60, vpAgainst: 20 },
    { player: 'bob', seat: 1, outcome: 'loss', place: 2, warband: { name: 'Havoc' }, vpFor: 20, vpAgainst: 60 },
  ],
  ...over,
});

// The league repositories on both backends: SQLite, and PostgreSQL in process (PGlite, one database
// for the file, emptied before each test).
const pglite = emptiedPgliteStores();
afterAll(() => pglite.end());
const BACKENDS: [string, (clock: TestClock) => Promise<Store>][] = [
  ['SQLite', async (clock) => memoryStore(clock)],
  ['PGlite', (clock) => pglite.open(clock)],
];

describe.each(BACKENDS)('league store on %s', (backend, open) => {
  let clock: TestClock;
  let store: Store;
  afterEach(async () => {
    // memoryStore's stores are closed by the fixture.
    if (backend !== 'SQLite') await store.close();
  });
  beforeEach(async () => {
    clock = testClock();
    store = await open(clock);
    await store.leagues.ensure('g1', 'c1', 'north');
    await store.players.upsert({ id: 'alice', name: 'Alice' });
    await store.players.upsert({ id: 'bob', name: 'Bob' });
    await store.matches.create(aMatch());
    await store.matches.create(aMatch({ id: 'm2' }));
    await store.leagueSettings.create('c1');
  });

  it('keeps settings with defaults, changes some, and creating again leaves them', async () => {
    const made = await store.leagueSettings.get('c1');
    expect(made).toMatchObject({ points: null, freeChallenges: true, maps: null, ratedThrough: 0 });
    await store.leagueSettings.set('c1', { points: 150, maps: ['barrow-hill'], freeChallenges: false, remindAt: [0.5, 0.9] });
    await store.leagueSettings.create('c1');
    expect(await store.leagueSettings.get('c1')).toMatchObject({ points: 150, maps: ['barrow-hill'], freeChallenges: false, remindAt: [0.5, 0.9] });
    expect(await store.leagueSettings.get('c2')).toBeUndefined();
  });

  it('logs changes newest first', async () => {
    await store.leagueLog.add({ leagueId: 'c1', by: 'org', kind: 'setting', subject: 'points', before: null, after: 150 });
    await store.leagueLog.add({ leagueId: 'c1', by: 'org', kind: 'overturn', subject: '1', reason: 'wrong map' });
    const log = await store.leagueLog.list('c1');
    expect(log.map((e) => e.kind)).toEqual(['overturn', 'setting']);
    expect(log[1]).toMatchObject({ before: null, after: 150 });
  });

  it('numbers seasons, allows one open at a time, and moves them on once', async () => {
    const s1 = await store.seasons.create({ leagueId: 'c1', pairing: 'swiss', rounds: 3 });
    expect(s1).toMatchObject({ number: 1, state: 'signup' });
    await expect(store.seasons.create({ leagueId: 'c1', pairing: 'swiss' })).rejects.toThrow();
    expect(await store.seasons.advance(s1.id, 'signup', 'running', 5)).toBe(true);
    expect(await store.seasons.advance(s1.id, 'signup', 'running', 6)).toBe(false);
    expect((await store.seasons.open('c1'))?.started).toBe(5);
    await store.seasons.advance(s1.id, 'running', 'closed', 9);
    expect(await store.seasons.open('c1')).toBeUndefined();
    const s2 = await store.seasons.create({ leagueId: 'c1', pairing: 'round-robin' });
    expect(s2.number).toBe(2);
    expect((await store.seasons.latest('c1'))?.id).toBe(s2.id);
  });

  it('keeps entries, rounds and pairings of a season', async () => {
    const s = await store.seasons.create({ leagueId: 'c1', pairing: 'swiss' });
    await store.seasons.join({ seasonId: s.id, player: 'alice', warbandId: null, warband: { name: 'Valor' }, joined: 1 });
    await store.seasons.join({ seasonId: s.id, player: 'bob', warbandId: null, warband: { name: 'Havoc' }, joined: 2 });
    await store.seasons.join({ seasonId: s.id, player: 'alice', warbandId: null, warband: { name: 'Valor II' }, joined: 3 });
    expect((await store.seasons.entries(s.id)).map((e) => [e.player, (e.warband as { name: string }).name])).toEqual([
      ['alice', 'Valor II'],
      ['bob', 'Havoc'],
    ]);
    expect(await store.seasons.removeEntry(s.id, 'bob', 10)).toBe(true);
    expect(await store.seasons.removeEntry(s.id, 'bob', 11)).toBe(false);
    await store.seasons.addRound({ seasonId: s.id, number: 1, started: 1, deadline: 100 });
    const [p] = await store.seasons.addPairings([
      { seasonId: s.id, round: 1, table: 1, players: ['alice', 'bob'] },
      { seasonId: s.id, round: 1, table: 2, players: ['carol'], bye: true },
    ]);
    await store.seasons.setPairingMatch(p!.id, 'm1');
    expect((await store.seasons.pairingOfMatch('m1'))?.id).toBe(p!.id);
    expect((await store.seasons.pairings(s.id, 1)).map((x) => x.bye)).toEqual([false, true]);
    expect(await store.seasons.endRound(s.id, 1, 50)).toBe(true);
    expect(await store.seasons.endRound(s.id, 1, 51)).toBe(false);
  });

  it('records results with each side, one standing result per match, and counts standings without overturned ones', async () => {
    const r1 = await store.results.record(duel());
    expect(r1.players.map((p) => p.player)).toEqual(['alice', 'bob']);
    await expect(store.results.record(duel())).rejects.toThrow();
    await store.results.record(
      duel({
        matchId: 'm2',
        winner: null,
        players: [
          { player: 'alice', seat: 0, outcome: 'draw', place: 1, warband: null, vpFor: 30, vpAgainst: 30 },
          { player: 'bob', seat: 1, outcome: 'draw', place: 1, warband: null, vpFor: 30, vpAgainst: 30 },
        ],
      }),
    );
    const table = await store.results.standings('c1');
    expect(table.find((l) => l.player === 'alice')).toEqual({ player: 'alice', played: 2, won: 1, drawn: 1, lost: 0, forfeits: 0, vpFor: 90, vpAgainst: 50 });
    expect(await store.results.overturn(r1.id, { by: 'org', reason: 'wrong warband', at: 5, replacedBy: null })).toBe(true);
    expect(await store.results.overturn(r1.id, { by: 'org', reason: 'again', at: 6, replacedBy: null })).toBe(false);
    expect(await store.results.forMatch('m1')).toBeUndefined();
    expect((await store.results.standings('c1')).find((l) => l.player === 'alice')?.played).toBe(1);
    expect((await store.results.standing('c1')).length).toBe(1);
    expect((await store.results.ofSeason('c1', null)).length).toBe(2);
    // Once overturned, the match may have a new result.
    await store.results.record(duel({ way: 'awarded', by: 'org', reason: 'replay' }));
    expect((await store.results.forMatch('m1'))?.way).toBe('awarded');
    expect((await store.results.forPlayer('c1', 'bob')).length).toBe(2);
  });

  it('applies ratings only over the results they were made from, and resets them', async () => {
    const r = await store.results.record(duel());
    const update = [{ player: 'alice', mu: 27, sigma: 8, ordinal: 3, games: 1 }];
    const history = [{ resultId: r.id, player: 'alice', mu: 27, sigma: 8, ordinal: 3 }];
    expect(await store.ratings.apply('c1', 0, r.id, update, history)).toBe(true);
    expect(await store.ratings.apply('c1', 0, r.id, update, history)).toBe(false);
    expect((await store.leagueSettings.get('c1'))?.ratedThrough).toBe(r.id);
    expect((await store.ratings.of('c1', ['alice', 'bob'])).map((x) => x.player)).toEqual(['alice']);
    expect(await store.ratings.history('c1', 'alice')).toHaveLength(1);
    await store.ratings.reset('c1');
    expect(await store.ratings.of('c1')).toEqual([]);
    expect((await store.leagueSettings.get('c1'))?.ratedThrough).toBe(0);
  });

  it('queues league posts per league in order', async () => {
    const [a] = await store.leaguePosts.add([
      { leagueId: 'c1', channelId: 'c1', body: { kind: 'a' } },
      { leagueId: 'c1', channelId: 'c1', body: { kind: 'b' } },
    ]);
    expect((await store.leaguePosts.head('c1'))?.id).toBe(a!.id);
    expect(await store.leaguePosts.waiting()).toEqual([{ leagueId: 'c1', due: clock() }]);
    await store.leaguePosts.delivered(a!.id, 'msg1');
    expect((await store.leaguePosts.head('c1'))?.body).toEqual({ kind: 'b' });
    expect((await store.leaguePosts.get(a!.id))?.messageId).toBe('msg1');
  });
});
