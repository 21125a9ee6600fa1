/**
 * The one cheapest-path search over a board's squares, under a game's diagonal rule. A game supplies
 * what a step costs (its terrain, its units, its refusals); the search adds the diagonal rule's
 * surcharge, keeps the diagonals taken so far in each node, and orders paths by cost, then by a
 * count the game wants few of (Sellsword: chances for enemies to reply), then by board order.
 * Squares are a unit's top-left squares: a step of a unit of several squares is priced by the game.
 */
import { isDiagonal, type Board } from './board';
import { afterDiagonal, diagonalState, diagonalSurcharge, type DiagonalRule } from './distance';

export interface SquareSearch {
  readonly board: Board;
  readonly rule: DiagonalRule;
  /** Points to spend; a path whose cost would pass it is not taken. */
  readonly budget: number;
  /** Diagonals already taken this move (they decide what the next diagonal costs). */
  readonly diagonalsSoFar: number;
  /**
   * Where the search starts: the square the mover stands on (not a destination of its own), or, for a
   * mover coming onto the board, the squares it may enter with what entering each costs.
   */
  readonly start: { readonly standing: number } | { readonly entering: readonly { readonly at: number; readonly cost: number }[] };
  /**
   * What a step from `from` to its neighbour `to` costs before the diagonal surcharge; below 0 when it
   * is refused. It reads only the step (never the path so far): the search asks once per step.
   */
  readonly price: (from: number, to: number) => number;
  /** What leaving `from` adds to the count the search keeps low after cost; asked once per square. */
  readonly hazard?: (from: number) => number;
}

export interface SquarePlan {
  /** Squares entered, in order (for a mover coming on, the square it enters first). */
  readonly path: readonly number[];
  readonly spent: number;
  /** Diagonal steps in `path`. */
  readonly diagonals: number;
  /** The sum of `hazard` over the squares left along the path. */
  readonly hazard: number;
}

interface Node {
  readonly at: number;
  readonly diag: number;
  readonly cost: number;
  readonly hazard: number;
  readonly prev: Node | null;
}

const better = (a: Node, b: Node) => a.cost - b.cost || a.hazard - b.hazard || a.at - b.at;

/** Nodes are kept per square and diagonal state: three states at most (distance.ts `diagonalState`). */
const STATES = 3;

/**
 * Every square reachable within the budget, with the best path to each (cheapest, then lowest
 * hazard, then board order). Squares the mover may only pass through are included; whether it may
 * end on one is the game's to check.
 */
export function searchSquares(spec: SquareSearch): Map<number, SquarePlan> {
  const { board, rule, budget, price, hazard } = spec;
  const best = new BestNodes(board.width * board.height * STATES);
  const frontier = new Heap<Node>(better);
  // The hazard per square, asked once per search.
  const hazards = new Map<number, number>();
  const diag = diagonalState(rule, spec.diagonalsSoFar);
  const standing = 'standing' in spec.start ? spec.start.standing : null;
  if ('entering' in spec.start) {
    for (const { at, cost } of spec.start.entering) if (cost <= budget) offer(best, frontier, { at, diag, cost, hazard: 0, prev: null });
  } else {
    offer(best, frontier, { at: spec.start.standing, diag, cost: 0, hazard: 0, prev: null });
  }
  // What each step costs, asked once per step: a square is left from up to three diagonal states,
  // and `price` reads only the step (NaN: not asked yet; index: the square, then the step's direction).
  const w = board.width;
  const prices = new Float64Array(w * board.height * 9).fill(Number.NaN);
  for (let node = frontier.pop(); node !== undefined; node = frontier.pop()) {
    if (best.get(node.at * STATES + node.diag) !== node) continue;
    let here = 0;
    if (hazard) {
      const known = hazards.get(node.at);
      if (known === undefined) hazards.set(node.at, (here = hazard(node.at)));
      else here = known;
    }
    // The eight neighbours in board order (board.ts `neighbours`), walked without making a list of them.
    const col = node.at % w;
    const row = (node.at - col) / w;
    for (let dr = -1; dr <= 1; dr++) {
      if (row + dr < 0 || row + dr >= board.height) continue;
      for (let dc = -1; dc <= 1; dc++) {
        if ((dr === 0 && dc === 0) || col + dc < 0 || col + dc >= w) continue;
        const next = node.at + dr * w + dc;
        const k = node.at * 9 + (dr + 1) * 3 + (dc + 1);
        let base = prices[k]!;
        if (Number.isNaN(base)) prices[k] = base = price(node.at, next);
        if (base < 0) continue;
        const diagonal = dr !== 0 && dc !== 0;
        const cost = node.cost + base + (diagonal ? diagonalSurcharge(rule, node.diag) : 0);
        if (cost > budget) continue;
        const nextDiag = diagonal ? afterDiagonal(rule, node.diag) : node.diag;
        // offer() would keep no node no better than the one its square and state have (the same
        // square, so `better` stops at the hazard): none is made for it.
        const seen = best.get(next * STATES + nextDiag);
        if (seen && (seen.cost < cost || (seen.cost === cost && seen.hazard <= node.hazard + here))) continue;
        offer(best, frontier, { at: next, diag: nextDiag, cost, hazard: node.hazard + here, prev: node });
      }
    }
  }
  return plansOf(board, best, standing);
}

