/**
 * The table as Sword and Claw's movement rules see it: the board, each square's terrain, and who
 * stands where. Built from the map and the troops' places; never stored.
 */
import type { Board } from '../../../engine/board';
import { fitsOnBoard, footprint, type Span } from '../../../engine/footprint';
import { depthOf, type ScMap, type ScTerrain, terrainOf } from '../formats/map';
import { SPAN, type ScSize } from '../formats/vocabulary';
import { type Altitude, isHigh, type Level, LEVELS, levelOf } from './altitude';

/** What water asks of a troop (SC Moving Through Water, SC Swimming, SC App. A Aquatic; rules/water.ts). */
export interface Wet {
  /** Its Size rating, one less when Short: water this deep it wades, deeper it swims. */
  readonly height: number;
  /** Extra inches an inch of swimming costs: armour less Strength, at least 1. */
  readonly swimExtra: number;
  readonly aquatic: boolean;
}

/** A troop on the table: its player, size and top-left square, and how water treats it. */
export interface Piece {
  readonly id: string;
  readonly player: string;
  readonly size: ScSize;
  readonly at: number;
  /** Left out where no water can matter (a test's bare piece): then read from its size alone (rules/water.ts). */
  readonly wet?: Wet;
  /** A flyer's altitude (SC Flight); left out for a troop without Flight, which stands on the ground. */
  readonly altitude?: Altitude;
}

/** The level a piece is at (rules/altitude.ts). */
export const pieceLevel = (p: Pick<Piece, 'altitude'>): Level => levelOf(p.altitude);

export interface ScTable {
  readonly board: Board;
  readonly terrain: readonly ScTerrain[];
  /** The water's depth on each square, 0 for none (SC Moving Through Water). */
  readonly depth: readonly number[];
  readonly pieces: ReadonlyMap<string, Piece>;
  /** The piece on the ground on each square, or null: the ground layer of `layers`. */
  readonly occupant: readonly (string | null)[];
  /** The piece at each level on each square, or null (ruling SC91: one troop a square at each level). */
  readonly layers: Readonly<Record<Level, readonly (string | null)[]>>;
}

/** The troops on a square at the ground and Hover: those an attack on the square hits (SC Flight Hover). */
export function groundAndHover(table: ScTable, square: number): string[] {
  const out: string[] = [];
  for (const level of ['ground', 'hover'] as const) {
    const who = table.layers[level][square];
    if (who !== null && who !== undefined) out.push(who);
  }
  return out;
}

/**
 * The troops on a square an attack acting at `level` hits (SC Flight Hover; rulings SC96, SC100–SC102): at
 * Low or High the one troop at that level, else those on the ground and hovering, in that order.
 */
export function troopsActedOn(table: ScTable, level: Level, square: number): string[] {
  if (!isHigh(level)) return groundAndHover(table, square);
  const who = table.layers[level][square];
  return who === null || who === undefined ? [] : [who];
}

/** The level an attack on squares aimed at a troop at `target` acts at: the target's at Low or High, else the ground with Hover (rulings SC96, SC100–SC102). */
export const actingLevel = (target: Level): Level => (isHigh(target) ? target : 'ground');

export const spanOf = (size: ScSize): Span => SPAN[size];

/**
 * The engine's board for a Sword and Claw map. The board's geometry (size, neighbours, diagonals) is
 * all these rules read of it; its terrain flags, walls and areas are Sellsword's and stay empty here,
 * the terrain being kept in `ScTable.terrain` by this game's legend.
 */
export function scBoard(map: Pick<ScMap, 'id' | 'name' | 'grid'>): Board {
  const width = map.grid[0]!.length;
  const height = map.grid.length;
  return {
    id: map.id,
    name: map.name,
    width,
    height,
    terrain: new Array<number>(width * height).fill(0),
    walls: new Set(),
    lowCover: new Set(),
    damage: 'fire',
    objectives: [],
    startAreas: [],
    defaultStartAreas: false,
  };
}

/**
 * A map's board and terrain, made once per map: a table is made for every order and every option
 * listed, on a map that never changes in a match. Keyed by the map's grid (the same array while the
 * setup is in hand); neither is ever written to.
 */
const ground = new WeakMap<readonly string[], { readonly board: Board; readonly terrain: readonly ScTerrain[]; readonly depth: readonly number[] }>();

function groundOf(map: Pick<ScMap, 'id' | 'name' | 'grid'>): {
  readonly board: Board;
  readonly terrain: readonly ScTerrain[];
  readonly depth: readonly number[];
} {
  let made = ground.get(map.grid);
  if (!made || made.board.id !== map.id || made.board.name !== map.name) {
    made = { board: scBoard(map), terrain: terrainOf(map), depth: depthOf(map) };
    ground.set(map.grid, made);
  }
  return made;
}

const empties = new Map<number, readonly null[]>();

/** A layer of `n` empty squares, made once per size and never written to. */
function emptyLayer(n: number): (string | null)[] {
  let e = empties.get(n);
  if (!e) {
    e = Object.freeze(new Array<null>(n).fill(null));
    empties.set(n, e);
  }
  return e as (string | null)[];
}

/** The table for a map and the pieces on it; throws if a piece is off the board or two overlap (a caller's bug). */
export function scTable(map: Pick<ScMap, 'id' | 'name' | 'grid'>, pieces: readonly Piece[]): ScTable {
  const { board, terrain, depth } = groundOf(map);
  const n = board.width * board.height;
  // A level nobody is at shares one empty layer: a table is made for every order and option listed.
  const used = new Set<Level>(['ground', ...pieces.map(pieceLevel)]);
  const layers = Object.fromEntries(LEVELS.map((l) => [l, used.has(l) ? new Array<string | null>(n).fill(null) : emptyLayer(n)])) as Record<
    Level,
    (string | null)[]
  >;
  for (const p of pieces) {
    if (!fitsOnBoard(board, p.at, spanOf(p.size))) throw new Error(`${p.id} does not fit on the board at ${p.at}`);
    const layer = layers[pieceLevel(p)];
    for (const s of footprint(board, p.at, spanOf(p.size))) {
      if (layer[s] !== null) throw new Error(`${p.id} and ${layer[s]} overlap at ${s}`);
      layer[s] = p.id;
    }
  }
  return { board, terrain, depth, pieces: new Map(pieces.map((p) => [p.id, p])), occupant: layers.ground, layers };
}
