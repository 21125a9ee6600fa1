/**
 * The one pathfinder (§3, R11–R14): step costs, where a unit may end, paths checked square by square,
 * cheapest paths for `to:` (then fewest reply chances, then board order), and reachable squares.
 * Moves, maneuvers, entering from reserve and queries all go through here.
 */
import { crossesLowCover, hasTerrain, isDiagonal, nameOf, stepBlocked, T } from '../../../engine/board';
import { adjacent, diagonalSurcharge, openGroundDistance } from '../../../engine/distance';
import { searchSquares } from '../../../engine/path-search';
import type { GameState, UnitState } from './state';
import { profile } from './stats';
import { DIAGONALS, fitsOnBoard, footprint, label, SPAN, type Table, tableOf, unitOf } from './table';
import { ruleError, type RuleError } from '../../../engine/errors';
import type { Size } from '../formats/vocabulary';
import { areEnemies } from './sides';
import { canReact } from './react-status';

export interface Mover {
  readonly unit: UnitState;
  readonly size: Size;
  readonly fly: boolean;
  readonly ghostly: boolean;
  /** Hobbled: +1 to enter every square (§6.2). */
  readonly hobbled: boolean;
}

export function moverOf(state: GameState, unit: UnitState): Mover {
  const p = profile(state, unit);
  return { unit, size: p.size, fly: p.fly, ghostly: p.ghostly, hobbled: unit.statuses.some((s) => s.status === 'hobbled') };
}

export type StepResult = { readonly cost: number; readonly diagonal: boolean } | { readonly error: RuleError };

const isStepError = (r: StepResult): r is Extract<StepResult, { error: RuleError }> => 'error' in r;

/*
 * Why a step is refused, as a number: the searches ask about thousands of steps and want only the
 * price, so the price function returns the reason in its result (below zero) instead of a message.
 * A refusal is -1 - (reason + 8 × k), k being which square of the mover's space was refused (0 for
 * one square; 0–3 across a Big unit's 2×2, as stepPrice walks them); stepCost words it.
 */
const NOT_A_STEP = 0;
const OFF_MAP = 1;
const WALL = 2;
const PIT = 3;
const ENEMY_OCCUPIED = 4;
const WALL_BETWEEN = 5;

const refusal = (reason: number, k: number): number => -1 - (reason + 8 * k);

/**
 * The price of one step of `mover` from top-left `from` to top-left `to` (R12), given how many
 * diagonal steps it has taken this turn; -1 when the step is not allowed (stepCost says why).
 */
export function stepPrice(state: GameState, table: Table, mover: Mover, from: number, to: number, diagonalsSoFar: number): number {
  const price = priceOrRefusal(state, table, mover, from, to, diagonalsSoFar);
  return price < 0 ? -1 : price;
}

/** stepPrice, with the reason for a refusal in the result (see `refusal`). */
function priceOrRefusal(state: GameState, table: Table, mover: Mover, from: number, to: number, diagonalsSoFar: number): number {
  const price = basePrice(state, table, mover, from, to);
  return price >= 0 && isDiagonal(table.board, from, to) ? price + diagonalSurcharge(DIAGONALS, diagonalsSoFar) : price;
}

/** A step's price before the diagonal surcharge, or the reason it is refused (see `refusal`). */
function basePrice(state: GameState, table: Table, mover: Mover, from: number, to: number): number {
  const { board, occupant } = table;
  const w = board.width;
  const fc = from % w;
  const tc = to % w;
  const dr = Math.floor(to / w) - Math.floor(from / w);
  if (Math.abs(tc - fc) > 1 || Math.abs(dr) > 1 || from === to) return refusal(NOT_A_STEP, 0);
  if (!fitsOnBoard(board, to, SPAN[mover.size])) return refusal(OFF_MAP, 0);
  const delta = to - from;
  const big = mover.size === 'big';
  const me = mover.unit.id;
  let extra = 0;
  let lowCover = false;
  // A one-square unit enters just `to`; a Big one enters the squares of its new 2×2 it did not cover.
  const count = big ? 4 : 1;
  for (let k = 0; k < count; k++) {
    const s = big ? to + (k & 1) + (k >> 1) * w : to;
    if (big && s - from >= 0 && (s - from === 0 || s - from === 1 || s - from === w || s - from === w + 1)) continue;
    const origin = s - delta;
    const terrain = board.terrain[s]!;
    if (terrain & T.wall && !mover.ghostly) return refusal(WALL, k);
    if (terrain & T.pit && !mover.fly && !mover.ghostly) return refusal(PIT, k);
    const who = occupant[s];
    if (who !== null && who !== undefined && who !== me) {
      const other = unitOf(state, who);
      // R13 by side, not owner: a Controlled unit taking its turn passes its controller's units (§6.2).
      if (areEnemies(state, other, mover.unit) && !mover.ghostly && !(mover.fly && !moverOf(state, other).fly)) return refusal(ENEMY_OCCUPIED, k);
    }
    // Walls between squares: ghostly units move through walls (§3.2); everyone else is stopped.
    // (A sliding wall the mover itself holds open is no wall to it.)
    if (!mover.ghostly && stepBlocked(board, origin, s, (i) => table.wallAt(i) && occupant[i] !== me)) return refusal(WALL_BETWEEN, k);
    // R12: challenging, brush and obstructing cost +1, once; flyers and ghosts pay no such extra.
    if (!mover.fly && !mover.ghostly && terrain & (T.challenging | T.brush | T.obstructing)) extra = 1;
    if (crossesLowCover(board, origin, s)) lowCover = true;
  }
  return 1 + extra + (lowCover ? 1 : 0) + (mover.hobbled ? 1 : 0);
}

