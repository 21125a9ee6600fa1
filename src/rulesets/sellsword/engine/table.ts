/**
 * The table: what a state looks like on the board. Derived from the state and cached (shared by
 * every state with the same units in the same places), never stored: who stands on which square,
 * which sliding walls are held open, and each unit's card, mod and space. Caches elsewhere hang off
 * a table, so they last exactly as long as nobody moves.
 */
import type { Attack, InjuryBox, Trait, UnitCard } from '../formats/card';
import type { Gridmap } from '../../../formats/gridmap';
import type { ModCard } from '../formats/mod';
import type { Size } from '../formats/vocabulary';
import { buildBoard, hasTerrain, T, type Board } from '../../../engine/board';
import { Lru } from '../../../cache/lru';
import { adjacent, distanceField, type DiagonalRule, type WallAt } from '../../../engine/distance';
import { footprint, type Span } from '../../../engine/footprint';
import { sidesKey } from './sides';
import type { GameState, UnitId, UnitState } from './state';

/**
 * A cache of one entry: the last object asked about, compared by identity, and what was found for
 * it. Rules ask about the same map, state or units object many times in a row, so one of these
 * answers before any keyed cache is looked at. Each is a plain object of its own, named for what it
 * keeps; `key` is null until the first answer.
 */
export class LastOne<K extends object, V> {
  key: K | null = null;
  value: V;

  constructor(empty: V) {
    this.value = empty;
  }

  keep<T extends V>(key: K, value: T): T {
    this.key = key;
    this.value = value;
    return value;
  }
}

/** Boards by map object: the fast path for the same object asked about again. */
const boards = new WeakMap<object, Board>();

/**
 * Boards by content: the map's id and a hash of the whole map. The bot reads every match afresh from
 * the database, so each act brings the same map as a new object; keyed by content, it still finds the
 * board (and everything cached per board: distance fields here, the board's view and picture in the
 * renderer). Bounded, least recently used first out; the entry keeps the content, so two maps whose
 * hashes collide are told apart.
 */
const byContent = new Lru<string, { readonly content: string; readonly board: Board }>(32);
/** The content key of each board built here (render's caches key on it too). */
const boardKeys = new WeakMap<Board, string>();
let unkeyed = 0;
const stats = { built: 0, reused: 0 };

/** The board of the map asked about last. */
const lastBoard = new LastOne<Gridmap, Board | null>(null);

/** cyrb53: a fast 53-bit string hash (not cryptographic: entries are checked against their content). */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The board of a state's map, built once per map (see boardOfMap). */
export function boardOf(state: GameState): Board {
  return boardOfMap(state.map);
}

/** The board of a map, built once per map content (boards are never changed). */
export function boardOfMap(map: Gridmap): Board {
  if (map === lastBoard.key) return lastBoard.value!;
  let board = boards.get(map);
  if (!board) {
    const content = JSON.stringify(map);
    const key = `${map.id}#${hash53(content).toString(36)}`;
    const known = byContent.get(key);
    if (known && known.content === content) {
      board = known.board;
      stats.reused++;
    } else {
      board = buildBoard(map);
      stats.built++;
      byContent.set(key, { content, board });
      boardKeys.set(board, key);
    }
    boards.set(map, board);
  }
  return lastBoard.keep(map, board);
}

/**
 * A key that names the board's content, for caches of what is drawn from it: the map's id and hash
 * for boards made by boardOfMap; a key of its own for a board built directly (buildBoard).
 */
export function boardKey(board: Board): string {
  let key = boardKeys.get(board);
  if (key === undefined) boardKeys.set(board, (key = `${board.id}#board${++unkeyed}`));
  return key;
}

/** How many boards boardOfMap has built, and how many times it found one by content (for tests). */
export const boardCacheStats = (): { readonly built: number; readonly reused: number } => ({ ...stats });

export const SIZE_RANK: Record<Size, 1 | 2 | 3> = { small: 1, medium: 2, big: 3 };

/** Sellsword's diagonal rule: the second diagonal of a move or a count costs 2 (R12, R15). */
export const DIAGONALS: DiagonalRule = 'second-once';

// The space itself is board geometry (footprint.ts), shared by every game.
export { fitsOnBoard, footprint, newlyCovered, spaceCutsCorner, type Span } from '../../../engine/footprint';

