/**
 * Acts (§2.4, R8, R30, R31): checking that an act is legal for the unit whose turn it is, and the
 * frames that start, pay for and carry out acts (moves are in move.ts, act traits in traits.ts). Every check happens before the first event, so a refused act changes
 * nothing.
 */
import { ACT_TYPES, type ActType, TOKENS } from '../formats/vocabulary';
import { squareIndex } from '../../../engine/board';
import { refuse } from '../../../engine/errors';
import type { Handler } from './flow';
import type { Cost, Frame, FrameOf, GameState, TurnState, UnitState } from './state';
import { liveTraits, profile } from './stats';
import { sideOf } from './sides';
import { boardOf, label, unitOf } from './table';
import { actsFor, controllerOf } from './turns';

/** How many times a turn the unit may take an act type: the rule of 3 (R8), two Basic Moves (§3.1), two Maneuvers (R14). */
function maxOf(state: GameState, unit: UnitState, act: ActType): number {
  const rule = liveTraits(state, unit).find((t) => t.trait === 'rule' && t.maxSameAct !== undefined);
  return act === 'move' || act === 'maneuver' ? 2 : rule && rule.trait === 'rule' ? rule.maxSameAct! : 2;
}

/**
 * The act types a unit could still take this turn as far as the rule of 3 and the unit's card go, for
 * the rule-of-3 refusal to offer: crowing only when it would restore Vigor (onCrow refuses it at full
 * Vigor, and a tester was offered it then, issue 26).
 */
function actsStillOpen(state: GameState, unit: UnitState, turn: TurnState): ActType[] {
  const hasTrait = liveTraits(state, unit).some((t) => t.trait === 'act');
  const canCrow = turn.droppedEnemy && !unit.crowed && unit.vigor < profile(state, unit).vigorMax;
  return ACT_TYPES.filter((a) => turn.used[a] < maxOf(state, unit, a) && (a !== 'trait' || hasTrait) && (a !== 'crow' || canCrow));
}

/**
 * The rule of 3 (R8) and the caps of two Basic Moves (§3.1) and two Maneuvers (R14); the refusal says
 * what is left. An act that takes several acts counts that many of its type (R44: after a 2-act
 * attack, no other attack).
 */
