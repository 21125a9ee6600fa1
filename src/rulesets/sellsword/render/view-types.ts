/**
 * What the renderer draws, as plain data: the map view and its parts. The view is built
 * in view.ts and its helpers (view-units, view-overlays, view-last-turn), which all share these types;
 * keeping them here lets those helpers use them without importing view.ts back.
 */
import type { WoundType, StatusName, Size } from '../formats/vocabulary';
import { colOf, nameOf, rowOf, type Board } from '../../../engine';
import type { GameEvent } from '../engine';
import type { ActsChange, GameState, PlayerId, SightLine, UnitId } from '../engine';
import type { TokenShape } from '../../../render/palette';
import type { BoardView, Sq } from '../../../render/board-view';

export type { BoardView, EdgeView, Sq } from '../../../render/board-view';

export interface ViewRequest {
  /** The last turn's events, in order: drawn as paths, attack lines and results. */
  readonly lastTurn?: readonly GameEvent[];
  /**
   * The state the last turn started from. A `moved` event lists the squares entered, not the square
   * left, so without this a unit's first step of the turn cannot be drawn.
   */
  readonly before?: GameState;
  /**
   * How many of `lastTurn`'s first events were told already (an answer, told as the answerer's): read,
   * so what they declared is known (a reply a drop then loses, R26), but not told again.
   */
  readonly told?: number;
  /** `lastTurn` is a unit's turn still under way (its acts so far), not one that ended: pictures title it so. */
  readonly underWay?: boolean;
  /** Shade the squares a unit can reach now, by cost, and mark its charge targets. */
  readonly reach?: { readonly unit: UnitId; readonly maneuver?: boolean };
  /** Mark each enemy as a unit sees it: clear, cover, invisible or out of sight. */
  readonly sight?: { readonly unit: UnitId };
  /** Show one proposed attack with its chance to hit. */
  readonly preview?: { readonly unit: UnitId; readonly attack: string; readonly target: UnitId; readonly charge?: boolean };
  /** Show one burst before it is made (R24): its area round `origin` (a square's name) and whom it would catch. */
  readonly burst?: { readonly unit: UnitId; readonly attack: string; readonly origin: string };
  /** Names to show for players (e.g. Discord nicknames); the player id otherwise. */
  readonly names?: Readonly<Record<PlayerId, string>>;
  /**
   * The picture an entry tile is chosen on: each start area's number drawn large, to read on a phone,
   * and the key to the map's terrain under it (the legend is posted after setup).
   */
  readonly startLabels?: boolean;
}

export interface PlayerView {
  readonly id: PlayerId;
  readonly name: string;
  /** Seat order (0-based): picks the token shape and the start area. */
  readonly seat: number;
  readonly faction: string | null;
  readonly colour: string;
  readonly shape: TokenShape;
  readonly score: number;
  readonly out: boolean;
  /** Out by conceding (or a timeout): its units left the table, none dropped in play by that. */
  readonly conceded?: boolean;
  readonly winner: boolean;
  /** Labels of units still in reserve, of units dropped in play, and of units its concession took off the table. */
  readonly reserve: readonly string[];
  readonly dropped: readonly string[];
  readonly offTable: readonly string[];
}

export interface BoxView {
  readonly kind: 'mobility' | 'defensive' | 'mortal' | 'trait';
  /** For a trait box: the attack or trait it disables, by id and by its printed name. */
  readonly trait?: string;
  readonly traitName?: string;
  readonly marked: boolean;
}

export interface StatusView {
  readonly status: StatusName;
  readonly code: string;
  /** Label of the unit that imposed it, if any. */
  readonly source: string | null;
  /** In words for a strip or alt text: "recurring 5 toxic" says what a recurring status deals, so two read apart. */
  readonly words: string;
}

export interface TokenCount {
  readonly left: number;
  readonly max: number;
}

