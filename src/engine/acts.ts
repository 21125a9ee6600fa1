/**
 * Acts (§2.4, R8, R11–R14, R30, R31): checking that an act is legal for the unit whose turn it is, and
 * the frames that carry it out. Every check happens before the first event, so a refused act changes
 * nothing.
 */
import type { ActType } from '../formats/vocabulary';
import { hasTerrain, nameOf, squareIndex, T } from './board';
import type { Ctx } from './context';
import type { ActCommand } from './commands';
import { refuse } from './errors';
import { field, handle } from './flow';
import { checkPath, endError, entryCost, explore, moverOf, stepCost, type PathPlan } from './paths';
import type { Frame, GameState, TurnState, UnitState } from './state';
import { liveTraits, profile } from './stats';
import { checkAsterisks } from './statuses';
import { boardOf, label, squaresOf, tableOf, unitOf } from './table';
import { nearestIn } from './distance';
import type { Trait } from '../formats/card';
import { areAdjacent } from './targeting';
import { actsFor, controllerOf } from './turns';
import { replyAttacks } from './reactions';

/** The rule of 3 (R8) and the caps of two Basic Moves (§3.1) and two Maneuvers (R14). */
function checkActType(state: GameState, unit: UnitState, turn: TurnState, act: ActType): void {
  const used = turn.used[act];
  const rule = liveTraits(state, unit).find((t) => t.trait === 'rule' && t.maxSameAct !== undefined);
  const max = act === 'move' || act === 'maneuver' ? 2 : rule && rule.trait === 'rule' ? rule.maxSameAct! : 2;
  if (used >= max) {
    const why = act === 'move' ? 'at most two Basic Moves a turn' : act === 'maneuver' ? 'at most two Maneuvers a turn (R14)' : 'the rule of 3: no act type three times in a turn (R8)';
    refuse('rule-of-three', `${label(state, unit)} has used ${act} ${used} times this turn; ${why}`);
  }
}

/**
 * Who commands a unit now, and so whose side it fights on (§6.2): its controller while it is the
 * active unit under control (or a Controlled unit about to act), otherwise its owner.
 */
export function commanderOf(state: GameState, unit: UnitState): string {
  const turn = state.turn;
  if (turn?.unit === unit.id && turn.controller !== null) return turn.controller;
  const controlled = unit.statuses.find((x) => x.status === 'controlled');
  if (controlled && turn?.unit !== unit.id) return controllerOf(state, unit, controlled.source);
  return unit.player;
}

export interface ActPlan {
  readonly unit: UnitState;
  /** True when this act activates the unit (its first act this turn). */
  readonly activates: boolean;
  readonly actsLeft: number;
}

/** Who may act now: the turn's player, with its active unit or (first act) any unit still waiting. */
export function checkActor(state: GameState, id: string, by?: string, ending = false): ActPlan {
  const turn = state.turn;
  const unit = state.units[id];
  if (!unit) refuse('unknown-unit', `There is no unit "${id}".`);
  if (state.over) refuse('game-over', 'The game is over.');
  if (!turn) refuse('no-turn', 'No turn is in progress.');
  if (by !== undefined && !(ending && by === unit.player)) {
    // §6.2: a Controlled unit's acts come from its controller; its owner may still end its turn.
    const controller = commanderOf(state, unit);
    if (by !== controller) refuse('not-your-unit', `${label(state, unit)} is commanded by ${controller}${controller !== unit.player ? ' this turn (Controlled)' : ''}.`);
  }
  if (unit.player !== turn.player) refuse('not-your-turn', `It is ${turn.player}'s turn, not ${unit.player}'s.`);
  if (unit.dropped) refuse('unit-dropped', `${label(state, unit)} has dropped.`);
  if (turn.unit !== null && turn.unit !== unit.id) {
    refuse('another-unit-active', `${label(state, unitOf(state, turn.unit))} is taking this turn; end it before acting with ${label(state, unit)}.`);
  }
  if (turn.unit === null && unit.turnTaken) refuse('turn-taken', `${label(state, unit)} has already had its turn this round.`);
  const activates = turn.unit === null;
  const actsLeft = activates ? actsFor(state, unit) : turn.actsLeft;
  return { unit, activates, actsLeft };
}

