/**
 * Whom a melee strike may be declared against (SC Melee a; SC Movement a; SC13; SC App. B Reach): an
 * enemy next to the attacker, or two squares away for a Reach attack, by a troop whose movement this
 * turn left it the melee step.
 */
import { ruleError, type RuleError } from '../../../engine/errors';
import type { AfterMove } from './movement';
import { areAdjacent } from './opportunity';
import { mayFight } from './altitude';
import { type Piece, pieceLevel, type ScTable, spanOf } from './table';

/** Column and row bounds of a space. */
function boundsOf(table: ScTable, p: Piece): { c0: number; r0: number; c1: number; r1: number } {
  const w = table.board.width;
  const span = spanOf(p.size);
  const [c0, r0] = [p.at % w, Math.floor(p.at / w)];
  return { c0, r0, c1: c0 + span - 1, r1: r0 + span - 1 };
}

/** Squares between two spaces' nearest squares, counting a diagonal as one (0 when they touch). */
const gapOf = (a: ReturnType<typeof boundsOf>, b: ReturnType<typeof boundsOf>): number => Math.max(0, b.c0 - a.c1, a.c0 - b.c1, b.r0 - a.r1, a.r0 - b.r1) - 1;

/**
 * SC App. B Reach (ruling SC29): the target is next to the attacker, or one square lies between their
 * spaces (a diagonal counts as one square, as it does for being next to), and some such square between
 * them is not hard blocking terrain: a spear reaches past a troop of either side, never through a wall.
 */
export function withinReach(table: ScTable, attacker: Piece, target: Piece): boolean {
  const [a, b] = [boundsOf(table, attacker), boundsOf(table, target)];
  // Spaces more than a square apart are out of reach, next to each other or not (asked of every pair of troops).
  const gap = gapOf(a, b);
  if (gap > 1) return false;
  if (areAdjacent(table, attacker, target)) return true;
  if (gap !== 1) return false;
  const w = table.board.width;
  const touches = (c: number, r: number, x: ReturnType<typeof boundsOf>) => c >= x.c0 - 1 && c <= x.c1 + 1 && r >= x.r0 - 1 && r <= x.r1 + 1;
  const inside = (c: number, r: number, x: ReturnType<typeof boundsOf>) => c >= x.c0 && c <= x.c1 && r >= x.r0 && r <= x.r1;
  for (let r = Math.min(a.r0, b.r0) - 1; r <= Math.max(a.r1, b.r1) + 1; r++)
    for (let c = Math.min(a.c0, b.c0) - 1; c <= Math.max(a.c1, b.c1) + 1; c++) {
      if (c < 0 || r < 0 || c >= w || r >= table.board.height || inside(c, r, a) || inside(c, r, b)) continue;
      if (touches(c, r, a) && touches(c, r, b) && table.terrain[r * w + c] !== 'blocking') return true;
    }
  return false;
}

export function checkMeleeTarget(table: ScTable, attacker: Piece, targetId: string, after: AfterMove, reach = false): RuleError | null {
  if (!after.melee) return ruleError('no-melee-after-moving', `${attacker.id} ran this turn (or slid and moved on), so it makes no melee attack`);
  const target = table.pieces.get(targetId);
  if (!target) return ruleError('unknown-target', `no troop "${targetId}" on the table`);
  if (target.player === attacker.player) return ruleError('not-an-enemy', `${target.id} is on ${attacker.id}'s side`);
  if (!mayFight(pieceLevel(attacker), pieceLevel(target)))
    return ruleError(
      'other-level',
      `${target.id} and ${attacker.id} are at different levels: a troop at Low or High Altitude fights only troops at its own level`,
    );
  if (reach && !withinReach(table, attacker, target))
    return ruleError('out-of-reach', `${target.id} is neither next to ${attacker.id} nor one square away past open ground`);
  if (!reach && !areAdjacent(table, attacker, target)) return ruleError('not-adjacent', `${target.id} is not next to ${attacker.id}`);
  return null;
}
