/**
 * Whether a well-formed gridmap makes a battlefield (R5, §2.1): objectives a unit can hold, start
 * areas numbered from 1 for at least two players, room for a 2×2 entry tile in each, and a way on foot
 * between them. It needs the board, so it lives here rather than in the format; `battlefieldSchema`
 * is the complete check for maps people submit.
 */
import { gridmapSchema, type Gridmap } from '../../../formats/gridmap';
import { whenValid } from '../../../formats/fields';
import type { Problem } from '../../../formats/problems';
import { buildBoard, colOf, groundReach, hasTerrain, nameOf, T, type Board } from '../../../engine/board';

/** An entry tile is 2×2 (R5): some 2×2 block of the area must be squares a unit may stand on. */
function hasEntryTileRoom(board: Board, area: readonly number[]): boolean {
  const inside = new Set(area.filter((i) => !hasTerrain(board, i, T.wall | T.pit | T.obstructing)));
  return [...inside].some((i) => colOf(board, i) + 1 < board.width && [i + 1, i + board.width, i + board.width + 1].every((j) => inside.has(j)));
}

/** What keeps a well-formed map from being a battlefield, as problems with paths; none for a good map. */
export function battlefieldProblems(map: Gridmap): Problem[] {
  const problems: Problem[] = [];
  const problem = (path: 'grid' | 'objectives', message: string) => problems.push({ path, message });
  const board = buildBoard(map);
  board.objectives.forEach((area) =>
    area.forEach((i) => {
      if (hasTerrain(board, i, T.wall | T.pit)) problem('objectives', `objective square ${nameOf(board, i)} is a wall or pit; no unit could hold it`);
    }),
  );
  const players = board.startAreas.map((a, p) => ({ p: p + 1, area: a }));
  const missing = players.filter(({ area }) => area.length === 0).map(({ p }) => p);
  if (missing.length > 0 || players.length < 2) {
    const have = players.filter(({ area }) => area.length > 0).map(({ p }) => p);
    problem('grid', `start areas must be numbered from 1 with none skipped and at least 2 players; found ${have.join(', ') || 'none'}`);
    return problems;
  }
  for (const { p, area } of players) {
    if (!hasEntryTileRoom(board, area)) {
      problem('grid', `start area ${p} has no 2×2 block of open squares for an entry tile`);
    }
  }
  const first = players[0]!;
  const reach = groundReach(board, first.area);
  for (const { p, area } of players.slice(1)) {
    if (!area.some((i) => reach.has(i))) {
      const to = nameOf(board, area[0]!);
      const from = nameOf(board, first.area[0]!);
      problem('grid', `no legal path joins start area ${first.p} (${from}) and start area ${p} (${to}); walls or pits cut them off`);
    }
  }
  return problems;
}

export const battlefieldSchema = gridmapSchema.superRefine((map, ctx) => {
  for (const p of battlefieldProblems(map)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
}, whenValid);