function needActs(state: GameState, plan: ActPlan, acts: number): void {
  if (plan.actsLeft < acts) {
    refuse('no-acts-left', plan.actsLeft === 0 ? `${label(state, plan.unit)} has no acts left this turn.` : `${label(state, plan.unit)} has ${plan.actsLeft} act${plan.actsLeft === 1 ? '' : 's'} left; this needs ${acts}.`);
  }
}

function parseSquares(state: GameState, names: readonly string[]): number[] {
  const board = boardOf(state);
  return names.map((n) => {
    const i = squareIndex(board, n);
    if (i === null) refuse('off-map', `${n} is not on the map.`);
    return i;
  });
}

/** R11: the points a Basic Move starts with, carrying over a chained move's leftover. */
function moveBudget(state: GameState, unit: UnitState, turn: TurnState): number {
  return turn.movePoints + profile(state, unit).move;
}

export function planMove(state: GameState, cmd: Extract<ActCommand, { act: 'move' | 'maneuver' }>, plan: ActPlan): PathPlan {
  const { unit } = plan;
  const turn = state.turn!;
  const maneuver = cmd.act === 'maneuver';
  needActs(state, plan, 1);
  checkActType(state, unit, turn, cmd.act);
  if (unit.statuses.some((s) => s.status === 'pinned')) refuse('pinned', `${label(state, unit)} is Pinned and cannot move or maneuver.`);
  const mover = moverOf(state, unit);
  const budget = maneuver ? 2 : moveBudget(state, unit, turn);
  const diagonals = turn.diagonals;
  const names = cmd.path ?? null;
  if (names) {
    if (maneuver && names.length !== 1) refuse('maneuver-one-step', 'A Maneuver is exactly one step (R14).');
    const result = checkPath(state, mover, parseSquares(state, names), budget, diagonals);
    if ('error' in result) refuse(result.error.code, result.error.message);
    return result;
  }
  const to = parseSquares(state, [cmd.to!])[0]!;
  const best = explore(state, mover, budget, diagonals).get(to);
  if (!best || (maneuver && best.path.length !== 1)) {
    const why = maneuver ? 'one step for at most 2 points' : `${budget} movement points`;
    refuse('unreachable', `${label(state, unit)} cannot reach ${cmd.to} with ${why}.`);
  }
  const checked = checkPath(state, mover, best.path, budget, diagonals);
  if ('error' in checked) refuse(checked.error.code, checked.error.message);
  return checked;
}

/**
 * Carries out a planned move step by step. Before each step of a Basic Move taken from beside an enemy,
 * that enemy may reply (R25); entering damaging terrain wounds (R19). Uninterrupted steps are reported
 * as one `moved` event.
 */
