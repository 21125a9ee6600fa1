/**
 * Sword and Claw maps (docs/formats.md "Sword and Claw: map"): the generic grid read with this game's
 * legend. A square is an inch (SC Introduction). Terrain is clear, hard blocking (buildings, tree
 * trunks, hills: SC Movement a, SC Line of Sight), difficult (SC Difficult Terrain) or trees, which
 * are light cover to a shot and clear ground to a move (SC Cover; ruling SC19), or water of a depth
 * from 1 to 4, the height of the troops that wade it (SC Moving Through Water; ruling SC68).
 */
import { z } from 'zod';
import { idSchema, nameSchema, whenValid } from '../../../formats/fields';
import { checkGridRows } from '../../../formats/gridmap';
import { rulesetKey } from './ruleset-key';

export const SC_TERRAINS = ['clear', 'blocking', 'difficult', 'light', 'water'] as const;
export type ScTerrain = (typeof SC_TERRAINS)[number];

/** Grid characters and what they stand for, with the words a legend shows; water has a depth (ruling SC68). */
export const SC_LEGEND: Readonly<Record<string, { readonly terrain: ScTerrain; readonly words: string; readonly depth?: number }>> = {
  '.': { terrain: 'clear', words: 'clear ground' },
  '#': { terrain: 'blocking', words: 'hard blocking terrain: no entering, no cutting its corners' },
  '^': { terrain: 'difficult', words: 'difficult terrain: an extra inch to enter' },
  '%': { terrain: 'light', words: 'trees: light cover, -1 to shoot through for every two inches' },
  '1': { terrain: 'water', depth: 1, words: 'water 1 deep: Small troops wade, shorter ones swim' },
  '2': { terrain: 'water', depth: 2, words: 'water 2 deep: Medium troops wade, smaller ones swim' },
  '3': { terrain: 'water', depth: 3, words: 'water 3 deep: Large troops wade, smaller ones swim' },
  '4': { terrain: 'water', depth: 4, words: 'water 4 deep: Huge troops wade, smaller ones swim' },
};

/** 6 to 72 squares a side: the rulebook's tables run from 3 by 4 feet to 4 by 6 feet (SC Introduction). */
export const SC_MAP_SIZE = { min: 6, max: 72 } as const;

export const scMapSchema = z
  .strictObject({
    ruleset: rulesetKey,
    id: idSchema,
    name: nameSchema,
    sample: z.boolean().default(false),
    grid: z.array(z.string()).min(SC_MAP_SIZE.min).max(SC_MAP_SIZE.max),
  })
  .superRefine((map, ctx) => {
    checkGridRows(map.grid, SC_LEGEND, SC_MAP_SIZE, ctx);
  }, whenValid);

export type ScMap = z.output<typeof scMapSchema>;

/** The map's terrain by square index (row × width + column). */
export function terrainOf(map: Pick<ScMap, 'grid'>): ScTerrain[] {
  return map.grid.flatMap((row) => [...row].map((ch) => SC_LEGEND[ch]!.terrain));
}

/** The water's depth by square index: 0 where there is no water (SC Moving Through Water). */
export function depthOf(map: Pick<ScMap, 'grid'>): number[] {
  return map.grid.flatMap((row) => [...row].map((ch) => SC_LEGEND[ch]!.depth ?? 0));
}