export interface UnitView {
  readonly id: UnitId;
  readonly label: string;
  readonly name: string;
  readonly player: PlayerId;
  readonly colour: string;
  readonly shape: TokenShape;
  readonly size: Size;
  /** Squares a side: 2 for Big units. */
  readonly span: 1 | 2;
  readonly where: 'map' | 'reserve' | 'dropped';
  /** Of the dropped: taken off the table by its player's concession, not dropped in play (a unit dropped before it stays dropped). */
  readonly withdrawn?: true;
  /** Top-left square on the map; null in reserve or once dropped. */
  readonly at: Sq | null;
  readonly vigor: number;
  readonly vigorMax: number;
  /** Injury boxes in card order. */
  readonly boxes: readonly BoxView[];
  readonly statuses: readonly StatusView[];
  readonly tokens: { readonly react: TokenCount; readonly blue: TokenCount; readonly red: TokenCount };
  /** Has taken its turn this round. */
  readonly acted: boolean;
  /** The unit whose turn it is. */
  readonly active: boolean;
}

export interface StatusLine {
  readonly map: string;
  readonly round: number;
  readonly phase: number;
  /** Only one player has units left to act this round (engine `aloneToAct`). */
  readonly alone: boolean;
  readonly target: number;
  readonly roundLimit: number | null;
  /** The turn in progress. */
  readonly turn: { readonly player: PlayerId; readonly unit: string | null; readonly actsLeft: number } | null;
  /**
   * On a turn's picture: the phase that turn was taken in. `phase` is the coming turn's, so the words
   * say both when they differ ("phase 1 over, phase 2 next"), never the next phase as the shown turn's.
   */
  readonly played?: number;
  /** Whose turn comes next when none is in progress. */
  readonly next: { readonly player: PlayerId; readonly phase: number } | null;
  /** An open decision, in words. */
  readonly prompt: { readonly kind: string; readonly player: PlayerId; readonly text: string } | null;
  readonly over: boolean;
  readonly winner: PlayerId | null;
  /**
   * Once every unit has acted in the round: the objectives held alone, which score `points` each as
   * the round ends (R4), after this picture. The header says so, or the score it shows reads as the
   * round's last word when the next post adds to it (issue 26).
   */
  readonly roundEndScores?: { readonly objectives: readonly { readonly objective: number; readonly player: PlayerId }[]; readonly points: number };
}

export type AttackResult = 'hit' | 'miss' | 'critical' | 'glancing' | 'automatic';

export interface MoveView {
  readonly unit: string;
  readonly kind: 'move' | 'maneuver' | 'charge' | 'shove';
  /** Top-left squares in order, starting where the unit stood when that is known. */
  readonly path: readonly Sq[];
  readonly fromKnown: boolean;
  readonly span: 1 | 2;
  /** A shove's verb as the log tells it ("recoiled", "pushed": shove-words.ts); absent for one told as "was moved". */
  readonly verb?: string;
}

export interface AttackView {
  readonly attacker: string;
  readonly target: string;
  readonly attack: string;
  readonly reply: boolean;
  readonly from: Sq | null;
  readonly fromSpan: 1 | 2;
  readonly to: Sq | null;
  readonly toSpan: 1 | 2;
  readonly result: AttackResult;
  /**
   * The clear line the shot went along (engine sightLineOf, on the state as the roll was made), drawn
   * instead of the line between centres, which may cross a wall the shot went round (issue 26).
   * Absent for a burst, and when where the two stood then is not known.
   */
  readonly line?: SightLine | null;
  /** The d20 that counted, the modifier and the number needed. */
  readonly roll: number | null;
  readonly modifier: number;
  readonly need: number;
  /** Why `need` is not the target's printed defence ("OW's Armor 15, −2 for its defensive injury"); absent when it is. */
  readonly needWhy?: string;
  /**
   * What made the modifier, in a player's words ("Longbow +6", "cover −2"), when more than the attack's
   * bonus did; for a hit with no roll, why none was needed. Empty when there is nothing to explain.
   */
  readonly notes: readonly string[];
  /** Wounds after immunity, vulnerability and toughness; of those, absorbed by Vigor, and boxes marked. */
  readonly wounds: number;
  /** Wounds toughness ignored (§4.7). */
  readonly toughness: number;
  readonly avoided: number;
  readonly injuries: readonly string[];
  readonly statuses: readonly StatusName[];
  readonly dropped: boolean;
  /** The attack has no wound effect at all (a Shield Bash): no wound count is shown, and a critical adds none. */
  readonly woundless?: boolean;
  /**
   * The hit's wounds are not allotted yet, as the game waits on a prompt: `split`, its target is
   * choosing how to take them (`wounds` is the count it is asked about); `waiting`, they come after
   * another unit's choice, as a burst's later targets (R24) (`wounds` is what the hit deals).
   */
  readonly pending?: 'split' | 'waiting';
  /** The target had a reply to this attack but for its react token, spent earlier in the round (R25). */
  readonly noReactToken?: boolean;
  /** Attacks the target could have replied with but could not pay for as a reply, with what each costs then. */
  readonly tooDear?: readonly { readonly attack: string; readonly cost: string }[];
  /** A burst's: the unit caught is an enemy not next to the attacker, so it could not reply (R24, R26). */
  readonly notNext?: boolean;
  /** A burst's: the square it was centred on (R24), as the event gives it, so the line says where it landed. */
  readonly origin?: string;
}

