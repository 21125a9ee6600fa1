/**
 * The table: what a state looks like on the board. Derived from the state and cached per state
 * object, never stored: who stands on which square, which sliding walls are held open, and each
 * unit's card, mod and space.
 */
import type { Attack, UnitCard } from '../formats/card';
import type { ModCard } from '../formats/mod';
import type { Size } from '../formats/vocabulary';
import { buildBoard, hasTerrain, T, type Board } from './board';
import { distanceField, type WallAt } from './distance';
import type { GameState, UnitId, UnitState } from './state';

const boards = new WeakMap<object, Board>();

/** The board of a state's map, built once per map object. */
export function boardOf(state: GameState): Board {
  let board = boards.get(state.map);
  if (!board) {
    board = buildBoard(state.map);
    boards.set(state.map, board);
  }
  return board;
}

export const SIZE_RANK: Record<Size, 1 | 2 | 3> = { small: 1, medium: 2, big: 3 };

/** A unit's squares: one, or the 2×2 of a Big unit whose top-left is `at`. */
export function footprint(board: Board, at: number, size: Size): number[] {
  return size === 'big' ? [at, at + 1, at + board.width, at + board.width + 1] : [at];
}

/** Whether a Big unit's 2×2 from `at` stays on the board. */
export function fitsOnBoard(board: Board, at: number, size: Size): boolean {
  if (size !== 'big') return at >= 0 && at < board.width * board.height;
  return at % board.width < board.width - 1 && Math.floor(at / board.width) < board.height - 1;
}

export interface Table {
  readonly board: Board;
  /** The unit on each square, or null. */
  readonly occupant: readonly (UnitId | null)[];
  /** Walls for sight and counting: wall squares, and sliding walls nobody stands in (§3.11). */
  readonly wallAt: WallAt;
  /** Counted distance (R15) from a unit's squares to every square, built once per state and unit. */
  readonly rangesFrom: (squares: readonly number[]) => Float64Array;
}

const tables = new WeakMap<GameState, Table>();
const boardFields = new WeakMap<Board, Map<string, Float64Array>>();
const slidings = new WeakMap<Board, number[]>();

function fieldsOf(board: Board): Map<string, Float64Array> {
  let m = boardFields.get(board);
  if (!m) boardFields.set(board, (m = new Map()));
  return m;
}

function slidingSquares(board: Board): number[] {
  let list = slidings.get(board);
  if (!list) slidings.set(board, (list = board.terrain.flatMap((t, i) => (t & T['sliding-wall'] ? [i] : []))));
  return list;
}

/**
 * Tables are shared by every state with the units in the same places and the same injuries marked
 * (which may disable an aura): most events (a roll, a wound avoided, a token spent) move nobody, so
 * the occupancy, distance fields and the caches that hang off a table carry over.
 */
const shared = new WeakMap<Board, Map<string, Table>>();

function signature(state: GameState): string {
  let sig = '';
  for (const u of Object.values(state.units)) sig += `${u.id}:${u.dropped ? '-' : (u.at ?? 'r')}:${u.injuries.length},`;
  return sig;
}

export function tableOf(state: GameState): Table {
  let table = tables.get(state);
  if (table) return table;
  const board = boardOf(state);
  let byPlace = shared.get(board);
  if (!byPlace) shared.set(board, (byPlace = new Map()));
  const sig = signature(state);
  table = byPlace.get(sig);
  if (table) {
    tables.set(state, table);
    return table;
  }
  if (byPlace.size > 512) byPlace.clear();
  table = buildTable(state, board);
  byPlace.set(sig, table);
  tables.set(state, table);
  return table;
}

function buildTable(state: GameState, board: Board): Table {
  const occupant: (UnitId | null)[] = new Array(board.width * board.height).fill(null);
  for (const unit of Object.values(state.units)) {
    if (unit.at === null || unit.dropped) continue;
    for (const i of footprint(board, unit.at, cardOf(state, unit).size)) occupant[i] = unit.id;
  }
  const wallAt: WallAt = (i) => hasTerrain(board, i, T.wall) || (hasTerrain(board, i, T['sliding-wall']) && occupant[i] === null);
  // Distance fields depend only on the walls, which change only when a sliding wall is entered or
  // left; so they are shared by every state with the same sliding walls open.
  const open = slidingSquares(board).filter((i) => occupant[i] !== null).join(',');
  const fields = fieldsOf(board);
  const rangesFrom = (squares: readonly number[]) => {
    const key = `${squares.join(',')}|${open}`;
    let field = fields.get(key);
    if (!field) {
      if (fields.size > 4096) fields.clear();
      field = distanceField(board, wallAt, squares);
      fields.set(key, field);
    }
    return field;
  };
  return { board, occupant, wallAt, rangesFrom };
}

export function unitOf(state: GameState, id: UnitId): UnitState {
  const unit = state.units[id];
  if (!unit) throw new Error(`no unit ${id} in the state`);
  return unit;
}

export function cardOf(state: GameState, unit: UnitState): UnitCard {
  const card = state.cards[unit.card];
  if (!card) throw new Error(`card ${unit.card} is missing from the state`);
  return card;
}

export function modOf(state: GameState, unit: UnitState): ModCard | null {
  if (unit.mod === null) return null;
  const mod = state.mods[unit.mod];
  if (!mod) throw new Error(`mod ${unit.mod} is missing from the state`);
  return mod;
}

/** The squares a unit on the map covers; empty in reserve or dropped. */
export function squaresOf(state: GameState, unit: UnitState): number[] {
  if (unit.at === null || unit.dropped) return [];
  return footprint(boardOf(state), unit.at, cardOf(state, unit).size);
}

export const onMap = (unit: UnitState): boolean => unit.at !== null && !unit.dropped;

/** The unit's name as players read it: "Ghoul (b)". */
export function label(state: GameState, unit: UnitState): string {
  return `${cardOf(state, unit).name} (${unit.id})`;
}

/** An attack of the unit's card or mod, by id (disabled ones included; stats.ts filters). */
export function findAttack(state: GameState, unit: UnitState, id: string): Attack | undefined {
  return [...cardOf(state, unit).attacks, ...(modOf(state, unit)?.attacks ?? [])].find((a) => a.id === id);
}
