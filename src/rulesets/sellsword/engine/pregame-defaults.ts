/**
 * The default answer to each setup prompt, beside the game's (defaults.ts): what a setup choice comes
 * to when its player's time runs out. Reroll a lost check (as `auto` rerolls a lost tactics check);
 * the AP chooses the map themself; the first candidate map; the first tile of the first free start area.
 */
import type { PregameCommand, PregamePrompt } from './pregame-state';

export function pregameDefault(prompt: PregamePrompt): PregameCommand {
  switch (prompt.kind) {
    case 'reroll':
      return { reroll: true };
    case 'map-chooser':
      return { chooser: prompt.player };
    case 'map':
      return { map: prompt.options[0]!.id };
    case 'entry':
      return { entry: prompt.options.areas[0]!.tiles[0]! };
  }
}
