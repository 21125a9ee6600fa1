/**
 * The game state: plain JSON, so it can be stored, diffed and rebuilt from the event log bit for bit.
 * Cards and the map travel inside it, so a game never depends on a catalog that changed later.
 */
import type { InjuryBox, UnitCard } from '../formats/card';
import type { Gridmap } from '../../../formats/gridmap';
import type { ModCard } from '../formats/mod';
import type { ActType, RecoveryStat, StatusName, TokenKind, WoundType } from '../formats/vocabulary';
import type { Rng } from '../../../engine/dice';

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
  /**
   * Glamyred only: its start-of-turn roll failed, so until it recovers or begins its next turn the
   * unit is Compromised and may not react (§6.2, R65). Absent before the first roll and after a pass.
   */
  readonly held?: true;
  /**
   * The last failed recovery roll's target and the unit's defensive injuries then (R28), so the next
   * roll can say what changed since (issue 26). Absent before the first roll.
   */
  readonly lastRoll?: { readonly needed: number; readonly defensive: number };
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
  /** Toughness: wounds still ignorable this round (§4.7), TOUGHNESS_A_ROUND at its start. */
  readonly toughness: number;
  /** Warleader dice spent this round (§4.7): tactics rerolls (R6) and recovery rerolls share them. */
  readonly warleaderUsed: number;
}

/** §4.7: toughness ignores the first 5 wounds a unit takes each round. */
export const TOUGHNESS_A_ROUND = 5;

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
  /**
   * R42 in play: ask a recoiling unit's owner where it goes when several end squares are farthest.
   * Off (scenarios, self-play), a recoil without chosen squares takes R42's default at once.
   */
  readonly recoilPrompt?: boolean;
}

/** How a match at the table plays, beside its VP target: glancing blows, no round limit, and an owner asked where a recoiling unit goes (R42). */
export const TABLE_PLAY = { glancingBlow: true, roundLimit: null, recoilPrompt: true } as const satisfies Omit<Options, 'vpTarget'>;

/** How an owner takes wounds (R22): Vigor spent in fives, then a box marked for each five left. */
export interface SplitChoice {
  readonly avoid: number;
  readonly injuries: readonly InjuryBox[];
}

/** What a wounds prompt offers (split-options.ts lists every legal split from it). */
export interface WoundsPromptOptions {
  readonly wounds: number;
  readonly type: WoundType;
  readonly vigor: number;
  readonly boxes: readonly InjuryBox[];
  /** The split `auto` takes (defaults.ts). */
  readonly default: SplitChoice;
  /** What dealt the wounds (as on the `wounded` event); absent in prompts opened before they were added. */
  readonly source?: UnitId | null;
  readonly cause?: string;
  readonly from?: WoundSource;
  readonly attack?: string;
  readonly trait?: string;
}

/** A tactics check's reroll (R6): the loser's total against the leader's, and the Warleader dice left. */
export interface TacticsRerollOptions {
  readonly roll: 'tactics';
  readonly total: number;
  readonly leader: PlayerId;
  readonly leaderTotal: number;
  readonly rerollsLeft: number;
}

/** A failed recovery roll a Warleader's die may reroll (§4.7): the total must come under `needed`. */
export interface RecoveryRerollOptions {
  readonly roll: 'recovery';
  readonly unit: UnitId;
  readonly status: StatusName;
  readonly total: number;
  readonly needed: number;
  readonly warleader: UnitId;
  readonly usesLeft: number;
}

/**
 * An out-of-turn decision the game waits on (R27): nothing else may happen while it is open. `player`
 * answers it; `unit` is the unit it is about, when there is one; `options` are what may be chosen,
 * for buttons and the scenario report.
 */
export type Prompt =
  /** R26: may `unit` reply to `against`, and with which of `attacks`? `incoming`: what it would answer (absent in prompts opened before it was added). */
  | {
      readonly kind: 'reply';
      readonly player: PlayerId;
      readonly unit: UnitId;
      readonly options: { readonly against: UnitId; readonly attacks: readonly string[]; readonly incoming?: Incoming };
    }
  | { readonly kind: 'wounds'; readonly player: PlayerId; readonly unit: UnitId; readonly options: WoundsPromptOptions }
  /** R7: the AP's order of the players in play. */
  | { readonly kind: 'order'; readonly player: PlayerId; readonly unit?: undefined; readonly options: readonly PlayerId[] }
  | { readonly kind: 'reroll'; readonly player: PlayerId; readonly unit?: undefined; readonly options: TacticsRerollOptions }
  /** `unit` is the Warleader whose die it would be. */
  | { readonly kind: 'reroll'; readonly player: PlayerId; readonly unit: UnitId; readonly options: RecoveryRerollOptions }
  /** R10: which of these statuses (in the unit's order) to roll recovery for. */
  | { readonly kind: 'recover'; readonly player: PlayerId; readonly unit: UnitId; readonly options: readonly StatusName[] }
  /** R42: where `unit` recoils, among the end squares its recoil can reach that are farthest from the attacker. */
  | { readonly kind: 'recoil'; readonly player: PlayerId; readonly unit: UnitId; readonly options: RecoilPromptOptions };

