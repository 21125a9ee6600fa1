/**
 * A Sword and Claw match of the first slice (docs/rulesets.md §5 steps 9–12) as plain JSON: the setup
 * frozen when both armies are in, the state the log folds to, its events and the commands players
 * (and the clock) give. Squares are board indices (row × width + column); words name them as "C4".
 *
 * A turn opens with its saving throws and reset, which take no orders (ruling SC21), then plays the
 * movement, ranged and melee steps (SC Sequence 3, 5, 6); the ranged step is passed when no troop of
 * the side can shoot. Spellcasting is not played: `SKIPPED_STEPS` says so where the state is shown.
 */
import type { Roll, Rng } from '../../../engine/dice';
import type { StepTurn } from '../../../engine/step-turn';
import type { TroopCard } from '../formats/troop-card';
import type { ScMap } from '../formats/map';
import type { StrikeOutcome } from '../rules/melee';
import type { MeleeStrike } from '../rules/melee-step';
import type { SweepAim } from '../rules/sweep';
import type { ShotOutcome } from '../rules/ranged';
import type { MoveOrder, TroopOrder } from '../rules/movement';
import type { Edge } from '../rules/setup';
import type { Condition, MoveLimit } from '../rules/conditions';
import type { SaveResult } from '../rules/saving-throws';
import type { Altitude } from '../rules/altitude';

export type PlayerId = string;

/** The steps of a turn that take orders, in order (SC Sequence 3, 5, 6). */
export const SC_STEPS = ['movement', 'ranged', 'melee'] as const;
export type ScStepName = (typeof SC_STEPS)[number];

/** The steps of SC Sequence not played yet: a turn passes them with nothing to do. */
export const SKIPPED_STEPS = ['spellcasting'] as const;

/** A movement order given in the movement step (the turn's record of who has moved). */
export interface MoveGiven {
  readonly kind: 'move';
  readonly how: TroopOrder;
}

/** One troop of an army, frozen into the setup: its id in the match, its card's id and its player. */
export interface ScSetupTroop {
  readonly id: string;
  readonly troop: string;
  readonly player: PlayerId;
  /** The reserve force it belongs to (SC Set-up 6): the first or the second; absent: the core force. */
  readonly reserve?: ReserveNumber;
}

/** One of an army's two reserve forces (SC Set-up 6), as players count them. */
export type ReserveNumber = 1 | 2;

/** The setup frozen when both armies are in: the match's dice seed, its map, its cards and its troops. */
export interface ScSetup {
  readonly ruleset: 'sword-and-claw';
  readonly seed: number;
  readonly players: readonly [PlayerId, PlayerId];
  /** Ruling SC9: the challenger may name the attacker; otherwise a d6 roll-off decides. */
  readonly attacker: PlayerId | null;
  /** The defender's edge (SC Set-up 5, ruling SC10); null: the first of the two allowed. */
  readonly defenderEdge: Edge | null;
  readonly map: ScMap;
  /** Troop cards by id, as they were when the match began. */
  readonly cards: Readonly<Record<string, TroopCard>>;
  /** Each army's name, by player. */
  readonly armies: Readonly<Record<PlayerId, string>>;
  readonly troops: readonly ScSetupTroop[];
  /** Each reserve force's name (null: none given), by player, for the armies that have reserves (SC Set-up 6); absent when none has. */
  readonly reserves?: Readonly<Record<PlayerId, readonly [string | null, string | null]>>;
  /** The battle ends after this round, won on points of troops removed (ruling SC32); absent or null: no limit. */
  readonly roundLimit?: number | null;
}

