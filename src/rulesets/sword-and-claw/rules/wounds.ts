/**
 * Damage into wounds, Hurt and removal (SC Attacks 4, SC Troops "To Wound", SC Hurt, SC Shields).
 */
import type { ToWound } from '../formats/troop-card';

/**
 * The wounds one hit of `damage` inflicts: one for each To Wound threshold it reaches; past the last
 * printed number a "+x" step adds a threshold every x more (ruling SC5). `plus` raises every
 * threshold, as a shield does against attacks that roll against neither defence (SC Shields).
 */
export function woundsFromDamage(damage: number, toWound: ToWound, plus = 0): number {
  let wounds = 0;
  for (const step of toWound.steps) {
    if (damage < step + plus) return wounds;
    wounds++;
  }
  if (toWound.then === null) return wounds;
  for (let next = toWound.steps[toWound.steps.length - 1]! + toWound.then + plus; damage >= next; next += toWound.then) wounds++;
  return wounds;
}

/** SC Hurt: wounds taken reach half the troop's Wounds or more. */
export const isHurt = (taken: number, wounds: number): boolean => taken > 0 && taken * 2 >= wounds;

/** SC Attacks 4: a troop whose wounds taken reach its Wounds is removed from play. */
export const isRemoved = (taken: number, wounds: number): boolean => taken >= wounds;

/**
 * SC App. A Dispersed: a hit on a swarm does at most one wound, but for an Area attack (and the
 * projected attacks that cover whole squares), which deals its full wounds.
 */
export const dispersedWounds = (wounds: number, target: { readonly qualities: readonly string[] }): number =>
  target.qualities.includes('Dispersed') ? Math.min(1, wounds) : wounds;
