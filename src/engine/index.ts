/**
 * The generic engine core's public API, named one by one: what every game builds on (dice of any
 * size, the decision context, broken rules as values, board geometry, footprints, distance under a
 * diagonal rule, the path search, sight lines, sealed entries, step turns). Outside src/engine code
 * imports from here (the layer check enforces it); a game's folder may import the core's files
 * directly. Nothing here names a game's rules: each game's own engine sits in src/rulesets/<game>/.
 */

// The board: squares, terrain (T), neighbours and the square naming of formats/squares.
export { buildBoard, colOf, cornerCut, hasTerrain, isDiagonal, nameOf, neighbours, rowOf, squareIndex, T } from './board';
export type { Board } from './board';

// Seeded dice, of any size, from one stream.
export { diceUsed, fixed, fixedMismatch, pastDice, rollD20, rollDie, seeded } from './dice';
export type { FixedDie, Rng, Roll } from './dice';

// Nearest squares.
export { nearestIn } from './distance';

// Counting distance and adjacency under a game's diagonal rule, and the one path search.
export { adjacent, afterDiagonal, diagonalState, diagonalSurcharge, distance, distanceField, distancesWithin, openGroundDistance } from './distance';
export type { DiagonalRule, WallAt } from './distance';
export { searchSquares } from './path-search';
export type { SquarePlan, SquareSearch } from './path-search';

// A broken rule as a value.
export type { RuleError } from './errors';

// Sealed entries: declarations hidden until revealed, their public projection and their check.
export { canonicalJson, checkSealed, isRevealed, isSealed, publicEvent, publicLog, reveal, seal, sealedSlots, sealedText } from './sealed';
export type { Hash, RevealedEvent, SealedCheck, SealedEntry, SealedEvent, SealedPublic } from './sealed';

// A turn made of steps, each with many units' orders.
export { giveOrder, next as nextStep, remaining, startTurn } from './step-turn';
export type { NextStep, StepOrder, StepRules, StepTurn } from './step-turn';

// The space of a unit of 1×1, 2×2 or 3×3, and the corners it may not cut.
export { fitsOnBoard, footprint, newlyCovered, spaceCutsCorner } from './footprint';
export type { Span } from './footprint';