handle('move-steps', (ctx, frame, stack) => {
  const id = field<string>(frame, 'unit');
  const path = field<string[]>(frame, 'path');
  const maneuver = field<boolean>(frame, 'maneuver');
  const budget = field<number>(frame, 'budget');
  let index = field<number>(frame, 'index');
  let spent = field<number>(frame, 'spent');
  let offered = field<boolean>(frame, 'offered');
  const board = boardOf(ctx.state);
  const table = tableOf(ctx.state);
  let at = unitOf(ctx.state, id).at;
  const segment = { path: [] as string[], cost: 0, diagonals: 0 };
  const flush = () => {
    if (segment.path.length === 0) return;
    ctx.emit({ type: 'moved', unit: id, path: segment.path, spent: segment.cost, diagonals: segment.diagonals, pointsLeft: maneuver ? 0 : budget - spent, ...(maneuver ? { maneuver: true } : {}) });
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
      stack.push({ ...frame, index, spent, offered: true });
      stack.push({ k: 'offer-replies', unit: id, asked: [], declared: [], then: { k: 'resolve-replies', target: id } });
      return;
    }
    offered = false;
    const to = squareIndex(board, path[index]!)!;
    const mover = moverOf(ctx.state, unit);
    const step = at === null ? entryCost(ctx.state, table, mover, to) : stepCost(ctx.state, table, mover, at, to, ctx.state.turn!.diagonals + segment.diagonals);
    // A reply's push or recoil can leave the rest of the path impossible: the move ends early.
    if ('error' in step) break;
    segment.path.push(path[index]!);
    segment.cost += step.cost;
    if (step.diagonal) segment.diagonals++;
    spent += step.cost;
    at = to;
    index++;
    if (hasTerrain(board, to, T.damaging)) {
      flush();
      stack.push({ ...frame, index, spent, offered: false });
      stack.push({ k: 'wound', unit: id, wound: 5, woundType: board.damage, source: null, why: 'damaging terrain' });
      return;
    }
  }
  flush();
  settle(ctx, id, [...field<string[]>(frame, 'from'), ...path.slice(0, index)]);
});

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
  const back = [...walked].reverse().map((n) => squareIndex(board, n)!).filter((i) => i !== unit.at);
  const spot = back.find((i) => !endError(ctx.state, table, mover, i));
  if (spot === undefined) return;
  ctx.emit({ type: 'shoved', unit: id, by: id, path: [nameOf(board, spot)], effect: 'back to the last square it may end on (R13)' });
}

/** Adjacent enemies that could reply to this unit stepping away (R25). */
function moveRepliers(state: GameState, unit: UnitState): UnitState[] {
  return Object.values(state.units).filter(
    (u) => u.player !== unit.player && !u.dropped && u.at !== null && areAdjacent(state, u, unit) && replyAttacks(state, u, unit).length > 0,
  );
}

handle('resolve-replies', (_ctx, frame, stack) => {
  const replies = field<{ unit: string; attack: string }[]>(frame, 'replies') ?? [];
  const target = field<string>(frame, 'target');
  for (const r of [...replies].reverse()) stack.push({ k: 'reply', unit: r.unit, attack: r.attack, target });
});

/**
 * An act starting: counted against the turn (R8), paid for, then carried out. Activation has run by
 * now, so the act is checked again when it was paused behind a prompt (a start-of-turn wound, say).
 */
handle('act', (ctx, frame, stack) => {
  const unit = unitOf(ctx.state, field<string>(frame, 'unit'));
  const turn = ctx.state.turn;
  const acts = field<number>(frame, 'acts');
  if (!turn || unit.dropped) return;
  if (turn.actsLeft < acts) {
    ctx.emit({ type: 'act-lost', unit: unit.id, reason: `${label(ctx.state, unit)} has ${turn.actsLeft} acts left after the start of its turn` });
    return;
  }
  const act = field<ActType>(frame, 'act');
  const cost = field<{ react?: number; blue?: number; red?: number; vigor?: number } | undefined>(frame, 'cost');
  const short = cost ? unpayable(unit, cost) : null;
  if (short) {
    // The start of the turn (a terrain wound avoided with Vigor, say) can leave the act unaffordable.
    ctx.emit({ type: 'act-lost', unit: unit.id, reason: `${label(ctx.state, unit)} ${short} after the start of its turn` });
    return;
  }
  ctx.emit({ type: 'act-begun', unit: unit.id, act, acts, ...(act === 'move' ? { keepMovePoints: true } : {}) });
  if (cost && (cost.react || cost.blue || cost.red || cost.vigor)) {
    ctx.emit({ type: 'paid', unit: unit.id, tokens: { react: cost.react ?? 0, blue: cost.blue ?? 0, red: cost.red ?? 0 }, vigor: cost.vigor ?? 0 });
  }
  stack.push(field<Frame>(frame, 'then'));
});

