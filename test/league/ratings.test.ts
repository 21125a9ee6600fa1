import { ordinal, rate, rating } from 'openskill';
import { describe, expect, it } from 'vitest';
import { catchUp, FIRST, rateResult, ratingDrift, rerate, shownRating } from '../../src/league/ratings';
import { rebuildRatings } from '../../src/league/rebuild';
import type { NewResultPlayer, ResultWithPlayers } from '../../src/store';
import { memoryStore } from '../store/fixture';
import { league, record, side } from './results-fixture';

const asResult = (players: NewResultPlayer[]): ResultWithPlayers =>
  ({ id: 1, players: players.map((p) => ({ ...p, resultId: 1 })) }) as unknown as ResultWithPlayers;

describe('ratings', () => {
  it('rate a duel as OpenSkill does by hand, and start everyone at 0', () => {
    expect(shownRating(FIRST)).toBeCloseTo(0, 9);
    const after = rateResult(new Map(), asResult([side('a', 0, 'win', 1), side('b', 1, 'loss', 2)]));
    const [[a], [b]] = rate([[rating()], [rating()]], { rank: [1, 2] });
    expect(after.get('a')).toEqual({ mu: a!.mu, sigma: a!.sigma });
    expect(after.get('b')).toEqual({ mu: b!.mu, sigma: b!.sigma });
  });

  it('rate a four-player free-for-all from places, ties shared, a forfeit last whatever its place', () => {
    const after = rateResult(new Map(), asResult([side('a', 0, 'forfeit', 1), side('b', 1, 'win', 1), side('c', 2, 'loss', 3), side('d', 3, 'loss', 3)]));
    const by = rate([[rating()], [rating()], [rating()], [rating()]], { rank: [4, 1, 3, 3] });
    expect(['a', 'b', 'c', 'd'].map((p) => after.get(p)!.mu)).toEqual(by.map((t) => t[0]!.mu));
    expect(after.get('c')).toEqual(after.get('d'));
    expect(ordinal(after.get('b')!)).toBeGreaterThan(ordinal(after.get('a')!));
  });

  it('catch up result by result to what a rebuild makes, and a rebuild finds and mends tampered ratings', async () => {
    const store = memoryStore();
    await league(store);
    await record(store, [side('a', 0, 'win', 1), side('b', 1, 'loss', 2)]);
    await catchUp(store, 'L');
    await record(store, [side('b', 0, 'win', 1), side('c', 1, 'loss', 2), side('a', 2, 'loss', 2)]);
    await record(store, [side('c', 0, 'draw', 1), side('a', 1, 'draw', 1)], null);
    await catchUp(store, 'L');
    expect(await ratingDrift(store, 'L')).toEqual([]);
    expect((await store.ratings.of('L', ['a']))[0]!.games).toBe(3);
    expect(await store.ratings.history('L', 'a')).toHaveLength(3);
    // Someone edits a rating by hand: the rebuild says so and puts it right.
    const [a] = await store.ratings.of('L', ['a']);
    await store.ratings.apply('L', (await store.leagueSettings.get('L'))!.ratedThrough, 99, [{ ...a!, mu: 40 }], []);
    const report = await rebuildRatings(store, { write: true });
    expect(report.drift.get('L')?.[0]).toMatch(/^a: stored mu 40/);
    expect(report.rewritten).toBe(1);
    expect((await rebuildRatings(store, { write: false })).drift.size).toBe(0);
  });

  it('leave out an overturned result once recomputed', async () => {
    const store = memoryStore();
    await league(store);
    const first = await record(store, [side('a', 0, 'win', 1), side('b', 1, 'loss', 2)]);
    await record(store, [side('a', 0, 'win', 1), side('b', 1, 'loss', 2)]);
    await catchUp(store, 'L');
    await store.results.overturn(first.id, { by: 'org', reason: 'wrong warband', at: 2, replacedBy: null });
    await rerate(store, 'L');
    const [[a]] = rate([[rating()], [rating()]], { rank: [1, 2] });
    expect((await store.ratings.of('L', ['a']))[0]).toMatchObject({ mu: a!.mu, games: 1 });
    expect(await ratingDrift(store, 'L')).toEqual([]);
  });
});
