/**
 * The map an entry tile is chosen on (R5): the chosen map with its numbered start areas and the tiles
 * already placed, drawn by the renderer, posted with the entry prompt so the choice is made looking at
 * the board rather than a list of squares.
 */
import { clip } from '../discord/text';
import { seeded } from '../engine';
import type { PregameState } from '../rulesets/sellsword/engine';
import { initial } from '../rulesets/sellsword/engine';
import { renderMapWithAlt } from '../rulesets/sellsword/render';
import { warbandUnits, type MatchSetup } from '../match/match-state';

/**
 * `pregame.map`, or with one map on offer that map before it is named: the question of who places the
 * first tile is asked looking at the start areas too, not blind.
 */
export function entryMapFile(setup: MatchSetup, pregame: PregameState): { png: Buffer; name: string; alt: string } | null {
  const map = setup.maps.find((m) => m.id === (pregame.map ?? (setup.maps.length === 1 ? setup.maps[0]!.id : null)))?.map;
  if (!map) return null;
  const made = initial({
    map,
    cards: new Map(Object.entries(setup.cards)),
    mods: new Map(Object.entries(setup.mods)),
    options: setup.options,
    players: setup.players,
    units: warbandUnits(setup),
    rng: seeded(setup.seed),
    entry: pregame.entry,
  });
  if ('error' in made) return null;
  const { png, alt } = renderMapWithAlt(made.state, { names: setup.names, startLabels: true });
  const placed = Object.entries(pregame.entry).map(([p, square]) => `${setup.names[p] ?? p}'s entry tile is at ${square}.`);
  return {
    png,
    name: 'entry-tiles.png',
    alt: clip(`Where to enter: the start areas are hatched and numbered. ${placed.join(' ')} ${alt}`, 'altText', { atWord: true }),
  };
}
