/**
 * An attack refused as out of range that a charge would make (R23: two steps closer, then the attack):
 * the refusal with the charge suggested, or why a charge cannot make it either. Asked only while it is
 * the unit's player's turn, so the engine's own refusals (not your turn, a prompt open) come first.
 */
import type { RuleError } from '../../../engine';
import { attackOdds, chargePlan, findAttack, type GameState, type UnitState } from '../engine';
import { withoutRuleCodes } from '../../../render/plain-rules';
import { chargePrice } from './charge-price';
import { inMapLabels } from './map-labels';

/**
 * What to do instead when no charge reaches the target, by chargePlan's reason: closing on foot.
 * A new player told only that a charge was impossible did not know what would do (playtest).
 */
const INSTEAD: Readonly<Record<string, string>> = {
  'charge-too-close': 'Move next to it with `/move`, then attack.',
  'charge-too-far': 'Move closer with `/move` first.',
  'no-charge-path': 'Move closer with `/move`, then attack.',
};

/** Whether it is `unit`'s player's turn with nothing open, so a refusal about the charge itself is the first to say. */
const ownTurn = (game: GameState, unit: UnitState): boolean =>
  !!game.turn && !game.prompt && game.turn.player === unit.player && (game.turn.unit === null || game.turn.unit === unit.id);

export function chargeInstead(game: GameState, unit: UnitState, attack: string, target: string): RuleError | null {
  if (!ownTurn(game, unit)) return null;
  const odds = attackOdds(game, unit.id, attack, target);
  if (!('code' in odds) || odds.code !== 'out-of-range') return null;
  const plan = chargePlan(game, unit.id, attack, target);
  if ('path' in plan) {
    // The attack by the name its card prints, which the command reads as well as its id (any case): a
    // tester who typed "Shield Bash" was told to send "attack:shield-bash" (playtest).
    const name = findAttack(game, unit, attack)?.name ?? attack;
    return {
      code: 'out-of-range',
      message: `${inMapLabels(game, odds.message)}. It can charge instead: \`/attack unit:${unit.id} attack:${name} target:${target} charge:True\` (two steps, by ${plan.path.join(' → ')}; ${chargePrice(unit.id)}).`,
    };
  }
  // Units by their map labels ("KN"), as the player sees them, never "Knight (kn)" (playtest).
  const why = inMapLabels(game, `${odds.message}; a charge cannot reach it either: ${withoutRuleCodes(plan.message)}`);
  const instead = INSTEAD[plan.code];
  return { code: 'out-of-range', message: instead ? `${why} ${instead}` : why };
}

/**
 * A charge asked for (`charge:True`) that no path makes, refused as the engine refuses it but by map
 * labels and with what to do instead: a new player told "a charge is exactly 2 steps, each closer…"
 * was not told to walk up instead (playtest). Null for every other case, left to the engine.
 */
export function chargeRefused(game: GameState, unit: UnitState, attack: string, target: string): RuleError | null {
  if (!ownTurn(game, unit)) return null;
  const plan = chargePlan(game, unit.id, attack, target);
  if ('path' in plan) return null;
  const instead = INSTEAD[plan.code];
  return instead ? { code: plan.code, message: `${inMapLabels(game, withoutRuleCodes(plan.message))} ${instead}` } : null;
}
