/**
 * Conditions (SC Conditions; SC App. B Entangling, Paralyzing, Poison, No Damage, Draining): what an
 * attack puts on its target, what each condition's saving throw (rules/saving-throws.ts) does to the
 * troop, and what a troop carrying them may not do (rulings SC38–SC41). The match carries them on its
 * troops (match/conditions.ts).
 */
import { ruleError, type RuleError } from '../../../engine/errors';
import type { SaveResult } from './saving-throws';

export type Condition = 'entangled' | 'paralyzed' | 'poisoned';

/**
 * SC App. B: Entangling acts on a hit; Paralyzing and Poison only when the attack did at least one
 * wound. One condition per quality, in the order the card lists them.
 */
export function conditionsFrom(qualities: readonly string[], hit: boolean, wounds: number): Condition[] {
  const out: Condition[] = [];
  for (const q of qualities) {
    if (q === 'Entangling' && hit) out.push('entangled');
    if (q === 'Paralyzing' && hit && wounds >= 1) out.push('paralyzed');
    if (q === 'Poison' && hit && wounds >= 1) out.push('poisoned');
  }
  return out;
}

/** SC App. B No Damage: the attack's hit does no wound (its other qualities still act on the hit). */
export const doesDamage = (qualities: readonly string[]): boolean => !qualities.includes('No Damage');

/**
 * SC App. B Draining: an attack that did at least one wound does one more, once however many it did
 * (ruling SC39: counted after Dispersed's one wound a hit, and landing with the attack's wounds).
 */
export const drainingWound = (qualities: readonly string[], wounds: number): number => (qualities.includes('Draining') && wounds >= 1 ? 1 : 0);

/** How a troop may move this turn once its saves are rolled: not at all, at half its Move, or as usual. */
export type MoveLimit = 'none' | 'half' | 'full';

export interface SaveEffect {
  /** The condition stays on the troop (SC Saving Throws e). */
  readonly remains: boolean;
  /** Wounds the failed save deals (SC Conditions Poisoned). */
  readonly wounds: number;
  /** The most this effect leaves the troop to move this turn. */
  readonly move: MoveLimit;
}

/**
 * SC Conditions, per effect and save: Entangled stops movement while it remains, and a save under 10
 * leaves half speed for this turn; Paralyzed ends on any passed save; Poisoned wounds once on a failed
 * save and ends on a passed one (SC Saving Throws c–e).
 */
export function saveEffect(condition: Condition, result: SaveResult): SaveEffect {
  const passed = result !== 'remains';
  switch (condition) {
    case 'entangled':
      return { remains: !passed, wounds: 0, move: result === 'cleanly' ? 'full' : passed ? 'half' : 'none' };
    case 'paralyzed':
      return { remains: !passed, wounds: 0, move: passed ? 'full' : 'none' };
    case 'poisoned':
      return { remains: !passed, wounds: passed ? 0 : 1, move: 'full' };
  }
}

const ORDER: readonly MoveLimit[] = ['none', 'half', 'full'];

/**
 * A turn's move limit from all its saves: the strictest wins, and several Entangled saves passed
 * under 10 still halve the Move once ("no matter how many entangles it saved for", SC Conditions).
 */
export function moveLimit(effects: readonly SaveEffect[]): MoveLimit {
  return effects.reduce<MoveLimit>((m, e) => (ORDER.indexOf(e.move) < ORDER.indexOf(m) ? e.move : m), 'full');
}

/** The most a troop may move this turn, in inches: half its Move rounded up after an Entangled save of 6 to 9 (ruling SC41). */
export const moveWithin = (move: number, limit: MoveLimit | undefined): number => (limit === 'half' ? Math.ceil(move / 2) : move);

/** The orders a condition may forbid: a movement that moves the troop, Aim, Reload, or an attack of any kind. */
export type ConditionedOrder = 'move' | 'aim' | 'reload' | 'attack';

const VERB: Readonly<Record<ConditionedOrder, string>> = { move: 'move', aim: 'aim', reload: 'reload', attack: 'attack' };

/**
 * Why a troop carrying `conditions` may not give `order`, or null (SC Conditions; ruling SC40):
 * Paralyzed forbids every order (it cannot move or attack, nor reload, SC App. B Requires Reload, nor
 * aim an attack it cannot make); Entangled forbids only orders that move the troop.
 */
export function conditionRefusal(id: string, conditions: readonly Condition[] | undefined, order: ConditionedOrder): RuleError | null {
  const held = conditions ?? [];
  const until = 'until it passes a save at the start of your next turn';
  if (held.includes('paralyzed')) return ruleError(`paralyzed-cannot-${VERB[order]}`, `${id} is paralyzed: it cannot ${VERB[order]} ${until}`);
  if (order === 'move' && held.includes('entangled')) return ruleError('entangled-cannot-move', `${id} is entangled: it cannot move ${until}`);
  return null;
}

/** SC Conditions Paralyzed: the troop cannot attack while it is Paralyzed. */
export const canAttack = (conditions: readonly Condition[]): boolean => !conditions.includes('paralyzed');

/** SC Conditions Entangled: attacks are at −2 while Entangled (once, however many entangles). */
export const entangledPenalty = (conditions: readonly Condition[]): number => (conditions.includes('entangled') ? -2 : 0);
