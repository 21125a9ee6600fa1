/**
 * Indirect Fire (SC App. B Indirect Fire; ruling SC73): a weapon with it may shoot a target it cannot
 * see, over blocking terrain and troops, when a troop of its side sees that target ("friendly troops
 * that can see the target"), at −4 to hit on top of the other modifiers. Such a shot counts no cover,
 * having no line to count it along; a shot that sees its target is made as any other, without the −4.
 * An Area shot that misses deviates as an Area attack does (rules/area.ts); other shots simply miss.
 */
import type { TroopAttack } from '../formats/troop-card';
import type { Modifier } from './melee';
import { lineOfSight, type ScSight } from './sight';
import type { Piece, ScTable } from './table';

/** SC App. B Indirect Fire: "These shots are at -4 to hit in addition to any other modifiers." */
export const INDIRECT_FIRE_MODIFIER: Modifier = { why: 'indirect fire', value: -4 };

export const hasIndirectFire = (attack: TroopAttack): boolean => attack.qualities.some((q) => q.name === 'Indirect Fire');

/** The troops of the shooter's side, other than the shooter, that see `target`: those an indirect shot is called by. */
export const spotters = (table: ScTable, shooter: Piece, target: Piece): Piece[] =>
  [...table.pieces.values()].filter((p) => p.player === shooter.player && p.id !== shooter.id && lineOfSight(table, p, target).visible);

/**
 * How a shot with `attack` sees `target`: its own line of sight when it has one; for an Indirect Fire
 * weapon that has none, over the terrain (`indirect`, no cover) when a troop of its side sees the
 * target; null when it may not shoot it at all.
 */
export function shotSight(table: ScTable, shooter: Piece, target: Piece, attack: TroopAttack): { sight: ScSight; indirect: boolean } | null {
  const sight = lineOfSight(table, shooter, target);
  if (sight.visible) return { sight, indirect: false };
  if (!hasIndirectFire(attack) || spotters(table, shooter, target).length === 0) return null;
  return { sight: { visible: false, cover: 0, light: 0 }, indirect: true };
}
