/**
 * Basic Moves and Maneuvers (§3, R11–R14, R25): planning a move through the pathfinder and carrying
 * it out step by step, with replies to movement and damaging terrain on the way.
 */
import { nameOf, squareIndex } from '../../../engine/board';
import { entersDamaging, standsOnDamaging, stepWounds, terrainWound } from './damaging';
import type { ActCommand } from './commands';
import type { Ctx } from './ctx';
import { refuse, ruleError, sentence } from '../../../engine/errors';
import type { Handler } from './flow';
import { blockedWay, checkPath, reachCostWords, endError, entryCost, explore, moverOf, stepCost, type PathPlan } from './paths';
import { replyAttacks } from './reactions';
import type { Frame, GameState, TurnState, UnitState } from './state';
import { areEnemies } from './sides';
import { profile } from './stats';
import { checkAsterisks } from './statuses';
import { boardOf, fitsOnBoard, label, SPAN, tableOf, unitOf } from './table';
import { areAdjacent } from './targeting';
import { checkActType, needActsLeft, parseSquares, type ActPlan } from './acts';

/** R11: the points a Basic Move starts with, carrying over a chained move's leftover. */
function moveBudget(state: GameState, unit: UnitState, turn: TurnState): number {
  return turn.movePoints + profile(state, unit).move;
}

export function planMove(state: GameState, cmd: Extract<ActCommand, { act: 'move' | 'maneuver' }>, plan: ActPlan): PathPlan {
  const { unit } = plan;
  const turn = state.turn!;
  const maneuver = cmd.act === 'maneuver';
  needActsLeft(state, plan, 1);
  checkActType(state, unit, turn, cmd.act);
  if (unit.statuses.some((s) => s.status === 'pinned')) refuse('pinned', `${label(state, unit)} is Pinned and cannot move or maneuver.`);
  const mover = moverOf(state, unit);
  const budget = maneuver ? 2 : moveBudget(state, unit, turn);
  const diagonals = turn.diagonals;
  const names = cmd.path ?? null;
  if (names) {
    if (maneuver && names.length !== 1) refuse('maneuver-one-step', 'A Maneuver is exactly one step (R14).');
    const result = checkPath(state, mover, parseSquares(state, names), budget, diagonals);
    if ('error' in result) refuse(result.error.code, sentence(result.error.message));
    return result;
  }
  const to = parseSquares(state, [cmd.to!])[0]!;
  // Moving 0 squares is not a move; a walk out and back is asked for with its path.
  if (to === unit.at) refuse('already-there', `${label(state, unit)} is already on ${cmd.to}: a move needs at least one square.`);
  const best = explore(state, mover, budget, diagonals).get(to);
  if (!best || (maneuver && best.path.length !== 1)) {
    // R13: a square the unit may never end on is refused for that, not as out of reach.
    const cannotEnd = fitsOnBoard(boardOf(state), to, SPAN[mover.size])
      ? endError(state, tableOf(state), mover, to)
      : ruleError('off-map', `${label(state, unit)} does not fit on the map at ${cmd.to}`);
    if (cannotEnd) refuse(cannotEnd.code, `${cannotEnd.message}.`);
    const why = maneuver ? 'one step for at most 2 points' : `${budget} movement points`;
    // Name what is in the way (a wall, a pit, an enemy) when the straight line would have been in reach.
    const blocked = maneuver ? null : (blockedWay(state, mover, to, budget, diagonals) ?? reachCostWords(state, mover, to, diagonals));
    refuse('unreachable', `${label(state, unit)} cannot reach ${cmd.to} with ${why}${blocked ? `: ${blocked}` : ''}.`);
  }
  const checked = checkPath(state, mover, best.path, budget, diagonals);
  if ('error' in checked) refuse(checked.error.code, sentence(checked.error.message));
  return checked;
}

/**
 * Carries out a planned move step by step. Before each step of a Basic Move taken from beside an enemy,
 * that enemy may reply (R25); entering damaging terrain wounds (R19). Uninterrupted steps are reported
 * as one `moved` event.
 */
