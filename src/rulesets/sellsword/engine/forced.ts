/**
 * Movement effects of attacks (§4.6, R21, R41, R42): push, pull, move and recoil. Where the target
 * goes: along the step's `shove` squares, which are checked when the attack is declared (docs/formats.md),
 * or the recoil square its owner chose (R42's prompt), or by default: a push, pull or move straight
 * away from (towards, for a pull) the attacker, stopping where the next step is not allowed (D3); a
 * recoil to R42's default end square. Push, pull and move count squares and ignore terrain costs; recoil pays for each square
 * as a Basic Move does. A unit pushed, pulled or moved into a pit catches the edge (§3.11, R41).
 */
import type { Attack, Effect } from '../formats/card';
import { hasTerrain, nameOf, neighbours, squareIndex, T, type Board } from '../../../engine/board';
import { terrainWound, walkUntilDamaging } from './damaging';
import { nearestIn } from '../../../engine/distance';
import { refuse, ruleError, type RuleError } from '../../../engine/errors';
import type { Handler } from './flow';
import { endError, moverOf, stepCost, type Mover } from './paths';
import { defaultRecovery } from './setup';
import type { Frame, GameState, RecoilEnd, UnitState } from './state';
import { checkAsterisks } from './statuses';
import { boardOf, fitsOnBoard, footprint, label, SPAN, type Table, tableOf, unitOf } from './table';

export type ForcedKind = 'push' | 'pull' | 'move' | 'recoil';

export interface Forced {
  readonly kind: ForcedKind;
  /** Squares for push, pull and move; movement points for recoil (R42). */
  readonly amount: number;
}

const KINDS: readonly ForcedKind[] = ['push', 'pull', 'move', 'recoil'];

/** The movement an effect makes, or null when it is a wound or status effect. */
export function forcedOf(effect: Effect): Forced | null {
  for (const kind of KINDS) {
    if (kind in effect) return { kind, amount: (effect as unknown as Record<ForcedKind, number>)[kind] };
  }
  return null;
}

/** What forced steps are judged by: the table, the unit moved, and its counted distance (R15) from the attacker. */
interface Judge {
  readonly state: GameState;
  readonly table: Table;
  readonly attacker: UnitState;
  readonly mover: Mover;
  readonly forced: Forced;
  readonly away: (at: number) => number;
}

function judgeOf(state: GameState, attacker: UnitState, target: UnitState, forced: Forced): Judge {
  const table = tableOf(state);
  const { board } = table;
  const mover = moverOf(state, target);
  const fromAttacker = table.rangesFrom(footprint(board, attacker.at!, SPAN[moverOf(state, attacker).size]));
  return { state, table, attacker, mover, forced, away: (at) => nearestIn(fromAttacker, footprint(board, at, SPAN[mover.size])) };
}

type ForcedStep = { readonly to: number; readonly cost: number; readonly diagonal: boolean } | { readonly pit: number } | { readonly error: RuleError };

/**
 * One forced step from `at` to `to`, with `points` left (recoil) or squares left (the others) and
 * `diagonals` taken so far in this movement (recoil pays the second-diagonal surcharge, R42): its
 * cost, a pit that catches the unit, or why it is not allowed (a wall, an enemy, not further away
 * for a push or recoil, not nearer for a pull).
 */
function forcedStep(f: Judge, at: number, to: number, diagonals: number, points: number): ForcedStep {
  const { kind } = f.forced;
  const board = f.table.board;
  const step = stepCost(f.state, f.table, f.mover, at, to, diagonals);
  if ('error' in step) {
    // §3.11: pushed (pulled, moved) into a pit, the unit catches the edge. Recoil is the unit's own
    // backing away, so a pit just stops it.
    if (step.error.code === 'pit' && kind !== 'recoil') return { pit: to };
    return step;
  }
  const who = label(f.state, f.attacker);
  if ((kind === 'push' || kind === 'recoil') && f.away(to) <= f.away(at)) {
    return {
      error: ruleError('shove-not-further', `${nameOf(board, to)} is not further from ${who} than ${nameOf(board, at)}: a ${kind} moves the target away`),
    };
  }
  if (kind === 'pull' && f.away(to) >= f.away(at)) {
    return {
      error: ruleError('shove-not-nearer', `${nameOf(board, to)} is not nearer to ${who} than ${nameOf(board, at)}: a pull moves the target towards it`),
    };
  }
  // Push, pull and move ignore terrain costs (§4.6); recoil pays them (R42).
  const cost = kind === 'recoil' ? step.cost : 1;
  if (cost > points) {
    const what =
      kind === 'recoil'
        ? `${nameOf(board, to)} costs ${cost} and recoil ${f.forced.amount} has ${points} point${points === 1 ? '' : 's'} left`
        : `${kind} ${f.forced.amount} moves at most ${f.forced.amount} square${f.forced.amount === 1 ? '' : 's'}`;
    return { error: ruleError('shove-too-far', what) };
  }
  return { to, cost, diagonal: step.diagonal };
}

