/**
 * A Sword and Claw map on its own, before any troop stands on it (`/map show`): the board with its
 * terrain and water depths, a header of its size and how much of each terrain it has, and the key to
 * that terrain. Deployment zones are not drawn: they are rolled when a match begins (SC Set-up 7).
 */
import type { TableView } from '../../../render/table-view';
import { depthOf, type ScMap, type ScTerrain, terrainOf } from '../formats/map';
import { LOOK, marksOf, terrainLegend } from './table-view';

const TERRAIN_WORDS: readonly [ScTerrain, string][] = [
  ['blocking', 'hard blocking'],
  ['difficult', 'difficult'],
  ['light', 'trees'],
];

/** "Terrain squares: 14 hard blocking, 31 difficult, 20 water 1 to 3 deep"; "No terrain: open ground". */
export function terrainWords(map: Pick<ScMap, 'grid'>): string {
  const terrain = terrainOf(map);
  const count = (t: ScTerrain) => terrain.filter((x) => x === t).length;
  const parts = TERRAIN_WORDS.filter(([t]) => count(t) > 0).map(([t, words]) => `${count(t)} ${words}`);
  const depths = depthOf(map).filter((d) => d > 0);
  if (depths.length > 0) {
    const [low, high] = [Math.min(...depths), Math.max(...depths)];
    parts.push(`${depths.length} water ${low === high ? `${low}` : `${low} to ${high}`} deep`);
  }
  return parts.length === 0 ? 'No terrain: open ground' : `Terrain squares: ${parts.join(', ')}`;
}

/** The map's picture as a table view with no players and no troops. */
export function scMapView(map: Pick<ScMap, 'name' | 'grid'>): TableView {
  const width = map.grid[0]!.length;
  const height = map.grid.length;
  return {
    title: `${map.name}, a Sword and Claw map`,
    lines: [`${width} by ${height} inches (a square is an inch), no troops placed`, terrainWords(map)],
    board: { name: map.name, width, height, looks: terrainOf(map).map((t) => LOOK[t]), ...marksOf(map), areas: [] },
    players: [],
    units: [],
    overlays: [],
    legend: terrainLegend(map),
  };
}
