/**
 * What Flight allows an attack (SC Flight; SC App. B "Usable against ground targets only", "Usable
 * only while on ground", "Usable only while flying"; rulings SC92, SC93, SC96): the one check every
 * melee strike, projected attack and shot passes through with its attacker and target where they are.
 */
import { ruleError, type RuleError } from '../../../engine/errors';
import type { TroopAttack } from '../formats/troop-card';
import { altitudeOfLevel, heightsAbove, isFlying, isHigh, LEVEL_WORDS, mayShootAt } from './altitude';
import { areaSize } from './area';
import { sweepSize } from './sweep';
import { type Piece, pieceLevel } from './table';
import { templateOf } from './templates';

const has = (attack: TroopAttack, name: string): boolean => attack.qualities.some((q) => q.name === name);

/** An attack that lands on squares of the ground rather than on one troop, other than a template: Area, a Sweep. */
const onSquares = (attack: TroopAttack): boolean => areaSize(attack) !== null || sweepSize(attack) !== null;

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
  const template = templateOf(attack);
  // Ruling SC96: a template is aimed at no troop lower than its attacker (SC Flight: a troop at Low or
  // High "cannot attack ... units at a lower level"), and an Aura, which surrounds its troop at its own
  // height, at no troop at another height.
  if (template && !mayShootAt(from, at))
    return ruleError('target-below', `${attacker.id} is ${where(attacker)} and cannot attack ${target.id}, which is lower (${where(target)})`);
  if (template?.shape === 'Aura' && heightsAbove(from, at) > 0)
    return ruleError(
      'aura-at-height',
      `${attack.name} spreads round ${attacker.id} where it is, ${where(attacker)}, so it cannot reach ${target.id} ${where(target)}`,
    );
  // Ruling SC96: Area and Sweep land on the squares of the ground and Hover only.
  if (!template && onSquares(attack) && (isHigh(from) || isHigh(at)))
    return ruleError(
      'squares-at-height',
      `${attack.name} strikes squares on the ground, which reach ground and hovering troops only: ${isHigh(from) ? `${attacker.id} is ${where(attacker)}` : `${target.id} is ${where(target)}`}`,
    );
  if (attack.range !== undefined && !mayShootAt(from, at))
    return ruleError('target-below', `${attacker.id} is ${where(attacker)} and cannot shoot ${target.id}, which is lower (${where(target)})`);
  return null;
}
