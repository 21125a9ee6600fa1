import { describe, expect, it } from 'vitest';
import { openGroundDistance } from '../../../src/engine/distance';
import { squareIndex } from '../../../src/formats/squares';
import { afterMove, allowance, checkPath, mayPassEnemy, reachable, stepPrice } from '../../../src/rulesets/sword-and-claw/rules/movement';
import { type Piece, scTable } from '../../../src/rulesets/sword-and-claw/rules/table';
import type { ScSize } from '../../../src/rulesets/sword-and-claw/formats/vocabulary';

const open = Array.from({ length: 12 }, () => '.'.repeat(12));
const map = (grid: string[] = open) => ({ id: 't', name: 'T', grid });
const dims = { width: 12, height: 12 };
const sq = (name: string) => squareIndex(dims, name)!;
const piece = (id: string, player: string, at: string, size: ScSize = 'medium'): Piece => ({ id, player, size, at: sq(at) });

describe('SC Movement a: orders and 1-2-1-2 diagonals', () => {
  it('Move allows the Move rating, Run double, Slide 1 inch (2 for Large or Huge)', () => {
    expect([allowance('move', 4, 'medium'), allowance('run', 4, 'medium'), allowance('slide', 4, 'medium'), allowance('slide', 4, 'large')]).toEqual([
      4, 8, 1, 2,
    ]);
  });

  it('Run forbids the melee step; a Slide forbids ranged attacks, and a Slide with a move after it counts as a Run', () => {
    expect(afterMove('move')).toEqual({ melee: true, ranged: true, spells: true });
    expect(afterMove('run')).toEqual({ melee: false, ranged: false, spells: false });
    expect(afterMove('slide')).toEqual({ melee: true, ranged: false, spells: true });
    expect(afterMove('slide', true)).toEqual({ melee: false, ranged: false, spells: false });
  });

  it('every second diagonal costs 2: three diagonals cost 4, and reachable squares match the open-ground count', () => {
    const a = piece('a', 'p1', 'A1');
    const table = scTable(map(), [a]);
    expect(checkPath(table, a, [sq('B2'), sq('C3'), sq('D4')], 4)).toEqual({ path: [sq('B2'), sq('C3'), sq('D4')], spent: 4, fellBack: false });
    expect(checkPath(table, a, [sq('B2'), sq('C3'), sq('D4'), sq('E5')], 5)).toMatchObject({ code: 'not-enough-move' });
    const reach = reachable(table, a, 6);
    for (let r = 0; r < 12; r++) {
      for (let c = 0; c < 12; c++) {
        if (r === 0 && c === 0) continue;
        const d = openGroundDistance(c, r, 'every-second');
        expect(reach.get(r * 12 + c)?.spent, `${c},${r}`).toBe(d <= 6 ? d : undefined);
      }
    }
  });
});

