/**
 * A charge as the player gives it and hears it back (R23): the command carries the two squares the
 * suggestion named, so the engine takes the path the player was shown, and the reply says whom the
 * unit charges, with what, by which squares, and what the steps risk.
 */
import type { GameState } from '../../engine';
import { boardOf, chargePlan, chargeWoundingSteps, findAttack, nameOf, unitOf } from '../../engine';
import { damagingWounds } from './act-suggestions';

/**
 * The charge to send: the path chargePlan (the engine's own choice, the one the target suggestion
 * names) when there is one, else `true`, so the engine refuses with its own reason.
 */
export function chargePath(game: GameState, unitId: string, attack: string, target: string): true | string[] {
  const plan = chargePlan(game, unitId, attack, target);
  return 'path' in plan ? plan.path : true;
}

/**
 * The sentence a charge's reply opens with, from the table before it: "KN charges GH (Ghoul) with
 * Longsword, stepping F8 → E9 → E10 (⚠ 10 cold wounds on the way; a charge's steps invite no
 * replies)." Said by map labels, as the log lines after it say units.
 */
export function chargeWords(game: GameState, command: { unit: string; attack: string; target: string; path: readonly string[] }): string {
  const unit = unitOf(game, command.unit);
  const target = unitOf(game, command.target);
  const attack = findAttack(game, unit, command.attack)?.name ?? command.attack;
  const from = unit.at === null ? null : nameOf(boardOf(game), unit.at);
  const squares = [...(from ? [from] : []), ...command.path].join(' → ');
  const damaging = chargeWoundingSteps(game, unit.id, command.path);
  // R23: the charge's steps draw no movement replies; replies to its attack are asked as the attack is made.
  const risks = [damaging > 0 ? `⚠ ${damagingWounds(game, damaging)} on the way` : null, "a charge's steps invite no replies"].filter(Boolean);
  const card = game.cards[target.card]?.name;
  return `${unit.id.toUpperCase()} charges ${target.id.toUpperCase()}${card ? ` (${card})` : ''} with ${attack}, stepping ${squares} (${risks.join('; ')}).`;
}
