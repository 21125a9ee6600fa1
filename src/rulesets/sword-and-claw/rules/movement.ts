/**
 * Movement (SC Movement a, c; ruling SC120; SC Difficult Terrain; SC Moving Through Water, SC Swimming, SC App. A
 * Aquatic: rules/water.ts; rulings SC8, SC12, SC68–SC70): what each order allows, what
 * one step costs, a path checked square by square, and every square a troop can reach. The search is
 * the engine's one path search (engine/path-search.ts) under the every-second diagonal rule.
 */
import { isDiagonal, nameOf } from '../../../engine/board';
import { afterDiagonal, diagonalState, diagonalSurcharge, type DiagonalRule } from '../../../engine/distance';
import { ruleError, type RuleError } from '../../../engine/errors';
import { fitsOnBoard, footprint, newlyCovered, spaceCutsCorner } from '../../../engine/footprint';
import { searchSquares } from '../../../engine/path-search';
import { SIZE_RANK, type ScSize } from '../formats/vocabulary';
import { isHigh, type Level, slideBonus } from './altitude';
import { type Piece, pieceLevel, type ScTable, spanOf } from './table';
import { wadesIn, waterExtra } from './water';

/** SC Movement a: every second diagonal counts as 2 inches. */
export const DIAGONAL_RULE: DiagonalRule = 'every-second';

export type MoveOrder = 'move' | 'run' | 'slide';

/** A troop's order in the movement step: a move of some kind, or Aim or Reload, which stay put (SC Movement a). */
export type TroopOrder = MoveOrder | 'charge' | 'aim' | 'reload';

/**
 * SC Movement a: inches an order allows: Move its Move, Run double, Slide 1 (2 for Large or Huge),
 * one more for a troop flying (SC Flight Hover: a hovering Large flyer slides three).
 */
export function allowance(order: MoveOrder, move: number, size: ScSize, level: Level = 'ground'): number {
  if (order === 'run') return 2 * move;
  if (order === 'slide') return (size === 'large' || size === 'huge' ? 2 : 1) + slideBonus(level);
  return move;
}

/** What a troop may still do this turn after its movement order (SC Movement a). */
export interface AfterMove {
  readonly melee: boolean;
  readonly ranged: boolean;
  readonly spells: boolean;
}

/** Run forbids the later steps; Charge all but melee; a Slide forbids ranged attacks, and a Slide with a move after it counts as a Run; Aim and Reload forbid nothing. */
export function afterMove(order: TroopOrder, movedAfterSlide = false): AfterMove {
  if (order === 'run' || (order === 'slide' && movedAfterSlide)) return { melee: false, ranged: false, spells: false };
  if (order === 'slide') return { melee: true, ranged: false, spells: true };
  // A charge leads to the melee step only (SC Movement a).
  if (order === 'charge') return { melee: true, ranged: false, spells: false };
  return { melee: true, ranged: true, spells: true };
}

/** SC Difficult Terrain: difficult squares a step may enter without paying: Large one, Huge two. */
const IGNORED: Readonly<Record<ScSize, number>> = { small: 0, medium: 0, large: 1, huge: 2 };

const REFUSALS = ['not-a-step', 'off-map', 'blocking-terrain', 'enemy-occupied', 'corner-blocked', 'between-enemies'] as const;
type Refusal = (typeof REFUSALS)[number];

/** A step's price before the diagonal surcharge, or why it is refused (with the square at fault). */
type Price = { readonly cost: number } | { readonly refused: Refusal; readonly square: number };

/** The squares' troops at the mover's level: the only ones its moves meet (ruling SC91). */
const layerOf = (table: ScTable, mover: Piece) => table.layers[pieceLevel(mover)];

const isEnemy = (table: ScTable, mover: Piece, square: number): boolean => {
  const who = layerOf(table, mover)[square];
  return who !== null && who !== undefined && who !== mover.id && table.pieces.get(who)!.player !== mover.player;
};

/**
 * SC Movement c: a troop may move through an enemy's space only if it is at least one size larger
 * or two sizes smaller than that enemy (a Medium troop passes a Small one or a Huge one, not a Large one).
 */
export function mayPassEnemy(mover: ScSize, enemy: ScSize): boolean {
  const larger = SIZE_RANK[mover] - SIZE_RANK[enemy];
  return larger >= 1 || larger <= -2;
}

/** An enemy in `square` the mover may not move through (SC Movement c). */
const isBarringEnemy = (table: ScTable, mover: Piece, square: number): boolean =>
  isEnemy(table, mover, square) && !mayPassEnemy(mover.size, table.pieces.get(layerOf(table, mover)[square]!)!.size);

