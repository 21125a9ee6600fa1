import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyBoardWall } from '../../src/engine/board';
import {
  adjacent,
  afterDiagonal,
  diagonalState,
  diagonalSurcharge,
  distance,
  distanceField,
  distancesWithin,
  openGroundDistance,
} from '../../src/engine/distance';
import { board, openRows, paint, sq } from '../fixtures/boards';

const open = board(openRows(12, 12));
const walls = emptyBoardWall(open);
const d = (b: typeof open, a: string, c: string) => distance(b, emptyBoardWall(b), 'second-once', [sq(b, a)], [sq(b, c)]);

describe('R15 distance', () => {
  it('counts the second diagonal as 2 on open ground', () => {
    expect(d(open, 'C3', 'D4')).toBe(1);
    expect(d(open, 'C3', 'E5')).toBe(3);
    expect(d(open, 'C3', 'F6')).toBe(4);
    expect(d(open, 'C3', 'F4')).toBe(3);
    expect(d(open, 'C3', 'C9')).toBe(6);
  });

  it('matches max(dx,dy) + (1 if min(dx,dy) >= 2) everywhere on open ground', () => {
    fc.assert(
      fc.property(fc.nat(11), fc.nat(11), fc.nat(11), fc.nat(11), (c1, r1, c2, r2) => {
        const got = distance(open, walls, 'second-once', [r1 * 12 + c1], [r2 * 12 + c2]);
        expect(got).toBe(openGroundDistance(c2 - c1, r2 - r1, 'second-once'));
      }),
    );
  });

  it('counts around a wall line, not through it', () => {
    const rows = paint(openRows(12, 12), { E3: '#', E4: '#', E5: '#', E6: '#', E7: '#' });
    const b = board(rows);
    // D5 to F5 goes round the wall's end: D6 D7 D8 E8 F8 F7 F6 F5. The diagonals D7→E8 and E8→F7
    // would cut the corner of E7, and only a first step may do that.
    expect(d(b, 'D5', 'F5')).toBe(8);
    // E8 to E2: D7 (a first step may cut E7's corner), D6 … D2, E2; D3→E2 would cut E3's corner.
    expect(d(b, 'E8', 'E2')).toBe(7);
  });

  it('edge walls lengthen the count; low cover does not', () => {
    const fenced = board(openRows(12, 12), { walls: ['C5/D5', 'C4/D4', 'C6/D6'] });
    expect(d(fenced, 'C5', 'D5')).toBeGreaterThan(1);
    const low = board(openRows(12, 12), { lowCover: ['C5/D5', 'C4/D4', 'C6/D6'] });
    expect(d(low, 'C5', 'D5')).toBe(1);
  });

  it('§4.2 rule 1: the first step may cut a wall corner; later steps may not', () => {
    const rows = paint(openRows(12, 12), { D4: '#' });
    const b = board(rows);
    expect(d(b, 'C4', 'D5')).toBe(1); // diagonal past the corner of D4, first step
    // From B4 to D5, the second step C4→D5 may not cut D4's corner: go C5 first.
    expect(d(b, 'B4', 'D5')).toBe(2);
    const twoWalls = board(paint(openRows(12, 12), { D4: '#', C5: '#' }));
    expect(d(twoWalls, 'C4', 'D5')).toBeGreaterThan(1); // a wall lies completely between
  });

  it('a Big unit counts from its nearest square', () => {
    const big = [sq(open, 'C3'), sq(open, 'D3'), sq(open, 'C4'), sq(open, 'D4')];
    expect(distance(open, walls, 'second-once', big, [sq(open, 'G4')])).toBe(3);
    expect(distance(open, walls, 'second-once', big, [sq(open, 'E5')])).toBe(1);
  });

  it('stops counting past a limit', () => {
    expect(distance(open, walls, 'second-once', [sq(open, 'A1')], [sq(open, 'L12')], 5)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('R16 adjacency', () => {
  it('edge and corner neighbours are adjacent', () => {
    expect(adjacent(open, walls, [sq(open, 'C3')], [sq(open, 'C4')])).toBe(true);
    expect(adjacent(open, walls, [sq(open, 'C3')], [sq(open, 'D4')])).toBe(true);
    expect(adjacent(open, walls, [sq(open, 'C3')], [sq(open, 'E3')])).toBe(false);
  });

  it('an edge wall between orthogonal neighbours cuts them apart', () => {
    const b = board(openRows(12, 12), { walls: ['C3/C4'] });
    expect(adjacent(b, emptyBoardWall(b), [sq(b, 'C3')], [sq(b, 'C4')])).toBe(false);
    expect(adjacent(b, emptyBoardWall(b), [sq(b, 'C3')], [sq(b, 'D4')])).toBe(true);
  });

  it('diagonal neighbours are cut apart only when walls close the corner completely', () => {
    const oneSquare = board(paint(openRows(12, 12), { D3: '#' }));
    expect(adjacent(oneSquare, emptyBoardWall(oneSquare), [sq(oneSquare, 'C3')], [sq(oneSquare, 'D4')])).toBe(true);
    const across = board(paint(openRows(12, 12), { D3: '#', C4: '#' }));
    expect(adjacent(across, emptyBoardWall(across), [sq(across, 'C3')], [sq(across, 'D4')])).toBe(false);
    const line = board(openRows(12, 12), { walls: ['C3/D3', 'C4/D4'] });
    expect(adjacent(line, emptyBoardWall(line), [sq(line, 'C3')], [sq(line, 'D4')])).toBe(false);
    const wrap = board(openRows(12, 12), { walls: ['C3/D3', 'C3/C4'] });
    expect(adjacent(wrap, emptyBoardWall(wrap), [sq(wrap, 'C3')], [sq(wrap, 'D4')])).toBe(false);
    const half = board(openRows(12, 12), { walls: ['C3/D3'] });
    expect(adjacent(half, emptyBoardWall(half), [sq(half, 'C3')], [sq(half, 'D4')])).toBe(true);
  });

  it('a Big unit is adjacent when any of its squares is', () => {
    const big = [sq(open, 'C3'), sq(open, 'D3'), sq(open, 'C4'), sq(open, 'D4')];
    expect(adjacent(open, walls, big, [sq(open, 'E5')])).toBe(true);
    expect(adjacent(open, walls, big, [sq(open, 'F5')])).toBe(false);
  });
});

describe("the diagonal rule 'every-second' (SC Movement a)", () => {
  const e = (b: typeof open, a: string, c: string) => distance(b, emptyBoardWall(b), 'every-second', [sq(b, a)], [sq(b, c)]);

  it('prices diagonals 1, 2, 1, 2 along a diagonal line', () => {
    expect(['D4', 'E5', 'F6', 'G7', 'H8'].map((to) => e(open, 'C3', to))).toEqual([1, 3, 4, 6, 7]);
    // 'second-once' pays the surcharge once: 1, 3, 4, 5, 6.
    expect(['D4', 'E5', 'F6', 'G7', 'H8'].map((to) => d(open, 'C3', to))).toEqual([1, 3, 4, 5, 6]);
  });

  it('matches max(dx, dy) + floor(min(dx, dy) / 2) everywhere on open ground', () => {
    fc.assert(
      fc.property(fc.nat(11), fc.nat(11), fc.nat(11), fc.nat(11), (c1, r1, c2, r2) => {
        const got = distance(open, walls, 'every-second', [r1 * 12 + c1], [r2 * 12 + c2]);
        expect(got).toBe(openGroundDistance(c2 - c1, r2 - r1, 'every-second'));
      }),
    );
  });

  it('agrees with the closed form over a whole field from a 3×3 space, nearest square first', () => {
    const space = ['E5', 'F5', 'G5', 'E6', 'F6', 'G6', 'E7', 'F7', 'G7'].map((n) => sq(open, n));
    const field = distanceField(open, walls, 'every-second', space);
    for (let i = 0; i < 144; i++) {
      const best = Math.min(...space.map((s) => openGroundDistance((i % 12) - (s % 12), Math.floor(i / 12) - Math.floor(s / 12), 'every-second')));
      expect(field[i], `square ${i}`).toBe(best);
    }
  });

  it('goes round walls as the other rule does, only the diagonals priced otherwise', () => {
    const rows = paint(openRows(12, 12), { E3: '#', E4: '#', E5: '#', E6: '#', E7: '#' });
    const b = board(rows);
    // D5 D6 D7 D8 E8 F8 F7 F6 F5: every step straight (a diagonal would cut a corner of the wall).
    expect(e(b, 'D5', 'F5')).toBe(8);
    // E8 to E2: D7 (a first step may cut E7's corner) D6 … D2 E2: one diagonal, at its price of 1.
    expect(e(b, 'E8', 'E2')).toBe(7);
  });

  it('folds the diagonals taken into a state whose surcharge is every second one', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => diagonalSurcharge('every-second', n))).toEqual([0, 1, 0, 1, 0, 1]);
    expect([0, 1, 2, 3, 4, 5].map((n) => diagonalSurcharge('second-once', n))).toEqual([0, 1, 0, 0, 0, 0]);
    let state = diagonalState('every-second', 0);
    const paid: number[] = [];
    for (let k = 0; k < 4; k++) {
      paid.push(1 + diagonalSurcharge('every-second', state));
      state = afterDiagonal('every-second', state);
    }
    expect(paid).toEqual([1, 2, 1, 2]);
  });
});

describe('distancesWithin: an area with a radius (R24 burst)', () => {
  it('holds exactly the squares `distance` puts within the limit, each at that distance', () => {
    const rows = paint(openRows(12, 12), { E3: '#', E4: '#', E5: '#', E6: '#', E7: '#' });
    const b = board(rows, { walls: ['C5/D5'] });
    const wallAt = emptyBoardWall(b);
    for (const origin of ['D5', 'F5', 'A1', 'E8']) {
      const from = sq(b, origin);
      for (const limit of [0, 1, 2, 3]) {
        const area = distancesWithin(b, wallAt, 'second-once', [from], limit);
        for (let i = 0; i < 144; i++) {
          const dd = distance(b, wallAt, 'second-once', [from], [i]);
          if (dd <= limit) expect(area.get(i)).toBe(dd);
          else expect(area.has(i)).toBe(false);
        }
      }
    }
  });
});
