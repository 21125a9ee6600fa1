/**
 * The pre-game setup (§2.1, R5, R6) as its own small game: a seed plus a log of events, replayed with
 * pregameApply exactly like a match. It ends with `done`, which the bot feeds to initial(): the AP,
 * who chose the map, which map, and every player's entry tile.
 */
import type { Gridmap } from '../../../formats/gridmap';
import { rollD20, type Rng } from '../../../engine/dice';
import type { PlayerId } from './state';

export interface PregameSetup {
  /** Seating order, challenger first; 2–4 players. */
  readonly players: readonly PlayerId[];
  /** Each player's highest Warleader rating (0 if none): rerolls of the setup check (R6); see setupRerolls. */
  readonly rerolls: Readonly<Record<PlayerId, number>>;
  /** Candidate maps; exactly one means the map was agreed and nobody is asked for it. */
  readonly maps: readonly MapChoice[];
  /** Minted by the bot, never here. */
  readonly rng: Rng;
}

export interface MapChoice {
  readonly id: string;
  readonly map: Gridmap;
}

/** A start area's legal entry tiles, named by their top-left square, in board order. */
export interface EntryArea {
  /** The start area's number on the map (1 = the map's "1" squares, or R5's first default edge). */
  readonly area: number;
  readonly tiles: readonly string[];
}

export interface RerollOptions {
  readonly total: number;
  readonly leader: PlayerId;
  readonly leaderTotal: number;
  readonly rerollsLeft: number;
}

/** The one decision the setup waits for; only `player` may answer it. */
export type PregamePrompt =
  | { readonly kind: 'reroll'; readonly player: PlayerId; readonly options: RerollOptions }
  | { readonly kind: 'map-chooser'; readonly player: PlayerId; readonly options: readonly PlayerId[] }
  | { readonly kind: 'map'; readonly player: PlayerId; readonly options: readonly { readonly id: string; readonly name: string }[] }
  | { readonly kind: 'entry'; readonly player: PlayerId; readonly options: { readonly areas: readonly EntryArea[] } };

export interface PregameDone {
  readonly ap: PlayerId;
  /** The player the AP named to choose the map; they placed the first entry tile. */
  readonly chooser: PlayerId;
  /** The chosen candidate's id. */
  readonly map: string;
  /** Top-left square of each player's 2×2 entry tile, for initial()'s `entry`. */
  readonly entry: Readonly<Record<PlayerId, string>>;
  /**
   * The generator where the setup left it. Handing it to initial() keeps round 1's tactics check
   * from replaying the setup check's dice, which a fresh generator with the same seed would do.
   */
  readonly rng: Rng;
}

export interface PregameState {
  readonly players: readonly PlayerId[];
  readonly maps: readonly MapChoice[];
  readonly rng: Rng;
  /** The setup tactics check's current totals; null until `{ begin: true }`. */
  readonly totals: Readonly<Record<PlayerId, number>> | null;
  readonly rerollsLeft: Readonly<Record<PlayerId, number>>;
  /** Players who declined a reroll: not asked again until a reroll changes the lead (R59, as in tactics.ts). */
  readonly declined: readonly PlayerId[];
  /** R59: the last player to reroll; the next asked sits after them. */
  readonly lastRerolled?: PlayerId;
  readonly ap: PlayerId | null;
  readonly chooser: PlayerId | null;
  readonly map: string | null;
  /** Entry tiles placed so far, and the start area each one claimed. */
  readonly entry: Readonly<Record<PlayerId, string>>;
  readonly areas: Readonly<Record<PlayerId, number>>;
  readonly prompt: PregamePrompt | null;
  readonly done: PregameDone | null;
}

export type PregameCommand =
  | { readonly begin: true }
  | { readonly reroll: boolean }
  | { readonly chooser: PlayerId }
  | { readonly map: string }
  /** The top-left square of the 2×2 tile. */
  | { readonly entry: string };

export type PregameEvent =
  /** `rolls[i]` is the d20 of `players[i]`; `totals` are everyone's totals after it. */
  | { type: 'tactics-rolled'; players: PlayerId[]; rolls: number[]; totals: Record<PlayerId, number>; rerolled?: PlayerId }
  | { type: 'reroll-declined'; player: PlayerId }
  | { type: 'advantage-won'; ap: PlayerId }
  | { type: 'prompted'; prompt: PregamePrompt }
  | { type: 'chooser-named'; ap: PlayerId; chooser: PlayerId }
  /** `by` is null when there was one candidate: the map was agreed. */
  | { type: 'map-chosen'; by: PlayerId | null; map: string }
  | { type: 'entry-placed'; player: PlayerId; area: number; square: string }
  | { type: 'setup-done'; done: PregameDone };

function advance(rng: Rng, rolls: readonly number[]): Rng {
  let next = rng;
  for (let i = 0; i < rolls.length; i++) next = rollD20(next)[1];
  return next;
}

/** The only way the setup state changes; never fails, never rolls (events carry their dice). */
export function pregameApply(state: PregameState, event: PregameEvent): PregameState {
  switch (event.type) {
    case 'tactics-rolled': {
      const rolled = { ...state, rng: advance(state.rng, event.rolls), totals: { ...event.totals } };
      if (event.rerolled === undefined) return rolled;
      const left = { ...state.rerollsLeft, [event.rerolled]: (state.rerollsLeft[event.rerolled] ?? 0) - 1 };
      // R59: a reroll that changes the lead gives those who declined a fresh chance.
      const lead = (t: Readonly<Record<PlayerId, number>>) => state.players.reduce((a, b) => ((t[b] ?? 0) > (t[a] ?? 0) ? b : a));
      const declined = state.totals !== null && lead(state.totals) !== lead(event.totals) ? [] : state.declined;
      return { ...rolled, rerollsLeft: left, declined, lastRerolled: event.rerolled, prompt: null };
    }
    case 'reroll-declined':
      return { ...state, declined: [...state.declined, event.player], prompt: null };
    case 'advantage-won':
      return { ...state, ap: event.ap };
    case 'prompted':
      return { ...state, prompt: event.prompt };
    case 'chooser-named':
      return { ...state, chooser: event.chooser, prompt: null };
    case 'map-chosen':
      return { ...state, map: event.map, prompt: null };
    case 'entry-placed':
      return {
        ...state,
        entry: { ...state.entry, [event.player]: event.square },
        areas: { ...state.areas, [event.player]: event.area },
        prompt: null,
      };
    case 'setup-done':
      return { ...state, done: event.done };
  }
}

/** state = events.reduce(pregameApply, start), as for a match. */
export function pregameReplay(start: PregameState, events: readonly PregameEvent[]): PregameState {
  return events.reduce(pregameApply, start);
}