/**
 * The cost of one step of `mover` from top-left `from` to top-left `to` (R12), given how many diagonal
 * steps it has taken this turn, or why the step is not allowed.
 */
export function stepCost(state: GameState, table: Table, mover: Mover, from: number, to: number, diagonalsSoFar: number): StepResult {
  const cost = priceOrRefusal(state, table, mover, from, to, diagonalsSoFar);
  const { board } = table;
  if (cost >= 0) return { cost, diagonal: isDiagonal(board, from, to) };
  // The square refused, as priceOrRefusal walks the mover's space, and the square it is entered from.
  const reason = (-1 - cost) % 8;
  const k = Math.floor((-1 - cost) / 8);
  const square = mover.size === 'big' ? to + (k & 1) + (k >> 1) * board.width : to;
  const name = nameOf(board, square);
  switch (reason) {
    case NOT_A_STEP:
      return { error: ruleError('not-a-step', `${nameOf(board, to)} is not next to ${nameOf(board, from)}`) };
    case OFF_MAP:
      return { error: ruleError('off-map', `${label(state, mover.unit)} would leave the map`) };
    case WALL:
      return { error: ruleError('wall', `${name} is a wall`) };
    case PIT:
      return { error: ruleError('pit', `${name} is a pit; only flying and ghostly units cross it`) };
    case ENEMY_OCCUPIED:
      return { error: ruleError('enemy-occupied', `${name} is held by ${label(state, unitOf(state, table.occupant[square]!))}`) };
    default:
      return { error: ruleError('wall-between', `a wall blocks the step from ${nameOf(board, square - (to - from))} to ${name}`) };
  }
}

/**
 * What stands in the way of a move to `to` that the pathfinder found no affordable path for (R12, R13),
 * as words for a refusal: the first square of the straight line there that no step may enter ("a wall
 * at E4"), when the unit could have walked that line on open ground with `budget` points, with what
 * the cheapest way around costs ("and the way around costs 8 points") or that there is none. Null when
 * the straight line is open: then distance or dearer terrain is the reason, not a blocker.
 */
export function blockedWay(state: GameState, mover: Mover, to: number, budget: number, diagonalsSoFar: number): string | null {
  const table = tableOf(state);
  const { board } = table;
  const from = mover.unit.at;
  if (from === null) return null;
  const w = board.width;
  const dx = (to % w) - (from % w);
  const dy = Math.floor(to / w) - Math.floor(from / w);
  const open = openGroundDistance(dx, dy, DIAGONALS) + (mover.hobbled ? Math.max(Math.abs(dx), Math.abs(dy)) : 0);
  if (open > budget) return null;
  let at = from;
  let diagonals = diagonalsSoFar;
  let spent = 0;
  while (at !== to) {
    const next = at + Math.sign((to % w) - (at % w)) + Math.sign(Math.floor(to / w) - Math.floor(at / w)) * w;
    const step = stepCost(state, table, mover, at, next, diagonals);
    if (isStepError(step)) {
      // The blocker is the reason only if the line up to it, and open ground past it, was affordable:
      // brush before a wall can put the square out of reach anyway (a tester was told a wall blocked a
      // square simply too far, playtest round 16).
      const rx = (to % w) - (at % w);
      const ry = Math.floor(to / w) - Math.floor(at / w);
      const rest = openGroundDistance(rx, ry, DIAGONALS) + (mover.hobbled ? Math.max(Math.abs(rx), Math.abs(ry)) : 0);
      if (spent + rest > budget) return null;
      const around = explore(state, mover, board.width * board.height * 4, diagonalsSoFar).get(to);
      const after = around ? `, and the way around costs ${around.spent} points` : ', and there is no way around';
      return `${blockerWords(state, table, mover, at, next)} blocks the way${after}`;
    }
    if (step.diagonal) diagonals++;
    spent += step.cost;
    at = next;
  }
  return null;
}