/** A troop in play. */
export interface ScTroop {
  readonly id: string;
  readonly troop: string;
  readonly player: PlayerId;
  /** The reserve force it took the field with (SC Set-up 7); absent: the core force. */
  readonly reserve?: ReserveNumber;
  /** Its card's Point Value: what removing it scores for the other side. */
  readonly points: number;
  /** Top-left square of its space; null: not deployed yet, or removed. */
  readonly at: number | null;
  /** Wounds taken. Hurt at half its Wounds or more (SC Hurt). */
  readonly taken: number;
  readonly hurt: boolean;
  readonly removed: boolean;
  /** Its movement order this turn; a Slide with a move after it is recorded as a run (SC Movement a). */
  readonly moved: TroopOrder | null;
  /** Opportunity attacks it has made this round (SC Opportunity Attacks). */
  readonly opportunity: number;
  /** Its attacks with Requires Reload fired and not reloaded yet (SC App. B); absent when none. */
  readonly unloaded?: readonly string[];
  /** The conditions it carries, one per effect in the order they took hold (SC Conditions, ruling SC38); absent when none. */
  readonly conditions?: readonly Condition[];
  /** What its saves left it to move this turn, when less than its Move (SC Conditions Entangled); absent otherwise. */
  readonly limit?: MoveLimit;
  /** The attack it holds Readied for the other side's turn (SC Readied Actions), until used or its own next turn; absent when none. */
  readonly readied?: ReadiedKind;
  /** A troop with Flight: the level it is at (SC Flight); absent for a troop without Flight. */
  readonly altitude?: Altitude;
  /**
   * The attacks it trampled with this turn (SC Movement d), by id (`trample`: the rulebook's own numbers,
   * ruling SC122): each takes the place of one of its melee strikes (ruling SC134); absent when none.
   */
  readonly trampledWith?: readonly string[];
}

/** A target a move tramples and the attack it tramples with (SC Movement d; rulings SC121, SC122). */
export interface TrampleAim {
  readonly target: string;
  readonly attack: string;
}

/**
 * The trample due at the square a move is paused on (SC Movement d "order of resolution"; ruling
 * SC134): the Readied enemies asked first (Reach ones, then the others, whose attacks are simultaneous
 * with the trample), then the trample, then `after`, every other enemy to ask there.
 */
export interface ScTrampleDue {
  readonly aims: readonly TrampleAim[];
  /** The Readied enemies without a Reach attack: their attacks and the trample are simultaneous. */
  readonly together: readonly string[];
  readonly after: readonly string[];
  /** The mover as the simultaneous attacks began: the trample is rolled with its Hurt and conditions then; absent until they begin. */
  readonly as?: { readonly hurt: boolean; readonly conditions: readonly Condition[] };
}

/** What a troop readies (SC Ranged, SC Melee): a ranged attack, taken in the ranged step, or a melee one. */
export type ReadiedKind = 'ranged' | 'melee';

/** One saving throw at the start of a turn (SC Saving Throws; ruling SC21): whose, against which effect, and its roll. */
export interface ScSave {
  readonly troop: string;
  readonly condition: Condition;
  readonly d10: number;
  /** The d10 plus Strength plus the size modifier. */
  readonly total: number;
  readonly result: SaveResult;
  /** Wounds the save dealt (a failed save against Poisoned). */
  readonly wounds: number;
}

/** A deployment under way (SC Set-up 7): whose, how deep its zone reaches from its edge, and which group it places. */
export interface ScDeployment {
  readonly player: PlayerId;
  readonly depth: number;
  /** The reserve force being placed; absent: the core force. */
  readonly reserve?: ReserveNumber;
}

/**
 * A side's reserve forces before they take the field (SC Set-up 6, 7): both forces' troops, held off
 * the table, and the one chosen. The troops of the chosen one join `troops` as it is placed; the
 * other's never do.
 */
export interface ScReserves {
  readonly chosen: ReserveNumber | null;
  readonly held: readonly ScTroop[];
}

/** A strike declared in the melee step, resolved when the step closes (SC Melee a, d). */
export interface ScDeclared {
  readonly attacker: string;
  readonly attack: string;
  readonly target: string;
  /** A Sweep attack's turn and squares (SC App. B Sweep). */
  readonly sweep?: SweepAim;
}

/**
 * A move paused where the mover steps out of a square next to enemies that may attack it (SC
 * Opportunity Attacks): the inactive player is asked, enemy by enemy, whether `attacker` attacks.
 */
export interface ScOpportunityPrompt {
  readonly kind: 'opportunity';
  /** The inactive player, who answers. */
  readonly player: PlayerId;
  readonly mover: string;
  readonly attacker: string;
  /** The attacker's melee attacks it may strike with, by id. */
  readonly attacks: readonly string[];
  /** Other enemies to ask at this square after this one. */
  readonly queue: readonly string[];
  /** Enemies already offered an attack on this mover this move (ruling SC14). */
  readonly offered: readonly string[];
  /** The squares the move still enters, in order, and the order they count as for opportunity attacks. */
  readonly rest: readonly number[];
  readonly how: 'move' | 'run';
  /** The tramples the move makes further on (SC Movement d); absent when none. */
  readonly tramples?: readonly TrampleAim[];
  /** The trample due at this square, resolved once the Readied enemies are asked; absent when none. */
  readonly due?: ScTrampleDue;
  /** The enemies whose attack here is at −2, being the trampled troop or next to it (SC Movement d); absent when none. */
  readonly minus?: readonly string[];
}