export const onMoveSteps: Handler<'move-steps'> = (ctx, frame, stack) => {
  const id = frame.unit;
  const path = frame.path;
  const maneuver = frame.maneuver;
  const budget = frame.budget;
  let index = frame.index;
  let spent = frame.spent;
  let offered = frame.offered;
  // R45: a flyer takes damaging terrain's wounds only where its move ends, not for squares it passes over.
  let flewOver = frame.flewOver ?? false;
  /** The frame again from `index`; `flewOver` is kept only when set, so other moves' frames read as before. */
  const again = (fields: { readonly index: number; readonly spent: number; readonly offered: boolean }): Frame => {
    const { flewOver: _, ...rest } = frame;
    return { ...rest, ...fields, ...(flewOver ? { flewOver } : {}) };
  };
  const board = boardOf(ctx.state);
  const table = tableOf(ctx.state);
  let at = unitOf(ctx.state, id).at;
  const segment = { from: at, path: [] as string[], cost: 0, diagonals: 0 };
  const flush = () => {
    if (segment.path.length === 0) return;
    const from = segment.from === null ? null : nameOf(board, segment.from);
    ctx.emit({
      type: 'moved',
      unit: id,
      from,
      path: segment.path,
      spent: segment.cost,
      diagonals: segment.diagonals,
      pointsLeft: maneuver ? 0 : budget - spent,
      ...(maneuver ? { maneuver: true } : {}),
    });
    segment.from = at;
    segment.path = [];
    segment.cost = 0;
    segment.diagonals = 0;
    checkAsterisks(ctx);
  };
  while (index < path.length) {
    const unit = { ...unitOf(ctx.state, id), at };
    if (unit.dropped) break;
    if (!maneuver && at !== null && !offered && moveRepliers(ctx.state, unit).length > 0) {
      flush();
      stack.push(again({ index, spent, offered: true }));
      stack.push({ k: 'offer-replies', unit: id, asked: [], declared: [], then: { k: 'resolve-replies', target: id } });
      return;
    }
    offered = false;
    const to = squareIndex(board, path[index]!)!;
    const mover = moverOf(ctx.state, unit);
    const from = at;
    const step =
      at === null ? entryCost(ctx.state, table, mover, to) : stepCost(ctx.state, table, mover, at, to, ctx.state.turn!.diagonals + segment.diagonals);
    // A reply's push or recoil can leave the rest of the path impossible: the move ends early.
    if ('error' in step) break;
    segment.path.push(path[index]!);
    segment.cost += step.cost;
    if (step.diagonal) segment.diagonals++;
    spent += step.cost;
    at = to;
    index++;
    // R19: entering damaging terrain wounds; a Big unit enters it with any square it newly covers. R45: a
    // flyer only where its move ends (stepWounds, the rule the suggestions count with); it notes what it flew over.
    if (stepWounds(board, from, to, mover.size, mover.fly, index === path.length)) {
      flush();
      stack.push(again({ index, spent, offered: false }));
      stack.push(terrainWound(board, id));
      return;
    }
    if (mover.fly && entersDamaging(board, from, to, mover.size)) flewOver = true;
  }
  flush();
  const walked = path.slice(0, index);
  settle(ctx, id, [...frame.from, ...walked]);
  // R45: a flyer's move cut short (a reply moved or hurt it) ends where it stands: over damaging
  // terrain it passed on the way, it takes the wounds there.
  const now = unitOf(ctx.state, id);
  if (
    flewOver &&
    index < path.length &&
    !now.dropped &&
    now.at !== null &&
    walked.includes(nameOf(board, now.at)) &&
    standsOnDamaging(board, now.at, moverOf(ctx.state, now).size)
  ) {
    stack.push(terrainWound(board, id));
  }
};

/**
 * R13: a move ends with the unit's whole space on empty, standable squares. A move cut short while
 * passing through an ally backs up along its path to the last square it may end on (or where it began).
 */
function settle(ctx: Ctx, id: string, walked: readonly string[]): void {
  const unit = unitOf(ctx.state, id);
  if (unit.dropped || unit.at === null) return;
  const table = tableOf(ctx.state);
  const mover = moverOf(ctx.state, unit);
  if (!endError(ctx.state, table, mover, unit.at)) return;
  const board = table.board;
  const back = [...walked]
    .reverse()
    .map((n) => squareIndex(board, n)!)
    .filter((i) => i !== unit.at);
  const spot = back.find((i) => !endError(ctx.state, table, mover, i));
  if (spot === undefined) return;
  ctx.emit({
    type: 'shoved',
    unit: id,
    by: id,
    from: nameOf(board, unit.at),
    path: [nameOf(board, spot)],
    effect: 'back to the last square it may end on (R13)',
  });
}

/** Adjacent enemies that could reply to this unit stepping away (R25). */
function moveRepliers(state: GameState, unit: UnitState): UnitState[] {
  return Object.values(state.units).filter(
    (u) => areEnemies(state, u, unit) && !u.dropped && u.at !== null && areAdjacent(state, u, unit) && replyAttacks(state, u, unit).length > 0,
  );
}

export const onResolveReplies: Handler<'resolve-replies'> = (_ctx, frame, stack) => {
  const replies = frame.replies ?? [];
  const target = frame.target;
  for (const r of [...replies].reverse()) stack.push({ k: 'reply', unit: r.unit, attack: r.attack, target });
};