/**
 * Why a square out of reach with nothing in the way is out of reach: what the cheapest way there
 * costs ("the cheapest way there costs 9 points"), or that there is none. A bare "cannot reach F8
 * with 7 movement points" left a tester guessing, beside refusals that named a wall.
 */
export function reachCostWords(state: GameState, mover: Mover, to: number, diagonalsSoFar: number): string {
  const { board } = tableOf(state);
  const way = explore(state, mover, board.width * board.height * 4, diagonalsSoFar).get(to);
  return way ? `the cheapest way there costs ${way.spent} points` : 'there is no way there';
}

/** A refused step's cause as a noun phrase with its square ("a wall at E4", "GH at E4"), for blockedWay. */
function blockerWords(state: GameState, table: Table, mover: Mover, from: number, to: number): string {
  const { board } = table;
  const cost = priceOrRefusal(state, table, mover, from, to, 0);
  const reason = (-1 - cost) % 8;
  const k = Math.floor((-1 - cost) / 8);
  const square = mover.size === 'big' ? to + (k & 1) + (k >> 1) * board.width : to;
  const name = nameOf(board, square);
  if (reason === WALL) return `a wall at ${name}`;
  if (reason === PIT) return `a pit at ${name}`;
  if (reason === ENEMY_OCCUPIED) return `${label(state, unitOf(state, table.occupant[square]!))} at ${name}`;
  if (reason === WALL_BETWEEN) return `a wall between ${nameOf(board, square - (to - from))} and ${name}`;
  return `the map's edge at ${name}`;
}

/** R5: the cost of entering from reserve onto `to`, which must be on the player's entry tile. */
export function entryCost(state: GameState, table: Table, mover: Mover, to: number): StepResult {
  const { board } = table;
  const tile = state.entry[mover.unit.player];
  if (tile === undefined) return { error: ruleError('no-entry-tile', `${mover.unit.player} has no entry tile placed`) };
  const tileSquares = footprint(board, tile, 2);
  const squares = fitsOnBoard(board, to, SPAN[mover.size]) ? footprint(board, to, SPAN[mover.size]) : [];
  if (squares.length === 0 || squares.some((s) => !tileSquares.includes(s))) {
    return { error: ruleError('not-on-entry-tile', `a unit enters on its entry tile (${tileSquares.map((s) => nameOf(board, s)).join(', ')})`) };
  }
  let extra = 0;
  for (const s of squares) {
    if (table.occupant[s] !== null) return { error: ruleError('occupied', `${nameOf(board, s)} is occupied`) };
    if (!mover.fly && !mover.ghostly && hasTerrain(board, s, T.challenging | T.brush | T.obstructing)) extra = 1;
  }
  return { cost: 1 + extra + (mover.hobbled ? 1 : 0), diagonal: false };
}

/** R13: a move ends with the unit's whole space on empty squares that are not walls, pits or obstructing. */
export function endError(state: GameState, table: Table, mover: Mover, at: number): RuleError | null {
  const { board, occupant } = table;
  for (const s of footprint(board, at, SPAN[mover.size])) {
    const name = nameOf(board, s);
    if (hasTerrain(board, s, T.wall)) return ruleError('cannot-end-here', `${label(state, mover.unit)} cannot end in the wall at ${name}`);
    if (hasTerrain(board, s, T.pit)) return ruleError('cannot-end-here', `${label(state, mover.unit)} cannot end over the pit at ${name}`);
    if (hasTerrain(board, s, T.obstructing))
      return ruleError('cannot-end-here', `${label(state, mover.unit)} cannot end in the obstructing terrain at ${name}`);
    const who = occupant[s];
    if (who !== null && who !== undefined && who !== mover.unit.id) {
      return ruleError('cannot-end-here', `${label(state, mover.unit)} cannot end on ${name}: ${label(state, unitOf(state, who))} is there`);
    }
  }
  return null;
}

/** R25: enemies that could reply to a step leaving `from` (adjacent, and able to React: canReact). */
export function replyThreats(state: GameState, table: Table, mover: Mover, from: number): UnitState[] {
  const mine = footprint(table.board, from, SPAN[mover.size]);
  return Object.values(state.units).filter((u) => {
    // Only an enemy that may React now (a react token, not Stunned or Helpless: canReact) is a threat;
    // a stunned one was warned of in move suggestions though it could not reply (playtest round 23).
    if (!areEnemies(state, u, mover.unit) || u.at === null || !canReact(u)) return false;
    const theirs = footprint(table.board, u.at, SPAN[moverOf(state, u).size]);
    return adjacent(table.board, table.wallAt, mine, theirs);
  });
}

