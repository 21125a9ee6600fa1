/**
 * A charge as the player gives it and hears it back (R23): the command carries the two squares the
 * suggestion named, so the engine takes the path the player was shown, and the reply says whom the
 * unit charges, with what, by which squares, and what the steps risk.
 */
import type { GameState } from '../../rulesets/sellsword/engine';
import { nameOf } from '../../engine';
import { boardOf, chargePaths, chargeGroundWounds, chargePlan, decide, findAttack, unitOf } from '../../rulesets/sellsword/engine';
import { attackIdTyped, damagingWounds, type Names, notYoursWhy, readTargetValue } from '../../rulesets/sellsword/table';
import { choice, nothingToChoose, suggest } from '../command';
import { withoutRuleCodes } from '../../render/plain-rules';

/**
 * The charge to send: the path chargePlan (the engine's own choice, the one the target suggestion
 * names) when there is one, else `true`, so the engine refuses with its own reason.
 */
export function chargePath(game: GameState, unitId: string, attack: string, target: string): true | string[] {
  const plan = chargePlan(game, unitId, attack, target);
  return 'path' in plan ? plan.path : true;
}

/**
 * The sentence a charge's reply tells it by, from the table before it: "KN charges GH (Ghoul) with
 * Longsword, stepping F8 → E9 → E10, paying 5 Vigor (⚠ 10 cold wounds on the way; its steps invite no
 * replies, but its attack may still be replied to)." Said by map labels, as the log lines after it
 * say units. `paid`: what the log says the charge cost, when the log got that far.
 */
export function chargeWords(game: GameState, command: { unit: string; attack: string; target: string; path: readonly string[] }, paid?: string): string {
  const unit = unitOf(game, command.unit);
  const target = unitOf(game, command.target);
  const attack = findAttack(game, unit, command.attack)?.name ?? command.attack;
  const from = unit.at === null ? null : nameOf(boardOf(game), unit.at);
  const squares = [...(from ? [from] : []), ...command.path].join(' → ');
  const damaging = chargeGroundWounds(game, unit.id, command.path);
  // R23: the charge's steps draw no movement replies; replies to its attack are asked as the attack is
  // made (a tester read "no replies" as the whole charge, then saw the Warboss reply: issue 26).
  const risks = [
    damaging > 0 ? `⚠ ${damagingWounds(game, damaging)} on the way` : null,
    'its steps invite no replies, but its attack may still be replied to',
  ].filter(Boolean);
  const card = game.cards[target.card]?.name;
  const cost = paid ? `, paying ${paid}` : '';
  return `${unit.id.toUpperCase()} charges ${target.id.toUpperCase()}${card ? ` (${card})` : ''} with ${attack}, stepping ${squares}${cost} (${risks.join('; ')}).`;
}

/**
 * The charge paths `unitId` may take at `target` with `attack` now, for /attack's `path`: each the
 * engine would accept (asked of decide, so the list never offers what the command refuses), named by
 * its squares with the damaging ground on them. Empty when the unit cannot charge that target.
 */
export function chargePathChoices(game: GameState, user: string, unitId: string, attack: string, target: string): { name: string; value: string }[] {
  const unit = game.units[unitId];
  const aimed = game.units[target];
  if (!unit || !aimed || unit.at === null || aimed.at === null || game.prompt || !game.turn) return [];
  const board = boardOf(game);
  return chargePaths(game, unit, aimed).flatMap((p) => {
    const path = p.map((i) => nameOf(board, i));
    if ('error' in decide(game, { act: 'attack', unit: unitId, attack, target, charge: path }, user)) return [];
    const damaging = chargeGroundWounds(game, unitId, path);
    return [{ name: `${path.join(' → ')}${damaging > 0 ? ` · ⚠ ${damagingWounds(game, damaging)}` : ''}`, value: path.join(' ') }];
  });
}

/**
 * /attack's `path` suggestions: the charge paths at the target picked (a plain unit or one offered as a
 * charge), or why there are none, after the same turn check as every act's lists.
 */
export function pathSuggestions(game: GameState, user: string, unit: unknown, attack: unknown, target: unknown, typed: unknown, names: Names) {
  const id = String(unit ?? '').toLowerCase();
  // The target picked (readTargetValue: "gh charge", "gh charge with cleaver"), with the attack it carries when none was given.
  const picked = readTargetValue(String(target ?? ''));
  const aimed = picked.target.toLowerCase();
  attack ??= picked.attack;
  if (!game.units[id] || !game.units[aimed] || attack === undefined) return [nothingToChoose('pick the unit, its attack and the target it charges first')];
  attack = attackIdTyped(game, id, attack);
  const stop = notYoursWhy(game, user, id, names);
  if (stop) return [nothingToChoose(withoutRuleCodes(stop))];
  const found = suggest(
    chargePathChoices(game, user, id, String(attack), aimed).map((c) => choice(c.name, c.value)),
    typed,
  );
  if (found.length > 0) return found;
  const plan = chargePlan(game, id, String(attack), aimed);
  const why = 'path' in plan ? `no charge path matches "${String(typed)}"` : plan.message;
  return [nothingToChoose(withoutRuleCodes(why))];
}
