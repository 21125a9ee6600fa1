/**
 * The closed vocabulary of the generic public formats (docs/formats.md): a gridmap's terrain and grid
 * characters, its size limits, and the wound types a damaging map deals. Each game's own words (a
 * card's stats, statuses, traits) are in its folder (Sellsword's: rulesets/sellsword/formats/vocabulary.ts).
 */

/** Box 7: the eight wound types. */
export const WOUND_TYPES = ['cut', 'pierce', 'crush', 'fire', 'cold', 'magic', 'toxic', 'fear'] as const;
export type WoundType = (typeof WOUND_TYPES)[number];

/** Terrain a square can carry (§3.11); a cell may hold several (multiclass terrain). */
export const TERRAINS = ['challenging', 'brush', 'damaging', 'obstructing', 'pit', 'sliding-wall', 'smoke', 'wall'] as const;
export type Terrain = (typeof TERRAINS)[number];

/** Grid characters (docs/formats.md "Gridmap"): the terrain each adds, and start areas / objectives. */
export const GRID_LEGEND: Readonly<Record<string, { terrain: readonly Terrain[]; start?: number; objective?: true }>> = {
  '.': { terrain: [] },
  '^': { terrain: ['challenging'] },
  b: { terrain: ['brush'] },
  '~': { terrain: ['damaging'] },
  o: { terrain: ['obstructing'] },
  p: { terrain: ['pit'] },
  s: { terrain: ['sliding-wall'] },
  m: { terrain: ['smoke'] },
  '#': { terrain: ['wall'] },
  '*': { terrain: [], objective: true },
  '1': { terrain: [], start: 1 },
  '2': { terrain: [], start: 2 },
  '3': { terrain: [], start: 3 },
  '4': { terrain: [], start: 4 },
};

export const MAP_MIN_SIZE = 6;
export const MAP_MAX_SIZE = 40;
