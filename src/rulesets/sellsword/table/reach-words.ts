/**
 * The damaging ground a unit's reach crosses, in words for `/skirmish view`'s reach picture (R19): the
 * move suggestions warned of it square by square, the reach view did not (playtest). Read from the
 * same query the suggestions use (moveOptions), so both say the same squares and wounds.
 */
import { moveOptions, unitOf, type GameState } from '../engine';
import { unitName } from './map-labels';
import { damagingWounds } from './act-suggestions';

/** How many damaging squares are named before "and N more": the reply is read on a phone. */
const NAMED = 12;

/** "⚠ Damaging ground on the way: …", or null when no square the unit can reach costs it wounds. */
export function reachDamageWords(game: GameState, unitId: string, maneuver: boolean): string | null {
  const costly = moveOptions(game, unitId, maneuver)
    .filter((o) => o.wounds > 0)
    .sort((a, b) => a.wounds - b.wounds || a.cost - b.cost || a.square.localeCompare(b.square, 'en', { numeric: true }));
  if (costly.length === 0) return null;
  const who = unitName(game, unitOf(game, unitId));
  const named = costly
    .slice(0, NAMED)
    .map((o) => `${o.square} (${damagingWounds(game, o.wounds)}${o.stops.length > 0 ? `, stops on ${o.stops.join(', ')} first` : ''})`);
  const more = costly.length > NAMED ? `, and ${costly.length - NAMED} more` : '';
  return `⚠ Damaging ground: ${costly.length === 1 ? 'one square' : `${costly.length} squares`} ${who} can reach cost it wounds on the way, and a move stops on each damaging square to take them: ${named.join(', ')}${more}.`;
}
