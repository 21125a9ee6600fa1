/**
 * The chances of an attack (SC Attacks 1–4): a d10 plus the modifiers against a defence, then a d6
 * plus the damage bonus against the To Wound numbers. One place for the odds the table shows and the
 * practice opponent weighs.
 */
import type { ToWound } from '../formats/troop-card';
import { woundsFromDamage } from './wounds';

/** The chance (0 to 1) that a d10 plus `bonus` reaches `defense`. */
export function hitChance(bonus: number, defense: number): number {
  let hits = 0;
  for (let d = 1; d <= 10; d++) if (d + bonus >= defense) hits++;
  return hits / 10;
}

/** The chance in percent that a d10 plus `bonus` reaches `defense`. */
export const odds = (bonus: number, defense: number): number => Math.round(hitChance(bonus, defense) * 100);

/** The wounds a hit of d6 + `dmgBonus` inflicts, on average. */
export function woundsPerHit(dmgBonus: number, toWound: ToWound): number {
  let wounds = 0;
  for (let d = 1; d <= 6; d++) wounds += woundsFromDamage(d + dmgBonus, toWound);
  return wounds / 6;
}

/** The chance in percent of at least one wound from a hit of d6 + `dmgBonus`. */
export function woundChance(dmgBonus: number, toWound: ToWound): number {
  let wounding = 0;
  for (let d = 1; d <= 6; d++) if (woundsFromDamage(d + dmgBonus, toWound) > 0) wounding++;
  return Math.round((wounding / 6) * 100);
}
