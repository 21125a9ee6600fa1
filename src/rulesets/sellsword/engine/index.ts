/**
 * Sellsword's engine, named one by one: its state, events, decide and apply, queries, warband check
 * and the rest of its rules (docs/rulesets.md §3). Code outside this folder that still needs it
 * imports from here, and the layer check lists each such importer (.dependency-cruiser.cjs
 * `sellswordImporters`); the generic core it builds on is src/engine/index.ts.
 */

// What an act costs and who commands a unit.
export { canPay, commanderOf, nextActor } from './acts';

// A battlefield file checked against its schema.
export { battlefieldProblems, battlefieldSchema } from './battlefield';

// The squares a burst covers (R24).
export { burstArea } from './burst';

// Charges: their paths and the vigor they cost.
export { CHARGE_VIGOR, canAffordCharge, chargePaths } from './charge';

// What a player may send: acts, decisions, a concession.
export type { ActCommand, Command, Concession, Decision } from './commands';

// Damaging terrain on a path.
export { entersDamaging, standsOnDamaging, walkUntilDamaging } from './damaging';

// The one way a command changes a game: decide, step, and what the game waits for.
export { decide, step, waitingFor } from './decide';

// What a missed deadline decides.
export { defaultDecision } from './defaults';

// Events and applying them.
export { apply } from './events';
export type { EventOf, GameEvent } from './events';

// Movement costs and where a path must stop.
export { endError, entryCost, moverOf, stepPrice } from './paths';

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
  chargeRepliers,
  chargeGroundWounds,
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
  terrainWounds,
  unitLegalActs,
  visibleTargets,
  woundOutcomes,
} from './queries';
export type { ActKind, Outlook, SplitOutcome, TargetView } from './queries';

// Which attacks may reply.
export { pendingReplies, replyAttacks, replyNeedsToken, repliesTooDear, type NoReply } from './reactions';
export { alreadyHas, cannotReplyTo, otherRepliers, repliersTo } from './attack';
// Wounds a hit still has to deal while the game waits on a prompt.
export { woundsWaiting } from './attack';
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
export { TABLE_PLAY } from './state';

// A unit's profile and its traits in play.
export { aurasOn, cardStat, cardTokens, liveTraits, lostTraits, lostWords, printedStat, profile } from './stats';

// The table: units, their cards and squares, boards by content; spaces of 1×1, 2×2 and 3×3.
export {
  boardKey,
  boardOf,
  boardOfMap,
  cardOf,
  findAttack,
  typedAttack,
  typedTrait,
  label,
  modOf,
  onMap,
  SPAN,
  squaresOf,
  tableOf,
  unitList,
  unitOf,
} from './table';
export type { Table } from './table';

// Sight and range.
export { areAdjacent, flanked, invisibility, invisibleTo, rangeBetween, sightLineOf, sightOf, squaresInSight } from './targeting';
export type { SightLine } from '../../../engine/sight';

// Trait reach.
export { notOfKind, outOfReach, reachesOne, reachWords, traitDistance, traitGain, traitReach } from './traits';

// Warleader dice: why a player has no tactics reroll.
export { whyNoTacticsReroll } from './warleader';

// Turn order.
export {
  actsFor,
  actsWithWhy,
  aloneToAct,
  lastTurnsMeaning,
  isGreaterAdvantageTurn,
  MORTAL_DROP_ROLL,
  MORTAL_ROLL_WHY,
  startRollOf,
  nextTurn,
  objectiveStands,
  OBJECTIVE_VP,
  phaseName,
  waitingUnits,
  type ActsChange,
} from './turns';

// Wounds, defences and toughness.
export { afterDefences, boxesLeft, toughnessUse, woundsDrop, woundsTaken } from './wounds';

// Sellsword's decision context over its state and events.
export { Ctx } from './ctx';
export { recoveryNeeded } from './recovery';
