/**
 * The engine's caches and fast paths change nothing (test/engine/fingerprints.test.ts pins the
 * self-play and query fingerprints): distance counting agrees with the plain step rules,
 * the "no brush or smoke near" shortcut never skips a hidden target, pricing a step agrees with
 * costing it, games on one map never share what their tables hold, and a path search is made once
 * per state and unit for the same question.
 */
import { describe, expect, it } from 'vitest';
import { newGame } from '../../src/bench/selfplay';
import { defaultContent } from '../../src/content/load';
import { hasTerrain, isDiagonal, neighbours, stepBlocked, T, type Board } from '../../src/engine/board';
import { adjacent, distanceField, type WallAt } from '../../src/engine/distance';
import { explore, moverOf, stepCost, stepPrice } from '../../src/rulesets/sellsword/engine/paths';
import { mayHide, sight, type Occupancy } from '../../src/engine/sight';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { boardOf, boardOfMap, footprint, SPAN, tableOf } from '../../src/rulesets/sellsword/engine/table';

const content = defaultContent();
const boards = [...content.maps.values()].map((m) => boardOfMap(m));

/** The distance count as the rules word it, step by step with board.ts's helpers (the reference). */
function plainField(board: Board, wallAt: WallAt, from: readonly number[]): Float64Array {
  const n = board.width * board.height;
  const best = new Float64Array(n * 3).fill(Infinity);
  const field = new Float64Array(n).fill(Infinity);
  const buckets: number[][] = [[]];
  for (const f of from) {
    best[f * 3] = 0;
    buckets[0]!.push(f * 3);
  }
  for (let d = 0; d < buckets.length; d++) {
    for (const node of buckets[d] ?? []) {
      if (best[node]! < d) continue;
      const sq = Math.floor(node / 3);
      const diags = node % 3;
      field[sq] = Math.min(field[sq]!, d);
      for (const next of neighbours(board, sq)) {
        if (wallAt(next)) continue;
        const diagonal = isDiagonal(board, sq, next);
        // A first diagonal step may pass a wall corner unless walls close it: exactly when the two are adjacent (R16).
        if (d === 0 && diagonal ? !adjacent(board, wallAt, [sq], [next]) : stepBlocked(board, sq, next, wallAt)) continue;
        const nd = d + (diagonal && diags === 1 ? 2 : 1);
        const key = next * 3 + (diagonal ? Math.min(diags + 1, 2) : diags);
        if (nd < best[key]!) {
          best[key] = nd;
          (buckets[nd] ??= []).push(key);
        }
      }
    }
  }
  return field;
}

/** The first square where two fields differ, or null. */
function firstDifference(a: Float64Array, b: Float64Array): number | null {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return null;
}

describe('distance fields', () => {
  it('agree with the plain count from squares and 2×2s all over every shipped map, sliding walls shut and held open', { timeout: 30_000 }, () => {
    for (const board of boards) {
      const shut: WallAt = (i) => hasTerrain(board, i, T.wall | T['sliding-wall']);
      const held: WallAt = (i) => hasTerrain(board, i, T.wall);
      for (const wallAt of [shut, held]) {
        // Every fifth square: a spread that meets every kind of wall and corner on these maps.
        for (let i = 0; i < board.width * board.height; i += 5) {
          const spaces = [[i]];
          if (i % board.width < board.width - 1 && i < board.width * (board.height - 1)) spaces.push(footprint(board, i, 2));
          for (const space of spaces) {
            expect(
              firstDifference(distanceField(board, wallAt, 'second-once', space), plainField(board, wallAt, space)),
              `${board.id} from ${space.join(',')}`,
            ).toBeNull();
          }
        }
      }
    }
  });
});

describe('sight.mayHide', () => {
  it('is true whenever brush or smoke hides a target: every nearby pair on every shipped map, small and Big', { timeout: 30_000 }, () => {
    let hidden = 0;
    for (const board of boards) {
      const w = board.width;
      const fits = (i: number) => i % w < w - 1 && i < w * (board.height - 1);
      const someone: Occupancy = (i) => (i % 7 === 3 ? 2 : 0);
      for (let a = 0; a < w * board.height; a += 4) {
        for (let dr = -5; dr <= 5; dr++) {
          for (let dc = -5; dc <= 5; dc++) {
            const b = a + dr * w + dc;
            if (b < 0 || b >= w * board.height || b === a || Math.abs((b % w) - (a % w)) !== Math.abs(dc)) continue;
            const spaces: [number[], number[]][] = [[[a], [b]]];
            if (fits(a) && fits(b) && (Math.abs(dr) > 1 || Math.abs(dc) > 1)) spaces.push([footprint(board, a, 2), [b]], [[a], footprint(board, b, 2)]);
            for (const [from, to] of spaces) {
              const seen = sight(board, someone, { squares: from, size: from.length === 4 ? 3 : 2 }, { squares: to, size: to.length === 4 ? 3 : 2 });
              if (!seen.hidden) continue;
              hidden++;
              expect(mayHide(board, from, to), `${board.id} ${from.join(',')} → ${to.join(',')}`).toBe(true);
            }
          }
        }
      }
    }
    // The maps have brush and smoke enough for this to mean something.
    expect(hidden).toBeGreaterThan(1000);
  });
});

