/**
 * Where a match's dice commitment was posted (docs/dice.md), said the same by every reader of it: the
 * result post that reveals the secret and `/skirmish verify`. A practice match posts it in its opening
 * post, a league match with its pairing, any other match with its challenge.
 */
import { diceFrom, type DiceFrom } from '../match/match-export';
import type { MatchRecord } from '../match/record';
import type { Store } from '../store';

const WHERE: Record<DiceFrom, string> = {
  practice: 'posted when the practice match began',
  pairing: "posted with the league's pairing",
  challenge: 'posted with the challenge',
};

export async function commitmentWhere(store: Store, row: MatchRecord): Promise<string> {
  return WHERE[await diceFrom(store, row)];
}
