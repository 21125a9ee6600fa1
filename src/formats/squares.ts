/**
 * Square names (docs/formats.md "Squares"): `A1` is the top-left square, letters are columns (A–Z, then
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

/** A board's size, all the square arithmetic below needs. */
export interface Dims {
  readonly width: number;
  readonly height: number;
}

/** Square numbers count along each row from A1: index = row × width + col. */
export const indexOf = (b: Pick<Dims, 'width'>, col: number, row: number): number => row * b.width + col;
export const colOf = (b: Pick<Dims, 'width'>, i: number): number => i % b.width;
export const rowOf = (b: Pick<Dims, 'width'>, i: number): number => Math.floor(i / b.width);
export const inBounds = (b: Dims, col: number, row: number): boolean => col >= 0 && row >= 0 && col < b.width && row < b.height;

/** Square names met so far, parsed: events and commands name the same few hundred squares again and again. */
const parsed = new Map<string, Coord | null>();

export function squareIndex(b: Dims, name: string): number | null {
  let c = parsed.get(name);
  if (c === undefined) {
    if (parsed.size > 10000) parsed.clear();
    c = parseSquare(name);
    parsed.set(name, c);
  }
  return c && inBounds(b, c.col, c.row) ? indexOf(b, c.col, c.row) : null;
}

export const nameOf = (b: Pick<Dims, 'width'>, i: number): string => squareName({ col: colOf(b, i), row: rowOf(b, i) });

/**
 * Id of the edge between two orthogonally adjacent squares, or -1 if they are not. The edge on the
 * right of square i is 2i, the edge below it 2i+1.
 */
export function edgeId(b: Pick<Dims, 'width'>, a: number, c: number): number {
  const lo = Math.min(a, c);
  const hi = Math.max(a, c);
  if (hi - lo === 1 && rowOf(b, lo) === rowOf(b, hi)) return 2 * lo;
  if (hi - lo === b.width) return 2 * lo + 1;
  return -1;
}
