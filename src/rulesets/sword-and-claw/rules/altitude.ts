/**
 * Flight (SC Flight; SC Movement b; SC App. A Flight; rulings SC90–SC99): the four levels a troop with
 * Flight travels at, what changing level costs, and who may fight, shoot and stand above whom. The
 * one module that says how levels relate; movement, sight, targets and shots ask it.
 *
 * Levels. A troop without Flight, and a flyer Landed, stands on the ground. Hover, Low and High are
 * aloft. A square holds at most one troop at each level (ruling SC91): troops at different levels
 * never block each other's moves or places.
 */

import { ALTITUDES, type Altitude } from '../formats/vocabulary';

export { ALTITUDES, type Altitude };

/** Where a troop is, as the table keeps it: on the ground (any troop, a Landed flyer) or aloft at one level. */
export type Level = 'ground' | 'hover' | 'low' | 'high';
export const LEVELS: readonly Level[] = ['ground', 'hover', 'low', 'high'];

/** A troop's level: its altitude, Landed and no altitude (a troop without Flight) both being the ground. */
export const levelOf = (altitude: Altitude | undefined): Level => (altitude === undefined || altitude === 'landed' ? 'ground' : altitude);

/** SC Flight: Hover, Low and High are *flying*; a Landed flyer is treated in all ways like a ground troop. */
export const isFlying = (level: Level): boolean => level !== 'ground';

/** SC Flight "Flight (High or Low Altitude)": aloft above the fighting, out of reach of what stands below. */
export const isHigh = (level: Level): boolean => level === 'low' || level === 'high';

const RANK: Readonly<Record<Level, number>> = { ground: 0, hover: 1, low: 2, high: 3 };

/** SC Movement b, SC Flight "Changing Altitude": 2 inches a level gained, 1 a level lost. */
export function climbCost(from: Level, to: Level): number {
  const d = RANK[to] - RANK[from];
  return d > 0 ? 2 * d : -d;
}

/**
 * SC To-Hit, ranged; SC Flight: the flight altitudes above the ground a shot reckons with: 0 for the
 * ground and Hover (a hovering troop "can be attacked as normal"), 1 for Low, 2 for High.
 */
export const heightOf = (level: Level): number => (level === 'low' ? 1 : level === 'high' ? 2 : 0);

/**
 * Ruling SC92: whether two troops at these levels may fight hand to hand: the ground and Hover
 * together (a hovering troop attacks and is attacked as normal), Low and High only with troops at
 * their own level (they cannot attack lower levels, and non-flying troops reach them only with shots).
 * The same pairs are "next to" each other for opportunity attacks and for an enemy next to a shooter.
 */
export const mayFight = (a: Level, b: Level): boolean => a === b || (!isHigh(a) && !isHigh(b));

/**
 * Who a troop at `shooter` may shoot at `target` (SC Flight: a troop at Low or High cannot attack
 * units at a lower level): a target no lower than the shooter, counted in heights (the ground and
 * Hover being one, ruling SC93).
 */
export const mayShootAt = (shooter: Level, target: Level): boolean => heightOf(target) >= heightOf(shooter);

/** SC To-Hit, ranged; SC Flight: the heights the target is above the shooter: −1 to hit each, and 2 inches more to its range. */
export const heightsAbove = (shooter: Level, target: Level): number => Math.max(0, heightOf(target) - heightOf(shooter));

/** SC Flight: inches a shot's range is counted longer for each height the target is above the shooter. */
export const RANGE_PER_HEIGHT = 2;

/** SC Flight: the inches a shot's range is counted longer for the heights its target at `target` is above `shooter`. */
export const heightRange = (shooter: Level, target: Level): number => RANGE_PER_HEIGHT * heightsAbove(shooter, target);

/** SC Flight Hover: one more square of Slide while flying (SC Movement a: "one inch more for Flying troops of any size"). */
export const slideBonus = (level: Level): number => (isFlying(level) ? 1 : 0);

/** How levels are named to players. */
export const LEVEL_WORDS: Readonly<Record<Altitude, string>> = { landed: 'Landed', hover: 'Hovering', low: 'at Low Altitude', high: 'at High Altitude' };

/** The altitude one level lower (SC Flight: an Entangled or Paralyzed flyer loses a level on each failed save); Landed stays. */
export const levelBelow = (a: Altitude): Altitude => ALTITUDES[Math.max(0, ALTITUDES.indexOf(a) - 1)]!;

export const altitudeOfLevel = (level: Level): Altitude => (level === 'ground' ? 'landed' : level);