/** The best node of each square, its path rebuilt; the square stood on is no plan of its own. */
function plansOf(board: Board, best: BestNodes, standing: number | null): Map<number, SquarePlan> {
  const plans = new Map<number, SquarePlan>();
  const nodes = best.values().sort(better);
  const isStart = (n: Node) => n.prev === null && standing !== null;
  for (const node of nodes) {
    if (plans.has(node.at) || isStart(node)) continue;
    const path: number[] = [];
    // The path's diagonal steps, counted on the way back: each step from its node's previous one (the
    // square stood on among them; a mover coming on has none before its first square).
    let diagonals = 0;
    for (let n: Node | null = node; n && !isStart(n); n = n.prev) {
      path.push(n.at);
      if (n.prev && isDiagonal(board, n.prev.at, n.at)) diagonals++;
    }
    path.reverse();
    plans.set(node.at, { path, spent: node.cost, diagonals, hazard: node.hazard });
  }
  return plans;
}

/** Keeps `n` when it is the best way yet to its square and diagonal state. (A module function, not a
 * closure: tsx keeps function names, which costs a property write per closure made.) */
function offer(best: BestNodes, frontier: Heap<Node>, n: Node): void {
  const key = n.at * STATES + n.diag;
  const seen = best.get(key);
  if (seen && better(seen, n) <= 0) return;
  best.set(key, n);
  frontier.push(n);
}

/**
 * The best node yet of each square and diagonal state (key: square × STATES + state), as a Map of them
 * would keep them but in an array: `values` lists them in the order their keys were first set, as a
 * Map's insertion order does, which breaks plansOf's ties the same way.
 */
class BestNodes {
  private readonly nodes: (Node | undefined)[];
  private readonly order: number[] = [];
  constructor(keys: number) {
    this.nodes = new Array<Node | undefined>(keys);
  }
  get(key: number): Node | undefined {
    return this.nodes[key];
  }
  set(key: number, node: Node): void {
    if (this.nodes[key] === undefined) this.order.push(key);
    this.nodes[key] = node;
  }
  values(): Node[] {
    return this.order.map((k) => this.nodes[k]!);
  }
}

/** A binary min-heap: the search's frontier. */
class Heap<T> {
  private items: T[] = [];
  constructor(private readonly less: (a: T, b: T) => number) {}
  push(item: T): void {
    const a = this.items;
    a.push(item);
    for (let i = a.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (this.less(a[i]!, a[p]!) >= 0) break;
      const t = a[i]!;
      a[i] = a[p]!;
      a[p] = t;
      i = p;
    }
  }
  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.less(a[l]!, a[m]!) < 0) m = l;
        if (r < a.length && this.less(a[r]!, a[m]!) < 0) m = r;
        if (m === i) break;
        const t = a[i]!;
        a[i] = a[m]!;
        a[m] = t;
        i = m;
      }
    }
    return top;
  }
}
