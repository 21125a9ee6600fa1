/**
 * Where a match's dice commitment was posted (docs/dice.md), said the same by every reader of it: the
 * result post that reveals the secret and `/skirmish verify`. A practice match posts it in its opening
 * post, a league match with its pairing, any other match with its challenge.
 */
import { practiceSeat } from '../match/practice-seat';
import type { MatchRecord } from '../match/record';
import type { Store } from '../store';

export async function commitmentWhere(store: Store, row: MatchRecord): Promise<string> {
  if (practiceSeat(row.terms)) return 'posted when the practice match began';
  return (await store.seasons.pairingOfMatch(row.id)) ? "posted with the league's pairing" : 'posted with the challenge';
}
