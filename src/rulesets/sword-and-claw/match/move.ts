/**
 * A movement order in play (SC Movement a, c; SC Opportunity Attacks; rulings SC12, SC14, SC15): the
 * path is checked whole before the troop sets off, then walked square by square. Where the troop
 * steps out of a square next to enemies that may still attack it, the move pauses on a prompt for the
 * inactive player, enemy by enemy; the attack lands at once, and a mover removed by it stops there.
 */
import { nameOf } from '../../../engine/board';
import { refuse } from '../../../engine/errors';
import type { RuleError } from '../../../engine/errors';
import { isRemoved, isHurt } from '../rules/wounds';
import { isFlanked } from '../rules/flanking';
import { strike } from '../rules/melee';
import { allowance, canEnd, checkPath, type MoveOrder, type MovePlan, reachable } from '../rules/movement';
import { opportunityAttackers, opportunityAttacksPerRound } from '../rules/opportunity';
import { scTable, type Piece } from '../rules/table';
import type { Ctx } from './deploy';
import { checkElimination } from './end';
import { cardOf, hasFlight, hasRangedAttack, moveOf, onTable, opportunityAttacks, pieceOf, struckCard, tableOf, yourTroop } from './tables';
import { climbCost, LEVEL_WORDS, levelOf } from '../rules/altitude';
import { checkFlightAttack } from '../rules/flight-attacks';
import { checkConditions, conditionsAllow, strikeConditions } from './conditions';
import { trampledReplyModifiers } from '../rules/trample';
import { asNow, trampleRefusal, dueOn, isReachAttack, resolveTramples, trampleOrder } from './trample';
import type { ScCommand, ScOpportunityPrompt, ScSetup, ScState, ScTrampleDue, ScTroop, TrampleAim } from './types';

type Route = { readonly path?: readonly number[]; readonly to?: number };

function isError(x: MovePlan | RuleError): x is RuleError {
  return 'code' in x;
}

/** The route checked against `budget` inches from where `mover` stands: a path as given, or the cheapest to `to`. */
function plan(setup: ScSetup, state: ScState, mover: Piece, route: Route, budget: number): MovePlan {
  const table = scTable(
    setup.map,
    onTable(state).map((t) => (t.id === mover.id ? mover : pieceOf(setup, t))),
  );
  let path = route.path;
  if (path === undefined) {
    const to = route.to!;
    const found = reachable(table, mover, budget).get(to);
    if (!found) refuse('unreachable', `${mover.id} cannot reach ${nameOf(table.board, to)} with ${budget} inches.`);
    path = found.path;
  }
  const checked = checkPath(table, mover, path, budget);
  if (isError(checked)) refuse(checked.code, `${checked.message}.`);
  return checked;
}

/** Whether an enemy may still make an opportunity attack this round (SC Opportunity Attacks); a Paralyzed one cannot attack (SC Conditions). */
function mayStrike(setup: ScSetup, t: ScTroop): boolean {
  const card = cardOf(setup, t);
  return !t.removed && t.at !== null && opportunityAttacks(card).length > 0 && t.opportunity < opportunityAttacksPerRound(card) && conditionsAllow(t, 'attack');
}

/** The opportunity attacks `attacker` may make on `mover` where it stands, by id: those its Flight rules allow (rules/flight-attacks.ts). */
function usableOn(setup: ScSetup, attacker: ScTroop, mover: Piece): string[] {
  const card = cardOf(setup, attacker);
  const me = pieceOf(setup, attacker);
  return opportunityAttacks(card).filter((id) => checkFlightAttack(me, card.attacks.flat().find((a) => a.id === id)!, mover) === null);
}

/**
 * Walks `rest` from where the troop stands. Before each step out of a square it asks the enemies next
 * to it that have not been offered this mover yet (ruling SC14); the first of them pauses the move.
 * A step into the space of a troop it tramples (`tramples`) rolls the trample there, in the order of
 * SC Movement d (match/trample.ts): Readied enemies asked first, the others after it.
 */
