/** Where a table view's unit stands, in words (table-view.ts): one owner for the picture's strip and the alt text. */
import { squareName } from '../formats/squares';
import type { TableUnit } from './table-view';

/** Its square ("C3"), or its footprint's corners for a larger unit ("C3-D4"); null when off the table. */
export function placeWords(u: Pick<TableUnit, 'at' | 'span'>): string | null {
  if (!u.at) return null;
  if (u.span === 1) return squareName(u.at);
  return `${squareName(u.at)}-${squareName({ col: u.at.col + u.span - 1, row: u.at.row + u.span - 1 })}`;
}
