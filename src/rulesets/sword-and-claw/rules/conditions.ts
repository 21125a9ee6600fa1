/**
 * Conditions (SC Conditions; SC App. B Entangling, Paralyzing, Poison, No Damage): what an attack puts
 * on its target, and what each condition's saving throw (rules/saving-throws.ts) does to the troop.
 * Pure: it only says what they mean. The match does not carry conditions yet (ruling SC38).
 */
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

/** SC Conditions Paralyzed: the troop cannot attack while it is Paralyzed. */
export const canAttack = (conditions: readonly Condition[]): boolean => !conditions.includes('paralyzed');

/** SC Conditions Entangled: attacks are at −2 while Entangled (once, however many entangles). */
export const entangledPenalty = (conditions: readonly Condition[]): number => (conditions.includes('entangled') ? -2 : 0);
