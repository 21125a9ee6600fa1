/**
 * Sweep attacks (SC App. B Sweep; SC Opportunity Attacks; rulings SC49, SC50, SC102): the attacker strikes
 * round its own space, square by square, starting next to the enemy it names and turning clockwise
 * or counterclockwise, every troop in those squares, friend or foe, with its own roll.
 *
 * The ring: every square touching the attacker's space at a side or a corner, its corner squares
 * included (a sweep never cuts a corner, SC App. B Sweep), in clockwise order as the map is drawn
 * (north up): along the row above it left to right, down the column to its right, along the row
 * below it right to left, up the column to its left. Squares off the board keep their places: a
 * sweep along the board's edge passes over them and strikes nobody there.
 */
import type { TroopAttack } from '../formats/troop-card';
import { actingLevel, type Piece, pieceLevel, type ScTable, spanOf, troopsActedOn } from './table';

export type SweepTurn = 'clockwise' | 'counterclockwise';

/** How a sweep is aimed besides its starting enemy: its turn, and how many squares (up to its size; all of them unless fewer are named). */
export interface SweepAim {
  readonly turn: SweepTurn;
  readonly squares?: number;
}

/** The attack's Sweep size (the squares it may strike), or null for an attack without it. */
export const sweepSize = (attack: TroopAttack): number | null => attack.qualities.find((q) => q.name === 'Sweep')?.value ?? null;

/** The ring round `p`'s space clockwise from the square diagonally above its left side: a square index, or null off the board. */
export function ringOf(table: ScTable, p: Piece): (number | null)[] {
  const { width, height } = table.board;
  const span = spanOf(p.size);
  const [c0, r0] = [(p.at % width) - 1, Math.floor(p.at / width) - 1];
  const [c1, r1] = [c0 + span + 1, r0 + span + 1];
  const cells: [number, number][] = [];
  for (let c = c0; c < c1; c++) cells.push([c, r0]);
  for (let r = r0; r < r1; r++) cells.push([c1, r]);
  for (let c = c1; c > c0; c--) cells.push([c, r1]);
  for (let r = r1; r > r0; r--) cells.push([c0, r]);
  return cells.map(([c, r]) => (c >= 0 && r >= 0 && c < width && r < height ? r * width + c : null));
}

/**
 * The squares a sweep strikes, in the order it strikes them (ruling SC49): it starts at the square of
 * the ring where `target`'s squares begin as the sweep turns (so a large target next to it is swept
 * from its first square on), and goes on `squares` squares, or the attack's whole Sweep size, never more
 * than the ring. Off-board squares are counted and given as null. Empty when `target` is not on the ring.
 */
export function sweepSquares(table: ScTable, attacker: Piece, size: number, target: Piece, aim: SweepAim): (number | null)[] {
  const ring = ringOf(table, attacker);
  const n = ring.length;
  const step = aim.turn === 'clockwise' ? 1 : -1;
  const layer = table.layers[pieceLevel(target)];
  const mine = (i: number) => {
    const s = ring[((i % n) + n) % n];
    return s !== null && s !== undefined && layer[s] === target.id;
  };
  let start = -1;
  for (let i = 0; i < n && start < 0; i++) if (mine(i) && !mine(i - step)) start = i;
  // A target that fills the whole ring has no first square: start anywhere on it.
  if (start < 0) start = ring.findIndex((_, i) => mine(i));
  if (start < 0) return [];
  const count = Math.min(n, size, aim.squares ?? size);
  return Array.from({ length: count }, (_, k) => ring[(((start + k * step) % n) + n) % n]!);
}

/**
 * The troops in the swept squares, other than the attacker, in the order the sweep first reaches them:
 * each is struck once. It strikes at the level of the troop it is aimed at (ruling SC102): at Low or
 * High only troops there, else those on the ground and hovering (in a square, the one on the ground
 * before the one hovering over it: SC Flight Hover).
 */
export function sweptTroops(table: ScTable, squares: readonly (number | null)[], attacker: string, target: Piece): Piece[] {
  const level = actingLevel(pieceLevel(target));
  const ids: string[] = [];
  for (const s of squares) for (const who of s === null ? [] : troopsActedOn(table, level, s)) if (who !== attacker && !ids.includes(who)) ids.push(who);
  return ids.map((id) => table.pieces.get(id)!);
}