/** One square a recoil may end on (R42): the path there (cheapest, then board order), its price and what it enters. */
export interface RecoilEnd {
  readonly at: string;
  readonly path: readonly string[];
  readonly cost: number;
  /** Whether the path enters damaging terrain, which wounds the unit (R49; a flyer only where it ends, R45). */
  readonly damaging: boolean;
}

/** What a recoil prompt offers: the attacker, the recoil's points, the farthest end squares, and the one `auto` takes. */
export interface RecoilPromptOptions {
  readonly by: UnitId;
  readonly points: number;
  readonly ends: readonly RecoilEnd[];
  /** Index into `ends` of R42's default. */
  readonly default: number;
}

export type PromptOf<K extends Prompt['kind']> = Extract<Prompt, { readonly kind: K }>;

/**
 * What a reply prompt answers (R25, R26), from the frame the replies wait on: a declared attack on a
 * target, a declared burst at a square (its name), or a Basic Move stepping away.
 */
export type Incoming =
  | { readonly attack: string; readonly target: UnitId; readonly charge: boolean }
  | { readonly attack: string; readonly origin: string }
  | { readonly move: true };

/** A reply declared to an attack or a move (R25, R26): who replies, with which attack. */
export interface DeclaredReply {
  readonly unit: UnitId;
  readonly attack: string;
}

/** What dealt a unit's wounds (the wound frame's and the `wounded` event's `from`). */
export type WoundSource = 'attack' | 'reply' | 'trait' | 'terrain' | 'recurring';

/** What an act or attack costs beyond its acts (§2.3): tokens and Vigor. */
export interface Cost {
  readonly react?: number;
  readonly blue?: number;
  readonly red?: number;
  readonly vigor?: number;
}

/**
 * The fields of each kind of frame (a step of rules resolution waiting to run; plain data, so a
 * paused resolution survives a restart). handlers.ts maps every kind to its handler. Frames paused
 * behind a prompt get the answer in `answer` when the prompt is answered (decide.ts).
 */
