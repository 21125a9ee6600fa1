/**
 * The engine's public API, named one by one: what the rest of the code uses. Everything outside
 * src/engine imports from here (the layer check enforces it); the engine's own modules import each
 * other directly, and what is not listed here stays the engine's own. Add a name here when code
 * outside the engine needs it.
 */

// What an act costs and who commands a unit.
export { canPay, commanderOf, nextActor } from './acts';

// A battlefield file checked against its schema.
export { battlefieldProblems, battlefieldSchema } from './battlefield';

// The board: squares, terrain (T), neighbours and the square naming of formats/squares.
export { buildBoard, colOf, cornerCut, hasTerrain, isDiagonal, nameOf, neighbours, rowOf, squareIndex, T } from './board';
export type { Board } from './board';

// Charges: their paths and the vigor they cost.
export { CHARGE_VIGOR, chargePaths } from './charge';

// What a player may send: acts, decisions, a concession.
export type { ActCommand, Command, Concession, Decision } from './commands';

// Damaging terrain on a path.
export { entersDamaging, standsOnDamaging, walkUntilDamaging } from './damaging';

// The one way a command changes a game: decide, step, and what the game waits for.
export { decide, step, waitingFor } from './decide';

// What a missed deadline decides.
export { defaultDecision } from './defaults';

// Seeded dice, of any size, from one stream.
export { diceUsed, fixed, fixedMismatch, pastDice, rollD20, rollDie, seeded } from './dice';
export type { FixedDie, Rng, Roll } from './dice';

// Nearest squares.
export { nearestIn } from './distance';

// Counting distance and adjacency under a game's diagonal rule, and the one path search.
export { adjacent, afterDiagonal, diagonalState, diagonalSurcharge, distance, distanceField, openGroundDistance } from './distance';
export type { DiagonalRule, WallAt } from './distance';
export { searchSquares } from './path-search';
export type { SquarePlan, SquareSearch } from './path-search';

// A broken rule as a value.
export type { RuleError } from './errors';

// Events and applying them.
export { apply } from './events';
export type { EventOf, GameEvent } from './events';

// Movement costs and where a path must stop.
export { endError, entryCost, moverOf, stepPrice } from './paths';

// Sealed entries: declarations hidden until revealed, their public projection and their check.
export { canonicalJson, checkSealed, isRevealed, isSealed, publicEvent, publicLog, reveal, seal, sealedSlots, sealedText } from './sealed';
export type { Hash, RevealedEvent, SealedCheck, SealedEntry, SealedEvent, SealedPublic } from './sealed';

// Setup before round 1: its check, commands and first state.
export { checkPregameSetup, pregameDecide, pregameInitial } from './pregame';

// What a missed setup deadline decides.
export { pregameDefault } from './pregame-defaults';

// Start areas (R5).
export { entryAreas } from './pregame-entry';

// The setup state and its events.
export { pregameApply } from './pregame-state';
export type { PregameCommand, PregameEvent, PregamePrompt, PregameState } from './pregame-state';

// Setup rerolls.
export { setupRerolls } from './pregame-tactics';

// Questions about a game asked without changing it: legal acts, options, odds, plans.
export {
  attackOdds,
  attackOutlook,
  attackRefusal,
  attackTargetRefusal,
  burstOutlook,
  canAct,
  actorRefusal,
  chargeOptions,
  chargeWoundingSteps,
  chargePlan,
  describeState,
  legalActs,
  moveOptions,
  movePlans,
  moveRefusal,
  moveToRefusal,
  reachableSquares,
  recoveryChance,
  targetsFrom,
  unitLegalActs,
  visibleTargets,
  woundOutcomes,
} from './queries';
export type { ActKind, Outlook, SplitOutcome, TargetView } from './queries';

// Which attacks may reply.
export { pendingReplies, replyAttacks } from './reactions';
export { otherRepliers } from './attack';
export type { PendingReply } from './reactions';

// A game rebuilt from its events.
export { replay } from './replay';

// Warbands: their cost and their check (R1).
export { checkWarband, DEFAULT_LIMITS, unitCost } from './roster';
export type { RosterProblem, WarbandLimits } from './roster';

// A new game.
export { initial } from './setup';

// How a split between choices may be made.
export { sameSplit, splitOptions } from './split-options';

// The game state and its parts.
export type { GameState, Incoming, Options, PlayerId, Prompt, PromptOf, SplitChoice, StatusState, UnitId, UnitState, WoundsPromptOptions } from './state';

// A unit's profile and its traits in play.
export { aurasOn, liveTraits, profile } from './stats';

// The table: units, their cards and squares, boards by content; spaces of 1×1, 2×2 and 3×3.
export {
  boardKey,
  boardOf,
  boardOfMap,
  cardOf,
  findAttack,
  fitsOnBoard,
  footprint,
  label,
  modOf,
  newlyCovered,
  onMap,
  SPAN,
  spaceCutsCorner,
  squaresOf,
  tableOf,
  unitList,
  unitOf,
} from './table';
export type { Span, Table } from './table';

// Sight and range.
export { invisibleTo, rangeBetween, sightOf } from './targeting';

// A turn made of steps, each with many units' orders.
export { giveOrder, next as nextStep, remaining, startTurn } from './step-turn';
export type { NextStep, StepOrder, StepRules, StepTurn } from './step-turn';

// Trait reach.
export { traitReach } from './traits';

// Turn order.
export { actsFor, aloneToAct, nextTurn, waitingUnits } from './turns';

// Wounds, defences and toughness.
export { afterDefences, boxesLeft, toughnessUse } from './wounds';
