/**
 * Sword and Claw's words (SC Troops, SC App. A, SC App. B): sizes and the qualities a troop card may
 * name. The format accepts every quality the rulebook defines, so a card written from the book loads;
 * which of them the game plays yet is the rules' business, not the format's.
 */

/** SC Flight: the levels a troop with Flight travels at, lowest first (rules/altitude.ts plays them). */
export const ALTITUDES = ['landed', 'hover', 'low', 'high'] as const;
export type Altitude = (typeof ALTITUDES)[number];

/** SC Troops "Size". */
export const SC_SIZES = ['small', 'medium', 'large', 'huge'] as const;
export type ScSize = (typeof SC_SIZES)[number];

/** Squares a side a unit covers (SC Troops "Size": Small and Medium 1", Large 2", Huge 3"). */
export const SPAN: Readonly<Record<ScSize, 1 | 2 | 3>> = { small: 1, medium: 1, large: 2, huge: 3 };

/** Size categories in order, for "one size larger" and "two sizes apart" (SC Movement c). */
export const SIZE_RANK: Readonly<Record<ScSize, number>> = { small: 0, medium: 1, large: 2, huge: 3 };

/**
 * Troop qualities (SC App. A), plus Short and Cavalry, which the rules name (SC Troops, SC Saving
 * Throws b, SC Movement d) without defining in the appendix (ruling SC3).
 */
export const TROOP_QUALITIES = [
  'Aquatic',
  "Can't Run",
  'Cavalry',
  'Dispersed',
  'Flight',
  'Nimble Charger',
  'Short',
  'Siege Weapon',
  'Siege Weapon Crew',
  'Skeleton',
  'Tough Skin',
  'Undead',
] as const;

/**
 * Weapon qualities (SC App. B), each with whether it takes a number ("Sweep 4", "Cone 6"). "Creates
 * Zone" and "Maintainable" are left out: the rulebook says they are not used in the game.
 */
export const WEAPON_QUALITIES: Readonly<Record<string, 'number' | 'none'>> = {
  Area: 'number',
  Aura: 'number',
  'Automatically hits': 'none',
  'Charge Only': 'none',
  Cone: 'number',
  'Direct Line': 'none',
  Draining: 'none',
  Entangling: 'none',
  Fan: 'number',
  'Indirect Fire': 'none',
  Line: 'number',
  'No Damage': 'none',
  'Number of attacks equals health': 'none',
  'Number of attacks equals half health': 'none',
  Paralyzing: 'none',
  Poison: 'none',
  Reach: 'none',
  'Requires Reload': 'none',
  Slow: 'none',
  Sweep: 'number',
  'Two-Handed': 'none',
  'Usable against ground targets only': 'none',
  'Usable only while on ground': 'none',
  'Usable only while flying': 'none',
};