/**
 * SC Movement a: a diagonal step may not cut a corner of hard blocking terrain, nor pass between two
 * enemies "unless using the rules for moving through one of them" (SC Movement c): two enemies close
 * the corner only when the mover may pass neither (the engine's corner rule, board.ts `cornerCut`,
 * told what closes a corner in this game).
 */
function cornerRefusal(table: ScTable, mover: Piece, from: number, to: number): Refusal | null {
  // An orthogonal step cuts no corner: answered before any test is made (every path search asks).
  if (!isDiagonal(table.board, from, to)) return null;
  const span = spanOf(mover.size);
  // Low and High flyers pass over every terrain (SC Flight), so no corner of it stops them.
  const high = isHigh(pieceLevel(mover));
  if (!high && spaceCutsCorner(table.board, from, to, span, closers(table).blocking)) return 'corner-blocked';
  if (spaceCutsCorner(table.board, from, to, span, NEVER, twoEnemiesFor(table, mover))) return 'between-enemies';
  return null;
}

/*
 * The corner tests' functions, made once per table (and mover) rather than per step: a path search
 * prices thousands of diagonal steps, and each closure made costs an allocation (and under tsx a
 * name written on it). Tables and pieces are never written to, so a kept function answers as a new one.
 */
const NEVER = (): boolean => false;
const tableClosers = new WeakMap<
  ScTable,
  { readonly blocking: (i: number) => boolean; readonly twoEnemies: WeakMap<Piece, (s1: number, s2: number) => boolean> }
>();

function closers(table: ScTable) {
  let made = tableClosers.get(table);
  if (!made) tableClosers.set(table, (made = { blocking: (i: number) => table.terrain[i] === 'blocking', twoEnemies: new WeakMap() }));
  return made;
}

/** SC Movement a, c: two enemies the mover may pass neither of, on two squares, close a corner between them. */
function twoEnemiesFor(table: ScTable, mover: Piece): (s1: number, s2: number) => boolean {
  const kept = closers(table).twoEnemies;
  let test = kept.get(mover);
  if (!test) {
    const layer = layerOf(table, mover);
    test = (s1: number, s2: number) => isBarringEnemy(table, mover, s1) && isBarringEnemy(table, mover, s2) && layer[s1] !== layer[s2];
    kept.set(mover, test);
  }
  return test;
}

/** Whether another troop's square is difficult to pass for the mover: unless two sizes apart (SC Movement c). */
function occupiedIsDifficult(table: ScTable, mover: Piece, square: number): boolean {
  const who = layerOf(table, mover)[square];
  if (who === null || who === undefined || who === mover.id) return false;
  return Math.abs(SIZE_RANK[table.pieces.get(who)!.size] - SIZE_RANK[mover.size]) < 2;
}

/** The price of one step of `mover` from top-left `from` to top-left `to`, before the diagonal surcharge. */
export function stepPrice(table: ScTable, mover: Piece, from: number, to: number): Price {
  const { board } = table;
  const w = board.width;
  const dc = (to % w) - (from % w);
  const dr = Math.floor(to / w) - Math.floor(from / w);
  if (Math.abs(dc) > 1 || Math.abs(dr) > 1 || from === to) return { refused: 'not-a-step', square: to };
  const span = spanOf(mover.size);
  if (!fitsOnBoard(board, to, span)) return { refused: 'off-map', square: to };
  const level = pieceLevel(mover);
  let difficult = 0;
  for (const s of newlyCovered(board, from, to, span)) {
    // Ruling SC94: a hovering troop is kept off hard blocking terrain (buildings, trees, hills), not off difficult ground or water; Low and High off nothing.
    if (table.terrain[s] === 'blocking' && !isHigh(level)) return { refused: 'blocking-terrain', square: s };
    if (isBarringEnemy(table, mover, s)) return { refused: 'enemy-occupied', square: s };
    // Water its own height deep is difficult terrain to the mover (SC Moving Through Water).
    const ground = level === 'ground' && (table.terrain[s] === 'difficult' || wadesIn(table, mover, s));
    if (ground || occupiedIsDifficult(table, mover, s)) difficult++;
  }
  const corner = cornerRefusal(table, mover, from, to);
  if (corner) return { refused: corner, square: to };
  return costOf(1 + Math.max(0, difficult - IGNORED[mover.size]) + waterExtra(table, mover, from, to));
}

/** Prices of the few costs a step has, made once: a path search prices thousands of steps, and a price is never written to. */
const PRICES: readonly { readonly cost: number }[] = Array.from({ length: 16 }, (_, cost) => ({ cost }));
const costOf = (cost: number): Price => PRICES[cost] ?? { cost };