/** What the unit lacks to pay `cost`, in words, or null when it can pay. */
function unpayable(unit: UnitState, cost: { react?: number; blue?: number; red?: number; vigor?: number }): string | null {
  for (const token of ['react', 'blue', 'red'] as const) {
    if ((cost[token] ?? 0) > unit.tokens[token]) return `has no ${token} token left`;
  }
  return (cost.vigor ?? 0) > unit.vigor ? `has only ${unit.vigor} Vigor` : null;
}

handle('rest', (ctx, frame) => {
  ctx.emit({ type: 'rested', unit: field<string>(frame, 'unit'), token: field<'react' | 'blue' | 'red'>(frame, 'token') });
});

/** R30, R22: +5 Vigor, never above the starting Vigor. */
handle('crow', (ctx, frame) => {
  const unit = unitOf(ctx.state, field<string>(frame, 'unit'));
  const gain = Math.max(0, Math.min(5, profile(ctx.state, unit).vigorMax - unit.vigor));
  ctx.emit({ type: 'crowed', unit: unit.id, vigor: gain });
});

/**
 * An act trait (FORMATS.md `act`): its gains, then its effects without a roll, for each unit it reaches:
 * itself by default; with `who`, every such unit within `range`, or just the one the command named.
 */
handle('use-trait', (ctx, frame, stack) => {
  const unit = unitOf(ctx.state, field<string>(frame, 'unit'));
  const trait = liveTraits(ctx.state, unit).find((t) => t.trait === 'act' && t.id === field<string>(frame, 'trait'));
  if (!trait || trait.trait !== 'act') return;
  const chosen = field<string | undefined>(frame, 'target');
  const reached = traitReach(ctx.state, unit, trait).filter((u) => chosen === undefined || u.id === chosen);
  for (const target of reached) {
    const gain = trait.gain;
    if (!gain) continue;
    const p = profile(ctx.state, target);
    const fresh = unitOf(ctx.state, target.id);
    const vigor = Math.max(0, Math.min(gain.vigor ?? 0, p.vigorMax - fresh.vigor));
    const tokens = {
      react: Math.max(0, Math.min(gain.react ?? 0, p.tokensMax.react - fresh.tokens.react)),
      blue: Math.max(0, Math.min(gain.blue ?? 0, p.tokensMax.blue - fresh.tokens.blue)),
      red: Math.max(0, Math.min(gain.red ?? 0, p.tokensMax.red - fresh.tokens.red)),
    };
    if (vigor || tokens.react || tokens.blue || tokens.red) ctx.emit({ type: 'gained', unit: target.id, tokens, vigor });
  }
  if (trait.effects) {
    for (const target of [...reached].reverse()) {
      stack.push({ k: 'effects', unit: unit.id, trait: trait.id, target: target.id, index: 0, critical: false, glancing: false, charge: false, caused: true, bonusUsed: true });
    }
  }
});

/** The units an act trait reaches (FORMATS.md `act`): itself by default, or every `who` within `range`. */
export function traitReach(state: GameState, unit: UnitState, trait: Extract<Trait, { trait: 'act' }>): UnitState[] {
  if (trait.who === undefined) return [unitOf(state, unit.id)];
  const table = tableOf(state);
  const range = trait.range ?? 0;
  return Object.values(state.units).filter((u) => {
    if (u.dropped || u.at === null) return false;
    const ally = u.player === unit.player;
    if ((trait.who === 'allies' && !ally) || (trait.who === 'enemies' && ally)) return false;
    if (trait.descriptor !== undefined && !profile(state, u).descriptors.includes(trait.descriptor)) return false;
    return nearestIn(table.rangesFrom(squaresOf(state, unit)), squaresOf(state, u)) <= range;
  });
}

/** Frames for an act: activation first when needed, the act, then the end-of-act check. */
export function actFrames(plan: ActPlan, act: Frame): Frame[] {
  const frames: Frame[] = [{ k: 'after-act' }, act];
  if (plan.activates) frames.push({ k: 'activate', unit: plan.unit.id });
  return frames;
}