export function walk(
  ctx: Ctx,
  setup: ScSetup,
  troopId: string,
  rest: readonly number[],
  how: 'move' | 'run',
  offered: readonly string[],
  tramples: readonly TrampleAim[] = [],
): void {
  const s = ctx.state;
  const troop = s.troops[troopId]!;
  // The enemies next to the mover are all the walk reads of the table; the mover, which may stand in a friend's square, is left out.
  const table = tableOf(setup, s, troopId);
  const entered: number[] = [];
  for (let i = 0; i < rest.length; i++) {
    const from = entered.length > 0 ? entered[entered.length - 1]! : troop.at!;
    const here = pieceOf(setup, troop, from);
    const attackers = opportunityAttackers(table, here, from, how, new Set(offered)).filter(
      (id) => mayStrike(setup, s.troops[id]!) && usableOn(setup, s.troops[id]!, here).length > 0,
    );
    const due = dueOn(setup, s, here, from, rest[i]!, tramples);
    if (due.length > 0) {
      if (entered.length > 0) ctx.emit({ type: 'moved', troop: troopId, path: entered });
      const reachOn = (id: string) => usableOn(setup, s.troops[id]!, here).some((a) => isReachAttack(setup, s.troops[id]!, a));
      const order = trampleOrder(setup, s, table, attackers, due, reachOn);
      const later = tramples.filter((a) => !due.includes(a));
      const seen = [...offered, ...attackers];
      const asked = [...order.first, ...order.together];
      const dueNow: ScTrampleDue = { aims: due, together: order.together, after: order.after };
      const minus = order.minus.length > 0 ? { minus: order.minus } : {};
      if (asked.length > 0) {
        const [attacker, ...queue] = asked as [string, ...string[]];
        const more = { tramples: later, due: withAs(dueNow, attacker, troop), ...minus };
        ctx.emit({ type: 'asked', prompt: promptFor(setup, s, troopId, attacker, queue, seen, rest.slice(i), how, more) });
        return;
      }
      if (resolveTramples(ctx, setup, troopId, due, asNow(troop))) return;
      afterTrample(ctx, setup, troopId, order.after, seen, rest.slice(i), how, later, minus);
      return;
    }
    if (attackers.length > 0) {
      if (entered.length > 0) ctx.emit({ type: 'moved', troop: troopId, path: entered });
      const [attacker, ...queue] = attackers as [string, ...string[]];
      const more = tramples.length > 0 ? { tramples } : {};
      ctx.emit({ type: 'asked', prompt: promptFor(setup, s, troopId, attacker, queue, [...offered, ...attackers], rest.slice(i), how, more) });
      return;
    }
    entered.push(rest[i]!);
  }
  if (entered.length > 0) ctx.emit({ type: 'moved', troop: troopId, path: entered });
  // Ruling SC134: a trample whose target the Move could not carry the troop through, so that it fell
  // back short of its space (SC Movement c), is rolled as it stops.
  if (tramples.length > 0) resolveTramples(ctx, setup, troopId, tramples, asNow(ctx.state.troops[troopId]!));
}

/** The trample due with the mover as it stands kept, once the attacks simultaneous with it begin (SC Movement d). */
const withAs = (due: ScTrampleDue, next: string, mover: ScTroop): ScTrampleDue =>
  due.as === undefined && due.together.includes(next) ? { ...due, as: asNow(mover) } : due;

/** After a trample: the other enemies at the square are asked (SC Movement d, 3), then the move goes on. */
function afterTrample(
  ctx: Ctx,
  setup: ScSetup,
  moverId: string,
  after: readonly string[],
  offered: readonly string[],
  rest: readonly number[],
  how: 'move' | 'run',
  tramples: readonly TrampleAim[],
  minus: { minus?: readonly string[] },
): void {
  const [attacker, ...queue] = after.filter((id) => mayStrike(setup, ctx.state.troops[id]!));
  if (attacker === undefined) return walk(ctx, setup, moverId, rest, how, offered, tramples);
  ctx.emit({ type: 'asked', prompt: promptFor(setup, ctx.state, moverId, attacker, queue, offered, rest, how, { tramples, ...minus }) });
}