/**
 * A Readied troop of the inactive side asked, in the step it readied for, what it attacks (SC Readied
 * Actions; ruling SC55): its answer is sealed until the step resolves. `queue`: the side's other
 * Readied troops to ask after it.
 */
export interface ScReadiedPrompt {
  readonly kind: 'readied';
  /** The inactive player, who answers. */
  readonly player: PlayerId;
  readonly troop: string;
  readonly step: ReadiedKind;
  readonly queue: readonly string[];
}

/**
 * A side asked which reserve force takes the field (SC Set-up 7; ruling SC111): the attackers' answer
 * is `sealed`, kept from the defenders until the defenders' reserve is placed.
 */
export interface ScReservePrompt {
  readonly kind: 'reserve';
  readonly player: PlayerId;
  readonly sealed: boolean;
}

export type ScPrompt = ScOpportunityPrompt | ScReadiedPrompt | ScReservePrompt;

/** A troop's wounds after an attack's effects land. */
export interface ScWounds {
  readonly taken: number;
  readonly hurt: boolean;
  readonly removed: boolean;
}

export interface ScEnd {
  readonly winner: PlayerId | null;
  /** `round-limit`: the last round of a battle with a round limit was played (ruling SC32). */
  readonly reason: 'elimination' | 'concession' | 'round-limit';
}

export interface ScState {
  readonly rng: Rng;
  readonly players: readonly [PlayerId, PlayerId];
  /** Known after the roll-off. */
  readonly attacker: PlayerId | null;
  readonly defender: PlayerId | null;
  /** Each player's edge (SC Set-up 5). */
  readonly edges: Readonly<Record<PlayerId, Edge>>;
  /** Each player's deployment depth once rolled (ruling SC11). */
  readonly depths: Readonly<Record<PlayerId, number>>;
  /** The core deployment under way; null once both sides are deployed. */
  readonly deploying: ScDeployment | null;
  /** Round 1 is the attacker's first turn and the defender's (SC Set-up 8). */
  readonly round: number;
  /** The turn in play: its player and step (`side` is the player too); null in deployment and at the end. */
  readonly turn: StepTurn<ScStepName, MoveGiven> | null;
  readonly troops: Readonly<Record<string, ScTroop>>;
  /**
   * Where each troop on the table stood as the turn's movement step began, after its saves (SC
   * Readied Actions: a Readied shot at a troop not in melee before movement takes no −2; ruling SC58).
   * Absent in a state made before it was kept, where the −2 is taken as it was then.
   */
  readonly beforeMovement?: Readonly<Record<string, Pick<ScTroop, 'at' | 'altitude'>>>;
  /** Shots declared in this ranged step, or strikes in this melee step, in the order declared. */
  readonly declared: readonly ScDeclared[];
  /** The inactive side's Readied attacks declared in this step, hidden from the active player until they resolve (ruling SC55). */
  readonly sealed?: readonly ScDeclared[];
  /** Each side's reserve forces until placed (SC Set-up 6, 7); absent when neither army has reserves. */
  readonly reserves?: Readonly<Record<PlayerId, ScReserves>>;
  readonly prompt: ScPrompt | null;
  readonly end: ScEnd | null;
}

