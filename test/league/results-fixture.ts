/** A league with one set of settings, and results recorded in it: shared by the ratings tests. */
import type { NewResultPlayer, Store } from '../../src/store';

export const side = (player: string, seat: number, outcome: NewResultPlayer['outcome'], place: number, vp = 0): NewResultPlayer => ({
  player,
  seat,
  outcome,
  place,
  warband: null,
  vpFor: vp,
  vpAgainst: 0,
});

export async function league(store: Store): Promise<void> {
  await store.leagues.ensure('g', 'L', 'North');
  await store.leagueSettings.create('L');
}

export const record = (store: Store, players: NewResultPlayer[], winner: string | null = players[0]!.player) =>
  store.results.record({ leagueId: 'L', seasonId: null, pairingId: null, matchId: null, way: 'played', winner, rounds: 3, duration: 1, ended: 1, players });
