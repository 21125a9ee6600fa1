/**
 * Who may make opportunity attacks (SC Opportunity Attacks; rulings SC13, SC14): the enemies next to
 * a troop as it steps out of a square, unless it Slides; one attack each per moving troop, and no
 * more a round than the enemy's melee attacks.
 */
import { adjacent } from '../../../engine/distance';
import { footprint } from '../../../engine/footprint';
import type { TroopCard } from '../formats/troop-card';
import type { MoveOrder } from './movement';
import { sweepSize } from './sweep';
import { mayFight } from './altitude';
import { type Piece, pieceLevel, type ScTable, spanOf } from './table';

/** Ruling SC13: spaces touching at a side or a corner; hard blocking terrain at the corner does not part them. */
const noWalls = () => false;

/**
 * Whether two troops are next to each other as the fighting goes (SC13): their spaces touch, and
 * their levels let them fight hand to hand (ruling SC92: a Low flyer is not next to a troop below it).
 */
export function areAdjacent(table: ScTable, a: Piece, b: Piece): boolean {
  if (!mayFight(pieceLevel(a), pieceLevel(b))) return false;
  // Spaces whose columns or rows lie more than a square apart touch nowhere: answered without their
  // footprints (the AI and the options ask this of every pair of troops).
  const w = table.board.width;
  const [ac, ar, bc, br] = [a.at % w, Math.floor(a.at / w), b.at % w, Math.floor(b.at / w)];
  if (bc - (ac + spanOf(a.size)) > 0 || ac - (bc + spanOf(b.size)) > 0 || br - (ar + spanOf(a.size)) > 0 || ar - (br + spanOf(b.size)) > 0) return false;
  return adjacent(table.board, noWalls, footprint(table.board, a.at, spanOf(a.size)), footprint(table.board, b.at, spanOf(b.size)));
}

/**
 * The enemies that may attack `mover` as it steps out of its space at `from` (SC Opportunity
 * Attacks): those next to that space, unless the order is a Slide, less those that have already
 * attacked this mover this move (`attacked`), in board order of their top-left squares. A troop that
 * stays next to the enemy through several steps is still offered one attack only (SC14).
 */
export function opportunityAttackers(table: ScTable, mover: Piece, from: number, order: MoveOrder, attacked: ReadonlySet<string> = new Set()): string[] {
  if (order === 'slide') return [];
  const there = { ...mover, at: from };
  return [...table.pieces.values()]
    .filter((p) => p.player !== mover.player && p.id !== mover.id && !attacked.has(p.id) && areAdjacent(table, there, p))
    .sort((a, b) => a.at - b.at)
    .map((p) => p.id);
}

/**
 * SC Opportunity Attacks: a troop makes no more opportunity attacks a round than the melee attacks it
 * normally makes: each attack's #Atk, and of attacks joined by "Or" the most of them (SC14). A Sweep
 * attack counts as many as its size: "as many available opportunity attacks as the size of their sweep".
 */
export function opportunityAttacksPerRound(card: TroopCard): number {
  return card.attacks.reduce((sum, group) => sum + Math.max(0, ...group.filter((a) => a.range === undefined).map((a) => sweepSize(a) ?? a.atk)), 0);
}
