/**
 * An attack refused as out of range that a charge would make (R23: two steps closer, then the attack):
 * the refusal with the charge suggested, or why a charge cannot make it either. Asked only while it is
 * the unit's player's turn, so the engine's own refusals (not your turn, a prompt open) come first.
 */
import type { RuleError } from '../../../engine';
import { attackOdds, CHARGE_VIGOR, chargePlan, findAttack, type GameState, type UnitState } from '../engine';
import { withoutRuleCodes } from '../../../render/plain-rules';

export function chargeInstead(game: GameState, unit: UnitState, attack: string, target: string): RuleError | null {
  if (!game.turn || game.prompt || game.turn.player !== unit.player || (game.turn.unit !== null && game.turn.unit !== unit.id)) return null;
  const odds = attackOdds(game, unit.id, attack, target);
  if (!('code' in odds) || odds.code !== 'out-of-range') return null;
  const plan = chargePlan(game, unit.id, attack, target);
  if ('path' in plan) {
    // The attack by the name its card prints, which the command reads as well as its id (any case): a
    // tester who typed "Shield Bash" was told to send "attack:shield-bash" (playtest).
    const name = findAttack(game, unit, attack)?.name ?? attack;
    return {
      code: 'out-of-range',
      message: `${odds.message}. It can charge instead: \`/attack unit:${unit.id} attack:${name} target:${target} charge:True\` (two steps, by ${plan.path.join(' → ')}, costing ${CHARGE_VIGOR} Vigor).`,
    };
  }
  return { code: 'out-of-range', message: `${odds.message}; a charge cannot reach it either: ${withoutRuleCodes(plan.message)}` };
}
