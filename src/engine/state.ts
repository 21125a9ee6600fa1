/**
 * The game state: plain JSON, so it can be stored, diffed and rebuilt from the event log bit for bit.
 * Cards and the map travel inside it, so a game never depends on a catalog that changed later.
 */
import type { InjuryBox, UnitCard } from '../formats/card';
import type { Gridmap } from '../formats/gridmap';
import type { ModCard } from '../formats/mod';
import type { ActType, RecoveryStat, StatusName, TokenKind, WoundType } from '../formats/vocabulary';
import type { Rng } from './dice';

export type PlayerId = string;
export type UnitId = string;

export type Tokens = Record<TokenKind, number>;

export interface StatusState {
  readonly status: StatusName;
  /** The stat this status is recovered with (R28), or null when none applies. */
  readonly recover: RecoveryStat | null;
  readonly modifier: number;
  /** The unit that imposed it: asterisk statuses end when it is no longer adjacent; R3 scores its recurring wounds. */
  readonly source: UnitId | null;
  readonly asterisk: boolean;
  /** Recurring only: wounds each end of turn. */
  readonly wound?: number;
  readonly type?: WoundType;
}

export interface UnitState {
  readonly id: UnitId;
  readonly player: PlayerId;
  readonly card: string;
  readonly mod: string | null;
  /** Top-left square (R14); null while in reserve (R5) or once dropped. */
  readonly at: number | null;
  readonly vigor: number;
  /** Marked injury boxes, in the order marked. */
  readonly injuries: readonly InjuryBox[];
  /** Oldest first: the default recovery roll is for the oldest (R10). */
  readonly statuses: readonly StatusState[];
  readonly tokens: Tokens;
  readonly turnTaken: boolean;
  readonly dropped: boolean;
  /** R30: crowing is once per round. */
  readonly crowed: boolean;
  /** Toughness: wounds still ignorable this round (§4.7). */
  readonly toughness: number;
  /** Warleader dice spent this round (§4.7): tactics rerolls (R6) and recovery rerolls share them. */
  readonly warleaderUsed: number;
}

export interface TurnState {
  readonly player: PlayerId;
  /** Null until the player's first act activates a unit. */
  readonly unit: UnitId | null;
  readonly actsLeft: number;
  readonly used: Readonly<Record<ActType, number>>;
  /** R11: points left from the last Basic Move; kept only while a second Basic Move may chain. */
  readonly movePoints: number;
  /** R12: diagonal steps taken this turn, by moves and maneuvers alike. */
  readonly diagonals: number;
  /** R30: this unit dropped an enemy this turn. */
  readonly droppedEnemy: boolean;
  /** §6.2 Controlled, or Glamyred that failed its roll: the player who commands the unit this turn. */
  readonly controller: PlayerId | null;
  /**
   * §6.2 Enraged that failed its roll and could close: the nearest enemies when the rage took hold,
   * one of which it must end this turn beside. Null when not enraged, or when it could not reach one.
   */
  readonly enraged: readonly UnitId[] | null;
}

export interface Options {
  readonly vpTarget: number;
  readonly glancingBlow: boolean;
  readonly roundLimit: number | null;
}

/** An out-of-turn decision the game waits on (R27): nothing else may happen while it is open. */
export interface Prompt {
  readonly kind: 'reply' | 'wounds' | 'order' | 'reroll' | 'recover';
  readonly player: PlayerId;
  readonly unit?: UnitId;
  /** What may be chosen, for buttons and the scenario report. */
  readonly options: unknown;
}

/** A step of rules resolution waiting to run; plain data, so a paused resolution survives a restart. */
export interface Frame {
  readonly k: string;
  readonly [field: string]: unknown;
}

export interface GameState {
  readonly map: Gridmap;
  readonly cards: Readonly<Record<string, UnitCard>>;
  readonly mods: Readonly<Record<string, ModCard>>;
  readonly options: Options;
  /** Seating order, as given at setup. */
  readonly players: readonly PlayerId[];
  /** Players whose units are all dropped (R2). */
  readonly out: readonly PlayerId[];
  readonly rng: Rng;
  readonly round: number;
  /** The AP's order of players for this round (R7). */
  readonly order: readonly PlayerId[];
  /** This round's advantaged player (R6). */
  readonly ap: PlayerId | null;
  /** Phase of the round: 0 is greater advantage's phase (R6). */
  readonly phase: number;
  /** Who has had their turn in this phase already. */
  readonly phaseDone: readonly PlayerId[];
  readonly turn: TurnState | null;
  readonly units: Readonly<Record<UnitId, UnitState>>;
  readonly score: Readonly<Record<PlayerId, number>>;
  /** Entry tiles by player: top-left square of the 2×2 tile (R5). */
  readonly entry: Readonly<Record<PlayerId, number>>;
  readonly winner: PlayerId | null;
  readonly over: boolean;
  readonly prompt: Prompt | null;
  /** The resolution paused behind the prompt, top of the stack last. */
  readonly resume: readonly Frame[];
}
