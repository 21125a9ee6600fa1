/**
 * Saving throws (SC Saving Throws a–e; ruling SC21): the first step of a turn, rolled for the active
 * side without orders, since the rulebook leaves the player no choice in it. Conditions are what it
 * acts on (match/conditions.ts rollSaves); a side that carries none rolls no save.
 */
import type { TroopCard } from '../formats/troop-card';
import type { Dice } from './dice';

/** SC Saving Throws b: −1 for Small, 0 for Medium, +1 for Cavalry or Large, +2 for Huge. */
export function sizeModifier(card: Pick<TroopCard, 'size' | 'qualities'>): number {
  if (card.size === 'huge') return 2;
  if (card.size === 'large' || card.qualities.includes('Cavalry')) return 1;
  return card.size === 'small' ? -1 : 0;
}

/**
 * What a save did: the condition `remains` (under 6), is `removed` with what its description says
 * lingers (6 to 9), or is removed `cleanly`, nothing lingering (10 or more) (SC Saving Throws c–e).
 */
export type SaveResult = 'remains' | 'removed' | 'cleanly';

export interface SaveOutcome {
  readonly d10: number;
  readonly total: number;
  readonly result: SaveResult;
}

/** SC Saving Throws b–e: one save for one effect (each effect is saved against on its own, SC Saving Throws a). */
export function savingThrow(dice: Dice, card: Pick<TroopCard, 'str' | 'size' | 'qualities'>): SaveOutcome {
  const d10 = dice(10);
  const total = d10 + card.str + sizeModifier(card);
  return { d10, total, result: total >= 10 ? 'cleanly' : total >= 6 ? 'removed' : 'remains' };
}
