/**
 * Gridmaps (docs/formats.md "Gridmap"): the shape, equal rows, 6–40 squares a side, everything on the map,
 * edges between orthogonal neighbours. The battlefield checks (entry tiles, paths) are the engine's.
 */
import { z } from 'zod';
import { edgeId, indexOf, nameOf, squareIndex } from './squares';
import { idSchema, nameSchema, squareSchema, uniqueList, whenValid } from './fields';
import { GRID_LEGEND, MAP_MAX_SIZE, MAP_MIN_SIZE, TERRAINS, WOUND_TYPES } from './vocabulary';

/** "C3/C4": the edge between two squares. */
const edgeSchema = z.string().transform((s, ctx) => {
  const parts = s.split('/');
  const squares = parts.map((p) => squareSchema.safeParse(p));
  if (parts.length !== 2 || squares.some((r) => !r.success)) {
    ctx.addIssue({ code: 'custom', message: `expected an edge between two squares like "C3/C4", got ${JSON.stringify(s)}` });
    return z.NEVER;
  }
  return squares.map((r) => r.data).join('/');
});

/** "sliding" is accepted for "sliding-wall", as the grid legend calls it a sliding wall. */
const terrainName = z.preprocess((v) => (v === 'sliding' ? 'sliding-wall' : v), z.enum(TERRAINS));

export const gridmapShape = z.strictObject({
  id: idSchema,
  name: nameSchema,
  grid: z.array(z.string()).min(MAP_MIN_SIZE).max(MAP_MAX_SIZE),
  walls: z.array(edgeSchema).default([]),
  lowCover: z.array(edgeSchema).default([]),
  cells: z.array(z.strictObject({ at: squareSchema, terrain: uniqueList(terrainName, 'terrain').min(1) })).default([]),
  damage: z.enum(WOUND_TYPES).default('fire'),
  objectives: z.array(z.array(squareSchema).min(1)).default([]),
});

export type Gridmap = z.output<typeof gridmapShape>;

type Ctx = z.core.$RefinementCtx<unknown>;
const problem = (ctx: Ctx, path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message });

/** What a game's grid characters stand for: the format checks only that every character is one of them. */
export type GridCharacters = Readonly<Record<string, unknown>>;

/**
 * A grid's shape: every row the same length, `min`–`max` squares long, every character in `legend`.
 * Each game reads its own legend; the shape rules are the same for all. True when the grid is good.
 */
export function checkGridRows(grid: readonly string[], legend: GridCharacters, size: { min: number; max: number }, ctx: Ctx): boolean {
  const width = grid[0]!.length;
  const legendWords = Object.keys(legend).join(' ');
  let good = true;
  if (width < size.min || width > size.max) {
    problem(ctx, ['grid', 0], `rows must be ${size.min}–${size.max} squares long, this one has ${width}`);
    good = false;
  }
  grid.forEach((line, row) => {
    if (line.length !== width) {
      problem(ctx, ['grid', row], `row ${row + 1} has ${line.length} squares but row 1 has ${width}; every row must be the same length`);
      good = false;
    }
    [...line].forEach((ch, col) => {
      if (!Object.hasOwn(legend, ch)) {
        problem(ctx, ['grid', row], `${nameOf({ width }, indexOf({ width }, col, row))}: ${JSON.stringify(ch)} is not a map character (use ${legendWords})`);
        good = false;
      }
    });
  });
  return good;
}

const checkGrid = (map: Gridmap, ctx: Ctx): boolean => checkGridRows(map.grid, GRID_LEGEND, { min: MAP_MIN_SIZE, max: MAP_MAX_SIZE }, ctx);

function checkPlacement(map: Gridmap, ctx: Ctx): boolean {
  const dims = { width: map.grid[0]!.length, height: map.grid.length };
  const size = `${dims.width}×${dims.height}`;
  let good = true;
  const onMap = (path: PropertyKey[], square: string) => {
    if (squareIndex(dims, square) !== null) return true;
    problem(ctx, path, `${square} is off the map (${size})`);
    good = false;
    return false;
  };
  for (const list of ['walls', 'lowCover'] as const) {
    const seen = new Set<number>();
    map[list].forEach((edge, i) => {
      const [a, c] = edge.split('/') as [string, string];
      if (!onMap([list, i], a) || !onMap([list, i], c)) return;
      const id = edgeId(dims, squareIndex(dims, a)!, squareIndex(dims, c)!);
      if (id < 0) {
        problem(ctx, [list, i], `${a} and ${c} do not share a side; an edge joins two orthogonal neighbours`);
        good = false;
      } else if (seen.has(id)) {
        problem(ctx, [list, i], `edge ${edge} is listed twice`);
        good = false;
      }
      seen.add(id);
    });
  }
  const cellsSeen = new Set<string>();
  map.cells.forEach((cell, i) => {
    onMap(['cells', i, 'at'], cell.at);
    if (cellsSeen.has(cell.at)) {
      problem(ctx, ['cells', i, 'at'], `${cell.at} already has a cell entry; list all its terrain in one`);
      good = false;
    }
    cellsSeen.add(cell.at);
  });
  const inArea = new Map<string, number>();
  map.objectives.forEach((area, a) =>
    area.forEach((sq, j) => {
      if (!onMap(['objectives', a, j], sq)) return;
      const other = inArea.get(sq);
      if (other !== undefined) {
        problem(ctx, ['objectives', a, j], `${sq} is already in objective area ${other + 1}`);
        good = false;
      }
      inArea.set(sq, a);
    }),
  );
  return good;
}

/**
 * A map's shape and placement: what the format alone can check. Whether it makes a battlefield (room
 * for entry tiles, a path between start areas) needs the board, so the engine adds that
 * (engine/battlefield.ts `battlefieldSchema`), and whatever accepts a map from people uses that one.
 */
export const gridmapSchema = gridmapShape.superRefine((map, ctx) => {
  if (!checkGrid(map, ctx)) return;
  checkPlacement(map, ctx);
}, whenValid);
