/**
 * Line of sight and cover (SC Line of Sight, SC Cover, SC Ranged e; rulings SC16–SC19) and the range
 * brackets (SC Ranged), through the game's one sight routine (rules/sight.ts).
 */
import { describe, expect, it } from 'vitest';
import { squareIndex } from '../../../src/formats/squares';
import { rangeBand } from '../../../src/rulesets/sword-and-claw/rules/ranged';
import { coverPenalty, inchesBetween, lineOfSight } from '../../../src/rulesets/sword-and-claw/rules/sight';
import { type Piece, scTable } from '../../../src/rulesets/sword-and-claw/rules/table';
import type { ScSize } from '../../../src/rulesets/sword-and-claw/formats/vocabulary';

const SIZE = 10;
const dims = { width: SIZE, height: SIZE };
const sq = (name: string) => squareIndex(dims, name)!;
const piece = (id: string, player: string, at: string, size: ScSize = 'medium'): Piece => ({ id, player, size, at: sq(at) });

/** A 10×10 map, clear but for the squares given a terrain character. */
function map(marks: Record<string, string> = {}) {
  const grid = Array.from({ length: SIZE }, () => [...'.'.repeat(SIZE)]);
  for (const [name, ch] of Object.entries(marks)) {
    const i = sq(name);
    grid[Math.floor(i / SIZE)]![i % SIZE] = ch;
  }
  return { id: 't', name: 'T', grid: grid.map((r) => r.join('')) };
}

const shooter = piece('s', 'p1', 'E1');

describe('SC Line of Sight', () => {
  it('sees across open ground, without cover', () => {
    const target = piece('t', 'p2', 'H9');
    expect(lineOfSight(scTable(map(), [shooter, target]), shooter, target)).toEqual({ visible: true, cover: 0, light: 0 });
  });

  it('hard blocking terrain square in the way of every line hides the target', () => {
    const target = piece('t', 'p2', 'E5');
    expect(lineOfSight(scTable(map({ E3: '#' }), [shooter, target]), shooter, target).visible).toBe(false);
  });

  it('troops block as terrain does (SC Cover), friends and enemies alike', () => {
    const target = piece('t', 'p2', 'E5');
    for (const player of ['p1', 'p2']) {
      const between = piece('b', player, 'E3');
      expect(lineOfSight(scTable(map(), [shooter, target, between]), shooter, target).visible, player).toBe(false);
    }
  });

  it('lines along the side of a blocking square are blocked; two of them give cover of the inch they meet', () => {
    // From C2 to D8 past a wall at C5: the lines to the target's left corners run along the wall's side.
    const from = piece('s', 'p1', 'C2');
    const target = piece('t', 'p2', 'D8');
    expect(lineOfSight(scTable(map({ C5: '#' }), [from, target]), from, target)).toEqual({ visible: true, cover: 1, light: 0 });
  });
});

describe('SC Line of Sight: corners', () => {
  const from = piece('s', 'p1', 'A1');
  const target = piece('t', 'p2', 'D4');

  it('a line through the point between two blocking squares set corner to corner is blocked (it passes through them)', () => {
    expect(lineOfSight(scTable(map({ C2: '#', B3: '#' }), [from, target]), from, target).visible).toBe(false);
  });

  it('touching the corner of one blocking square does not block, and one line touching gives no cover', () => {
    expect(lineOfSight(scTable(map({ C2: '#' }), [from, target]), from, target)).toEqual({ visible: true, cover: 0, light: 0 });
  });
});

describe('SC Cover', () => {
  it('a troop next to the shooter covers the target; one the shot goes over (SC Ranged e) does not', () => {
    const big = piece('t', 'p2', 'E7', 'large');
    const close = piece('b', 'p1', 'E2');
    const seen = lineOfSight(scTable(map(), [shooter, big, close]), shooter, big);
    expect(seen.visible).toBe(true);
    expect(seen.cover).toBeGreaterThan(0);
    // Two inches of space from the shooter: a Medium troop is shorter than the Large target and is shot over.
    const away = piece('b', 'p1', 'E4');
    expect(lineOfSight(scTable(map(), [shooter, big, away]), shooter, big)).toEqual({ visible: true, cover: 0, light: 0 });
    // Not so against a Medium target: a troop as tall as both blocks.
    const medium = piece('t', 'p2', 'E7');
    expect(lineOfSight(scTable(map(), [shooter, medium, away]), shooter, medium).visible).toBe(false);
  });

  it('light cover (trees) never blocks, and costs -1 for every two inches, rounded up', () => {
    const target = piece('t', 'p2', 'E7');
    const two = lineOfSight(scTable(map({ D3: '%', E3: '%', F3: '%', D4: '%', E4: '%', F4: '%' }), [shooter, target]), shooter, target);
    expect(two).toEqual({ visible: true, cover: 0, light: 2 });
    expect(coverPenalty(two)).toBe(1);
    const three = lineOfSight(
      scTable(map({ D3: '%', E3: '%', F3: '%', D4: '%', E4: '%', F4: '%', D5: '%', E5: '%', F5: '%' }), [shooter, target]),
      shooter,
      target,
    );
    expect(three.light).toBe(3);
    expect(coverPenalty(three)).toBe(2);
  });

  it('each inch of hard cover is -1', () => {
    expect(coverPenalty({ cover: 2, light: 0 })).toBe(2);
    expect(coverPenalty({ cover: 1, light: 1 })).toBe(2);
  });
});

describe('SC Ranged: range', () => {
  it('is counted from the nearest squares of the two spaces, every second diagonal 2 (SC18)', () => {
    const table = scTable(map(), []);
    expect(inchesBetween(table, piece('a', 'p1', 'A1'), piece('b', 'p2', 'B2'))).toBe(1);
    expect(inchesBetween(table, piece('a', 'p1', 'A1'), piece('b', 'p2', 'E5'))).toBe(6);
    expect(inchesBetween(table, piece('a', 'p1', 'A1'), piece('b', 'p2', 'D1', 'large'))).toBe(3);
    expect(inchesBetween(table, piece('a', 'p1', 'E5'), piece('b', 'p2', 'A1', 'huge'))).toBe(3);
  });

  it('brackets: Short up to the first number, Medium to the second, Long to the third, none beyond', () => {
    const bow = { short: 6, medium: 12, long: 18 };
    expect([1, 6, 7, 12, 13, 18, 19].map((n) => rangeBand(bow, n))).toEqual(['short', 'short', 'medium', 'medium', 'long', 'long', null]);
  });
});
