/**
 * A reserve force in players' words (SC Set-up 6, 7): "the second reserve (Crossbow line): 6 Human
 * Crossbowman, 96 points", read from the setup, where each army's troops are frozen.
 */
import type { PlayerId, ReserveNumber, ScSetup } from '../match/types';

const ORDINAL: Readonly<Record<ReserveNumber, string>> = { 1: 'first', 2: 'second' };

/** "first reserve", or with the name its player gave it, "first reserve (Crossbow line)". */
export function reserveName(setup: ScSetup, player: PlayerId, n: ReserveNumber): string {
  const given = setup.reserves?.[player]?.[n - 1];
  return `${ORDINAL[n]} reserve${given ? ` (${given})` : ''}`;
}

/** Its troops by card, in the army's order, and its points: "6 Human Crossbowman, 1 Human Captain: 126 points". */
export function reserveTroops(setup: ScSetup, player: PlayerId, n: ReserveNumber): string {
  const counts = new Map<string, number>();
  let points = 0;
  for (const t of setup.troops) {
    if (t.player !== player || t.reserve !== n) continue;
    counts.set(t.troop, (counts.get(t.troop) ?? 0) + 1);
    points += setup.cards[t.troop]?.points ?? 0;
  }
  const troops = [...counts].map(([card, count]) => `${count} ${setup.cards[card]?.name ?? card}`).join(', ');
  return `${troops}: ${points} points`;
}
