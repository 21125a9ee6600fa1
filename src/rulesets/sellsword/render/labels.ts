/**
 * Short unit labels for tokens ("GN", "LS2"): the card name's initials, numbered when a warband has
 * several of one card. Built from every unit in the state, reserve and dropped ones included, in
 * setup order; units are never added or removed during a game, so a label never changes.
 */
import { aurasOn, type GameState, type UnitId } from '../engine';
import { labelUnits } from '../../../render/unit-labels';

export { labelUnits } from '../../../render/unit-labels';

/** Every unit's label, by unit id. */
export function unitLabels(state: GameState): Map<UnitId, string> {
  return labelUnits(Object.values(state.units), (card) => state.cards[card]?.name ?? card);
}

/**
 * The auras on a unit's attack rolls now, by bearer and name: "KN's Banner of the Watch", "KN's Banner
 * and BB's Drums"; undefined when none is on it. What the roll words say instead of "auras +1".
 */
export function attackAuraWords(state: GameState, unit: UnitId): string | undefined {
  return auraWords(state, unit, 'attack');
}

/** The auras on a unit's `stat` now, by bearer and name ("TG's Shield Wall"); undefined when none is on it. */
export function auraWords(state: GameState, unit: UnitId, stat: Parameters<typeof aurasOn>[2]): string | undefined {
  const u = state.units[unit];
  if (!u) return undefined;
  const auras = aurasOn(state, u, stat);
  if (auras.length === 0) return undefined;
  const labels = unitLabels(state);
  return auras.map((a) => `${labels.get(a.bearer.id) ?? a.bearer.id}'s ${a.name}`).join(' and ');
}
