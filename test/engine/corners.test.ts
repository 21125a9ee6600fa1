/**
 * The corner rule as each game says it (board.ts `cornerCut`): a square beside a diagonal step that
 * closes the corner alone, two that close it together, and edge walls at the corner point; and for a
 * space of several squares, the corners its leading squares pass (table.ts `spaceCutsCorner`).
 */
import { describe, expect, it } from 'vitest';
import { besideSquares, cornerCut, cornerEdges, emptyBoardWall, isDiagonal, neighbours, stepBlocked } from '../../src/engine/board';
import { spaceCutsCorner } from '../../src/rulesets/sellsword/engine/table';
import { board, openRows, paint, sq } from '../fixtures/boards';

const open = board(openRows(10, 10));
const at = (name: string) => sq(open, name);
const none = () => false;

describe('cornerCut', () => {
  it('one square that closes a corner alone blocks the diagonal past it (Sword and Claw: hard blocking terrain)', () => {
    const hard = new Set([at('D4')]);
    const closes = (i: number) => hard.has(i);
    expect(cornerCut(open, at('C4'), at('D5'), closes)).toBe(true); // D4 beside
    expect(cornerCut(open, at('D5'), at('E4'), closes)).toBe(true); // D4 beside
    expect(cornerCut(open, at('C5'), at('D6'), closes)).toBe(false);
  });

  it('two squares that close it together block it, either alone does not (Sword and Claw: between two enemies)', () => {
    const enemies = new Set<number>();
    const together = (a: number, b: number) => enemies.has(a) && enemies.has(b);
    enemies.add(at('D4'));
    expect(cornerCut(open, at('C4'), at('D5'), none, together)).toBe(false);
    enemies.add(at('C5'));
    expect(cornerCut(open, at('C4'), at('D5'), none, together)).toBe(true);
    // The other diagonal through the same corner point has C4 and D5 beside it, not the two enemies.
    expect(cornerCut(open, at('C5'), at('D4'), none, together)).toBe(false);
  });

  it('an edge wall at the corner point closes it in every game', () => {
    const fenced = board(openRows(10, 10), { walls: ['C4/D4'] });
    expect(cornerCut(fenced, sq(fenced, 'C5'), sq(fenced, 'D4'), none)).toBe(true);
    expect(cornerCut(fenced, sq(fenced, 'C3'), sq(fenced, 'D4'), none)).toBe(true);
    expect(cornerCut(fenced, sq(fenced, 'C5'), sq(fenced, 'D6'), none)).toBe(false);
  });

  it("is Sellsword's stepBlocked for diagonals with wall squares closing alone, on a board of walls and edge walls", () => {
    const rows = paint(openRows(10, 10), { D4: '#', F6: '#', B8: '#', H3: '#' });
    const b = board(rows, { walls: ['E2/E3', 'G7/H7', 'B4/C4'] });
    const wall = emptyBoardWall(b);
    let diagonals = 0;
    for (let from = 0; from < b.width * b.height; from++) {
      for (const to of neighbours(b, from)) {
        if (!isDiagonal(b, from, to)) continue;
        diagonals++;
        // R12, R15 as written: a wall square beside the step, or an edge wall at its corner point.
        const [s1, s2] = besideSquares(b, from, to);
        const written = wall(s1) || wall(s2) || cornerEdges(b, from, to).some((e) => b.walls.has(e));
        expect(stepBlocked(b, from, to, wall)).toBe(written);
        expect(cornerCut(b, from, to, wall)).toBe(written);
      }
    }
    expect(diagonals).toBeGreaterThan(300);
  });
});

describe('spaceCutsCorner', () => {
  it('finds the corner a 3×3 diagonal step passes at its leading edge, and none for a straight step', () => {
    // A 3×3 at C3 (C3–E5) stepping down-right to D4 (D4–F6): its top-right square E3 → F4 passes F3's corner.
    const hard = new Set([at('F3')]);
    const closes = (i: number) => hard.has(i);
    expect(spaceCutsCorner(open, at('C3'), at('D4'), 3, closes)).toBe(true);
    expect(spaceCutsCorner(open, at('C3'), at('D3'), 3, closes)).toBe(false); // straight: no corner
    expect(spaceCutsCorner(open, at('C3'), at('B4'), 3, closes)).toBe(false); // down-left: F3 is behind
    // Its bottom-left corner: C5 → D6 passes C6.
    expect(spaceCutsCorner(open, at('C3'), at('D4'), 3, (i) => i === at('C6'))).toBe(true);
  });

  it('asks about two closing together square by square, and agrees with cornerCut for one square', () => {
    const enemies = new Set([at('E3'), at('F4')]);
    const together = (a: number, b: number) => enemies.has(a) && enemies.has(b);
    // A 2×2 at C3 (C3–D4) stepping down-right to D4 (D4–E5): its square D3 → E4 has E3 and its own D4 beside it.
    expect(spaceCutsCorner(open, at('C3'), at('D4'), 2, none, together)).toBe(false);
    // A 1×1 at E4 → F3 passes E3 and F4: between two enemies.
    expect(spaceCutsCorner(open, at('E4'), at('F3'), 1, none, together)).toBe(true);
    expect(cornerCut(open, at('E4'), at('F3'), none, together)).toBe(true);
  });
});