describe('stepPrice', () => {
  it('gives the cost stepCost gives, and -1 exactly when stepCost refuses', () => {
    for (const [map, seed] of [
      ['barrow-hill', 3],
      ['burning-village', 4],
      ['mill-crossing', 5],
      ['pass-of-istlethere', 6],
    ] as const) {
      const state = newGame(content, map, seed);
      const board = boardOf(state);
      // Put every unit on the map, on an open square in turn, so steps meet other units too.
      const open = [...Array(board.width * board.height).keys()].filter(
        (i) => !hasTerrain(board, i, T.wall | T.pit | T.obstructing) && i % board.width < board.width - 1 && i < board.width * (board.height - 1),
      );
      const units = Object.fromEntries(Object.entries(state.units).map(([id, u], n) => [id, { ...u, at: open[(n * 37) % open.length]! }]));
      const placed: GameState = { ...state, units };
      const table = tableOf(placed);
      for (const unit of Object.values(placed.units)) {
        const mover = moverOf(placed, unit);
        for (let from = 0; from < board.width * board.height; from += 7) {
          for (const to of neighbours(board, from)) {
            for (const diagonals of [0, 1, 2]) {
              const price = stepPrice(placed, table, mover, from, to, diagonals);
              const cost = stepCost(placed, table, mover, from, to, diagonals);
              expect(price).toBe('error' in cost ? -1 : cost.cost);
            }
          }
        }
      }
    }
  });
});

describe('tables', () => {
  it('are never shared by two games whose units stand in the same places', () => {
    // Two games alike but for the card of one unit, Big in one and not in the other: each sees its own spaces.
    const start = newGame(content, 'barrow-hill', 1);
    const cards = [...content.index.units.values()];
    const bigCard = cards.find((c) => c.size === 'big')!;
    const smallCard = cards.find((c) => c.size !== 'big')!;
    const game = (card: typeof bigCard): GameState => {
      const board = boardOf(start);
      const units = Object.fromEntries(
        Object.entries(start.units).map(([id, u], n) => [
          id,
          { ...u, ...(n === 0 ? { card: card.id, mod: null } : {}), at: board.width * (4 + 2 * Math.floor(n / 8)) + 2 * (n % 8) + 2 },
        ]),
      );
      return { ...start, cards: { ...start.cards, [card.id]: card }, units };
    };
    for (const state of [game(smallCard), game(bigCard), game(smallCard)]) {
      const table = tableOf(state);
      const occupied = table.occupant.filter((o) => o !== null).length;
      let expected = 0;
      for (const u of Object.values(state.units)) {
        const space = footprint(table.board, u.at!, SPAN[state.cards[u.card]!.size]);
        expected += space.length;
        for (const s of space) expect(table.occupant[s]).toBe(u.id);
      }
      expect(occupied).toBe(expected);
    }
  });
});

describe('explore', () => {
  it('searches once per state, unit and question, and afresh where the unit stands elsewhere', () => {
    const start = newGame(content, 'barrow-hill', 2);
    const board = boardOf(start);
    const units = Object.fromEntries(
      Object.entries(start.units).map(([id, u], n) => [id, { ...u, at: board.width * (4 + 2 * Math.floor(n / 8)) + 2 * (n % 8) + 2 }]),
    );
    const state: GameState = { ...start, units };
    const unit = Object.values(state.units)[0]!;
    const first = explore(state, moverOf(state, unit), 6, 0);
    // The same question, with a mover made afresh, is answered from the first search.
    expect(explore(state, moverOf(state, unit), 6, 0)).toBe(first);
    // Another budget is another question.
    const shorter = explore(state, moverOf(state, unit), 2, 0);
    expect(shorter).not.toBe(first);
    expect(shorter.size).toBeLessThan(first.size);
    // The unit one square to the right, in a new state: its paths start there.
    const moved = { ...unit, at: unit.at! + 1 };
    const after: GameState = { ...state, units: { ...state.units, [unit.id]: moved } };
    const again = explore(after, moverOf(after, moved), 6, 0);
    expect(again).not.toBe(first);
    expect(again.has(unit.at!)).toBe(true);
    expect(again.get(unit.at!)!.path).toEqual([unit.at]);
  });
});
