/**
 * Square names (FORMATS.md "Squares"): `A1` is the top-left square, letters are columns (A–Z, then
 * AA–AZ…), numbers are rows from the top. Case-insensitive on input, upper-case on output.
 */

export interface Coord {
  /** Zero-based column. */
  readonly col: number;
  /** Zero-based row. */
  readonly row: number;
}

const SQUARE = /^([A-Za-z]{1,2})([1-9][0-9]?)$/;

/** `A` → 0, `Z` → 25, `AA` → 26 (bijective base 26, as spreadsheets count). */
function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function columnName(col: number): string {
  if (!Number.isInteger(col) || col < 0) throw new RangeError(`bad column ${col}`);
  let name = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** Parses a square name; null when it is not one. */
export function parseSquare(name: string): Coord | null {
  const m = SQUARE.exec(name.trim());
  if (!m) return null;
  return { col: columnIndex(m[1]!), row: Number(m[2]) - 1 };
}

export function squareName(c: Coord): string {
  if (!Number.isInteger(c.row) || c.row < 0) throw new RangeError(`bad row ${c.row}`);
  return `${columnName(c.col)}${c.row + 1}`;
}

/** Upper-cases a square name, or returns null when it is not one. */
export function normalizeSquare(name: string): string | null {
  const c = parseSquare(name);
  return c ? squareName(c) : null;
}