/**
 * Checks the `shove` squares a step names for `attack` on `target` (docs/formats.md), from where the
 * attacker will stand when it strikes: each must be a legal forced step, further from the attacker
 * for a push or recoil, nearer for a pull, within the effect's squares (or points), the last one a
 * square the unit may end on or a pit it falls into; a chosen recoil must end as far from the
 * attacker as its points allow (R42). Refuses otherwise, so a declared attack never moves its
 * target somewhere the rules do not allow.
 */
export function checkShove(state: GameState, attacker: UnitState, attack: Attack, target: UnitState, shove: readonly string[]): void {
  const forced = attack.effects.map(forcedOf).find((f) => f !== null);
  if (!forced) refuse('nothing-to-shove', `${attack.name} moves nobody: only an attack that pushes, pulls, moves or recoils its target takes shove squares.`);
  const f = judgeOf(state, attacker, target, forced);
  const board = f.table.board;
  let at = target.at!;
  let points = forced.amount;
  let diagonals = 0;
  for (let i = 0; i < shove.length; i++) {
    const to = squareIndex(board, shove[i]!);
    if (to === null) refuse('off-map', `${shove[i]} is not on the map.`);
    if (points <= 0)
      refuse(
        'shove-too-far',
        `${forced.kind} ${forced.amount} moves at most ${forced.amount} square${forced.amount === 1 ? '' : 's'}; ${shove.length} are named.`,
      );
    const step = forcedStep(f, at, to, diagonals, points);
    if ('error' in step) refuse(step.error.code, `${label(state, target)} cannot be moved so: ${step.error.message}.`);
    if ('pit' in step) {
      if (i < shove.length - 1)
        refuse(
          'shove-past-pit',
          `${nameOf(board, to)} is a pit: a unit moved into a pit catches its edge and the ${forced.kind} ends there, so no square may follow it.`,
        );
      return;
    }
    points -= step.cost;
    if (step.diagonal) diagonals++;
    at = to;
  }
  // R57: a flyer pushed, pulled or moved onto a pit is caught there like any unit (R41).
  if (forced.kind !== 'recoil' && shove.length > 0 && overPit(f, at)) return;
  const end = endError(state, f.table, f.mover, at);
  if (end) refuse(end.code, `${end.message}.`);
  if (forced.kind === 'recoil') {
    const { ends } = endsOf(f, target.at!);
    if (ends.length > 0 && !ends.some((e) => e.at === nameOf(board, at))) {
      refuse(
        'recoil-not-farthest',
        `Recoil ${forced.amount} must take ${label(state, target)} as far from ${label(state, f.attacker)} as its points allow: ${nameOf(board, at)} is ${f.away(at)} away, ${ends.map((e) => e.at).join(' or ')} would be ${f.away(squareIndex(board, ends[0]!.at)!)}.`,
      );
    }
  }
}

interface Reached {
  readonly path: readonly number[];
  readonly cost: number;
}

/** Cheaper first, then the path whose squares come first in board order, step by step (R42). */
function better(a: Reached, b: Reached): boolean {
  if (a.cost !== b.cost) return a.cost < b.cost;
  for (let i = 0; i < Math.min(a.path.length, b.path.length); i++) if (a.path[i] !== b.path[i]) return a.path[i]! < b.path[i]!;
  return a.path.length < b.path.length;
}

/**
 * R42: the squares a recoil may end on that are farthest from the attacker (counted distance, R15),
 * each with its path (cheapest, then board order) and price, in board order; and the default among
 * them: farthest from the attacker in a straight line (centre to centre), then board order. No ends
 * when the recoil cannot take the unit further away at all.
 */
export function recoilEnds(state: GameState, attacker: UnitState, target: UnitState, forced: Forced): { ends: RecoilEnd[]; default: number } {
  const f = judgeOf(state, attacker, target, forced);
  return endsOf(f, target.at!);
}

