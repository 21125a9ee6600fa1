/**
 * SC App. B Cone, Fan, Line, Aura (rulings SC45, SC46): which squares a template covers, drawn as
 * pictures. `A` is the attacker's space, `x` a covered square, `.` one not covered.
 */
import { describe, expect, it } from 'vitest';
import type { ScSize } from '../../../src/rulesets/sword-and-claw/formats/vocabulary';
import { type Piece, scTable } from '../../../src/rulesets/sword-and-claw/rules/table';
import { type TemplateShape, templateSquares, troopsUnder } from '../../../src/rulesets/sword-and-claw/rules/templates';

const W = 9;
const grid = Array.from({ length: W }, () => '.'.repeat(W));

/** The picture of `shape length` from a troop of `size` whose top-left square is (col, row), aimed at the point `aim` (inches). */
function picture(shape: TemplateShape, length: number, size: ScSize, col: number, row: number, aim: [number, number]): string[] {
  const attacker: Piece = { id: 'a', player: 'p1', size, at: row * W + col };
  const table = scTable({ id: 'm', name: 'M', grid }, [attacker]);
  const covered = new Set(templateSquares(table, attacker, { shape, length }, aim));
  return Array.from({ length: W }, (_, r) =>
    Array.from({ length: W }, (_, c) => (table.occupant[r * W + c] ? 'A' : covered.has(r * W + c) ? 'x' : '.')).join(''),
  );
}

describe('SC App. B Cone: a 45° arc, squares at least half under it', () => {
  it('aimed straight along a row: one wide near the attacker, three wide at its far end', () => {
    expect(picture('Cone', 4, 'medium', 1, 4, [8.5, 4.5])).toEqual([
      '.........',
      '.........',
      '.........',
      '....xx...',
      '.Axxxx...',
      '....xx...',
      '.........',
      '.........',
      '.........',
    ]);
  });

  it('aimed along a diagonal: mirror-even about it, and shorter in squares (its length is inches as the crow flies)', () => {
    expect(picture('Cone', 5, 'medium', 0, 0, [8.5, 8.5])).toEqual([
      'A........',
      '.xx......',
      '.xxxx....',
      '..xxx....',
      '..xx.....',
      '.........',
      '.........',
      '.........',
      '.........',
    ]);
  });

  it('from a Large troop: it starts at the centre of its space and its length counts from its side', () => {
    expect(picture('Cone', 3, 'large', 1, 3, [8, 4])).toEqual([
      '.........',
      '.........',
      '.........',
      '.AAxxx...',
      '.AAxxx...',
      '.........',
      '.........',
      '.........',
      '.........',
    ]);
  });
});

describe('SC App. B Fan: a 90° arc', () => {
  it('aimed along a row it is twice as wide as a Cone', () => {
    expect(picture('Fan', 3, 'medium', 1, 4, [8.5, 4.5])).toEqual([
      '.........',
      '.........',
      '...x.....',
      '..xxx....',
      '.Axxx....',
      '..xxx....',
      '...x.....',
      '.........',
      '.........',
    ]);
  });

  it('squares cut in half by its edge are covered (at least half, SC App. B)', () => {
    expect(picture('Fan', 3, 'medium', 1, 1, [8.5, 8.5])).toEqual([
      '.........',
      '.Axxx....',
      '.xxxx....',
      '.xxx.....',
      '.xx......',
      '.........',
      '.........',
      '.........',
      '.........',
    ]);
  });
});

describe('SC App. B Line: length squares under the line', () => {
  it('a shallow line takes exactly its length in squares, stepping across a row', () => {
    expect(picture('Line', 5, 'medium', 1, 4, [8.5, 6.5])).toEqual([
      '.........',
      '.........',
      '.........',
      '.........',
      '.Axx.....',
      '...xxx...',
      '.........',
      '.........',
      '.........',
    ]);
  });

  it('a diagonal line goes corner to corner, not into the squares beside each corner (ruling SC46)', () => {
    expect(picture('Line', 4, 'medium', 0, 0, [8.5, 8.5])).toEqual([
      'A........',
      '.x.......',
      '..x......',
      '...x.....',
      '....x....',
      '.........',
      '.........',
      '.........',
      '.........',
    ]);
  });

  it('a line along a grid line takes the squares below it (ruling SC46)', () => {
    expect(picture('Line', 4, 'large', 1, 3, [8, 4])).toEqual([
      '.........',
      '.........',
      '.........',
      '.AA......',
      '.AAxxxx..',
      '.........',
      '.........',
      '.........',
      '.........',
    ]);
  });

  it('stops at the board edge', () => {
    expect(picture('Line', 6, 'medium', 5, 4, [8.5, 4.5])).toEqual([
      '.........',
      '.........',
      '.........',
      '.........',
      '.....Axxx',
      '.........',
      '.........',
      '.........',
      '.........',
    ]);
  });
});

describe('SC App. B Aura: everything within size inches of the attacker', () => {
  it('counts inches as a move does, every second diagonal 2 (ruling SC18)', () => {
    expect(picture('Aura', 2, 'medium', 4, 4, [0, 0])).toEqual([
      '.........',
      '.........',
      '...xxx...',
      '..xxxxx..',
      '..xxAxx..',
      '..xxxxx..',
      '...xxx...',
      '.........',
      '.........',
    ]);
  });

  it('around a Large troop, from every side of its space', () => {
    expect(picture('Aura', 1, 'large', 3, 3, [0, 0])).toEqual([
      '.........',
      '.........',
      '..xxxx...',
      '..xAAx...',
      '..xAAx...',
      '..xxxx...',
      '.........',
      '.........',
      '.........',
    ]);
  });
});

describe('troops under a template', () => {
  it('every troop with a square under it, friend or foe, in board order, never the attacker', () => {
    const pieces: Piece[] = [
      { id: 'a', player: 'p1', size: 'medium', at: 4 * W + 1 },
      { id: 'friend', player: 'p1', size: 'medium', at: 4 * W + 3 },
      { id: 'big', player: 'p2', size: 'large', at: 2 * W + 4 },
      { id: 'far', player: 'p2', size: 'medium', at: 4 * W + 7 },
    ];
    const table = scTable({ id: 'm', name: 'M', grid }, pieces);
    const squares = templateSquares(table, pieces[0]!, { shape: 'Cone', length: 4 }, [8.5, 4.5]);
    expect(troopsUnder(table, squares, 'a').map((p) => p.id)).toEqual(['big', 'friend']);
  });
});