/** Sellsword's sizes as spans: a Big unit stands on a 2×2, every other on one square. */
export const SPAN: Readonly<Record<Size, Span>> = { small: 1, medium: 1, big: 2 };

export interface Table {
  readonly board: Board;
  /** The unit on each square, or null. */
  readonly occupant: readonly (UnitId | null)[];
  /** Walls for sight and counting: wall squares, and sliding walls nobody stands in (§3.11). */
  readonly wallAt: WallAt;
  /** Counted distance (R15) from a unit's squares to every square, kept per board and sliding walls held open. */
  readonly rangesFrom: (squares: readonly number[]) => Float64Array;
  /** R16 adjacency of two spaces given by top-left square and size, with this table's walls. */
  readonly touching: (a: number, aSize: Size, b: number, bSize: Size) => boolean;
  /** What other modules keep for as long as this table lasts (see tableMemo). */
  readonly memo: Map<symbol, unknown>;
}

/**
 * A cache that lives on the table: `key` names it (one symbol per kind), `make` builds it the first
 * time. Only what the table decides may go in it (see `shared`).
 */
export function tableMemo<T>(table: Table, key: symbol, make: () => T): T {
  let value = table.memo.get(key) as T | undefined;
  if (value === undefined) table.memo.set(key, (value = make()));
  return value;
}

/** Distance fields per board and set of open sliding walls: by space number (spaceKey), or by text for other lists. */
interface Fields {
  readonly spaces: Map<number, Float64Array>;
  readonly lists: Map<string, Float64Array>;
}
/** All of a board's fields, with how many there are: at most FIELDS_KEPT are kept, whatever the walls. */
const boardFields = new WeakMap<Board, { count: number; readonly byOpen: Map<string, Fields> }>();
const FIELDS_KEPT = 4096;
const boardTouching = new WeakMap<Board, Map<string, Map<number, boolean>>>();
const slidings = new WeakMap<Board, number[]>();

function fieldsOf(board: Board, open: string): Fields {
  let all = boardFields.get(board);
  if (!all) boardFields.set(board, (all = { count: 0, byOpen: new Map() }));
  let fields = all.byOpen.get(open);
  if (!fields) all.byOpen.set(open, (fields = { spaces: new Map(), lists: new Map() }));
  return fields;
}

/** Counts a field made for `board`; past the budget, the board's fields are let go. */
function fieldMade(board: Board): void {
  const all = boardFields.get(board)!;
  if (++all.count <= FIELDS_KEPT) return;
  for (const fields of all.byOpen.values()) {
    fields.spaces.clear();
    fields.lists.clear();
  }
  all.byOpen.clear();
  all.count = 1;
}

function touchingOf(board: Board, open: string): Map<number, boolean> {
  let byOpen = boardTouching.get(board);
  if (!byOpen) boardTouching.set(board, (byOpen = new Map()));
  let m = byOpen.get(open);
  if (!m) {
    if (byOpen.size > 16) byOpen.clear();
    byOpen.set(open, (m = new Map()));
  }
  return m;
}

function slidingSquares(board: Board): number[] {
  let list = slidings.get(board);
  if (!list) slidings.set(board, (list = board.terrain.flatMap((t, i) => (t & T['sliding-wall'] ? [i] : []))));
  return list;
}

/**
 * Tables are shared by every state with the same units (id, player, card, mod) in the same places
 * with the same injuries marked, and the same sides (sides.ts `sidesKey`: which unit, if any, fights
 * for another player this turn, §6.2 Controlled): most events (a roll, a wound avoided, a token spent)
 * change none of that, so the occupancy, distance fields and the caches that hang off a table carry
 * over. Caches may hang off a table only what these decide (a unit's Vigor, tokens and statuses are
 * not in it; friend or foe is, so flanking and the odds between two units may be kept). Tables
 * are kept per game (per `cards` object, which travels with the game's states): another game may hold
 * a card of the same id as it was before the catalog changed.
 */
const shared = new WeakMap<object, Map<string, { readonly table: Table; readonly origin: GameState }>>();

/**
 * A short key for where everyone stands and how many boxes each has marked (tableFor adds the
 * sidesKey); tables found by it are checked with samePlaces, so two states that share a key but not
 * a table are told apart.
 */