/** The log of a match. Each event that used dice carries them as `dice` (`diceOf`). */
export type ScEvent =
  | {
      readonly type: 'sides';
      readonly attacker: PlayerId;
      readonly defender: PlayerId;
      readonly edges: Readonly<Record<PlayerId, Edge>>;
      readonly dice: readonly Roll[];
    }
  /** A group's deployment begins (SC Set-up 7): a `reserve`'s troops join the table's as it does. */
  | { readonly type: 'deployment-began'; readonly player: PlayerId; readonly depth: number; readonly dice: readonly Roll[]; readonly reserve?: ReserveNumber }
  /** A side's choice of reserve force (SC Set-up 7); the attackers' is sealed until their reserve is placed (ruling SC111). */
  | { readonly type: 'reserve-chosen'; readonly player: PlayerId; readonly reserve: ReserveNumber }
  /** `altitude`: a flyer's level as it is placed (SC Flight: its player says which); absent for a troop without Flight. */
  | { readonly type: 'deployed'; readonly troop: string; readonly at: number; readonly altitude?: Altitude }
  /**
   * A flyer's new level (SC Flight "Changing Altitude"): `move` as part of its move order, paid from
   * its inches before it sets off (ruling SC90); `fall` a level lost to a failed save against being
   * Entangled or Paralyzed.
   */
  | { readonly type: 'altitude'; readonly troop: string; readonly altitude: Altitude; readonly why: 'move' | 'fall' }
  | { readonly type: 'turn-began'; readonly player: PlayerId; readonly round: number }
  | { readonly type: 'step-began'; readonly step: ScStepName }
  | { readonly type: 'ordered'; readonly troop: string; readonly how: TroopOrder; readonly recorded: TroopOrder }
  /**
   * A charge's d6 (SC Movement a), rolled as it is ordered (ruling SC34), with the squares it then
   * walks: `line` is the straight line to the target, `path` where the die leaves it on that line.
   */
  | {
      readonly type: 'charged';
      readonly troop: string;
      readonly target: string;
      readonly via: readonly number[];
      readonly line: readonly number[];
      readonly path: readonly number[];
      readonly roll: number;
      readonly dice: readonly Roll[];
    }
  | { readonly type: 'moved'; readonly troop: string; readonly path: readonly number[] }
  /** A trample attack (SC Movement d), made as the mover enters the target's space (ruling SC134): it lands at once. */
  | {
      readonly type: 'trampled';
      readonly troop: string;
      readonly target: string;
      readonly strike: StrikeOutcome;
      readonly dice: readonly Roll[];
      /** The target's wounds after it, whether it is Hurt, and whether it is removed. */
      readonly taken: number;
      readonly hurt: boolean;
      readonly removed: boolean;
      /** The conditions the strike put on the target (ruling SC38); absent when none. */
      readonly conditions?: readonly Condition[];
    }
  | { readonly type: 'fell-back'; readonly troop: string }
  /** A mover an opportunity attack entangled or paralyzed: its move ends where it stands (ruling SC40). */
  | { readonly type: 'held'; readonly troop: string; readonly condition: 'entangled' | 'paralyzed' }
  | { readonly type: 'asked'; readonly prompt: ScPrompt }
  /** A troop readies an attack as its action in the ranged or melee step (SC Ranged, SC Melee). */
  | { readonly type: 'readied'; readonly troop: string; readonly kind: ReadiedKind }
  /**
   * A Readied troop's answer (ruling SC55): an attack it declares, sealed until the step resolves, or
   * null; `done` when the troop has no attack left to declare, which ends its Readied state.
   */
  | { readonly type: 'readied-declared'; readonly troop: string; readonly strike: ScDeclared | null; readonly done: boolean }
  | {
      readonly type: 'opportunity';
      readonly attacker: string;
      readonly mover: string;
      /** The strike, or null when the attacker let the mover go. */
      readonly strike: StrikeOutcome | null;
      readonly dice: readonly Roll[];
      /** The mover's wounds after it, whether it is Hurt, and whether it is removed (ruling SC15: at once). */
      readonly taken: number;
      readonly hurt: boolean;
      readonly removed: boolean;
      /** The conditions the strike put on the mover, at once as its wounds (ruling SC38); absent when none. */
      readonly conditions?: readonly Condition[];
    }
  | { readonly type: 'declared'; readonly strike: ScDeclared }
  | { readonly type: 'shot-declared'; readonly shot: ScDeclared }
  | {
      readonly type: 'ranged-resolved';
      readonly shots: readonly ShotOutcome[];
      readonly dice: readonly Roll[];
      /** Each troop that took wounds in the step: its wounds after it, Hurt, removed (SC Ranged d). */
      readonly wounds: Readonly<Record<string, ScWounds>>;
      /** The attacks with Requires Reload each shooter fired, now to be reloaded (SC App. B). */
      readonly unloaded?: Readonly<Record<string, readonly string[]>>;
      /** The conditions the step's shots put on each troop still standing, added to those it carries (ruling SC38). */
      readonly conditions?: Readonly<Record<string, readonly Condition[]>>;
    }
  /** A troop reloads its weapons, as its movement order or its action in the ranged step (SC Movement a, SC Ranged). */
  | { readonly type: 'reloaded'; readonly troop: string }
  | {
      readonly type: 'melee-resolved';
      /** The Reach Readied attacks on troops that moved next to them, resolved and applied before the others (SC Readied Actions; ruling SC57). */
      readonly reach?: true;
      readonly strikes: readonly MeleeStrike[];
      readonly dice: readonly Roll[];
      /** Each troop that took wounds in the step: its wounds after it, Hurt, removed (SC Melee b). */
      readonly wounds: Readonly<Record<string, ScWounds>>;
      /** The conditions the step's strikes put on each troop still standing, added to those it carries (ruling SC38). */
      readonly conditions?: Readonly<Record<string, readonly Condition[]>>;
    }
  /**
   * The turn's saving throws (SC Saving Throws a–e; ruling SC21), rolled as it begins for each effect on
   * the active side's troops, in setup order of the troops and the order each effect took hold.
   */
  | {
      readonly type: 'saved';
      readonly saves: readonly ScSave[];
      readonly dice: readonly Roll[];
      /** Each troop a failed Poisoned save wounded: its wounds after them, Hurt, removed. */
      readonly wounds: Readonly<Record<string, ScWounds>>;
    }
  | { readonly type: 'turn-ended'; readonly player: PlayerId }
  | { readonly type: 'ended'; readonly winner: PlayerId | null; readonly reason: 'elimination' | 'concession' | 'round-limit' };