function refusalError(table: ScTable, mover: Piece, from: number, price: Extract<Price, { refused: Refusal }>): RuleError {
  const at = nameOf(table.board, price.square);
  switch (price.refused) {
    case 'not-a-step':
      return ruleError('not-a-step', `${at} is not next to ${nameOf(table.board, from)}`);
    case 'off-map':
      return ruleError('off-map', `${mover.id} would leave the map`);
    case 'blocking-terrain':
      return ruleError('blocking-terrain', `${at} is hard blocking terrain`);
    case 'enemy-occupied':
      return ruleError(
        'enemy-occupied',
        `${at} is held by an enemy ${mover.id} cannot move through (a troop passes only enemies at least one size smaller or two sizes larger)`,
      );
    case 'corner-blocked':
      return ruleError('corner-blocked', `the step from ${nameOf(table.board, from)} to ${at} cuts a corner of hard blocking terrain`);
    default:
      return ruleError('between-enemies', `the step from ${nameOf(table.board, from)} to ${at} passes between two enemies`);
  }
}

/** Whether the mover's whole space at `at` is free of other troops: where a move may end (SC Movement c). */
export function canEnd(table: ScTable, mover: Piece, at: number): boolean {
  const layer = layerOf(table, mover);
  return footprint(table.board, at, spanOf(mover.size)).every((s) => layer[s] === null || layer[s] === mover.id);
}

export interface MovePlan {
  /** Top-left squares entered, in order, up to where the troop ends. */
  readonly path: readonly number[];
  readonly spent: number;
  /** Set when the path ended inside other troops and the troop stopped on the last free square before them (SC Movement c). */
  readonly fellBack: boolean;
}

/**
 * A path checked square by square within `budget` inches: the first broken rule is returned. A path
 * that ends where the troop cannot stand (inside friends it lacked the movement to clear) puts it on
 * the last free square of the path (SC Movement c); none free is refused.
 */
export function checkPath(table: ScTable, mover: Piece, path: readonly number[], budget: number): MovePlan | RuleError {
  if (path.length === 0) return ruleError('empty-path', 'a move needs at least one square');
  let at = mover.at;
  let spent = 0;
  let diagonals = diagonalState(DIAGONAL_RULE, 0);
  for (const to of path) {
    const price = stepPrice(table, mover, at, to);
    if ('refused' in price) return refusalError(table, mover, at, price);
    const diagonal = isDiagonal(table.board, at, to);
    const cost = price.cost + (diagonal ? diagonalSurcharge(DIAGONAL_RULE, diagonals) : 0);
    if (spent + cost > budget) {
      return ruleError('not-enough-move', `${mover.id} needs ${spent + cost} inches to reach ${nameOf(table.board, to)} but has ${budget}`);
    }
    if (diagonal) diagonals = afterDiagonal(DIAGONAL_RULE, diagonals);
    spent += cost;
    at = to;
  }
  if (canEnd(table, mover, at)) return { path, spent, fellBack: false };
  for (let i = path.length - 2; i >= 0; i--) {
    if (canEnd(table, mover, path[i]!)) return { path: path.slice(0, i + 1), spent, fellBack: true };
  }
  return ruleError('cannot-end-here', `${mover.id} cannot end inside other troops and has no free square to fall back to`);
}

/**
 * Every square where the troop can end within `budget` inches, with the cheapest path to each (then
 * board order), under the every-second diagonal rule.
 */
export function reachable(table: ScTable, mover: Piece, budget: number): ReadonlyMap<number, { path: readonly number[]; spent: number }> {
  let kept = searched.get(table);
  if (!kept) searched.set(table, (kept = new Map()));
  // The search reads the table and every field of the mover, and nothing else.
  const key = `${budget} ${JSON.stringify(mover)}`;
  let found = kept.get(key);
  if (!found) kept.set(key, (found = search(table, mover, budget)));
  return found;
}

/**
 * Searches made on a table, by mover and budget: the AI weighs a troop's moves, its charges at each
 * enemy and the options list them, each asking for the same search. A table is never written to
 * (rules/table.ts), so a kept search is the one made again.
 */
const searched = new WeakMap<ScTable, Map<string, ReadonlyMap<number, { path: readonly number[]; spent: number }>>>();

function search(table: ScTable, mover: Piece, budget: number): ReadonlyMap<number, { path: readonly number[]; spent: number }> {
  const plans = searchSquares({
    board: table.board,
    rule: DIAGONAL_RULE,
    budget,
    diagonalsSoFar: 0,
    start: { standing: mover.at },
    price: (from, to) => {
      const p = stepPrice(table, mover, from, to);
      return 'cost' in p ? p.cost : -1;
    },
  });
  const out = new Map<number, { path: readonly number[]; spent: number }>();
  for (const [at, plan] of plans) if (canEnd(table, mover, at)) out.set(at, { path: plan.path, spent: plan.spent });
  return out;
}