/**
 * A burst's area (R24): the squares it covered, from the engine's own burstArea (never worked out
 * here), and the square it was centred on. Drawn so a player sees where it landed, not only whom it hit.
 */
export interface BurstView {
  readonly attacker: string;
  readonly attack: string;
  readonly origin: Sq;
  readonly squares: readonly Sq[];
}

/**
 * A burst previewed before it is made (/skirmish view, R24): its area as a made burst's is drawn (the
 * same BurstView), the attacker's square, and the units it would catch with the chance to hit each,
 * nearest the centre first. Nothing is rolled: the engine's burstOutlook, the odds the prompts say.
 */
export interface BurstPreviewView extends BurstView {
  readonly from: Sq | null;
  readonly fromSpan: 1 | 2;
  readonly caught: readonly { readonly unit: string; readonly friend: boolean; readonly chance: number; readonly expectedWounds: number }[];
}

/** Wounds that no attack dealt: damaging terrain, recurring statuses. */
export interface HarmView {
  readonly unit: string;
  readonly at: Sq | null;
  readonly span: 1 | 2;
  readonly wounds: number;
  /** Of those, absorbed by Vigor (the rest marked boxes). */
  readonly avoided: number;
  readonly type: WoundType;
  readonly why: 'terrain' | 'recurring';
}

export interface DropView {
  readonly unit: string;
  readonly at: Sq | null;
  readonly span: 1 | 2;
  readonly by: string | null;
}

export interface LastTurnView {
  /** Name of the player whose turn it was, and the label of the unit that took it. */
  readonly player: string | null;
  readonly unit: string | null;
  readonly moves: readonly MoveView[];
  readonly attacks: readonly AttackView[];
  /** The bursts made or declared, each once with its area. */
  readonly bursts: readonly BurstView[];
  readonly harms: readonly HarmView[];
  readonly drops: readonly DropView[];
  readonly happenings: readonly Happening[];
}

export interface ReachView {
  readonly unit: string;
  /** Where the unit stands (its own square is not shaded even when it could end there again). */
  readonly from: Sq | null;
  readonly span: 1 | 2;
  readonly maneuver: boolean;
  readonly squares: readonly { readonly at: Sq; readonly cost: number }[];
  readonly maxCost: number;
  readonly charges: readonly { readonly target: string; readonly at: Sq; readonly span: 1 | 2; readonly attack: string; readonly path: readonly Sq[] }[];
}

export type SightMark = 'clear' | 'cover' | 'invisible' | 'blocked';

export interface SightView {
  readonly unit: string;
  readonly from: Sq;
  readonly span: 1 | 2;
  readonly targets: readonly {
    readonly unit: string;
    readonly at: Sq;
    readonly span: 1 | 2;
    readonly mark: SightMark;
    readonly range: number;
    /** The clear line its mark is drawn along (engine sightLineOf); null out of sight. */
    readonly line?: SightLine | null;
  }[];
  /** The squares out of its sight (engine squaresInSight), walls left out: shaded, so what it cannot see reads at a glance. */
  readonly blocked: readonly Sq[];
}

