/**
 * What Sword and Claw's turn picture is built from (./table-view.ts): the map, the troop cards, the
 * players and their armies, every troop with its place and wounds, where the match stands, and what
 * the last turn did, read into happenings. Plain data, so the picture can be built from a match's
 * state and log, a scenario, or a test, without the match's types.
 */
import type { ScMap } from '../formats/map';
import type { TroopCard } from '../formats/troop-card';
import type { MoveOrder } from '../rules/movement';
import type { Altitude } from '../formats/vocabulary';

export interface ScViewTroop {
  readonly id: string;
  /** Its troop card's id. */
  readonly troop: string;
  readonly player: string;
  /** Top-left square index; null: not deployed, or removed. */
  readonly at: number | null;
  /** Wounds taken. */
  readonly taken: number;
  readonly removed: boolean;
  /** A weapon of it has fired and waits to be reloaded (SC App. B Requires Reload). */
  readonly unloaded?: boolean;
  /** The conditions it carries, one per effect (SC Conditions); absent when none. */
  readonly conditions?: readonly ('entangled' | 'paralyzed' | 'poisoned')[];
  /** Its saves left it half its Move this turn (SC Conditions Entangled). */
  readonly halfMove?: boolean;
  /**
   * A troop of a reserve force not in the match (SC Set-up 7): not chosen, or not yet placed. It keeps
   * its place in the labels, so they never change, but is neither drawn nor listed nor counted.
   */
  readonly held?: true;
  /** A flyer's level (SC Flight); absent for a troop without Flight. */
  readonly altitude?: Altitude;
}

/** Where a match stands, for the header. */
export type ScViewStage =
  | { readonly kind: 'deployment'; readonly player: string }
  | { readonly kind: 'turn'; readonly player: string; readonly step: string }
  | { readonly kind: 'over'; readonly winner: string | null; readonly reason: 'elimination' | 'concession' | 'round-limit' }
  /** Between one side's turn and the next. */
  | { readonly kind: 'between' };

/** What the last turn did, as the picture draws it. Squares are top-left square indices. */
export type ScHappening =
  /** A movement order: the squares it stood on, the first where it started. */
  | { readonly kind: 'moved'; readonly troop: string; readonly how: MoveOrder | 'charge'; readonly path: readonly number[] }
  /** A melee strike, an opportunity attack or a shot, with where both stood when it was made. */
  | {
      readonly kind: 'strike';
      /** A shot of the ranged step; `target` is the troop it hit, or aimed at when it missed. */
      readonly shot?: boolean;
      /** A trample (SC Movement d), drawn from where the mover stood as it stepped into the target's space. */
      readonly trample?: boolean;
      readonly attacker: string;
      readonly target: string;
      readonly from: number;
      readonly to: number;
      readonly hit: boolean;
      readonly wounds: number;
      readonly opportunity: boolean;
    }
  | { readonly kind: 'removed'; readonly troop: string; readonly at: number }
  /**
   * An Area attack's landing, a projected attack's template or a sweep (`shape`: Cone, Fan, Line, Aura,
   * Sweep), or a missed Direct Line shot's flight (`Direct Line`): the squares it covered.
   */
  | { readonly kind: 'area'; readonly attacker: string; readonly squares: readonly number[]; readonly deviated: number; readonly shape?: string };

export interface ScViewInput {
  readonly map: Pick<ScMap, 'name' | 'grid'>;
  readonly cards: Readonly<Record<string, TroopCard>>;
  /** The two players in seat order. */
  readonly players: readonly string[];
  /** Names to show for players; the id otherwise. */
  readonly names?: Readonly<Record<string, string>>;
  /** Each player's army name. */
  readonly armies: Readonly<Record<string, string>>;
  readonly attacker: string | null;
  /** Every troop of the match, in setup order (labels follow it, so they never change). */
  readonly troops: readonly ScViewTroop[];
  readonly round: number;
  readonly stage: ScViewStage;
  /** The troop a prompt or an order is about now: drawn with the active corners. */
  readonly active?: string;
  readonly happenings?: readonly ScHappening[];
  /** Deployment zones to show (SC Set-up 7): whose, and their squares. */
  readonly zones?: readonly { readonly player: string; readonly squares: readonly number[] }[];
  /** Whose turn the happenings are from: the header says so. */
  readonly lastTurnBy?: string;
}
