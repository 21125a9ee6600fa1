/**
 * Units named as the map names them. The engine's sentences name a unit by its card and id ("Knight
 * (kn)"), but a player sees only the map label (KN): a tester read "(kn)" as something to type.
 */
import { cardOf, type GameState, label, type UnitState } from '../engine';

/** A sentence with each unit's full label ("Knight (kn)") said as on the map ("KN"), so a suggestion's reason fits. */
export function inMapLabels(game: GameState, text: string): string {
  return Object.values(game.units).reduce((t, u) => t.replaceAll(label(game, u), u.id.toUpperCase()), text);
}

/**
 * A unit as a player's message names it: its map label, then its card ("KN (Knight)"), as the turn
 * posts and the match log do. Prompts once said the engine's "Knight (kn)" beside "KN" everywhere else.
 */
export function unitName(game: GameState, unit: UnitState): string {
  return `${unit.id.toUpperCase()} (${cardOf(game, unit).name})`;
}

/**
 * An engine sentence (a refusal's message) as a clause of a suggestion: in map labels, without its full
 * stop, so it can be joined to other words ("PD has 1 act left; Dawnburst needs 2 acts").
 */
export function reasonInMapLabels(game: GameState, text: string): string {
  return inMapLabels(game, text.replace(/\.$/, ''));
}
