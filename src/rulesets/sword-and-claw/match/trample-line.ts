/**
 * Paths that trample several troops, and a charge's line through the troops it tramples (SC Movement
 * a, d; rulings SC123, SC134, SC135): the cheapest way from where a troop stands straight through each
 * named enemy in turn to the square opposite it, and, for a charge, on to a square next to the
 * charged enemy. The crossing and the square opposite are rules/trample.ts's; a path found here is
 * still checked whole by trampleRefusal before the troop sets off.
 */
import { CLOCKWISE_STEPS } from '../../../engine/board';
import { footprint, type Span } from '../../../engine/footprint';
import { type ChargeLine, chargeLine, spentAlong } from '../rules/charge';
import { checkPath, reachable } from '../rules/movement';
import { areAdjacent } from '../rules/opportunity';
import { spanOf } from '../rules/table';
import { onThrough } from '../rules/trample';
import { cardOf, pieceOf, tableOf } from './tables';
import type { ScSetup, ScState, ScTroop } from './types';

/** A path from where the troop set off and the inches it costs. */
export interface Through {
  readonly path: readonly number[];
  readonly spent: number;
}

/** Whether a space `span` wide with its top-left at `at` overlaps `target`'s. */
export function overlaps(setup: ScSetup, span: Span, at: number, target: ScTroop): boolean {
  const board = { width: setup.map.grid[0]!.length };
  const theirs = new Set(footprint(board, target.at!, spanOf(cardOf(setup, target).size)));
  return footprint(board, at, span).some((sq) => theirs.has(sq));
}

/**
 * The squares one step from `from`, clockwise from north and on the board, where a space `span` wide
 * would overlap `target`'s: where a trample goes into its target (SC Movement d). The order is kept,
 * as the first of equally cheap paths is the one taken.
 */
export function stepsInto(setup: ScSetup, span: Span, from: number, target: ScTroop): number[] {
  const height = setup.map.grid.length;
  const width = setup.map.grid[0]!.length;
  const out: number[] = [];
  for (const [dc, dr] of CLOCKWISE_STEPS) {
    const [col, row] = [(from % width) + dc, Math.floor(from / width) + dr];
    if (col < 0 || row < 0 || col >= width || row >= height) continue;
    if (overlaps(setup, span, row * width + col, target)) out.push(row * width + col);
  }
  return out;
}

/**
 * The cheapest paths for `troop` standing at `start` that go straight through each of `targets`, in
 * that order, to the square opposite the one it entered from (ruling SC123), within `budget` inches
 * and ending on a square it may stand on: by the square each ends on. Empty when one cannot be crossed.
 */
export function throughAll(setup: ScSetup, s: ScState, troop: ScTroop, start: number, targets: readonly string[], budget: number): Map<number, Through> {
  const table = tableOf(setup, s, troop.id);
  const mover = pieceOf(setup, troop, start);
  const span = spanOf(cardOf(setup, troop).size);
  let frontier = new Map<number, Through>([[start, { path: [], spent: 0 }]]);
  for (const [k, id] of targets.entries()) {
    // Between two tramples the mover may stand inside the next one's space: only the whole path must end on a free square.
    const last = k === targets.length - 1;
    const target = s.troops[id];
    if (!target || target.removed || target.at === null) return new Map();
    const them = pieceOf(setup, target);
    const next = new Map<number, Through>();
    const keep = (path: readonly number[]) => {
      const plan = checkPath(table, mover, path, budget);
      if ('code' in plan || (plan.fellBack && last)) return;
      const end = path[path.length - 1]!;
      const known = next.get(end);
      if (known === undefined || plan.spent < known.spent) next.set(end, { path, spent: plan.spent });
    };
    for (const [end, sofar] of frontier) {
      // Clearing one troop may take the mover into the next one's space: it goes on straight through it.
      if (sofar.path.length > 0 && overlaps(setup, span, end, target)) {
        const on = onThrough(table.board, mover, sofar.path, start, them);
        if (on !== null) keep([...sofar.path, ...on]);
        continue;
      }
      const from = pieceOf(setup, troop, end);
      const starts: [number, readonly number[]][] = [
        [end, []],
        ...[...reachable(table, from, budget - sofar.spent)].map(([at, p]): [number, readonly number[]] => [at, p.path]),
      ];
      for (const [at, before] of starts) {
        if (overlaps(setup, span, at, target)) continue;
        for (const into of stepsInto(setup, span, at, target)) {
          const upTo = [...sofar.path, ...before, into];
          const on = onThrough(table.board, mover, upTo, start, them);
          if (on === null) continue;
          keep([...upTo, ...on]);
        }
      }
    }
    frontier = next;
  }
  return frontier;
}

/** Whether rank `a` comes before `b`, read left to right. */
function before(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/** The cheapest of `found` (then the fewest squares, then board order of the end), or null. */
export function cheapest(found: ReadonlyMap<number, Through>): Through | null {
  let best: [number, Through] | null = null;
  for (const [end, t] of found)
    if (
      best === null ||
      t.spent < best[1].spent ||
      (t.spent === best[1].spent && (t.path.length < best[1].path.length || (t.path.length === best[1].path.length && end < best[0])))
    )
      best = [end, t];
  return best === null ? null : best[1];
}

/**
 * Ruling SC135: a charge that tramples runs the cheapest line from `start` that goes straight through
 * each trampled troop in turn and then on to a square next to the charged enemy, within the charge's
 * inches and the one space a 5 or 6 gives (SC33); null when there is none.
 */
export function trampleChargeLine(
  setup: ScSetup,
  s: ScState,
  troop: ScTroop,
  start: number,
  target: ScTroop,
  tramples: readonly string[],
  inches: number,
): ChargeLine | null {
  const table = tableOf(setup, s, troop.id);
  const mover = pieceOf(setup, troop, start);
  const them = pieceOf(setup, target);
  const w = table.board.width;
  // Of lines as cheap, the fewer squares, then the end more squarely facing the enemy, then board order (as ruling SC33).
  const rank = (path: readonly number[], spentAt: readonly number[]) => {
    const end = path[path.length - 1]!;
    const [dc, dr] = [(end % w) - (them.at % w), Math.floor(end / w) - Math.floor(them.at / w)];
    return [spentAt[spentAt.length - 1]!, path.length, dc * dc + dr * dr, end];
  };
  let best: { path: readonly number[]; spentAt: number[]; rank: number[] } | null = null;
  for (const [end, through] of throughAll(setup, s, troop, start, tramples, inches + 3)) {
    const there = pieceOf(setup, troop, end);
    const rest = areAdjacent(table, there, them) ? [] : chargeLine(table, there, them, inches - through.spent)?.path;
    if (rest === undefined || (rest.length === 0 && !areAdjacent(table, there, them))) continue;
    const path = [...through.path, ...rest];
    const spentAt = spentAlong(table, mover, path);
    // Within the inches, or one square short of the end within them (the 5 or 6's space).
    if (path.length - spentAt.filter((x) => x <= inches).length > 1) continue;
    const r = rank(path, spentAt);
    if (best === null || before(r, best.rank)) best = { path, spentAt, rank: r };
  }
  return best === null ? null : { path: best.path, spentAt: best.spentAt };
}