function promptFor(
  setup: ScSetup,
  s: ScState,
  mover: string,
  attacker: string,
  queue: readonly string[],
  offered: readonly string[],
  rest: readonly number[],
  how: 'move' | 'run',
  more: Pick<ScOpportunityPrompt, 'tramples' | 'due' | 'minus'> = {},
): ScOpportunityPrompt {
  const who = s.troops[attacker]!;
  const attacks = usableOn(setup, who, pieceOf(setup, s.troops[mover]!));
  const extra = {
    ...(more.tramples && more.tramples.length > 0 ? { tramples: more.tramples } : {}),
    ...(more.due ? { due: more.due } : {}),
    ...(more.minus && more.minus.length > 0 ? { minus: more.minus } : {}),
  };
  return { kind: 'opportunity' as const, player: who.player, mover, attacker, attacks, queue, offered, rest, how, ...extra };
}

/**
 * A Move or Run's change of level (SC Flight "Changing Altitude"; ruling SC90): made where the troop
 * stands before it sets off, its inches taken from the order's. Returns the troop as it will move
 * and the inches the change cost (0 when there is none).
 */
function climb(setup: ScSetup, s: ScState, troop: ScTroop, c: Extract<ScCommand, { type: 'move' }>): { mover: ScTroop; cost: number } {
  if (c.altitude === undefined) return { mover: troop, cost: 0 };
  if (!hasFlight(cardOf(setup, troop))) refuse('no-flight', `${troop.id} cannot fly: it has no Flight.`);
  if (c.how === 'slide') refuse('climb-on-move-or-run', 'A flyer changes altitude as part of a Move or Run, not a Slide.');
  const from = troop.altitude ?? 'landed';
  if (c.altitude === from) refuse('same-altitude', `${troop.id} is already ${LEVEL_WORDS[from]}.`);
  const mover = { ...troop, altitude: c.altitude };
  if (!canEnd(tableOf(setup, s, troop.id), pieceOf(setup, mover), troop.at!))
    refuse('level-taken', `Another troop is ${LEVEL_WORDS[c.altitude]} over ${troop.id}'s space: it cannot change level there.`);
  return { mover, cost: climbCost(levelOf(from), levelOf(c.altitude)) };
}

/** A change of level and nothing else (SC Flight: "the troop doesn't have to move on the board to change altitude"). */
function climbOnly(ctx: Ctx, setup: ScSetup, c: Extract<ScCommand, { type: 'move' }>): void {
  const s = ctx.state;
  const troop = s.troops[c.troop]!;
  const { mover, cost } = climb(setup, s, troop, c);
  const budget = allowance(c.how, moveOf(setup, troop), cardOf(setup, troop).size);
  if (cost > budget) refuse('not-enough-move', `${c.troop} needs ${cost} inches to change altitude but has ${budget}.`);
  ctx.emit({ type: 'ordered', troop: c.troop, how: c.how, recorded: c.how });
  ctx.emit({ type: 'altitude', troop: c.troop, altitude: mover.altitude!, why: 'move' });
}