export interface FrameFields {
  /** acts.ts: an act counted (R8), paid for, then `then` carried out; `commander` is who declared it (§6.2). */
  act: { readonly act: ActType; readonly unit: UnitId; readonly acts: number; readonly cost?: Cost; readonly then: Frame; readonly commander?: PlayerId };
  /** turns.ts: the unit's first act starts its turn (R9). */
  activate: { readonly unit: UnitId };
  'after-act': Record<never, never>;
  /** attack.ts: a single-target attack with its declared replies. */
  attack: {
    readonly unit: UnitId;
    readonly attack: string;
    readonly target: UnitId;
    readonly charge: boolean;
    readonly reply: boolean;
    readonly shove: readonly string[] | undefined;
    readonly replies?: readonly DeclaredReply[];
  };
  /** attack.ts: a burst (`origin`: its square's index) with its declared replies. */
  'burst-with-replies': { readonly unit: UnitId; readonly attack: string; readonly origin: number; readonly replies?: readonly DeclaredReply[] };
  /** burst.ts: the rolls against every unit the burst catches. */
  burst: { readonly unit: UnitId; readonly attack: string; readonly origin: number };
  /** charge.ts: the charge movement from square `index` of `path`, then the attack `then`. */
  'charge-move': { readonly unit: UnitId; readonly path: readonly string[]; readonly target: UnitId; readonly then: Frame; readonly index?: number };
  crow: { readonly unit: UnitId };
  /**
   * attack.ts: the effects of an attack (`attack`) or an act trait (`trait`) on `target` from effect
   * `index` on; `caused`: whether the effect before applied (R21); `bonusUsed`: the critical bonus is spent (R37).
   */
  effects: {
    readonly unit: UnitId;
    readonly target: UnitId;
    readonly index: number;
    readonly critical: boolean;
    readonly glancing: boolean;
    readonly charge: boolean;
    readonly caused: boolean;
    readonly bonusUsed: boolean;
    readonly shove?: readonly string[] | undefined;
    /** R42: the recoil path the target's owner chose at the recoil prompt, for the effect at `index`. */
    readonly steer?: readonly string[];
    /** The attack is a reply (R25, R26): its wounds say so. */
    readonly reply?: boolean;
  } & ({ readonly attack: string; readonly trait?: undefined } | { readonly trait: string; readonly attack?: undefined });
  /** turns.ts: the end of the turn (R10) in stages; `answer`: the recover prompt's pick, or null for none. */
  'end-turn': { readonly stage: 'recurring' | 'recover' | 'done'; readonly answer?: number | null };
  /** forced.ts: a push, pull or move effect along `squares` from `index` on; `pit`: the pit it falls into. */
  'forced-steps': {
    readonly unit: UnitId;
    readonly by: UnitId;
    readonly squares: readonly string[];
    readonly index: number;
    readonly effect: string;
    readonly pit: string | null;
  };
  /** move.ts: a Basic Move or Maneuver along `path` from `index` on, `from` the squares it stood on before. */
  'move-steps': {
    readonly unit: UnitId;
    readonly path: readonly string[];
    readonly from: readonly string[];
    readonly maneuver: boolean;
    readonly budget: number;
    readonly index: number;
    readonly spent: number;
    /** Replies were offered for the step at `index`. */
    readonly offered: boolean;
    /** A flyer passed over damaging terrain on the way (R45). */
    readonly flewOver?: boolean;
  };
  'next-turn': Record<never, never>;
  /** attack.ts: the adjacent enemies asked in turn whether to reply (R25, R26), then `then` with the replies. */
  'offer-replies': {
    readonly unit: UnitId;
    readonly asked: readonly UnitId[];
    readonly declared: readonly DeclaredReply[];
    readonly then: FrameOf<'attack'> | FrameOf<'burst-with-replies'> | FrameOf<'resolve-replies'>;
    readonly current?: UnitId | undefined;
    readonly answer?: string | null | undefined;
  };
  /** tactics.ts: the AP orders the players (R7). */
  order: { readonly ap: PlayerId; readonly greater: boolean; readonly answer?: readonly PlayerId[] };
  /** recovery.ts: a recovery roll for status `index`; with `leader`, the answer to its Warleader's die (§4.7). */
  'recovery-roll': { readonly unit: UnitId; readonly index: number; readonly leader?: UnitId; readonly answer?: boolean };
  /** attack.ts: a declared reply to `target`. */
  reply: { readonly unit: UnitId; readonly attack: string; readonly target: UnitId };
  /** move.ts: the replies declared to a unit stepping away (R25). */
  'resolve-replies': { readonly target: UnitId; readonly replies?: readonly DeclaredReply[] };
  rest: { readonly unit: UnitId; readonly token: TokenKind };
  /** attack.ts: the attack roll (R20). */
  roll: {
    readonly unit: UnitId;
    readonly attack: string;
    readonly target: UnitId;
    readonly charge: boolean;
    readonly reply: boolean;
    readonly shove?: readonly string[] | undefined;
  };
  'round-end': Record<never, never>;
  'start-mortal': { readonly unit: UnitId };
  'start-steps': { readonly unit: UnitId; readonly step: number };
  /** tactics.ts: the tactics check (R6) so far, with the reroll being asked of `asking`. */
  tactics: {
    readonly totals?: Readonly<Record<PlayerId, number>>;
    readonly rerolls?: Readonly<Record<PlayerId, number>>;
    readonly declined?: readonly PlayerId[];
    readonly asking?: PlayerId;
    readonly answer?: boolean;
    /** R59: the last player to reroll; the next to be asked sits after them. */
    readonly after?: PlayerId;
  };
  /** traits.ts: an act trait's gains and effects (`target`: the one unit named). */
  'use-trait': { readonly unit: UnitId; readonly trait: string; readonly target: UnitId | undefined };
  /**
   * wounds.ts: wounds landing on a unit (R22); `why` says what dealt them in words, `from` which kind
   * of thing, with the attack's or act trait's id (frames paused before these existed lack them);
   * `answer` is the owner's split.
   */
  wound: {
    readonly unit: UnitId;
    readonly wound: number;
    readonly woundType: WoundType;
    readonly source: UnitId | null;
    readonly why: string;
    readonly from?: WoundSource;
    readonly attack?: string;
    readonly trait?: string;
    readonly answer?: SplitChoice;
  };
}

export type FrameKind = keyof FrameFields;

/** A frame of one kind (one kind at a time: for several, a union of FrameOf). */
export type FrameOf<K extends FrameKind> = { readonly k: K } & FrameFields[K];

/** A step of rules resolution waiting to run: one of the kinds in FrameFields. */
export type Frame = { [K in FrameKind]: FrameOf<K> }[FrameKind];

export interface GameState {
  readonly map: Gridmap;
  readonly cards: Readonly<Record<string, UnitCard>>;
  readonly mods: Readonly<Record<string, ModCard>>;
  readonly options: Options;
  /** Seating order, as given at setup. */
  readonly players: readonly PlayerId[];
  /** Players whose units are all dropped (R2). */
  readonly out: readonly PlayerId[];
  /**
   * Of `out`, the players who conceded (a timeout concedes for its player): their units left the
   * table unscored, not dropped in play. Absent until someone concedes.
   */
  readonly conceded?: readonly PlayerId[];
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