export interface PathPlan {
  /** Top-left squares entered, in order. */
  readonly path: readonly number[];
  readonly spent: number;
  readonly diagonals: number;
  /** Reply chances along the way (R25), for choosing between equal paths. */
  readonly replyChances: number;
}

/** Checks a path square by square within `budget` points; the first problem is returned. */
export function checkPath(state: GameState, mover: Mover, path: readonly number[], budget: number, diagonalsSoFar: number): PathPlan | { error: RuleError } {
  const table = tableOf(state);
  if (path.length === 0) return { error: ruleError('empty-path', 'a move needs at least one square') };
  let at = mover.unit.at;
  let spent = 0;
  let diagonals = 0;
  let replyChances = 0;
  for (const to of path) {
    const step = at === null ? entryCost(state, table, mover, to) : stepCost(state, table, mover, at, to, diagonalsSoFar + diagonals);
    if (isStepError(step)) return step;
    if (spent + step.cost > budget) {
      return {
        error: ruleError(
          'not-enough-move',
          `${label(state, mover.unit)} needs ${spent + step.cost} points to reach ${nameOf(table.board, to)} but has ${budget}`,
        ),
      };
    }
    if (at !== null) replyChances += replyThreats(state, table, mover, at).length;
    spent += step.cost;
    if (step.diagonal) diagonals++;
    at = to;
  }
  const end = endError(state, table, mover, at!);
  if (end) return { error: end };
  return { path, spent, diagonals, replyChances };
}

/**
 * Every square the mover can reach within `budget`, with the best path to each (cheapest, then
 * fewest reply chances, then board order). Squares it may only pass through are included; callers
 * that need an end square check `endError`.
 */
export function explore(state: GameState, mover: Mover, budget: number, diagonalsSoFar: number): ReadonlyMap<number, PathPlan> {
  let byUnit = searches.get(state);
  if (!byUnit) searches.set(state, (byUnit = new WeakMap()));
  let byAsk = byUnit.get(mover.unit);
  if (!byAsk) byUnit.set(mover.unit, (byAsk = new Map()));
  const key = `${mover.size}:${mover.fly}:${mover.ghostly}:${mover.hobbled}:${budget}:${diagonalsSoFar}`;
  let plans = byAsk.get(key);
  if (!plans) byAsk.set(key, (plans = search(state, mover, budget, diagonalsSoFar)));
  return plans;
}

/**
 * Searches already made, per state and unit object (both never change once made) and the rest of the
 * question: the queries list a unit's squares and then planMove checks one of them on the same state,
 * and autocomplete asks of one state for every keystroke. The maps and plans are shared, so read-only.
 */
const searches = new WeakMap<GameState, WeakMap<UnitState, Map<string, ReadonlyMap<number, PathPlan>>>>();

function search(state: GameState, mover: Mover, budget: number, diagonalsSoFar: number): ReadonlyMap<number, PathPlan> {
  const table = tableOf(state);
  const { board } = table;
  const at = mover.unit.at;
  const entering: { at: number; cost: number }[] = [];
  if (at === null) {
    const tile = state.entry[mover.unit.player];
    if (tile !== undefined) {
      for (const s of footprint(board, tile, 2)) {
        const step = entryCost(state, table, mover, s);
        if (!isStepError(step)) entering.push({ at: s, cost: step.cost });
      }
    }
  }
  const found = searchSquares({
    board,
    rule: DIAGONALS,
    budget,
    diagonalsSoFar,
    start: at === null ? { entering } : { standing: at },
    price: (from, to) => basePrice(state, table, mover, from, to),
    hazard: (from) => replyThreats(state, table, mover, from).length,
  });
  const plans = new Map<number, PathPlan>();
  for (const [square, plan] of found) plans.set(square, { path: plan.path, spent: plan.spent, diagonals: plan.diagonals, replyChances: plan.hazard });
  return plans;
}

/** Squares where the mover can end within `budget`, with the best path to each. */
export function reachable(state: GameState, mover: Mover, budget: number, diagonalsSoFar: number): Map<number, PathPlan> {
  const table = tableOf(state);
  const out = new Map<number, PathPlan>();
  for (const [at, plan] of explore(state, mover, budget, diagonalsSoFar)) {
    if (!endError(state, table, mover, at)) out.set(at, plan);
  }
  return out;
}
