/**
 * A profile's favourite units are the units the player fielded: a forfeit (a no-show's warband never
 * took the table) and a match that ended in setup do not count.
 */
import { describe, expect, it } from 'vitest';
import { profileOf } from '../../src/league/profile';
import type { NewResult, NewResultPlayer } from '../../src/store';
import { memoryStore, testClock } from '../store/fixture';

const warband = (...cards: string[]) => ({ name: 'W', units: cards.map((card) => ({ card })) });

function result(rounds: number, alice: Partial<NewResultPlayer>, way: NewResult['way'] = 'played'): NewResult {
  return {
    leagueId: 'c1',
    seasonId: null,
    pairingId: null,
    matchId: null,
    way,
    winner: alice.outcome === 'win' ? 'alice' : 'bob',
    rounds,
    duration: 1,
    ended: 1_700_000_000_000 + rounds,
    players: [
      { player: 'alice', seat: 0, outcome: 'loss', place: 2, warband: null, vpFor: 0, vpAgainst: 0, ...alice },
      { player: 'bob', seat: 1, outcome: 'win', place: 1, warband: warband('havoc-ghoul'), vpFor: 0, vpAgainst: 0 },
    ],
  };
}

describe('league profile favourites', () => {
  it('count only the units a player fielded in matches that reached play and that they did not forfeit', async () => {
    const store = memoryStore(testClock());
    await store.leagues.ensure('g1', 'c1', 'north');
    await store.results.record(result(4, { outcome: 'win', place: 1, warband: warband('valor-knight', 'valor-guard') }));
    await store.results.record(result(0, { outcome: 'forfeit', warband: warband('valor-pikeman') }, 'forfeit-setup'));
    await store.results.record(result(3, { outcome: 'forfeit', warband: warband('valor-squire') }, 'forfeit-clock'));
    await store.results.record(result(0, { outcome: 'loss', warband: warband('valor-captain') }, 'conceded'));
    const profile = await profileOf(store, 'c1', 'alice');
    expect(profile.played).toBe(4);
    expect(profile.favourites).toEqual([
      { card: 'valor-guard', games: 1 },
      { card: 'valor-knight', games: 1 },
    ]);
  });
});