function placesKey(state: GameState): string {
  const codes: number[] = [];
  for (const id in state.units) {
    const u = state.units[id]!;
    codes.push(u.dropped ? 0 : u.at === null ? 1 : u.at + 2, u.injuries.length);
  }
  return String.fromCharCode(...codes);
}

const sameBox = (a: InjuryBox, b: InjuryBox): boolean => (typeof a === 'string' ? a === b : typeof b === 'object' && a.trait === b.trait);

function sameInjuries(a: readonly InjuryBox[], b: readonly InjuryBox[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameBox(a[i]!, b[i]!)) return false;
  return true;
}

/**
 * The same units (id, player, card, mod), in the same order, in the same places with the same
 * injuries, on the same sides.
 */
function samePlaces(a: GameState, b: GameState): boolean {
  // A Controlled unit taking its turn changes friend or foe without anyone moving (sides.ts).
  if (sidesKey(a) !== sidesKey(b)) return false;
  if (a.units === b.units) return true;
  const x = a.units;
  const ys = Object.keys(b.units);
  let i = 0;
  for (const id in x) {
    if (ys[i++] !== id) return false;
    const u = x[id]!;
    const v = b.units[id]!;
    if (v.id !== u.id || v.player !== u.player || v.card !== u.card || v.mod !== u.mod || v.dropped !== u.dropped || !sameInjuries(v.injuries, u.injuries))
      return false;
    if (!u.dropped && v.at !== u.at) return false;
  }
  return i === ys.length;
}

/** The table of the state asked about last: rules ask for the table of the same state many times in a row. */
const lastTable = new LastOne<GameState, Table | null>(null);

export function tableOf(state: GameState): Table {
  if (state === lastTable.key) return lastTable.value!;
  return lastTable.keep(state, tableFor(state));
}

function tableFor(state: GameState): Table {
  // Most events move nobody (a roll, a prompt, a token spent, a status gained): when everyone stands
  // where they stood in the last state asked about, its table is this one's too.
  const last = lastTable.key;
  if (last !== null && last.cards === state.cards && last.map === state.map && samePlaces(last, state)) return lastTable.value!;
  const board = boardOf(state);
  let byPlace = shared.get(state.cards);
  if (!byPlace) shared.set(state.cards, (byPlace = new Map()));
  const key = placesKey(state) + sidesKey(state);
  const known = byPlace.get(key);
  if (known && known.table.board === board && samePlaces(known.origin, state)) return known.table;
  // Few: tables are found again mostly for a place just left (a charge tried, a move backed up), and
  // each one kept holds its caches past the young generation, which the collector pays for.
  if (byPlace.size > 4) byPlace.clear();
  const table = buildTable(state, board);
  byPlace.set(key, { table, origin: state });
  return table;
}

/** Columns (or rows) of a space from `start`, `size` 1 or 2 wide: the gap to another, 0 when they overlap or touch. */
const gap = (a: number, aw: number, b: number, bw: number): number => Math.max(b - (a + aw - 1), a - (b + bw - 1), 0);

function buildTable(state: GameState, board: Board): Table {
  const occupant: (UnitId | null)[] = new Array(board.width * board.height).fill(null);
  for (const id in state.units) {
    const unit = state.units[id]!;
    if (unit.at === null || unit.dropped) continue;
    const space = footprint(board, unit.at, SPAN[cardOf(state, unit).size]);
    for (let k = 0; k < space.length; k++) occupant[space[k]!] = unit.id;
  }
  // Distance fields and adjacency depend only on the walls, which change only when a sliding wall is
  // entered or left; so they are shared by every table with the same sliding walls open.
  const open = slidingSquares(board)
    .filter((i) => occupant[i] !== null)
    .join(',');
  const wallAt = wallsOf(board, occupant);
  return { board, occupant, wallAt, rangesFrom: rangesOf(board, wallAt, open), touching: touchingFor(board, wallAt, open), memo: new Map() };
}

/*
 * The table's functions are made by these factories, not as named closures in buildTable: tsx (which
 * runs the CLI) keeps function names, at a property write for every named closure made.
 */

function wallsOf(board: Board, occupant: readonly (UnitId | null)[]): WallAt {
  return (i) => hasTerrain(board, i, T.wall) || (hasTerrain(board, i, T['sliding-wall']) && occupant[i] === null);
}

