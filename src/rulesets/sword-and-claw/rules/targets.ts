/**
 * Whom a melee strike may be declared against (SC Melee a; SC Movement a; SC13): an enemy next to the
 * attacker, by a troop whose movement this turn left it the melee step.
 */
import { ruleError, type RuleError } from '../../../engine/errors';
import type { AfterMove } from './movement';
import { areAdjacent } from './opportunity';
import type { Piece, ScTable } from './table';

export function checkMeleeTarget(table: ScTable, attacker: Piece, targetId: string, after: AfterMove): RuleError | null {
  if (!after.melee) return ruleError('no-melee-after-moving', `${attacker.id} ran this turn (or slid and moved on), so it makes no melee attack`);
  const target = table.pieces.get(targetId);
  if (!target) return ruleError('unknown-target', `no troop "${targetId}" on the table`);
  if (target.player === attacker.player) return ruleError('not-an-enemy', `${target.id} is on ${attacker.id}'s side`);
  if (!areAdjacent(table, attacker, target)) return ruleError('not-adjacent', `${target.id} is not next to ${attacker.id}`);
  return null;
}
