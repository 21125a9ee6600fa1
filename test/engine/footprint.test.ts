/**
 * Spaces of 1×1, 2×2 and 3×3 (the generic footprint): which squares a space covers, where it fits on
 * the board, what a step newly covers, and adjacency, distance and a path search step for a 3×3 unit,
 * all through the square-list functions every game shares.
 */
import { describe, expect, it } from 'vitest';
import { emptyBoardWall, hasTerrain, nameOf, T } from '../../src/engine/board';
import { adjacent, distance } from '../../src/engine/distance';
import { searchSquares } from '../../src/engine/path-search';
import { fitsOnBoard, footprint, newlyCovered, type Span } from '../../src/rulesets/sellsword/engine/table';
import { board, openRows, paint, sq } from '../fixtures/boards';

const open = board(openRows(10, 8));
const walls = emptyBoardWall(open);
const names = (squares: readonly number[]) => squares.map((i) => nameOf(open, i));
const space = (at: string, span: Span) => footprint(open, sq(open, at), span);

describe('footprint', () => {
  it('covers span × span squares from the top-left, row by row', () => {
    expect(names(space('C3', 1))).toEqual(['C3']);
    expect(names(space('C3', 2))).toEqual(['C3', 'D3', 'C4', 'D4']);
    expect(names(space('C3', 3))).toEqual(['C3', 'D3', 'E3', 'C4', 'D4', 'E4', 'C5', 'D5', 'E5']);
  });

  it('fits on the board exactly where the whole space does, at every edge and corner', () => {
    for (const span of [1, 2, 3] as const) {
      for (let at = 0; at < open.width * open.height; at++) {
        const col = at % open.width;
        const row = Math.floor(at / open.width);
        expect(fitsOnBoard(open, at, span), `${nameOf(open, at)} span ${span}`).toBe(col + span <= open.width && row + span <= open.height);
      }
      expect(fitsOnBoard(open, -1, span)).toBe(false);
      expect(fitsOnBoard(open, open.width * open.height, span)).toBe(false);
    }
    // The last 3×3 of the board: its top-left is three in from the bottom-right corner.
    expect(fitsOnBoard(open, sq(open, 'H6'), 3)).toBe(true);
    expect(fitsOnBoard(open, sq(open, 'I6'), 3)).toBe(false);
    expect(fitsOnBoard(open, sq(open, 'H7'), 3)).toBe(false);
  });

  it('a 3×3 step newly covers a row of 3 straight, and 5 squares diagonally', () => {
    expect(names(newlyCovered(open, sq(open, 'C3'), sq(open, 'D3'), 3))).toEqual(['F3', 'F4', 'F5']);
    expect(names(newlyCovered(open, sq(open, 'C3'), sq(open, 'D4'), 3))).toEqual(['F4', 'F5', 'D6', 'E6', 'F6']);
    expect(names(newlyCovered(open, sq(open, 'C3'), sq(open, 'C2'), 2))).toEqual(['C2', 'D2']);
  });
});

describe('3×3 spaces with the shared square-list functions', () => {
  it('are adjacent when a square of one touches a square of the other, side or corner', () => {
    const huge = space('C3', 3);
    expect(adjacent(open, walls, huge, space('F3', 1))).toBe(true); // beside its right column
    expect(adjacent(open, walls, huge, space('F6', 1))).toBe(true); // its bottom-right corner
    expect(adjacent(open, walls, huge, space('G3', 1))).toBe(false);
    expect(adjacent(open, walls, huge, space('F6', 3))).toBe(true); // two 3×3s corner to corner
    expect(adjacent(open, walls, huge, space('G6', 3))).toBe(false);
    expect(adjacent(open, walls, huge, space('A1', 2))).toBe(true); // a 2×2 at its top-left corner
  });

  it('an edge wall along its whole side keeps a neighbour from touching it there', () => {
    const fenced = board(openRows(10, 8), { walls: ['E3/F3', 'E4/F4', 'E5/F5'] });
    const huge = footprint(fenced, sq(fenced, 'C3'), 3);
    expect(adjacent(fenced, emptyBoardWall(fenced), huge, [sq(fenced, 'F4')])).toBe(false);
    expect(adjacent(fenced, emptyBoardWall(fenced), huge, [sq(fenced, 'F6')])).toBe(true);
  });

  it('count distance from the nearest of their squares', () => {
    const huge = space('C3', 3);
    expect(distance(open, walls, 'every-second', huge, space('H4', 1))).toBe(3);
    expect(distance(open, walls, 'every-second', huge, space('H7', 1))).toBe(4); // from E5: 3 across, 2 down
    expect(distance(open, walls, 'second-once', huge, space('H7', 1))).toBe(4);
    expect(distance(open, walls, 'every-second', huge, space('F6', 3))).toBe(1);
  });

  it('step through a path search that prices each step by the squares it newly covers', () => {
    // A wall square in the way of the 3×3's right column; difficult ground costs 1 more, once per step.
    const rows = paint(openRows(10, 8), { G4: '#', G7: '^' });
    const b = board(rows);
    const huge: Span = 3;
    const price = (from: number, to: number) => {
      if (!fitsOnBoard(b, to, huge)) return -1;
      const entered = newlyCovered(b, from, to, huge);
      if (entered.some((s) => hasTerrain(b, s, T.wall))) return -1;
      return 1 + (entered.some((s) => hasTerrain(b, s, T.challenging)) ? 1 : 0);
    };
    const plans = searchSquares({ board: b, rule: 'every-second', budget: 4, diagonalsSoFar: 0, start: { standing: sq(b, 'D3') }, price });
    // One step right would put G4 in the space: refused. Straight down costs 1 a step.
    expect(plans.has(sq(b, 'E3'))).toBe(false);
    expect(plans.get(sq(b, 'D4'))?.spent).toBe(1);
    // D3 → E5 newly covers G5..G7 (G7 difficult, so 2) after going round the wall at G4: D4 (1) then E5 (diagonal 1 + difficult 1).
    expect(plans.get(sq(b, 'E5'))).toMatchObject({ spent: 3, diagonals: 1 });
    // No top-left square whose 3×3 hangs off the board is reached.
    for (const at of plans.keys()) expect(fitsOnBoard(b, at, huge)).toBe(true);
    expect(plans.has(sq(b, 'I3'))).toBe(false);
  });
});