/** A number for a unit's space (one square, or a 2×2 from its top-left), or -1 for other lists. */
function spaceKey(board: Board, squares: readonly number[]): number {
  const first = squares[0]!;
  if (squares.length === 1) return first;
  const w = board.width;
  if (squares.length === 4 && squares[1] === first + 1 && squares[2] === first + w && squares[3] === first + w + 1) return board.width * board.height + first;
  return -1;
}

function rangesOf(board: Board, wallAt: WallAt, open: string): Table['rangesFrom'] {
  const { spaces, lists } = fieldsOf(board, open);
  return (squares) => {
    const near = squares.length > 0 ? spaceKey(board, squares) : -1;
    if (near >= 0) {
      let field = spaces.get(near);
      if (!field) {
        fieldMade(board);
        spaces.set(near, (field = distanceField(board, wallAt, DIAGONALS, squares)));
      }
      return field;
    }
    const key = squares.join(',');
    let field = lists.get(key);
    if (!field) {
      fieldMade(board);
      lists.set(key, (field = distanceField(board, wallAt, DIAGONALS, squares)));
    }
    return field;
  };
}

function touchingFor(board: Board, wallAt: WallAt, open: string): Table['touching'] {
  const touched = touchingOf(board, open);
  const cells = board.width * board.height;
  return (a, aSize, b, bSize) => {
    const aw = SPAN[aSize];
    const bw = SPAN[bSize];
    const w = board.width;
    // Most pairs are too far apart to look up.
    if (gap(a % w, aw, b % w, bw) > 1 || gap(Math.floor(a / w), aw, Math.floor(b / w), bw) > 1) return false;
    const key = ((a * 2 + aw - 1) * cells + b) * 2 + bw - 1;
    let near = touched.get(key);
    if (near === undefined) {
      if (touched.size > 65536) touched.clear();
      near = adjacent(board, wallAt, footprint(board, a, SPAN[aSize]), footprint(board, b, SPAN[bSize]));
      touched.set(key, near);
    }
    return near;
  };
}

/** The list of the units object asked about last. */
const lastList = new LastOne<GameState['units'], readonly UnitState[]>([]);

/** `Object.values(state.units)`, made once per units object (read-only: it is shared). */
export function unitList(state: GameState): readonly UnitState[] {
  return state.units === lastList.key ? lastList.value : lastList.keep(state.units, Object.values(state.units));
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
  return footprint(boardOf(state), unit.at, SPAN[cardOf(state, unit).size]);
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

/**
 * An attack as a player types it: its id or its printed name, any case, spaces trimmed ("Longsword",
 * "bone bow", "longsword"). The one reading of a typed `attack` option, for the command and for every
 * list that depends on it (targets, charge paths), so a list never refuses what the command accepts.
 */
export function typedAttack(state: GameState, unit: UnitState, typed: string): Attack | undefined {
  const text = typed.trim().toLowerCase();
  const all = [...cardOf(state, unit).attacks, ...(modOf(state, unit)?.attacks ?? [])];
  return all.find((a) => a.id === text) ?? all.find((a) => a.id.toLowerCase() === text) ?? all.find((a) => a.name.toLowerCase() === text);
}

/** The act traits of the unit's card and mod (disabled ones included; stats.ts filters). */
export function actTraitsOf(state: GameState, unit: UnitState): Extract<Trait, { trait: 'act' }>[] {
  return [...cardOf(state, unit).traits, ...(modOf(state, unit)?.traits ?? [])].filter((t): t is Extract<Trait, { trait: 'act' }> => t.trait === 'act');
}

/**
 * An act trait as a player types it, as typedAttack reads an attack: its id or its printed name, any
 * case ("Mend Wounds", "mend"): a tester typed the card's name and was told the unit had no such trait
 * (playtest round 20).
 */
export function typedTrait(state: GameState, unit: UnitState, typed: string): Extract<Trait, { trait: 'act' }> | undefined {
  const text = typed.trim().toLowerCase();
  const all = actTraitsOf(state, unit);
  return all.find((t) => t.id === text) ?? all.find((t) => t.id.toLowerCase() === text) ?? all.find((t) => t.name.toLowerCase() === text);
}
