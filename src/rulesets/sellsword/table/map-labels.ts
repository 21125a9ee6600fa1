/**
 * Units named as the map names them. The engine's sentences name a unit by its card and id ("Knight
 * (kn)"), but a player sees only the map label (KN): a tester read "(kn)" as something to type.
 */
import { type GameState, label } from '../engine';

/** A sentence with each unit's full label ("Knight (kn)") said as on the map ("KN"), so a suggestion's reason fits. */
export function inMapLabels(game: GameState, text: string): string {
  return Object.values(game.units).reduce((t, u) => t.replaceAll(label(game, u), u.id.toUpperCase()), text);
}
