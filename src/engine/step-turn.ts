/**
 * A turn made of steps (docs/rulesets.md §2): one side's player gives orders to many units in each
 * step of the game's ordered list. A unit gives at most one order a step; `next` closes the step and
 * opens the following one. In a declare-then-resolve step the orders are only declared when given,
 * and `next` hands them back, in the order declared, for the game to resolve.
 */
import type { RuleError } from './errors';
import { ruleError } from './errors';

export interface StepOrder<Order> {
  readonly unit: string;
  readonly order: Order;
}

export interface StepTurn<Step extends string, Order> {
  readonly side: string;
  readonly player: string;
  readonly step: Step;
  /** The orders given this step, in the order given. */
  readonly orders: readonly StepOrder<Order>[];
  /** The units that have acted this step. */
  readonly used: readonly string[];
}

/** What a game says of its steps: their order, what each takes, and which resolve on closing. */
export interface StepRules<Step extends string, Order> {
  readonly steps: readonly Step[];
  /** Whether `step` takes `order` at all (a kind of order, not its legality on the board). */
  takes(step: Step, order: Order): boolean;
  /** Steps whose orders are declared together and resolved when the step closes. */
  readonly declared: readonly Step[];
}

export function startTurn<Step extends string, Order>(rules: StepRules<Step, Order>, side: string, player: string): StepTurn<Step, Order> {
  const first = rules.steps[0];
  if (first === undefined) throw new Error('startTurn: a turn needs at least one step');
  return { side, player, step: first, orders: [], used: [] };
}

/** The turn after `unit` gives `order`, or the rule it breaks. */
export function giveOrder<Step extends string, Order>(
  rules: StepRules<Step, Order>,
  turn: StepTurn<Step, Order>,
  unit: string,
  order: Order,
): StepTurn<Step, Order> | RuleError {
  if (turn.used.includes(unit)) return ruleError('already-acted-this-step', `${unit} has already acted in the ${turn.step} step.`);
  if (!rules.takes(turn.step, order)) return ruleError('not-this-step', `The ${turn.step} step takes no such order.`);
  return { ...turn, orders: [...turn.orders, { unit, order }], used: [...turn.used, unit] };
}

export type NextStep<Step extends string, Order> = {
  /** The orders to resolve now, in the order declared: empty unless the closed step declares. */
  readonly resolve: readonly StepOrder<Order>[];
  /** The turn in its next step; null when the closed step was the last. */
  readonly turn: StepTurn<Step, Order> | null;
};

/** Closes the current step and opens the next. */
export function next<Step extends string, Order>(rules: StepRules<Step, Order>, turn: StepTurn<Step, Order>): NextStep<Step, Order> {
  const at = rules.steps.indexOf(turn.step);
  if (at < 0) throw new Error(`next: ${turn.step} is not one of the game's steps`);
  const resolve = rules.declared.includes(turn.step) ? turn.orders : [];
  const following = rules.steps[at + 1];
  return { resolve, turn: following === undefined ? null : { ...turn, step: following, orders: [], used: [] } };
}

/** The units of `eligible` that may still act this step, in the order given. */
export const remaining = <Step extends string, Order>(turn: StepTurn<Step, Order>, eligible: readonly string[]): string[] =>
  eligible.filter((u) => !turn.used.includes(u));