export function checkActType(state: GameState, unit: UnitState, turn: TurnState, act: ActType, acts = 1): void {
  const used = turn.used[act];
  if (used + acts > maxOf(state, unit, act)) {
    const why =
      act === 'move'
        ? 'at most two Basic Moves a turn'
        : act === 'maneuver'
          ? 'at most two Maneuvers a turn (R14)'
          : 'the rule of 3: no act type three times in a turn (R8)';
    const open = actsStillOpen(state, unit, turn);
    const left = turn.unit === unit.id ? turn.actsLeft : 0;
    const still =
      open.length > 0 && left > 0 ? ` It can still ${open.join(', ')} (${left} act${left === 1 ? '' : 's'} left), or end its turn.` : ' It can end its turn.';
    const counted = acts > 1 ? ` and this ${act} takes ${acts}, each counted` : '';
    refuse('rule-of-three', `${label(state, unit)} has used ${act} ${used} times this turn${counted}; ${why}.${still}`);
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

/** Whoever must give the next act: the commander of the active unit (Controlled, Glamyred), else the turn's player. */
export function nextActor(state: GameState): string | null {
  if (!state.turn) return null;
  return state.turn.unit ? commanderOf(state, unitOf(state, state.turn.unit)) : state.turn.player;
}

/**
 * The state as a unit's first act will find it once it has activated the unit: a Controlled unit is
 * then its controller's (§6.2, sides.ts), so moves are planned on that side, as they will be carried out.
 */
export function asCommanded(state: GameState, unit: UnitState): GameState {
  const turn = state.turn;
  if (!turn || turn.unit !== null || turn.player !== unit.player) return state;
  const commander = commanderOf(state, unit);
  return commander === unit.player ? state : { ...state, turn: { ...turn, unit: unit.id, controller: commander } };
}

export interface ActPlan {
  readonly unit: UnitState;
  /** True when this act activates the unit (its first act this turn). */
  readonly activates: boolean;
  readonly actsLeft: number;
  /** Who commands the act as declared (commanderOf); the start of the turn may change it (§6.2 Glamyred). */
  readonly commander: string;
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
    if (by !== controller)
      refuse('not-your-unit', `${label(state, unit)} is commanded by ${controller}${controller !== unit.player ? ' this turn (Controlled)' : ''}.`);
  }
  if (unit.player !== turn.player) refuse('not-your-turn', `It is ${turn.player}'s turn, not ${unit.player}'s.`);
  if (unit.dropped) refuse('unit-dropped', `${label(state, unit)} has dropped.`);
  if (turn.unit !== null && turn.unit !== unit.id) {
    refuse('another-unit-active', `${label(state, unitOf(state, turn.unit))} is taking this turn; end it before acting with ${label(state, unit)}.`);
  }
  if (turn.unit === null && unit.turnTaken) refuse('turn-taken', `${label(state, unit)} has already had its turn this round.`);
  const activates = turn.unit === null;
  const actsLeft = activates ? actsFor(state, unit) : turn.actsLeft;
  return { unit, activates, actsLeft, commander: commanderOf(state, unit) };
}

/**
 * R8: enough acts left for an act of `acts`. `doing` names an act that takes more than one ("Dawnburst",
 * "resting for a blue token"): "this needs 2" beside a rest the suggestions called impossible for
 * another reason left a tester guessing (playtest round 20). The count says "acts": "Dawnburst needs 2"
 * was read as 2 of something else (issue 26).
 */
export function needActsLeft(state: GameState, plan: ActPlan, acts: number, doing = 'this', cost?: Cost): void {
  if (plan.actsLeft < acts) {
    // A price it could not pay either is said with it: "needs 2 acts" alone read as "next turn, then",
    // and the next turn refused it for its blue token (playtest round 23).
    const short = cost ? shortfall(plan.unit, cost) : null;
    const also = short ? ` and ${neededWords(short)} (it has ${short.have})` : '';
    refuse(
      'no-acts-left',
      plan.actsLeft === 0
        ? `${label(state, plan.unit)} has no acts left this turn.`
        : `${label(state, plan.unit)} has ${plan.actsLeft} act${plan.actsLeft === 1 ? '' : 's'} left; ${doing} needs ${acts} acts${also}.`,
    );
  }
}

export function parseSquares(state: GameState, names: readonly string[]): number[] {
  const board = boardOf(state);
  return names.map((n) => {
    const i = squareIndex(board, n);
    if (i === null) refuse('off-map', `${n} is not on the map.`);
    return i;
  });
}

/**
 * An act starting: counted against the turn (R8), paid for, then carried out. Activation has run by
 * now, so the act is checked again when it was paused behind a prompt (a start-of-turn wound, say).
 */
export const onAct: Handler<'act'> = (ctx, frame, stack) => {
  const unit = unitOf(ctx.state, frame.unit);
  const turn = ctx.state.turn;
  const acts = frame.acts;
  if (!turn || unit.dropped) return;
  if (turn.actsLeft < acts) {
    ctx.emit({ type: 'act-lost', unit: unit.id, reason: `${label(ctx.state, unit)} has ${turn.actsLeft} acts left after the start of its turn` });
    return;
  }
  // §6.2, R9: the Glamyred roll is made at the start of the turn, before any act. When it hands the
  // unit to another player, the act its owner declared (which activated the unit) does not happen:
  // the controller chooses the unit's one act instead.
  const commander = frame.commander;
  const now = sideOf(ctx.state, unit);
  if (commander !== undefined && commander !== now) {
    ctx.emit({
      type: 'act-lost',
      unit: unit.id,
      reason: `${label(ctx.state, unit)} is Glamyred: ${now} commands it this turn, so the act ${commander} declared does not happen`,
    });
    return;
  }
  const act = frame.act;
  const cost = frame.cost;
  const short = cost ? unpayable(unit, cost) : null;
  if (short) {
    // The start of the turn (a terrain wound avoided with Vigor, say) can leave the act unaffordable.
    ctx.emit({ type: 'act-lost', unit: unit.id, reason: `${label(ctx.state, unit)} ${short} after the start of its turn` });
    return;
  }
  // An act trait's id goes on the event, so the log can name the trait even when it reaches nobody.
  const trait = act === 'trait' && frame.then.k === 'use-trait' ? frame.then.trait : undefined;
  ctx.emit({ type: 'act-begun', unit: unit.id, act, acts, ...(act === 'move' ? { keepMovePoints: true } : {}), ...(trait !== undefined ? { trait } : {}) });
  if (cost && (cost.react || cost.blue || cost.red || cost.vigor)) {
    ctx.emit({ type: 'paid', unit: unit.id, tokens: { react: cost.react ?? 0, blue: cost.blue ?? 0, red: cost.red ?? 0 }, vigor: cost.vigor ?? 0 });
  }
  stack.push(frame.then);
};

/** The first thing the unit lacks to pay `cost` (tokens, then Vigor), or null when it can pay. */
function shortfall(unit: UnitState, cost: Cost): { what: 'react' | 'blue' | 'red' | 'vigor'; need: number; have: number } | null {
  for (const token of TOKENS) {
    if ((cost[token] ?? 0) > unit.tokens[token]) return { what: token, need: cost[token]!, have: unit.tokens[token] };
  }
  return (cost.vigor ?? 0) > unit.vigor ? { what: 'vigor', need: cost.vigor!, have: unit.vigor } : null;
}

export const canPay = (unit: UnitState, cost: Cost): boolean => shortfall(unit, cost) === null;

/** What a shortfall's price needs, in words: "1 blue token", "2 red tokens", "5 Vigor". */
const neededWords = (short: NonNullable<ReturnType<typeof shortfall>>): string =>
  short.what === 'vigor' ? `${short.need} Vigor` : `${short.need} ${short.what} token${short.need === 1 ? '' : 's'}`;

/** What the unit lacks to pay `cost`, in words, or null when it can pay. */
function unpayable(unit: UnitState, cost: Cost): string | null {
  const short = shortfall(unit, cost);
  if (!short) return null;
  return short.what === 'vigor' ? `has only ${unit.vigor} Vigor` : `has no ${short.what} token left`;
}

/** Refuses an act whose cost (§2.3 tokens, Vigor) the unit cannot pay. */
export function checkCost(state: GameState, unit: UnitState, cost: Cost, what: string): void {
  const short = shortfall(unit, cost);
  if (!short) return;
  if (short.what === 'vigor') refuse('no-vigor', `${what} costs ${short.need} Vigor; ${label(state, unit)} has ${short.have}.`);
  refuse('no-token', `${what} needs ${neededWords(short)}; ${label(state, unit)} has ${short.have}.`);
}

export const onRest: Handler<'rest'> = (ctx, frame) => {
  ctx.emit({ type: 'rested', unit: frame.unit, token: frame.token });
};

/** R30, R22: +5 Vigor, never above the starting Vigor. */
export const onCrow: Handler<'crow'> = (ctx, frame) => {
  const unit = unitOf(ctx.state, frame.unit);
  const gain = Math.max(0, Math.min(5, profile(ctx.state, unit).vigorMax - unit.vigor));
  ctx.emit({ type: 'crowed', unit: unit.id, vigor: gain });
};

/** Frames for an act: activation first when needed, the act, then the end-of-act check. */
export function actFrames(plan: ActPlan, act: FrameOf<'act'>): Frame[] {
  const frames: Frame[] = [{ k: 'after-act' }, { ...act, commander: plan.commander }];
  if (plan.activates) frames.push({ k: 'activate', unit: plan.unit.id });
  return frames;
}