export function moveTroop(ctx: Ctx, setup: ScSetup, c: Extract<ScCommand, { type: 'move' }>): void {
  const s = ctx.state;
  const troop = yourTroop(s, c.troop);
  if (c.then !== undefined && c.how !== 'slide') refuse('then-after-slide-only', 'Only a slide may be followed by a move.');
  if (s.turn!.used.includes(c.troop)) refuse('already-acted-this-step', `${c.troop} has already moved this turn.`);
  checkConditions(troop, 'move');
  const card = cardOf(setup, troop);
  if (c.how === 'run' && card.qualities.includes("Can't Run")) refuse('cannot-run', `${c.troop} cannot run.`);
  if (c.altitude !== undefined && c.path === undefined && c.to === undefined) return climbOnly(ctx, setup, c);
  if ((c.path === undefined) === (c.to === undefined)) refuse('route', 'Give the squares to move through or the square to reach, one of them.');
  const move = moveOf(setup, troop);
  const { mover, cost } = climb(setup, s, troop, c);
  const budget = allowance(c.how, move, card.size, levelOf(mover.altitude)) - cost;
  if (budget < 0) refuse('not-enough-move', `${c.troop} needs ${cost} inches to change altitude but has ${budget + cost}.`);
  const first = plan(setup, s, pieceOf(setup, mover), c, budget);
  const tramples = c.trample ?? [];
  if (tramples.length > 0) {
    if (c.how !== 'move' || c.then !== undefined)
      refuse('trample-on-a-move', 'A troop tramples on a Move: a Run leaves it no attack this turn, and a Slide is a step aside.');
    if (c.path === undefined) refuse('trample-needs-path', 'A trample follows the squares given: give the path through the troop it tramples.');
    const piece = pieceOf(setup, mover);
    const refused = trampleRefusal(setup, s, troop, tableOf(setup, s, troop.id), piece, c.path, budget, tramples);
    if (refused) refuse(refused.code, `${refused.message}.`);
  }
  // A move after a Slide starts its own count of diagonals (ruling SC12) and counts as a run.
  const then = c.then ? plan(setup, s, pieceOf(setup, troop, first.path[first.path.length - 1]!), c.then, allowance('move', move, card.size)) : null;
  const recorded: MoveOrder = then ? 'run' : c.how;
  ctx.emit({ type: 'ordered', troop: c.troop, how: c.how, recorded });
  if (c.altitude !== undefined) ctx.emit({ type: 'altitude', troop: c.troop, altitude: c.altitude, why: 'move' });
  if (c.how === 'slide') {
    ctx.emit({ type: 'moved', troop: c.troop, path: first.path });
    if (first.fellBack) ctx.emit({ type: 'fell-back', troop: c.troop });
    if (then) walk(ctx, setup, c.troop, then.path, 'run', []);
    if (then?.fellBack && !ctx.state.prompt) ctx.emit({ type: 'fell-back', troop: c.troop });
    return;
  }
  walk(ctx, setup, c.troop, first.path, c.how === 'run' ? 'run' : 'move', [], tramples);
  if (first.fellBack && !ctx.state.prompt) ctx.emit({ type: 'fell-back', troop: c.troop });
}

/** Aim (SC Movement a, SC Ranged h): the troop's movement order, given to a troop with a ranged attack; it stays where it is. */
export function aimTroop(ctx: Ctx, setup: ScSetup, c: Extract<ScCommand, { type: 'aim' }>): void {
  const s = ctx.state;
  const troop = yourTroop(s, c.troop);
  if (s.turn!.used.includes(c.troop)) refuse('already-acted-this-step', `${c.troop} has already had its movement order this turn.`);
  checkConditions(troop, 'aim');
  if (!hasRangedAttack(cardOf(setup, troop))) refuse('nothing-to-aim', `${c.troop} has no ranged attack to aim.`);
  ctx.emit({ type: 'ordered', troop: c.troop, how: 'aim', recorded: 'aim' });
}

/**
 * Ruling SC40: a mover an opportunity attack entangled or paralyzed cannot move on, so its move ends
 * where it stands and the enemies still to ask there are not asked. Paused inside a friend, where it may
 * not end, it walks on to the first square of its path it may end on, offered to opportunity attacks
 * as before. True when the move is over or goes on from here.
 */
function held(ctx: Ctx, setup: ScSetup, moverId: string, rest: readonly number[], how: 'move' | 'run', offered: readonly string[]): boolean {
  const mover = ctx.state.troops[moverId]!;
  const condition = (mover.conditions ?? []).find((c) => c === 'paralyzed' || c === 'entangled');
  if (condition === undefined) return false;
  ctx.emit({ type: 'held', troop: moverId, condition });
  const table = tableOf(setup, ctx.state, moverId);
  const piece = pieceOf(setup, mover);
  if (canEnd(table, piece, mover.at!)) return true;
  const to = rest.findIndex((at) => canEnd(table, piece, at));
  // Held short of the squares ahead, it tramples none of the troops there.
  walk(ctx, setup, moverId, rest.slice(0, to + 1), how, offered);
  return true;
}

