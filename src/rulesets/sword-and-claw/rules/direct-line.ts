/**
 * A Direct Line shot that misses (SC Direct Line Attacks; SC App. B Direct Line; SC Ranged g; rulings
 * SC51, SC52): it flies on. A final to-hit of 5 or more passes through the centre of the target's
 * space; less, it veers 5 − the roll inches to the left or right of it, as a d6 says (1–3 left, 4–6
 * right, as the shooter faces the target). The line runs from the centre of the shooter's space
 * through that point and on to the weapon's Long range, stopping at hard blocking terrain or the board's
 * edge; each troop in its squares, in the order the line meets them, the target excepted, is rolled
 * against as a shot until one is hit.
 */
import type { Roll } from '../../../engine/dice';
import type { TroopAttack } from '../formats/troop-card';
import type { Dice } from './dice';
import type { Modifier } from './melee';
import { inchesBetween } from './sight';
import { type Piece, pieceLevel, type ScTable } from './table';
import { centreOf, raySquares } from './templates';

/** SC App. B Direct Line: a miss flies on rather than falling harmlessly. */
export const hasDirectLine = (attack: TroopAttack): boolean => attack.qualities.some((q) => q.name === 'Direct Line');

/** A to-hit roll of this or more passes through the centre of the target's space (SC Direct Line Attacks). */
export const THROUGH_CENTRE = 5;

export type Veer = 'centre' | 'left' | 'right';

/** One troop a flying shot was rolled against: its d10 with a shot's modifiers (the d6 of a hit is the shot's own). */
export interface FlightRoll {
  readonly troop: string;
  readonly dice: readonly Roll[];
  readonly modifiers: readonly Modifier[];
  readonly total: number;
  readonly defense: number;
  readonly hit: boolean;
}

export interface DirectFlight {
  /** Through the centre of the target's space, or veered to the shooter's left or right. */
  readonly veer: Veer;
  /** Inches it veered by (0 through the centre). */
  readonly inches: number;
  /** The d6 that chose the side (null through the centre). */
  readonly side: number | null;
  /** The squares the line passes over, in order, to where it stops. */
  readonly squares: readonly number[];
  /** The troops rolled against, in the order met; the last is the one hit, if any was. */
  readonly rolls: readonly FlightRoll[];
}

/** The squares a shot flies over from `shooter` through the point `aim` (inches), to Long range, blocking terrain or the edge. */
export function flightSquares(table: ScTable, shooter: Piece, aim: readonly [number, number], long: number): number[] {
  return raySquares(
    table,
    shooter,
    aim,
    (s) => table.terrain[s] !== 'blocking' && inchesBetween(table, shooter, { id: '', player: '', size: 'medium', at: s }) <= long,
  );
}

/** Where the shot flies through (ruling SC51): the target's centre, moved `inches` to the shooter's left or right of it. */
export function veerPoint(table: ScTable, shooter: Piece, target: Piece, veer: Veer, inches: number): readonly [number, number] {
  const [ox, oy] = centreOf(table, shooter);
  const [tx, ty] = centreOf(table, target);
  if (veer === 'centre') return [tx, ty];
  const norm = Math.hypot(tx - ox, ty - oy);
  // Facing (dx, dy) on a map drawn with rows going down, the right hand points at (−dy, dx).
  const [rx, ry] = [-(ty - oy) / norm, (tx - ox) / norm];
  const sign = veer === 'right' ? 1 : -1;
  return [tx + sign * inches * rx, ty + sign * inches * ry];
}

/**
 * A missed Direct Line shot's flight (SC Direct Line Attacks), after its d10 `total`. `rollAt` rolls a
 * shot at one troop in the line (the caller's shot rules); the first hit ends the flight.
 */
export function flyOn(
  dice: Dice,
  t: { readonly table: ScTable; readonly shooter: Piece; readonly target: Piece; readonly long: number },
  total: number,
  rollAt: (troop: Piece) => FlightRoll,
  rolls: Roll[],
): DirectFlight {
  const { table, shooter, target } = t;
  let [veer, inches, side]: [Veer, number, number | null] = ['centre', 0, null];
  if (total < THROUGH_CENTRE) {
    side = dice(6);
    rolls.push({ d: 6, v: side });
    [veer, inches] = [side <= 3 ? 'left' : 'right', THROUGH_CENTRE - total];
  }
  const squares = flightSquares(table, shooter, veerPoint(table, shooter, target, veer, inches), t.long);
  const met: Piece[] = [];
  // SC Flight: a missed shot at a flyer hits only troops at its level; ruling SC97: at any target's level.
  const layer = table.layers[pieceLevel(target)];
  for (const s of squares) {
    const who = layer[s];
    if (who && who !== shooter.id && who !== target.id && !met.some((p) => p.id === who)) met.push(table.pieces.get(who)!);
  }
  const out: FlightRoll[] = [];
  for (const p of met) {
    const r = rollAt(p);
    out.push(r);
    if (r.hit) break;
  }
  return { veer, inches, side, squares, rolls: out };
}
