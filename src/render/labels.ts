/**
 * Short unit labels for tokens ("GN", "LS2"): the card name's initials, numbered when a warband has
 * several of one card. Built from every unit in the state, reserve and dropped ones included, in
 * setup order; units are never added or removed during a game, so a label never changes.
 */
import type { GameState, UnitId } from '../rulesets/sellsword/engine';
import { labelUnits } from './unit-labels';

export { labelUnits } from './unit-labels';

/** Every unit's label, by unit id. */
export function unitLabels(state: GameState): Map<UnitId, string> {
  return labelUnits(Object.values(state.units), (card) => state.cards[card]?.name ?? card);
}
