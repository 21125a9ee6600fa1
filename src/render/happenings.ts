/**
 * What happened, as data: the game's events read into happenings (view-last-turn.ts), which
 * last-turn-words.ts puts into words for every reader (the act's reply, the turn log, the match log,
 * the catch-up digest, the alt text). Units are named by their map labels, players by their names;
 * `playerId` fields keep the id where a reader must know whether a player is "you".
 */
import type { AttackView, DropView, HarmView, MoveView } from './view';

/** One batch of wounds landing on a unit (a `wounded` event), with what became of them (R22). */
export interface WoundWords {
  readonly unit: string;
  /** Wounds dealt, before immunity, vulnerability and toughness. */
  readonly wound: number;
  readonly type: string;
  /** After immunity and vulnerability, before toughness. */
  readonly defended: number;
  readonly toughness: number;
  /** What was left to allot: avoided with Vigor in fives, a box marked for each other five. */
  readonly taken: number;
  readonly avoided: number;
  readonly injuries: readonly string[];
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
  readonly kind: 'reply' | 'wounds' | 'order' | 'reroll' | 'recover';
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
  | { readonly kind: 'tactics'; readonly totals: readonly { readonly player: string; readonly total: number }[]; readonly winner: string | null; readonly rerolled: string | null; readonly leader: string | null }
  | { readonly kind: 'order'; readonly ap: string; readonly order: readonly string[]; readonly greater: boolean }
  | { readonly kind: 'phase'; readonly phase: number }
  | { readonly kind: 'turn'; readonly player: string; readonly playerId: string }
  | { readonly kind: 'activate'; readonly unit: string; readonly name: string; readonly player: string; readonly acts: number }
  | { readonly kind: 'controlled'; readonly unit: string; readonly player: string; readonly why: string }
  | { readonly kind: 'enraged'; readonly unit: string; readonly nearest: readonly string[]; readonly canClose: boolean }
  | { readonly kind: 'vigor-lost'; readonly unit: string; readonly amount: number; readonly why: string }
  | { readonly kind: 'act-lost'; readonly unit: string; readonly reason: string }
  | { readonly kind: 'move'; readonly move: MoveView; readonly spent: number }
  | { readonly kind: 'charge'; readonly move: MoveView; readonly target: string; readonly paid: string | null }
  | { readonly kind: 'shove'; readonly move: MoveView; readonly by: string; readonly effect: string }
  | { readonly kind: 'prompt'; readonly prompt: PromptWords }
  /** `lost`: the replier dropped before its reply came (R26). */
  | { readonly kind: 'reply-declared'; readonly unit: string; readonly against: string; readonly attack: string; readonly lost: boolean }
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
  | { readonly kind: 'pay'; readonly unit: string; readonly what: string }
  | { readonly kind: 'gain'; readonly unit: string; readonly what: string }
  | { readonly kind: 'status'; readonly unit: string; readonly status: string; readonly gained: boolean; readonly reason: string; readonly source: string | null }
  | { readonly kind: 'recovery-failed'; readonly unit: string; readonly status: string | null; readonly rolls: readonly number[] }
  | { readonly kind: 'warleader-die'; readonly unit: string; readonly for: string }
  | { readonly kind: 'drop'; readonly drop: DropView }
  | { readonly kind: 'score'; readonly player: string; readonly points: number; readonly reason: string; readonly objective: boolean }
  | { readonly kind: 'rest'; readonly unit: string; readonly token: string }
  | { readonly kind: 'crow'; readonly unit: string; readonly vigor: number }
  | { readonly kind: 'roll'; readonly unit: string; readonly why: string; readonly rolls: readonly number[] }
  | { readonly kind: 'turn-ended'; readonly unit: string | null; readonly player: string }
  | { readonly kind: 'player-out'; readonly player: string }
  | { readonly kind: 'conceded'; readonly player: string }
  | { readonly kind: 'game-over'; readonly winner: string | null; readonly reason: string };

export type HappeningKind = Happening['kind'];
