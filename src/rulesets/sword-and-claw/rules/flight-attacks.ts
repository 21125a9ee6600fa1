/**
 * What Flight allows an attack (SC Flight; SC App. B "Usable against ground targets only", "Usable
 * only while on ground", "Usable only while flying"; rulings SC92, SC93, SC96, SC100–SC102): the one check every
 * melee strike, projected attack and shot passes through with its attacker and target where they are.
 */
import { ruleError, type RuleError } from '../../../engine/errors';
import type { TroopAttack } from '../formats/troop-card';
import { altitudeOfLevel, isFlying, LEVEL_WORDS, mayShootAt } from './altitude';
import { type Piece, pieceLevel } from './table';
import { templateOf } from './templates';

const has = (attack: TroopAttack, name: string): boolean => attack.qualities.some((q) => q.name === name);

const where = (p: Piece): string => (pieceLevel(p) === 'ground' ? 'on the ground' : LEVEL_WORDS[altitudeOfLevel(pieceLevel(p))].toLowerCase());

/**
 * Null when `attacker` may make `attack` at `target` as their levels stand; else why not. Reaching the
 * target at all (next to it, in range, in sight) is the caller's check.
 */
export function checkFlightAttack(attacker: Piece, attack: TroopAttack, target: Piece): RuleError | null {
  const [from, at] = [pieceLevel(attacker), pieceLevel(target)];
  if (has(attack, 'Usable only while flying') && !isFlying(from))
    return ruleError('only-while-flying', `${attack.name} is usable only while flying, and ${attacker.id} is on the ground`);
  if (has(attack, 'Usable only while on ground') && isFlying(from))
    return ruleError('only-on-ground', `${attack.name} is usable only while on the ground, and ${attacker.id} is ${where(attacker)}`);
  if (has(attack, 'Usable against ground targets only') && isFlying(at))
    return ruleError('ground-targets-only', `${attack.name} is usable against ground targets only, and ${target.id} is ${where(target)}`);
  // A troop at Low or High attacks nobody lower (SC Flight); a template, an Aura and an Area attack
  // aimed higher act at the target's level (rulings SC96, SC100, SC101), and a Sweep is made only at a
  // troop it may fight, at their shared level (SC102; rules/targets.ts checks who may fight whom).
  if (templateOf(attack) && !mayShootAt(from, at))
    return ruleError('target-below', `${attacker.id} is ${where(attacker)} and cannot attack ${target.id}, which is lower (${where(target)})`);
  if (attack.range !== undefined && !mayShootAt(from, at))
    return ruleError('target-below', `${attacker.id} is ${where(attacker)} and cannot shoot ${target.id}, which is lower (${where(target)})`);
  return null;
}