export interface PreviewView {
  readonly attacker: string;
  readonly target: string;
  readonly attack: string;
  readonly charge: boolean;
  readonly from: Sq | null;
  readonly fromSpan: 1 | 2;
  readonly to: Sq | null;
  readonly toSpan: 1 | 2;
  /** The clear line its arrow is drawn along (engine sightLineOf); none for a charge, made from beside its target. */
  readonly line?: SightLine | null;
  /** Null when the attack cannot be made; `problem` says why. */
  readonly odds: {
    readonly chance: number;
    readonly critical: number;
    readonly expectedWounds: number;
    /** The wounds a plain hit deals, after immunity, vulnerability and toughness, as target suggestions say them; null when no plain hit is possible. */
    readonly hitWounds: number | null;
    readonly need: number;
    /** Why `need` is not the target's printed defence (roll-words needWhy: a shield at range, say); absent when it is. */
    readonly needWhy?: string;
    readonly modifier: number;
    readonly notes: readonly string[];
  } | null;
  readonly problem: string | null;
}

export interface MapView {
  readonly board: BoardView;
  readonly entries: readonly { readonly player: PlayerId; readonly at: Sq }[];
  readonly players: readonly PlayerView[];
  readonly units: readonly UnitView[];
  readonly status: StatusLine;
  readonly lastTurn: LastTurnView | null;
  /** The last turn is still under way (ViewRequest.underWay). */
  readonly underWay?: boolean;
  readonly reach: ReachView | null;
  readonly sight: SightView | null;
  readonly preview: PreviewView | null;
  /** A burst previewed (ViewRequest.burst); absent or null when none was asked for. */
  readonly burst?: BurstPreviewView | null;
  /** Start areas numbered large (ViewRequest.startLabels). */
  readonly startLabels?: boolean;
  /** The attack an open reply prompt asks about, declared and not yet rolled (R26): drawn attacker to target. */
  readonly declared?: DeclaredView;
}

/** An attack declared and waiting on a reply prompt (R26): who attacks whom, with what, from where they stand. */
export interface DeclaredView {
  readonly attacker: string;
  readonly target: string;
  readonly attack: string;
  readonly from: Sq;
  readonly fromSpan: 1 | 2;
  readonly to: Sq;
  readonly toSpan: 1 | 2;
  /** The clear line its arrow is drawn along (engine sightLineOf). */
  readonly line?: SightLine | null;
}

export const sqOf = (board: Pick<Board, 'width'>, i: number): Sq => ({ name: nameOf(board, i), col: colOf(board, i), row: rowOf(board, i) });

// What happened, as data: the game's events read into happenings (view-last-turn.ts), which
// last-turn-words.ts puts into words for every reader.
/** One batch of wounds landing on a unit (a `wounded` event), with what became of them (R22). */
export interface WoundWords {
  readonly unit: string;
  /** Wounds dealt, before immunity, vulnerability and toughness. */
  readonly wound: number;
  readonly type: string;
  /** After immunity and vulnerability, before toughness. */
  readonly defended: number;
  readonly toughness: number;
  /** What its toughness had already ignored earlier this round, as the engine reported it (§4.7); absent when none. */
  readonly toughnessSpent?: number;
  /** What reached the unit, left to allot: absorbed by Vigor in fives, a box marked for each other five. */
  readonly taken: number;
  readonly avoided: number;
  readonly injuries: readonly string[];
  /** Why no prompt asked the owner how to take them ("no choice: every split drops it"), when none did. */
  readonly unasked?: string;
  /** Worked out when the words are read, never carried by the event: its Vigor before (when the state before is known). */
  readonly vigorBefore?: number;
  /** Boxes still unmarked after these wounds (when the state before is known). */
  readonly boxesLeft?: number;
  /** These wounds marked its last box, so it dropped (its `dropped` event follows them). */
  readonly drops?: boolean;
}

/** Where wounds that no attack in view dealt came from. */
export type WoundCause =
  | { readonly kind: 'attack' | 'reply'; readonly by: string; readonly attack: string }
  | { readonly kind: 'trait'; readonly by: string; readonly trait: string }
  | { readonly kind: 'terrain' }
  | { readonly kind: 'recurring'; readonly by: string | null };

/** What a reply prompt answers: a declared attack, a burst, or a move leaving the replier's side. */
export type IncomingWords =
  | { readonly kind: 'attack'; readonly attacker: string; readonly attack: string; readonly target: string; readonly charge: boolean }
  | { readonly kind: 'burst'; readonly attacker: string; readonly attack: string; readonly origin: string }
  | { readonly kind: 'move'; readonly mover: string };