function endsOf(f: Judge, from: number): { ends: RecoilEnd[]; default: number } {
  const board = f.table.board;
  const reached = new Map<number, Reached>();
  const search = (at: number, points: number, diagonals: number, path: number[], cost: number): void => {
    for (const to of neighbours(board, at)) {
      const step = forcedStep(f, at, to, diagonals, points);
      if (!('to' in step)) continue;
      path.push(to);
      const here = { path: [...path], cost: cost + step.cost };
      const known = reached.get(to);
      if (!endError(f.state, f.table, f.mover, to) && (known === undefined || better(here, known))) reached.set(to, here);
      search(to, points - step.cost, diagonals + (step.diagonal ? 1 : 0), path, cost + step.cost);
      path.pop();
    }
  };
  search(from, f.forced.amount, 0, [], 0);
  let far = f.away(from);
  for (const at of reached.keys()) far = Math.max(far, f.away(at));
  const squares = [...reached.keys()].filter((at) => f.away(at) === far && far > f.away(from)).sort((a, b) => a - b);
  const half = f.mover.size === 'big' ? 1 : 0.5;
  const ax = (f.attacker.at! % board.width) + (moverOf(f.state, f.attacker).size === 'big' ? 1 : 0.5);
  const ay = Math.floor(f.attacker.at! / board.width) + (moverOf(f.state, f.attacker).size === 'big' ? 1 : 0.5);
  const line = (at: number): number => ((at % board.width) + half - ax) ** 2 + (Math.floor(at / board.width) + half - ay) ** 2;
  let best = 0;
  for (let i = 1; i < squares.length; i++) if (line(squares[i]!) > line(squares[best]!)) best = i;
  const ends = squares.map((at): RecoilEnd => {
    const r = reached.get(at)!;
    const entered = f.mover.fly ? [at] : r.path;
    return {
      at: nameOf(board, at),
      path: r.path.map((s) => nameOf(board, s)),
      cost: r.cost,
      damaging: entered.some((s) => footprint(board, s, SPAN[f.mover.size]).some((q) => hasTerrain(board, q, T.damaging))),
    };
  });
  return { ends, default: best };
}

/**
 * Carries out a movement effect: along the chosen squares or straight, stopping where the next
 * step is not allowed (the table may have changed since the attack was declared: a reply came
 * first). Returns the frame that moves the unit (forced-steps), or null when it does not move; a
 * THEN that follows applies only if it moved or fell into a pit (R21).
 */
export function forcedMove(state: GameState, attacker: UnitState, target: UnitState, forced: Forced, given?: readonly string[]): Frame | null {
  const f = judgeOf(state, attacker, target, forced);
  let chosen = given;
  if (forced.kind === 'recoil' && chosen === undefined) {
    // R42's default: the straightest of the farthest end squares, by the cheapest path.
    const { ends, default: pick } = endsOf(f, target.at!);
    if (ends.length === 0) return null;
    chosen = ends[pick]!.path;
  }
  const { board } = f.table;
  const straight = (from: number): number | null => straightFrom(board, attacker, from, forced.kind === 'pull');
  const effect = `${forced.kind} ${forced.amount}`;
  let at = target.at!;
  let points = forced.amount;
  let diagonals = 0;
  const path: number[] = [];
  for (let i = 0; i < forced.amount && points > 0; i++) {
    const to = chosen ? (i < chosen.length ? squareIndex(board, chosen[i]!) : null) : straight(at);
    if (to === null) break;
    const step = forcedStep(f, at, to, diagonals, points);
    if ('pit' in step) {
      const spot = pitLanding(f, target, path, step.pit);
      if (spot === null) return null;
      const moved = spot === target.at && path.length === 0 ? [] : [...path.filter((s) => s !== spot), spot];
      return walk(board, target, attacker, moved, effect, nameOf(board, pitOf(f, step.pit)));
    }
    if ('error' in step) break;
    points -= step.cost;
    if (step.diagonal) diagonals++;
    path.push(to);
    at = to;
  }
  // Stop on the last square the unit may end on, backing up over the units it passed (R57, D3).
  while (path.length > 0 && !overPit(f, path[path.length - 1]!) && endError(state, f.table, f.mover, path[path.length - 1]!)) path.pop();
  // R57: a flyer whose forced movement ends over a pit is caught like any unit, and not Shaken.
  const last = path.length > 0 ? path[path.length - 1]! : null;
  if (last !== null && overPit(f, last)) {
    path.pop();
    const spot = pitLanding(f, target, path, last);
    if (spot === null) return null;
    return walk(board, target, attacker, [...path.filter((s) => s !== spot), spot], effect, nameOf(board, pitOf(f, last)));
  }
  return path.length === 0 ? null : walk(board, target, attacker, path, effect, null);
}

/** The next square straight away from the attacker (towards it for a pull), or null past the board's edge. */
function straightFrom(board: Board, attacker: UnitState, from: number, towards: boolean): number | null {
  const ac = attacker.at! % board.width;
  const ar = Math.floor(attacker.at! / board.width);
  const c = from % board.width;
  const r = Math.floor(from / board.width);
  const dc = Math.sign(c - ac) * (towards ? -1 : 1);
  const dr = Math.sign(r - ar) * (towards ? -1 : 1);
  if ((dc === 0 && dr === 0) || c + dc < 0 || c + dc >= board.width || r + dr < 0 || r + dr >= board.height) return null;
  return from + dr * board.width + dc;
}