describe('SC Movement a, c: what a troop may not move through', () => {
  it('hard blocking terrain cannot be entered, nor its corner cut', () => {
    const grid = [...open];
    grid[1] = '.#..........';
    const a = piece('a', 'p1', 'A1');
    const table = scTable(map(grid), [a]);
    expect(checkPath(table, a, [sq('B2')], 4)).toMatchObject({ code: 'blocking-terrain' });
    const b = piece('b', 'p1', 'A2');
    const t2 = scTable(map(grid), [b]);
    expect(checkPath(t2, b, [sq('B1')], 4)).toEqual({ code: 'corner-blocked', message: 'the step from A2 to B1 cuts a corner of hard blocking terrain' });
    expect(checkPath(t2, b, [sq('B3')], 4)).toMatchObject({ code: 'corner-blocked' });
    expect(checkPath(t2, b, [sq('A3'), sq('B3'), sq('C2')], 4)).toMatchObject({ code: 'corner-blocked' });
  });

  it('SC Movement c: a troop passes an enemy only at least one size larger or two sizes smaller', () => {
    const sizes: ScSize[] = ['small', 'medium', 'large', 'huge'];
    const passes = sizes.map((m) => sizes.filter((e) => mayPassEnemy(m, e)).join(' '));
    expect(passes).toEqual(['large huge', 'small huge', 'small medium', 'small medium large']);
  });

  it('SC Movement c: an enemy a size smaller is passed as difficult terrain, two sizes apart as open ground; a move cannot end on it', () => {
    const a = piece('a', 'p1', 'A1');
    const table = scTable(map(), [a, piece('s', 'p2', 'B1', 'small')]);
    expect(stepPrice(table, a, sq('A1'), sq('B1'))).toEqual({ cost: 2 });
    expect(checkPath(table, a, [sq('B1'), sq('C1')], 3)).toEqual({ path: [sq('B1'), sq('C1')], spent: 3, fellBack: false });
    expect(checkPath(table, a, [sq('B1'), sq('C1')], 2)).toMatchObject({ code: 'not-enough-move' });
    expect(checkPath(table, a, [sq('B1')], 4)).toMatchObject({ code: 'cannot-end-here' });
    expect(reachable(table, a, 3).has(sq('C1'))).toBe(true);
    expect(reachable(table, a, 3).has(sq('B1'))).toBe(false);
    // A Medium troop walks under a Huge enemy (two sizes larger) at no extra cost.
    const t2 = scTable(map(), [a, piece('h', 'p2', 'B1', 'huge')]);
    expect(stepPrice(t2, a, sq('A1'), sq('B1'))).toEqual({ cost: 1 });
  });

  it('SC Movement a, c: the corner between two enemies may be cut when the mover may pass one of them', () => {
    const a = piece('a', 'p1', 'B2');
    const table = scTable(map(), [a, piece('x', 'p2', 'C2', 'small'), piece('y', 'p2', 'B3')]);
    expect(checkPath(table, a, [sq('C3')], 4)).toMatchObject({ spent: 1 });
  });

  it("an enemy's square cannot be entered, nor the corner between two enemies cut", () => {
    const a = piece('a', 'p1', 'B2');
    const table = scTable(map(), [a, piece('x', 'p2', 'C2'), piece('y', 'p2', 'B3')]);
    expect(checkPath(table, a, [sq('C2')], 4)).toMatchObject({ code: 'enemy-occupied' });
    expect(checkPath(table, a, [sq('C3')], 4)).toMatchObject({ code: 'between-enemies' });
    // A friend and an enemy do not close the corner.
    const t2 = scTable(map(), [a, piece('x', 'p2', 'C2'), piece('f', 'p1', 'B3')]);
    expect(checkPath(t2, a, [sq('C3')], 4)).toMatchObject({ spent: 1 });
  });

  it('SC Movement c: friends are passed as difficult terrain unless two sizes apart; a move cannot end on them', () => {
    const a = piece('a', 'p1', 'A1');
    const table = scTable(map(), [a, piece('f', 'p1', 'B1')]);
    expect(stepPrice(table, a, sq('A1'), sq('B1'))).toEqual({ cost: 2 });
    expect(checkPath(table, a, [sq('B1'), sq('C1')], 3)).toEqual({ path: [sq('B1'), sq('C1')], spent: 3, fellBack: false });
    expect(reachable(table, a, 4).has(sq('B1'))).toBe(false);
    const big = piece('g', 'p1', 'A3', 'large');
    const t2 = scTable(map(), [big, piece('s', 'p1', 'C3', 'small')]);
    expect(stepPrice(t2, big, sq('A3'), sq('B3'))).toEqual({ cost: 1 });
  });

  it('SC Movement c: a path that ends inside friends puts the troop on the last free square before them', () => {
    const a = piece('a', 'p1', 'A1');
    const table = scTable(map(), [a, piece('f', 'p1', 'C1')]);
    expect(checkPath(table, a, [sq('B1'), sq('C1')], 4)).toEqual({ path: [sq('B1')], spent: 3, fellBack: true });
    const t2 = scTable(map(), [a, piece('f', 'p1', 'B1')]);
    expect(checkPath(t2, a, [sq('B1')], 4)).toMatchObject({ code: 'cannot-end-here' });
  });
});

describe('SC Difficult Terrain and ruling SC8', () => {
  const grid = [...open];
  grid[0] = '..^^^.......';
  grid[1] = '..^^^.......';
  grid[2] = '.....^......';

  it('a one-square troop pays an extra inch to enter difficult terrain', () => {
    const a = piece('a', 'p1', 'B1');
    const table = scTable(map(grid), [a]);
    expect(checkPath(table, a, [sq('C1'), sq('D1')], 4)).toMatchObject({ spent: 4 });
    expect(checkPath(table, a, [sq('C1'), sq('D1'), sq('E1')], 5)).toMatchObject({ code: 'not-enough-move' });
  });

  it('SC12: a one-inch Slide may go diagonally but not into difficult terrain', () => {
    const a = piece('a', 'p1', 'B3');
    const table = scTable(map(grid), [a]);
    expect(checkPath(table, a, [sq('C4')], allowance('slide', 4, 'medium'))).toMatchObject({ spent: 1 });
    expect(checkPath(table, a, [sq('C2')], allowance('slide', 4, 'medium'))).toMatchObject({ code: 'not-enough-move' });
  });

  it('the rulebook Ogre: a Large step onto one clear and one difficult square costs nothing extra', () => {
    const ogre = piece('o', 'p1', 'D2', 'large');
    const table = scTable(map(grid), [ogre]);
    // D2–E3 steps right: it newly covers F2 (clear) and F3 (difficult).
    expect(stepPrice(table, ogre, sq('D2'), sq('E2'))).toEqual({ cost: 1 });
  });

  it('a Large step onto two difficult squares pays one; a square already covered is not paid again', () => {
    const ogre = piece('o', 'p1', 'A1', 'large');
    const table = scTable(map(grid), [ogre]);
    expect(stepPrice(table, ogre, sq('A1'), sq('B1'))).toEqual({ cost: 2 });
    // From B1 the space covers C1 and C2 already; the step to C1 newly covers D1 and D2.
    expect(checkPath(table, ogre, [sq('B1'), sq('C1'), sq('D1')], 10)).toMatchObject({ spent: 6 });
  });

  it('a Huge troop ignores two difficult squares a step', () => {
    // D1–F3 steps left to C1: it newly covers C1, C2 and C3.
    const column = (rows: number) => open.map((row, r) => (r < rows ? `..^${row.slice(3)}` : row));
    const wyrm = piece('w', 'p1', 'D1', 'huge');
    expect(stepPrice(scTable(map(column(3)), [wyrm]), wyrm, sq('D1'), sq('C1'))).toEqual({ cost: 2 });
    expect(stepPrice(scTable(map(column(2)), [wyrm]), wyrm, sq('D1'), sq('C1'))).toEqual({ cost: 1 });
  });
});