/**
 * The inactive player's answer: the attack lands at once (ruling SC15); then the next enemy, or the
 * move goes on. At a trampling step (SC Movement d) the trample is rolled once the Readied enemies
 * are asked, even if one of those simultaneous attacks removed or held the mover; the other enemies follow.
 */
export function answerOpportunity(ctx: Ctx, setup: ScSetup, attackId: string | null): void {
  const s = ctx.state;
  const p = s.prompt as ScOpportunityPrompt;
  const attacker = s.troops[p.attacker]!;
  const mover = s.troops[p.mover]!;
  const together = p.due?.together.includes(p.attacker) === true;
  const tramples = p.tramples ?? [];
  if (attackId === null) {
    ctx.emit({ type: 'opportunity', attacker: p.attacker, mover: p.mover, strike: null, dice: [], taken: mover.taken, hurt: mover.hurt, removed: false });
  } else {
    if (!p.attacks.includes(attackId)) refuse('unknown-attack', `${p.attacker} has no melee attack "${attackId}" (it has ${p.attacks.join(', ')}).`);
    const attack = cardOf(setup, attacker)
      .attacks.flat()
      .find((a) => a.id === attackId)!;
    // A mover paused in water it swims is struck at its lowered Melee Defense (SC Swimming).
    const moverCard = struckCard(setup, s, mover);
    // "As if the moving figure were still in the space that it is moving from" (SC Opportunity Attacks): flanked there or not.
    const flanked = isFlanked(tableOf(setup, s), pieceOf(setup, mover));
    const minus = trampledReplyModifiers(p.minus?.includes(p.attacker) === true);
    const out = strike(
      (sides) => ctx.roll(sides),
      { attacker: p.attacker, target: p.mover },
      attack,
      attacker.hurt,
      moverCard,
      attacker.conditions,
      flanked,
      minus,
    );
    const taken = mover.taken + out.wounds;
    const removed = isRemoved(taken, moverCard.wounds);
    const conditions = removed ? [] : strikeConditions(setup, s, out);
    ctx.emit({
      type: 'opportunity',
      attacker: p.attacker,
      mover: p.mover,
      strike: out,
      dice: ctx.dice(),
      taken,
      hurt: isHurt(taken, moverCard.wounds),
      removed,
      ...(conditions.length > 0 ? { conditions } : {}),
    });
    const stopped = removed || (ctx.state.troops[p.mover]!.conditions ?? []).some((c) => c === 'paralyzed' || c === 'entangled');
    // Simultaneous with the trample (SC Movement d, 2): a mover this attack stops still makes it.
    if (stopped && together && resolveTramples(ctx, setup, p.mover, p.due!.aims, p.due!.as)) return;
    if (removed) {
      checkElimination(ctx);
      return;
    }
    if (held(ctx, setup, p.mover, p.rest, p.how, p.offered)) return;
  }
  const [nextAttacker, ...queue] = p.queue;
  const more = { tramples, ...(p.minus ? { minus: p.minus } : {}) };
  if (nextAttacker !== undefined) {
    const due = p.due ? { due: withAs(p.due, nextAttacker, ctx.state.troops[p.mover]!) } : {};
    ctx.emit({ type: 'asked', prompt: promptFor(setup, ctx.state, p.mover, nextAttacker, queue, p.offered, p.rest, p.how, { ...more, ...due }) });
    return;
  }
  if (p.due === undefined) return walk(ctx, setup, p.mover, p.rest, p.how, p.offered, tramples);
  if (resolveTramples(ctx, setup, p.mover, p.due.aims, p.due.as)) return;
  afterTrample(ctx, setup, p.mover, p.due.after, p.offered, p.rest, p.how, tramples, more);
}
