import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ordinal, rate, rating } from 'openskill';
import { describe, expect, it } from 'vitest';
import { catchUp, FIRST, rateResult, ratingDrift, rerate, shownRating } from '../../src/league/ratings';
import { rebuildRatings } from '../../src/league/rebuild';
import { openStore, type NewResultPlayer, type ResultWithPlayers, type Store } from '../../src/store';
import { memoryStore } from '../store/fixture';

const side = (player: string, seat: number, outcome: NewResultPlayer['outcome'], place: number, vp = 0): NewResultPlayer => ({
  player,
  seat,
  outcome,
  place,
  warband: null,
  vpFor: vp,
  vpAgainst: 0,
});

async function league(store: Store): Promise<void> {
  await store.leagues.ensure('g', 'L', 'North');
  await store.leagueSettings.create('L');
}

const record = (store: Store, players: NewResultPlayer[], winner: string | null = players[0]!.player) =>
  store.results.record({ leagueId: 'L', seasonId: null, pairingId: null, matchId: null, way: 'played', winner, rounds: 3, duration: 1, ended: 1, players });

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

  it('npm run ratings:rebuild reports equal ratings with exit 0, and differing ones with exit 1 after replacing them', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ratings-')), 'league.db');
    const store = openStore(file);
    await league(store);
    await record(store, [side('a', 0, 'win', 1), side('b', 1, 'loss', 2)]);
    await catchUp(store, 'L');
    await store.close();
    const run = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/ratings-rebuild.ts'], { env: { ...process.env, DATABASE_PATH: file }, encoding: 'utf8' });
    const same = run();
    expect(same.stdout).toMatch(/1 leagues, 1 results: the stored ratings equal the rebuilt ones\./);
    expect(same.status).toBe(0);
    const again = openStore(file);
    await again.ratings.reset('L');
    await again.close();
    const differ = run();
    expect(differ.stdout).toMatch(/league L: the stored ratings differ from the rebuilt ones \(replaced\):\n {2}a: has results but no stored rating/);
    expect(differ.status).toBe(1);
    expect(run().status).toBe(0);
  }, 30_000);
});
