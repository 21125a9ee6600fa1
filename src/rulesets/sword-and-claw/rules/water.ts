/**
 * Water (SC Moving Through Water, SC Swimming, SC App. A Aquatic; rulings SC68–SC71): a troop's
 * height against the water's depth says whether it walks, wades or swims; what a swimmer pays to move
 * and loses of its Defenses. The pathfinder (movement.ts) prices its steps with `waterCost`.
 */
import { footprint } from '../../../engine/footprint';
import { SIZE_RANK, type ScSize } from '../formats/vocabulary';
import type { TroopCard } from '../formats/troop-card';
import { type Piece, pieceLevel, type ScTable, spanOf, type Wet } from './table';

/** SC Moving Through Water, SC Swimming: the size rating, 1 for Small to 4 for Huge. */
const sizeRating = (size: ScSize): number => SIZE_RANK[size] + 1;

/** SC Swimming: armour is the first To Wound number less the size rating (ruling SC71: qualities add nothing). */
export const armorOf = (card: Pick<TroopCard, 'toWound' | 'size'>): number => card.toWound.steps[0]! - sizeRating(card.size);

/** How water treats a troop, from its card (SC Moving Through Water; SC Swimming; SC App. A Aquatic). */
export function wetOf(card: Pick<TroopCard, 'toWound' | 'size' | 'str' | 'qualities'>): Wet {
  return {
    height: sizeRating(card.size) - (card.qualities.includes('Short') ? 1 : 0),
    // "Swimming always costs at least one extra inch of movement per inch of water."
    swimExtra: Math.max(1, armorOf(card) - card.str),
    aquatic: card.qualities.includes('Aquatic'),
  };
}

/** A piece without a card read (a bare piece in a test): its size's height, an extra inch to swim. */
const wetFor = (p: Piece): Wet => p.wet ?? { height: sizeRating(p.size), swimExtra: 1, aquatic: false };

/** A flying troop is above the water: it neither wades nor swims (SC Flight Hover: it moves over rivers without penalty). */
const aloft = (p: Piece): boolean => pieceLevel(p) !== 'ground';

/** Ruling SC69: the deepest water under the troop's whole space at top-left `at`; 0 on dry ground. */
export function depthUnder(table: ScTable, p: Pick<Piece, 'size'>, at: number): number {
  // A loop, not a spread of a mapped list: the path search asks this twice for every step it prices.
  const span = spanOf(p.size);
  if (span === 1) return Math.max(0, table.depth[at] ?? 0);
  let deepest = 0;
  for (const s of footprint(table.board, at, span)) deepest = Math.max(deepest, table.depth[s] ?? 0);
  return deepest;
}

/** Whether the troop must swim where it stands at `at` (deeper than its height; never an Aquatic troop). */
export function swimsAt(table: ScTable, p: Piece, at: number = p.at): boolean {
  const wet = wetFor(p);
  return !aloft(p) && !wet.aquatic && depthUnder(table, p, at) > wet.height;
}

/** Whether a square is water the mover wades (exactly its height deep): difficult terrain to it, unless Aquatic. */
export function wadesIn(table: ScTable, p: Piece, square: number): boolean {
  const wet = wetFor(p);
  return !aloft(p) && !wet.aquatic && (table.depth[square] ?? 0) === wet.height;
}

/**
 * What water adds to a step from `from` to `to`, besides wading (counted as difficult terrain by
 * the step's price): a step into water it must swim costs its swim extra (ruling SC70); the first
 * step out of such water, onto ground where it need not swim, an inch to stand up, which an
 * Aquatic troop pays too (SC Swimming; SC App. A Aquatic: its only cost in water).
 */
export function waterExtra(table: ScTable, p: Piece, from: number, to: number): number {
  const wet = wetFor(p);
  if (aloft(p)) return 0;
  const deepFrom = depthUnder(table, p, from) > wet.height;
  const deepTo = depthUnder(table, p, to) > wet.height;
  if (deepTo) return wet.aquatic ? 0 : wet.swimExtra;
  return deepFrom ? 1 : 0;
}

/**
 * SC Swimming: a swimmer's Melee and Ranged Defenses are 2 lower, 3 with a shield it cannot use (so
 * the shield adds nothing to its To Wound against an area attack either: ruling SC71); the card as
 * the rolls against it read it, marked `swimming` for the roll's words.
 */
export function swimmingCard(card: TroopCard): TroopCard & { readonly swimming: true } {
  const down = card.shield ? 3 : 2;
  return {
    ...card,
    defense: { melee: Math.max(0, card.defense.melee - down), ranged: Math.max(0, card.defense.ranged - down) },
    shield: false,
    swimming: true,
  };
}
