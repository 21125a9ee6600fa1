/**
 * Placing a troop in deployment (SC Set-up 7; ruling SC11): its whole space on the board, inside its
 * side's zone, on no hard blocking terrain and on no other troop at its level (a flyer may be placed
 * above a troop at another level: ruling SC91).
 */
import { nameOf } from '../../../engine/board';
import { ruleError, type RuleError } from '../../../engine/errors';
import { fitsOnBoard, footprint } from '../../../engine/footprint';
import type { ScSize } from '../formats/vocabulary';
import type { Altitude } from './altitude';
import { pieceLevel, type ScTable, spanOf } from './table';

export function checkPlacement(
  table: ScTable,
  troop: { readonly id: string; readonly size: ScSize; readonly altitude?: Altitude },
  at: number,
  zone: ReadonlySet<number>,
): RuleError | null {
  const layer = table.layers[pieceLevel(troop)];
  const span = spanOf(troop.size);
  if (!fitsOnBoard(table.board, at, span)) return ruleError('off-map', `${troop.id} would not fit on the map at ${nameOf(table.board, at)}`);
  for (const s of footprint(table.board, at, span)) {
    const name = nameOf(table.board, s);
    if (!zone.has(s)) return ruleError('outside-deployment-zone', `${name} is outside the deployment zone`);
    if (table.terrain[s] === 'blocking') return ruleError('blocking-terrain', `${name} is hard blocking terrain`);
    const who = layer[s];
    if (who !== null && who !== undefined && who !== troop.id) return ruleError('occupied', `${name} is taken by ${who}`);
  }
  return null;
}
