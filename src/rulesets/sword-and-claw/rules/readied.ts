/**
 * Readied attacks (SC Readied Actions; SC To-Hit, ranged; rulings SC55–SC59): what a Readied troop
 * may still strike with after its opportunity attacks, the ranged penalty with an enemy next to it,
 * and which Readied strikes resolve before the others.
 */
import type { TroopCard } from '../formats/troop-card';
import { findAttack, hasReach, type Modifier } from './melee';
import type { TroopOrder } from './movement';
import { opportunityAttacksPerRound } from './opportunity';

/** SC To-Hit, ranged: "−1 if the attacker is firing on the target's turn using a Ready action and has an enemy figure adjacent". */
export const readiedModifiers = (readied: boolean, enemyNext: boolean): Modifier[] =>
  readied && enemyNext ? [{ why: 'readied beside an enemy', value: -1 }] : [];

/**
 * SC Readied Actions, ruling SC58: "Readied troops can make ranged attacks against enemies that were
 * not in melee before movement without incurring the penalties for shooting into melee or worrying
 * about other troops being hit": a Readied shot at a target that had no enemy next to it as the
 * movement step began takes no −2 (SC Ranged f) and strays to nobody. `meleeBefore` unknown: no waiver.
 */
export const readiedWaivesMelee = (readied: boolean, meleeBefore: ReadonlySet<string> | undefined, target: string): boolean =>
  readied && meleeBefore !== undefined && !meleeBefore.has(target);

/**
 * SC Readied Actions, ruling SC59: a Readied troop's opportunity attacks this round count against its
 * attacks, so it declares no more melee strikes than its attacks a round less those it has made.
 */
export const readiedStrikesLeft = (card: TroopCard, opportunity: number, declared: number): number =>
  Math.max(0, opportunityAttacksPerRound(card) - opportunity - declared);

/** Ruling SC57: a troop "moved" this turn when its movement order took it across the table (Aim and Reload keep it where it stood). */
export const movedThisTurn = (order: TroopOrder | null): boolean => order === 'move' || order === 'run' || order === 'slide' || order === 'charge';

/**
 * SC Readied Actions, ruling SC57: a Readied strike with a Reach attack at a target that moved this
 * turn and now stands next to the striker resolves, and its wounds land, before the other strikes.
 */
export function strikesFirst(card: TroopCard, attackId: string, target: { readonly moved: TroopOrder | null; readonly adjacent: boolean }): boolean {
  const attack = findAttack(card, attackId)?.attack;
  return attack !== undefined && hasReach(attack) && movedThisTurn(target.moved) && target.adjacent;
}
