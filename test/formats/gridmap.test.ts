import { describe, expect, it } from 'vitest';
import { buildBoard, groundReach, squareIndex, T, hasTerrain } from '../../src/engine/board';
import { gridmapSchema } from '../../src/formats/gridmap';
import { battlefieldSchema } from '../../src/rulesets/sellsword/engine/battlefield';
import { parseWith } from '../../src/formats/problems';
import { smallMap, withMap } from '../fixtures/maps';
import { probe } from '../fixtures/problems';

const { expectProblem } = probe(battlefieldSchema, 'map');

describe('gridmap schema', () => {
  it('accepts a small valid map and fills defaults', () => {
    const r = parseWith(gridmapSchema, smallMap);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value).toMatchObject({ walls: [], lowCover: [], cells: [], damage: 'fire', objectives: [] });
  });

  it('upper-cases squares and edges, and accepts "sliding" for sliding-wall', () => {
    const r = parseWith(gridmapSchema, withMap({ walls: ['c1/c2'], cells: [{ at: 'e1', terrain: ['sliding', 'smoke'] }] }));
    expect(r.ok && r.value.walls).toEqual(['C1/C2']);
    expect(r.ok && r.value.cells[0]).toEqual({ at: 'E1', terrain: ['sliding-wall', 'smoke'] });
  });

  it('rows must have equal length', () => {
    expectProblem(withMap({ grid: [...smallMap.grid.slice(0, 5), '....2'] }), 'grid[5]', /row 6 has 5 squares but row 1 has 6/);
  });

  it('a map is 6 to 40 squares on a side', () => {
    expectProblem(withMap({ grid: smallMap.grid.slice(0, 5) }), 'grid', /at least 6 items/);
    expectProblem(withMap({ grid: smallMap.grid.map((r) => r.slice(0, 5)) }), 'grid[0]', /6–40 squares long/);
    expectProblem(withMap({ grid: Array.from({ length: 41 }, () => '1'.repeat(6)) }), 'grid', /at most 40 items/);
  });

  it('names an unknown grid character and where it is', () => {
    expectProblem(withMap({ grid: ['11...x', ...smallMap.grid.slice(1)] }), 'grid[0]', /F1: "x" is not a map character/);
  });

  it('refuses unknown keys, wrong types and unknown terrain', () => {
    expectProblem(withMap({ wall: ['C1/C2'] }), 'wall', /unknown key/);
    expectProblem(withMap({ grid: 'not a list' }), 'grid', /expected a list/);
    expectProblem(withMap({ cells: [{ at: 'C3', terrain: ['lava'] }] }), 'cells[0].terrain[0]', /expected one of challenging/);
    expectProblem(withMap({ damage: 'acid' }), 'damage', /expected one of cut/);
  });

  it('edges join orthogonal neighbours on the map', () => {
    expectProblem(withMap({ walls: ['C1/D2'] }), 'walls[0]', /do not share a side/);
    expectProblem(withMap({ lowCover: ['C1/E1'] }), 'lowCover[0]', /do not share a side/);
    expectProblem(withMap({ walls: ['F6/G6'] }), 'walls[0]', /G6 is off the map \(6×6\)/);
    expectProblem(withMap({ walls: ['C1-C2'] }), 'walls[0]', /expected an edge between two squares like "C3\/C4"/);
    expectProblem(withMap({ walls: ['C1/C2', 'C2/C1'] }), 'walls[1]', /listed twice/);
  });

  it('objectives, cells and start areas are on the map', () => {
    expectProblem(withMap({ objectives: [['C3', 'G9']] }), 'objectives[0][1]', /G9 is off the map/);
    expectProblem(withMap({ cells: [{ at: 'Z1', terrain: ['brush'] }] }), 'cells[0].at', /off the map/);
    expectProblem(withMap({ objectives: [['C3'], ['C3']] }), 'objectives[1][0]', /already in objective area 1/);
    expectProblem(withMap({ objectives: [['C3', 'C4']] }), 'objectives', /C3 is a wall or pit/);
  });

  it('every start area has room for a 2×2 entry tile (R5)', () => {
    const grid = ['1.1...', ...smallMap.grid.slice(1).map((r) => r.replace(/1/g, '.'))];
    expectProblem(withMap({ grid }), 'grid', /start area 1 has no 2×2 block/);
  });

  it('start areas are numbered from 1 with none skipped', () => {
    const grid = smallMap.grid.map((r) => r.replace(/2/g, '3'));
    expectProblem(withMap({ grid }), 'grid', /numbered from 1 with none skipped/);
  });

  it('leaves the battlefield checks to the engine: the format alone accepts a well-formed map with its start areas cut off', () => {
    const grid = ['11....', '11....', '######', '......', '....22', '....22'];
    expect(parseWith(gridmapSchema, withMap({ grid })).ok).toBe(true);
    expectProblem(withMap({ grid }), 'grid', /no legal path/);
  });

  it('refuses a map whose start areas no legal path joins', () => {
    const walled = withMap({ grid: ['11....', '11....', '######', '......', '....22', '....22'] });
    expectProblem(walled, 'grid', /no legal path joins start area 1 \(A1\) and start area 2/);
    const pits = withMap({ grid: ['11....', '11....', 'pppppp', '......', '....22', '....22'] });
    expectProblem(pits, 'grid', /no legal path/);
  });

  it('a gap only reachable by cutting a wall corner is no path (R12)', () => {
    // The only way through is the diagonal C3→D4 between two wall squares.
    const grid = ['11....', '11....', '..####', '###...', '....22', '....22'];
    expectProblem(withMap({ grid }), 'grid', /no legal path/);
  });

  it('edge walls across the only gap cut the start areas apart', () => {
    const grid = ['11....', '11....', '##.###', '......', '....22', '....22'];
    expect(parseWith(gridmapSchema, withMap({ grid })).ok).toBe(true);
    expectProblem(withMap({ grid, walls: ['C2/C3'] }), 'grid', /no legal path/);
  });

  it('sliding walls can be walked through, so they do not cut a map apart', () => {
    const grid = ['11....', '11....', '##s###', '......', '....22', '....22'];
    expect(parseWith(gridmapSchema, withMap({ grid })).ok).toBe(true);
  });
});