/** Whether the unit's space at `at` is over a pit (only a flyer or a ghost can be). */
const overPit = (f: Judge, at: number): boolean => footprint(f.table.board, at, SPAN[f.mover.size]).some((s) => hasTerrain(f.table.board, s, T.pit));

/** The first pit square of the unit's space at `at`, for the words of the event. */
const pitOf = (f: Judge, at: number): number => footprint(f.table.board, at, SPAN[f.mover.size]).find((s) => hasTerrain(f.table.board, s, T.pit)) ?? at;

const walk = (board: Board, target: UnitState, attacker: UnitState, squares: readonly number[], effect: string, pit: string | null): Frame => ({
  k: 'forced-steps',
  unit: target.id,
  by: attacker.id,
  squares: squares.map((s) => nameOf(board, s)),
  index: 0,
  effect,
  pit,
});

/**
 * §3.11, R41, R53: the open space nearest the pit, counted (R15) from the pit squares under the
 * space the unit was moved into to the nearest square of each space it may end on; among equals
 * the space it was pushed from (it caught that edge), then board order of the top-left square;
 * null when there is none.
 */
function pitLanding(f: Judge, target: UnitState, path: readonly number[], into: number): number | null {
  const { table, mover } = f;
  const { board } = table;
  const pits = footprint(board, into, SPAN[mover.size]).filter((s) => hasTerrain(board, s, T.pit));
  const field = table.rangesFrom(pits);
  let spot: number | null = null;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < field.length; i++) {
    if (!fitsOnBoard(board, i, SPAN[mover.size])) continue;
    const d = nearestIn(field, footprint(board, i, SPAN[mover.size]));
    if (d === Number.POSITIVE_INFINITY || d >= best) continue;
    if (!endError(f.state, table, mover, i)) {
      spot = i;
      best = d;
    }
  }
  if (spot === null) return null;
  const edge = path.length > 0 ? path[path.length - 1]! : target.at!;
  if (nearestIn(field, footprint(board, edge, SPAN[mover.size])) === best && !endError(f.state, table, mover, edge)) spot = edge;
  return spot;
}

/**
 * The forced movement, square by square: every square it is moved into is entered, so damaging
 * terrain wounds it there (R49, R19) and the movement goes on once the wounds are taken, unless they
 * drop it. Uninterrupted squares are one `shoved` event. A unit caught by a pit lands on its square
 * and is Shaken unless it flies (§3.11, R41).
 */
export const onForcedSteps: Handler<'forced-steps'> = (ctx, frame, stack) => {
  const unit = unitOf(ctx.state, frame.unit);
  if (unit.dropped || unit.at === null) return;
  const board = boardOf(ctx.state);
  const names = frame.squares;
  const squares = names.map((n) => squareIndex(board, n)!);
  const index = frame.index;
  const pit = frame.pit;
  const by = frame.by;
  const mover = moverOf(ctx.state, unit);
  const { end, wounds } = walkUntilDamaging(board, mover.size, mover.fly, unit.at, squares, index);
  const last = end === squares.length;
  const effect = frame.effect;
  if (end > index) {
    ctx.emit({
      type: 'shoved',
      unit: unit.id,
      by,
      from: nameOf(board, unit.at),
      path: names.slice(index, end),
      effect: last && pit !== null ? `${effect}: into the pit at ${pit}, caught the edge (§3.11)` : effect,
    });
  }
  if (last && pit !== null && !mover.fly && !unitOf(ctx.state, unit.id).statuses.some((s) => s.status === 'shaken')) {
    ctx.emit({
      type: 'status-gained',
      unit: unit.id,
      status: { status: 'shaken', recover: defaultRecovery('shaken'), modifier: 0, source: by, asterisk: false },
    });
  }
  checkAsterisks(ctx);
  if (!wounds) return;
  if (!last) stack.push({ ...frame, index: end });
  stack.push(terrainWound(board, unit.id));
};

/**
 * Why a movement effect left the unit where it stood (forcedMove gave null), in a player's words:
 * the first step's own refusal (a wall, a unit in the way, the board's edge, a square no further
 * away), or that no square it could reach was one it may end on.
 */
export function whyNotMoved(state: GameState, attacker: UnitState, target: UnitState, forced: Forced, chosen?: readonly string[]): string {
  const f = judgeOf(state, attacker, target, forced);
  const { board } = f.table;
  const at = target.at!;
  const to = chosen?.[0] !== undefined ? squareIndex(board, chosen[0]) : straightFrom(board, attacker, at, forced.kind === 'pull');
  if (to === null) return `${label(state, target)} stands at the edge of the map`;
  const step = forcedStep(f, at, to, 0, forced.amount);
  if ('error' in step) return step.error.message;
  return `no square on its way is one ${label(state, target)} may stop on`;
}
