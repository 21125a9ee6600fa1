/**
 * The table as Sword and Claw's movement rules see it: the board, each square's terrain, and who
 * stands where. Built from the map and the troops' places; never stored.
 */
import type { Board } from '../../../engine/board';
import { fitsOnBoard, footprint, type Span } from '../../../engine/footprint';
import { depthOf, type ScMap, type ScTerrain, terrainOf } from '../formats/map';
import { SPAN, type ScSize } from '../formats/vocabulary';

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
}

export interface ScTable {
  readonly board: Board;
  readonly terrain: readonly ScTerrain[];
  /** The water's depth on each square, 0 for none (SC Moving Through Water). */
  readonly depth: readonly number[];
  readonly pieces: ReadonlyMap<string, Piece>;
  /** The piece on each square, or null. */
  readonly occupant: readonly (string | null)[];
}

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

/** The table for a map and the pieces on it; throws if a piece is off the board or two overlap (a caller's bug). */
export function scTable(map: Pick<ScMap, 'id' | 'name' | 'grid'>, pieces: readonly Piece[]): ScTable {
  const { board, terrain, depth } = groundOf(map);
  const occupant: (string | null)[] = new Array(board.width * board.height).fill(null);
  for (const p of pieces) {
    if (!fitsOnBoard(board, p.at, spanOf(p.size))) throw new Error(`${p.id} does not fit on the board at ${p.at}`);
    for (const s of footprint(board, p.at, spanOf(p.size))) {
      if (occupant[s] !== null) throw new Error(`${p.id} and ${occupant[s]} overlap at ${s}`);
      occupant[s] = p.id;
    }
  }
  return { board, terrain, depth, pieces: new Map(pieces.map((p) => [p.id, p])), occupant };
}