/** An open (or since answered) decision: who makes it, about what. */
export interface PromptWords {
  readonly kind: 'reply' | 'wounds' | 'order' | 'reroll' | 'recover' | 'recoil';
  readonly player: string;
  readonly playerId: string;
  readonly unit: string | null;
  /** Still waiting at the end of the events read (not answered in them). */
  readonly open: boolean;
  readonly incoming: IncomingWords | null;
  /** For a wounds prompt: how many, of what type, from what. */
  readonly wounds: { readonly count: number; readonly type: string; readonly cause: WoundCause | null } | null;
  /** For a tactics reroll: a recovery roll's reroll instead (§4.7). */
  readonly recovery: boolean;
  /** The first prompt about this declared attack or move in the events read. */
  readonly first: boolean;
}

export type Happening =
  | { readonly kind: 'round'; readonly round: number }
  | {
      readonly kind: 'tactics';
      readonly totals: readonly { readonly player: string; readonly total: number }[];
      readonly winner: string | null;
      readonly rerolled: string | null;
      readonly leader: string | null;
      /** For a reroll, the rerolling player's total before it, when the roll it replaced was read too. */
      readonly before?: number;
      /** What a player's Warleader's injuries took off its d20 (R6), for each player it took something from. */
      readonly penalties?: readonly { readonly player: string; readonly less: number }[];
    }
  | {
      readonly kind: 'order';
      readonly ap: string;
      readonly order: readonly string[];
      readonly greater: boolean;
      /** Players who lost the check and had no reroll because of their Warleader, with why. */
      readonly noReroll?: readonly { readonly player: string; readonly why: string }[];
    }
  | { readonly kind: 'phase'; readonly phase: number }
  | { readonly kind: 'turn'; readonly player: string; readonly playerId: string }
  /** `used`: the acts it spent, once its turn has ended among the same events (0: it ended without acting). */
  | {
      readonly kind: 'activate';
      readonly unit: string;
      readonly name: string;
      readonly player: string;
      readonly playerId?: string;
      readonly acts: number;
      /** What made `acts` differ from 3, from the engine's own count (actsWithWhy); absent when nothing did. */
      readonly actsWhy?: readonly ActsChange[];
      readonly used?: number;
      /** The turn taken early, in phase 0, by a unit of the player who won the tactics check by 10 or more: its turn for the round. */
      readonly greater?: boolean;
    }
  | { readonly kind: 'controlled'; readonly unit: string; readonly player: string; readonly why: string }
  | { readonly kind: 'enraged'; readonly unit: string; readonly nearest: readonly string[]; readonly canClose: boolean }
  | { readonly kind: 'vigor-lost'; readonly unit: string; readonly amount: number; readonly why: string }
  | { readonly kind: 'act-lost'; readonly unit: string; readonly reason: string }
  | {
      readonly kind: 'move';
      readonly move: MoveView;
      readonly spent: number;
      /**
       * The unit whose square the move stopped in part-way (a flyer paused over it by a prompt): the
       * move cannot end there, it goes on once `until` ("the reply") is answered.
       */
      readonly over?: { readonly unit: string; readonly until?: string };
      /** The move stopped part-way for a reply to it (R25): the rest of it waits for the reply. */
      readonly paused?: boolean;
      /**
       * The move stopped part-way on damaging terrain (R19) to take its wounds, on its way to `goal`
       * (the square it was ordered to, from the paused move's frame): it goes on once they are taken.
       */
      readonly stopped?: { readonly goal: string };
      /** The mover was hobbled: each square cost 1 more (§6.1), which the movement spent shows. */
      readonly hobbled?: boolean;
    }
  /** `continued`: the same charge going on after damaging ground on its first square wounded it (R19, R23). */
  | { readonly kind: 'charge'; readonly move: MoveView; readonly target: string; readonly paid: string | null; readonly continued?: true }
  | { readonly kind: 'shove'; readonly move: MoveView; readonly by: string; readonly effect: string }
  | { readonly kind: 'prompt'; readonly prompt: PromptWords }
  /**
   * `answers`: the act it answers, when its prompt is known, and whether that attack is slow (a reply
   * resolves after an attack, before a slow one).
   */
  | {
      readonly kind: 'reply-declared';
      readonly unit: string;
      readonly against: string;
      readonly attack: string;
      readonly answers?: { readonly incoming: IncomingWords; readonly slow: boolean } | undefined;
    }
  /** A declared reply that never came: `dropped`, the replier or the unit it answered, dropped first (R26). */
  | { readonly kind: 'reply-lost'; readonly unit: string; readonly against: string; readonly attack: string; readonly dropped: string }
  /** Units asked whether to reply to the same act, that let it pass. */
  | { readonly kind: 'replies-declined'; readonly units: readonly string[]; readonly against: string }
  | {
      readonly kind: 'attack';
      readonly attack: AttackView;
      /** What the attack cost beyond its act ("its react token" for a reply). */
      readonly paid: string | null;
      readonly wounds: readonly WoundWords[];
      /** Wounds waiting on their owner's split when the events end (or when the prompt was answered later). */
      readonly pending: PromptWords | null;
      /** Why it could not be made when it came to resolve (no roll was made), or null. */
      readonly problem: string | null;
    }
  | {
      readonly kind: 'trait';
      readonly unit: string;
      readonly trait: string;
      readonly paid: string | null;
      readonly gains: readonly { readonly unit: string; readonly what: string }[];
      readonly statuses: readonly { readonly unit: string; readonly status: string }[];
      readonly wounds: readonly WoundWords[];
    }
  | { readonly kind: 'wound'; readonly wound: WoundWords; readonly cause: WoundCause; readonly harm: HarmView | null }
  | { readonly kind: 'pay'; readonly unit: string; readonly what: string /** The attack it paid for, when known. */; readonly for?: string }
  | { readonly kind: 'gain'; readonly unit: string; readonly what: string }
  | {
      readonly kind: 'status';
      readonly unit: string;
      readonly status: string;
      readonly gained: boolean;
      readonly reason: string;
      readonly source: string | null;
    }
  /** `needed`: what the roll plus `added` (1 per injury) had to come under, when the log says. */
  | {
      readonly kind: 'recovery-failed';
      readonly unit: string;
      readonly status: string | null;
      readonly rolls: readonly number[];
      readonly needed?: number | undefined;
      readonly added?: number | undefined;
      /** What moved the target from the card's stat ("Spirit 15 on its card, −4 for its 2 defensive injuries"), when something did. */
      readonly targetWhy?: string;
    }
  /** An attack's effect that did not happen (a push that found no square, a status already held), and why. */
  | {
      readonly kind: 'effect-failed';
      readonly unit: string;
      readonly by: string;
      readonly effect: string;
      readonly why: string;
      /** The attack the effect came with, when the turn holds it. */
      readonly attack?: string;
    }
  | { readonly kind: 'warleader-die'; readonly unit: string; readonly for: string }
  | { readonly kind: 'drop'; readonly drop: DropView }
  | { readonly kind: 'score'; readonly player: string; readonly points: number; readonly reason: string; readonly objective: boolean }
  /** R4: units of more than one side on objective `objective` at the round's end, so nobody scored it. */
  | { readonly kind: 'contested'; readonly objective: number; readonly units: readonly string[] }
  | {
      readonly kind: 'rest';
      readonly unit: string;
      readonly token: string;
      /** The unit's tokens of that kind after the rest, of its starting number; absent where the state was not read. */
      readonly tokens?: { readonly now: number; readonly max: number };
      /** What resting left as it was (R31 gives back only a token): Vigor below its start, statuses held. */
      readonly vigor?: { readonly now: number; readonly max: number };
      readonly statuses?: readonly string[];
      /** A rest trait that gave back a blue or red token (R31), with the acts it took. */
      readonly by?: { readonly trait: string; readonly acts: number };
    }
  /** A crow (R32): the Vigor it gave back and, when the unit is known, its Vigor after it out of its most. */
  | { readonly kind: 'crow'; readonly unit: string; readonly vigor: number; readonly after?: { readonly now: number; readonly max: number } }
  | { readonly kind: 'roll'; readonly unit: string; readonly why: string; readonly rolls: readonly number[] }
  /** `used` of `acts`: what the unit spent, when its turn's start is among the same events. */
  | { readonly kind: 'turn-ended'; readonly unit: string | null; readonly player: string; readonly used?: number; readonly acts?: number }
  | { readonly kind: 'player-out'; readonly player: string }
  | { readonly kind: 'conceded'; readonly player: string }
  | { readonly kind: 'game-over'; readonly winner: string | null; readonly reason: string };

export type HappeningKind = Happening['kind'];
