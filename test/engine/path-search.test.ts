/**
 * The generic path search under either diagonal rule: on open ground its costs are the rule's closed
 * form, diagonals already taken set the next one's price, refused steps are gone round, and equal
 * costs are split by the hazard count, then board order.
 */
import { describe, expect, it } from 'vitest';
import { nameOf } from '../../src/engine/board';
import { openGroundDistance, type DiagonalRule } from '../../src/engine/distance';
import { searchSquares, type SquareSearch } from '../../src/engine/path-search';
import { board, openRows, sq } from '../fixtures/boards';

const open = board(openRows(12, 12));
const names = (path: readonly number[]) => path.map((i) => nameOf(open, i));

const search = (rule: DiagonalRule, from: string, budget: number, more: Partial<SquareSearch> = {}) =>
  searchSquares({ board: open, rule, budget, diagonalsSoFar: 0, start: { standing: sq(open, from) }, price: () => 1, ...more });

describe('searchSquares', () => {
  it("prices diagonals 1, 2, 1, 2 under 'every-second': a run of four costs 6, a fifth does not fit", () => {
    const plans = search('every-second', 'C3', 6);
    expect(plans.get(sq(open, 'G7'))).toEqual({ path: [sq(open, 'D4'), sq(open, 'E5'), sq(open, 'F6'), sq(open, 'G7')], spent: 6, diagonals: 4, hazard: 0 });
    expect(plans.has(sq(open, 'H8'))).toBe(false);
    // Under 'second-once' the same run costs 5, and a fifth diagonal 6.
    expect(search('second-once', 'C3', 6).get(sq(open, 'H8'))?.spent).toBe(6);
  });

  it('costs the closed form of either rule to every square on open ground', () => {
    for (const rule of ['every-second', 'second-once'] as const) {
      const from = sq(open, 'F6');
      const plans = search(rule, 'F6', 30);
      for (let i = 0; i < 144; i++) {
        if (i === from) continue;
        expect(plans.get(i)?.spent, `${rule} to ${nameOf(open, i)}`).toBe(
          openGroundDistance((i % 12) - (from % 12), Math.floor(i / 12) - Math.floor(from / 12), rule),
        );
      }
    }
  });

  it('starts from the diagonals already taken: after one, the next diagonal costs 2 under both rules; after two, 1 or 2', () => {
    for (const rule of ['every-second', 'second-once'] as const) {
      expect(search(rule, 'C3', 10, { diagonalsSoFar: 1 }).get(sq(open, 'D4'))?.spent).toBe(2);
    }
    expect(search('every-second', 'C3', 10, { diagonalsSoFar: 2 }).get(sq(open, 'E5'))?.spent).toBe(3);
    expect(search('every-second', 'C3', 10, { diagonalsSoFar: 3 }).get(sq(open, 'E5'))?.spent).toBe(3);
    expect(search('second-once', 'C3', 10, { diagonalsSoFar: 2 }).get(sq(open, 'E5'))?.spent).toBe(2);
  });

  it('goes round refused squares, adds the game price, and never passes the budget', () => {
    const blocked = new Set(['D3', 'D4', 'D2'].map((n) => sq(open, n)));
    const rough = sq(open, 'E3');
    const plans = search('every-second', 'C3', 6, { price: (_from, to) => (blocked.has(to) ? -1 : to === rough ? 2 : 1) });
    // C3 → E3 round the blocked column: C4 D5 (diagonal, 1) E4 (diagonal, 2) E3 (rough, 2) = 1 + 1 + 2 + 2.
    expect(plans.get(rough)).toMatchObject({ spent: 6, diagonals: 2 });
    for (const plan of plans.values()) expect(plan.spent).toBeLessThanOrEqual(6);
    for (const b of blocked) expect(plans.has(b)).toBe(false);
  });

  it('splits equal costs by the hazard count, then by board order', () => {
    // C3 to D5 costs 2 through C4 or through D4; leaving C4 is hazardous.
    const plans = search('every-second', 'C3', 2, { hazard: (from) => (from === sq(open, 'C4') ? 1 : 0) });
    expect(names(plans.get(sq(open, 'D5'))!.path)).toEqual(['D4', 'D5']);
    expect(names(search('every-second', 'C3', 2).get(sq(open, 'D5'))!.path)).toEqual(['C4', 'D5']);
  });

  it('enters from given squares at their cost, each a plan of its own', () => {
    const plans = searchSquares({
      board: open,
      rule: 'every-second',
      budget: 4,
      diagonalsSoFar: 0,
      start: {
        entering: [
          { at: sq(open, 'A6'), cost: 1 },
          { at: sq(open, 'A7'), cost: 4 },
        ],
      },
      price: () => 1,
    });
    expect(plans.get(sq(open, 'A6'))).toEqual({ path: [sq(open, 'A6')], spent: 1, diagonals: 0, hazard: 0 });
    expect(plans.has(sq(open, 'A7'))).toBe(true); // reached from A6, not entered at 4
    expect(plans.get(sq(open, 'A7'))!.spent).toBe(2);
    // A6, then B7 (a diagonal, 1) and C8 (the second, 2); a third diagonal would pass the budget.
    expect(plans.get(sq(open, 'C8'))).toMatchObject({ spent: 4, diagonals: 2 });
    expect(plans.has(sq(open, 'D9'))).toBe(false);
  });
});
