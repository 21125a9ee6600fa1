/** A stat card as a PNG, in either layout. */
import type { UnitCard } from '../formats/card';
import type { ModCard } from '../formats/mod';
import type { UnitState } from '../engine';
import { drawCardCanvas } from './card';
import { drawNarrowCardCanvas } from './card-narrow';
import { encodePng } from '../../../render/png';

/**
 * The card's two layouts: `wide`, the rulebook's (760 px, stats down both sides); `narrow`, for a
 * phone (card-narrow.ts: 480 px, stats in two rows over full-width text), which also reads on a
 * desktop. Discord does not say how wide the reader's screen is, so what players are shown is narrow.
 */
export type CardLayout = 'wide' | 'narrow';

/** The card as a PNG. */
export function renderCard(card: UnitCard, mod?: ModCard | null, unit?: UnitState, layout: CardLayout = 'wide'): Buffer {
  return encodePng(layout === 'narrow' ? drawNarrowCardCanvas(card, mod, unit) : drawCardCanvas(card, mod, unit, true));
}
