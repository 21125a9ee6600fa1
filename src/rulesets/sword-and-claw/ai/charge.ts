/**
 * The practice opponent's weighing of a charge (SC Movement a; SC App. A Charge Only; rulings
 * SC33–SC36): for each enemy the troop may charge, the chance the d6 leaves it next to that enemy
 * times the most its strike there is worth, with the attacks a charger may make (Charge Only ones
 * with them, no Cone, Line, Aura or Fan: SC35). The charge's line and die are the rules' own
 * (match/charge.ts planCharge, rules/charge.ts chargeEnd), never worked out again here.
 */
import { chargeEnd } from '../rules/charge';
import { checkMeleeDeclaration, findAttack } from '../rules/melee';
import { isProjected } from '../rules/projected';
import { planCharge } from '../match/charge';
import { chargeOptions } from '../match/options';
import { cardOf, meleeAttacks } from '../match/tables';
import type { ScCommand, ScSetup, ScState, ScTroop } from '../match/types';
import type { TroopOrder } from '../rules/movement';

/** What one strike of `attack` at `target` is worth to the opponent (ai/choose.ts weighs it). */
export type StrikeWorth = (attack: string, target: string) => number;

/** The most a strike of `troop` at `target` is worth after a movement order `moved`: its best attack a troop so moved may declare. */
export function fightWorth(setup: ScSetup, troop: ScTroop, moved: TroopOrder, target: string, worth: StrikeWorth): number {
  const card = cardOf(setup, troop);
  let most = 0;
  for (const id of meleeAttacks(card)) {
    if (isProjected(findAttack(card, id)!.attack)) continue;
    if (checkMeleeDeclaration(card, [id], { taken: troop.taken, moved }) !== null) continue;
    most = Math.max(most, worth(id, target));
  }
  return most;
}

/** The chance (0 to 1) that the charge's d6 leaves the charger next to its target: the whole line walked. */
export function chargeReach(setup: ScSetup, s: ScState, troop: ScTroop, target: string): number {
  const plan = planCharge(setup, s, troop, target);
  if ('code' in plan) return 0;
  let reached = 0;
  for (let die = 1; die <= 6; die++) if (chargeEnd(plan.line, plan.inches, die).length === plan.line.path.length) reached++;
  return reached / 6;
}

/** The charge of `troop` worth most, and its worth; null when it may charge no enemy it could then strike. */
export function bestCharge(setup: ScSetup, s: ScState, troop: ScTroop, worth: StrikeWorth): { order: ScCommand; value: number } | null {
  let chosen: { order: ScCommand; value: number } | null = null;
  for (const order of chargeOptions(setup, s, troop)) {
    if (order.type !== 'charge') continue;
    const strike = fightWorth(setup, troop, 'charge', order.target, worth);
    if (strike <= 0) continue;
    const value = chargeReach(setup, s, troop, order.target) * strike;
    if (value > (chosen?.value ?? 0) + 1e-9) chosen = { order, value };
  }
  return chosen;
}