export type ScCommand =
  /** `altitude`: a flyer's level as it is placed; Landed when left out (ruling SC98). */
  | { readonly type: 'deploy'; readonly troop: string; readonly at: number; readonly altitude?: Altitude }
  /** Closes the deploying side's deployment; refused while troops are left to place. */
  | { readonly type: 'deploy-done' }
  /** What a missed deployment deadline does: the troops left placed in board order, nearest the edge first. */
  | { readonly type: 'deploy-rest' }
  /** The answer to the reserve prompt: which reserve force takes the field (SC Set-up 7). */
  | { readonly type: 'reserve'; readonly reserve: ReserveNumber }
  /**
   * A movement order along `path` (the squares entered in order) or to `to` (the cheapest path
   * there); a Slide may be followed by a move (`then`), which makes it count as a run.
   */
  | {
      readonly type: 'move';
      readonly troop: string;
      readonly how: MoveOrder;
      readonly path?: readonly number[];
      readonly to?: number;
      readonly then?: { readonly path?: readonly number[]; readonly to?: number };
      /**
       * A flyer's level to change to as part of a Move or Run (SC Flight "Changing Altitude"), paid
       * before it sets off (ruling SC90); with neither `path` nor `to` it changes level where it is.
       */
      readonly altitude?: Altitude;
      /** The enemies a Move tramples on its `path`, and with what (SC Movement d; rulings SC121–SC123, SC134). */
      readonly trample?: readonly TrampleAim[];
    }
  | { readonly type: 'attack'; readonly troop: string; readonly attack: string; readonly target: string; readonly sweep?: SweepAim }
  /** Reload: the troop's movement order, or its action in the ranged step instead of shooting (SC App. B Requires Reload). */
  | { readonly type: 'reload'; readonly troop: string }
  /** Aim: the troop's movement order, +1 on its first ranged attack this turn (SC Movement a, SC Ranged h). */
  | { readonly type: 'aim'; readonly troop: string }
  /**
   * Charge: the troop's movement order, along the straight line to `target` (SC Movement a); a Nimble
   * Charger may first move to `via` within its Move (SC App. A).
   */
  | {
      readonly type: 'charge';
      readonly troop: string;
      readonly target: string;
      readonly via?: number;
      /** The smaller enemies it tramples on its line, in the order it meets them, and with what (SC Movement d; ruling SC135). */
      readonly trample?: readonly TrampleAim[];
    }
  /** A ranged attack declared in the ranged step, resolved with the others when the step closes (SC Ranged a). */
  | { readonly type: 'shoot'; readonly troop: string; readonly attack: string; readonly target: string }
  /** The answer to the opportunity attack prompt: an attack's id, or null for none. */
  | { readonly type: 'opportunity'; readonly attack: string | null }
  /** Ready: the troop's action in the ranged step (a ranged attack) or the melee step (a melee one), taken on the other side's turn (SC Ranged, SC Melee). */
  | { readonly type: 'ready'; readonly troop: string }
  /** The answer to the Readied prompt: an attack and its target, or null for none (ruling SC55). */
  | { readonly type: 'readied'; readonly attack: string | null; readonly target?: string }
  /** Closes the current step (the ranged and melee steps resolve what was declared); after the last, the turn ends. */
  | { readonly type: 'next' }
  /** Closes every step left of the turn (a missed turn deadline too). */
  | { readonly type: 'end-turn' }
  | { readonly type: 'concede'; readonly player: PlayerId };
