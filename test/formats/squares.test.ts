import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnName, normalizeSquare, parseSquare, squareName } from '../../src/formats/squares';

describe('square names (docs/formats.md "Squares")', () => {
  it('A1 is the top-left square', () => {
    expect(parseSquare('A1')).toEqual({ col: 0, row: 0 });
    expect(parseSquare('C4')).toEqual({ col: 2, row: 3 });
  });

  it('columns go on past Z with AA, AB … AN for a 40-wide map', () => {
    expect(parseSquare('Z1')).toEqual({ col: 25, row: 0 });
    expect(parseSquare('AA1')).toEqual({ col: 26, row: 0 });
    expect(parseSquare('AN40')).toEqual({ col: 39, row: 39 });
    expect(squareName({ col: 26, row: 9 })).toBe('AA10');
    expect(columnName(51)).toBe('AZ');
  });

  it('reads any case and writes upper case', () => {
    expect(normalizeSquare('aa12')).toBe('AA12');
    expect(normalizeSquare(' c4 ')).toBe('C4');
  });

  it('refuses things that are not squares', () => {
    for (const bad of ['', 'A', '1', 'A0', '4C', 'A-1', 'AAA1', 'A100', 'C4/C5']) expect(parseSquare(bad), bad).toBeNull();
  });

  it('name and coordinates round-trip both ways', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 39 }), fc.integer({ min: 0, max: 39 }), (col, row) => {
        const name = squareName({ col, row });
        expect(parseSquare(name)).toEqual({ col, row });
        expect(normalizeSquare(name.toLowerCase())).toBe(name);
      }),
    );
  });
});