describe('board built from a gridmap', () => {
  const parsed = parseWith(gridmapSchema, withMap({ cells: [{ at: 'E2', terrain: ['damaging'] }], walls: ['A3/B3'], objectives: [['C4', 'D4']] }));
  if (!parsed.ok) throw new Error('fixture map should be valid');
  const board = buildBoard(parsed.value);
  const at = (s: string) => squareIndex(board, s)!;

  it('multiclass cells add terrain to the grid character (§3.12)', () => {
    expect(hasTerrain(board, at('E2'), T.brush)).toBe(true);
    expect(hasTerrain(board, at('E2'), T.damaging)).toBe(true);
  });

  it('listed objective areas group squares; other * squares are areas of their own', () => {
    expect(board.objectives).toEqual([[at('C4'), at('D4')]]);
  });

  it('reads start areas from the grid', () => {
    expect(board.startAreas.map((a) => a.length)).toEqual([4, 4]);
    expect(board.defaultStartAreas).toBe(false);
  });

  it('R5: a map without start areas uses the two shorter edges, two rows deep', () => {
    const plain = (w: number, h: number) => {
      const r = parseWith(gridmapSchema, { id: 'plain', name: 'Plain', grid: Array.from({ length: h }, () => '.'.repeat(w)) });
      if (!r.ok) throw new Error('plain map should be valid');
      return buildBoard(r.value);
    };
    const square = plain(8, 8);
    expect(square.defaultStartAreas).toBe(true);
    expect(square.startAreas[0]).toEqual([...Array(16).keys()]);
    expect(square.startAreas[1]![0]).toBe(48);
    const wide = plain(10, 6);
    expect(wide.startAreas[0]).toContain(squareIndex(wide, 'B6'));
    expect(wide.startAreas[1]).toContain(squareIndex(wide, 'J1'));
    expect(wide.startAreas[0]).not.toContain(squareIndex(wide, 'C1'));
  });

  it('ground reach does not cross an edge wall or enter walls', () => {
    const reach = groundReach(board, [at('A1')]);
    expect(reach.has(at('C3'))).toBe(false);
    expect(reach.has(at('F6'))).toBe(true);
  });
});
