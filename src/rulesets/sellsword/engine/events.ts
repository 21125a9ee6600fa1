/**
 * Events: what happened, in words a log reader can audit (dice included), and the only way state
 * changes. `apply` never fails and never rolls: events that used dice carry them, and apply only
 * moves the generator past them.
 */
import type { InjuryBox } from '../formats/card';
import type { ActType, StatusName, TokenKind, WoundType } from '../formats/vocabulary';
import { squareIndex } from '../../../engine/board';
import { rollD20 } from '../../../engine/dice';
import { sideOf } from './sides';
import { boardOf } from './table';
import {
  type Frame,
  type GameState,
  type PlayerId,
  type Prompt,
  type StatusState,
  TOUGHNESS_A_ROUND,
  type Tokens,
  type TurnState,
  type UnitId,
  type UnitState,
  type WoundSource,
} from './state';

export type { WoundSource } from './state';

export type GameEvent =
  | { type: 'round-started'; round: number }
  /** A reroll (`rerolled`) spends a die of the player's highest-rated Warleader, `warleader` (R6, §4.7). */
  | { type: 'tactics-rolled'; rolls: number[]; totals: Record<PlayerId, number>; winner: PlayerId | null; rerolled?: PlayerId; warleader?: UnitId }
  | { type: 'order-set'; order: PlayerId[]; ap: PlayerId; greaterAdvantage: boolean }
  | { type: 'phase-started'; phase: number }
  | { type: 'turn-started'; player: PlayerId }
  | { type: 'unit-activated'; unit: UnitId; acts: number }
  | { type: 'controlled'; unit: UnitId; player: PlayerId; why: string }
  /** §6.2: `nearest` are the enemies it must end beside; `canClose` false frees it (it could reach none). */
  | { type: 'enraged'; unit: UnitId; nearest: UnitId[]; canClose: boolean }
  | { type: 'vigor-lost'; unit: UnitId; amount: number; why: string }
  | { type: 'act-lost'; unit: UnitId; reason: string }
  /** `trait`: the act trait used, for a `trait` act (absent in logs written before it was added). */
  | { type: 'act-begun'; unit: UnitId; act: ActType; acts: number; keepMovePoints?: boolean; trait?: string }
  /** `from` is where the unit stood before this part of the move: a square, or null from reserve. */
  | { type: 'moved'; unit: UnitId; from: string | null; path: string[]; spent: number; diagonals: number; pointsLeft: number; maneuver?: boolean }
  | { type: 'charged'; unit: UnitId; from: string; path: string[]; target: UnitId }
  | { type: 'shoved'; unit: UnitId; by: UnitId; from: string; path: string[]; effect: string }
  | { type: 'reply-declared'; unit: UnitId; attack: string | null; against: UnitId }
  | { type: 'rested'; unit: UnitId; token: TokenKind }
  | { type: 'crowed'; unit: UnitId; vigor: number }
  | { type: 'paid'; unit: UnitId; tokens?: Partial<Tokens>; vigor?: number }
  | { type: 'gained'; unit: UnitId; tokens?: Partial<Tokens>; vigor?: number }
  | {
      type: 'attack-rolled';
      unit: UnitId;
      attack: string;
      target: UnitId;
      rolls: number[];
      modifier: number;
      need: number;
      hit: boolean;
      critical: boolean;
      glancing: boolean;
      notes: string[];
      reply?: boolean;
      /** A burst's origin square (R24). */
      origin?: string;
    }
  | {
      type: 'wounded';
      unit: UnitId;
      wound: number;
      woundType: WoundType;
      source: UnitId | null;
      /** What dealt them: an attack's name, recurring wounds, damaging terrain. */
      cause: string;
      /**
       * Where they came from: an attack (`attack` its id), a reply (likewise), an act trait (`trait`
       * its id), damaging terrain or a recurring status. Logs written before these fields existed lack them.
       */
      from?: WoundSource;
      attack?: string;
      trait?: string;
      /** Wounds after immunity, vulnerability and toughness (R22). */
      taken: number;
      toughness: number;
      avoided: number;
      injuries: InjuryBox[];
    }
  | { type: 'status-gained'; unit: UnitId; status: StatusState }
  | { type: 'status-lost'; unit: UnitId; index: number; status: StatusName; reason: string; rolls?: number[] }
  /** `needed`: what d20 + `added` (1 per injury) had to come under; a natural 20 always fails (R28). */
  | { type: 'recovery-failed'; unit: UnitId; index: number; rolls: number[]; needed?: number; added?: number }
  /**
   * An effect of `by`'s attack that did not happen to `unit`, and why, so the log can say what the map
   * cannot show: a push or recoil that found no square, a status the unit already has. Changes nothing.
   */
  | { type: 'effect-failed'; unit: UnitId; by: UnitId; effect: string; why: string }
  /** §4.7: warleader `unit` spends a ★ (react) token and a die so `for` may reroll its recovery roll. */
  | { type: 'warleader-die'; unit: UnitId; for: UnitId; roll: 'recovery' }
  | { type: 'rolled'; unit: UnitId; why: string; rolls: number[] }
  | { type: 'dropped'; unit: UnitId; by: UnitId | null }
  | { type: 'scored'; player: PlayerId; points: number; reason: string }
  | { type: 'prompted'; prompt: Prompt; resume: Frame[] }
  | { type: 'answered'; player: PlayerId; answer: unknown }
  | { type: 'turn-ended'; unit: UnitId | null; player: PlayerId }
  | { type: 'player-out'; player: PlayerId }
  /** The player leaves: out, units off the table unscored, any open prompt withdrawn (decide.ts `concede`). */
  | { type: 'conceded'; player: PlayerId }
  | { type: 'game-over'; winner: PlayerId | null; reason: string };

export type EventOf<T extends GameEvent['type']> = Extract<GameEvent, { type: T }>;

function advance(state: GameState, rolls: readonly number[] | undefined): GameState {
  if (!rolls || rolls.length === 0) return state;
  let rng = state.rng;
  for (let i = 0; i < rolls.length; i++) rng = rollD20(rng)[1];
  return { ...state, rng };
}

/*
 * apply() runs for every event twice over (deciding, then replaying the log), so changes are written
 * as single object literals: `{ ...unit, vigor }` keeps every key where it was, as the state's JSON
 * must stay the same bit for bit, and makes no patch objects on the way.
 */
function unitIn(state: GameState, id: UnitId): UnitState {
  const unit = state.units[id];
  if (!unit) throw new Error(`event names unknown unit ${id}`);
  return unit;
}

const withUnit = (state: GameState, id: UnitId, unit: UnitState): GameState => ({ ...state, units: { ...state.units, [id]: unit } });

function turnIn(state: GameState): TurnState {
  if (!state.turn) throw new Error('event needs a turn in progress');
  return state.turn;
}

const addTokens = (a: Tokens, b: Partial<Tokens> | undefined, sign: 1 | -1): Tokens => ({
  react: a.react + sign * (b?.react ?? 0),
  blue: a.blue + sign * (b?.blue ?? 0),
  red: a.red + sign * (b?.red ?? 0),
});

/** The `why` of the `controlled` event a failed Glamyred roll emits: it marks the status as held (R65). */
export const GLAMYRED_HELD = 'Glamyred';

export const NO_ACTS: Readonly<Record<ActType, number>> = { move: 0, maneuver: 0, attack: 0, rest: 0, crow: 0, trait: 0 };

function squareAt(state: GameState, name: string): number {
  const i = squareIndex(boardOf(state), name);
  if (i === null) throw new Error(`event names square ${name}, which is off the map`);
  return i;
}

/** How each kind of event changes the state: one pure function per kind, and nothing else. */
type Appliers = { readonly [K in GameEvent['type']]: (state: GameState, event: EventOf<K>) => GameState };

/** Events that change nothing in the state: they are told, not applied. */
const unchanged = (state: GameState): GameState => state;

/** An event that only draws dice advances the generator past its rolls. */
const rollsOnly = (state: GameState, event: { readonly rolls?: readonly number[] }): GameState => advance(state, event.rolls);

function onRoundStarted(state: GameState, event: EventOf<'round-started'>): GameState {
  return {
    ...state,
    round: event.round,
    phase: 0,
    phaseDone: [],
    units: Object.fromEntries(
      Object.entries(state.units).map(([id, u]) => [id, { ...u, turnTaken: false, crowed: false, toughness: TOUGHNESS_A_ROUND, warleaderUsed: 0 }]),
    ),
  };
}

function onTacticsRolled(state: GameState, event: EventOf<'tactics-rolled'>): GameState {
  const rolled = advance(state, event.rolls);
  if (event.warleader === undefined) return rolled;
  const leader = unitIn(rolled, event.warleader);
  return withUnit(rolled, event.warleader, { ...leader, warleaderUsed: leader.warleaderUsed + 1 });
}

function onTurnStarted(state: GameState, event: EventOf<'turn-started'>): GameState {
  return {
    ...state,
    turn: {
      player: event.player,
      unit: null,
      actsLeft: 0,
      used: NO_ACTS,
      movePoints: 0,
      diagonals: 0,
      droppedEnemy: false,
      controller: null,
      enraged: null,
    },
  };
}

function onUnitActivated(state: GameState, event: EventOf<'unit-activated'>): GameState {
  // R65: a failed Glamyred roll holds until the unit begins its next turn, which rolls again.
  const turned = { ...state, turn: { ...turnIn(state), unit: event.unit, actsLeft: event.acts } };
  const u = unitIn(state, event.unit);
  if (!u.statuses.some((s) => s.held)) return turned;
  return withUnit(turned, event.unit, { ...u, statuses: u.statuses.map(({ held: _, ...s }) => s) });
}

function onControlled(state: GameState, event: EventOf<'controlled'>): GameState {
  // A controlled unit performs only a single act (§6.2).
  const t = turnIn(state);
  const turned = { ...state, turn: { ...t, controller: event.player, actsLeft: Math.min(t.actsLeft, 1) } };
  if (event.why !== GLAMYRED_HELD) return turned;
  // R65: the failed Glamyred roll also makes the unit Compromised and unable to react.
  const u = unitIn(state, event.unit);
  return withUnit(turned, event.unit, { ...u, statuses: u.statuses.map((s) => (s.status === 'glamyred' ? { ...s, held: true as const } : s)) });
}

function onActBegun(state: GameState, event: EventOf<'act-begun'>): GameState {
  const t = turnIn(state);
  return {
    ...state,
    turn: {
      ...t,
      actsLeft: t.actsLeft - event.acts,
      // R44: an act that takes several acts counts as that many of its type (the rule of 3).
      used: { ...t.used, [event.act]: t.used[event.act] + event.acts },
      movePoints: event.keepMovePoints ? t.movePoints : 0,
    },
  };
}

function onMoved(state: GameState, event: EventOf<'moved'>): GameState {
  const to = squareAt(state, event.path[event.path.length - 1]!);
  const u = unitIn(state, event.unit);
  const t = turnIn(state);
  return {
    ...state,
    units: { ...state.units, [event.unit]: { ...u, at: to } },
    turn: { ...t, diagonals: t.diagonals + event.diagonals, movePoints: event.pointsLeft },
  };
}

/** A charge or a shove: the unit stands at its path's last square. */
function onPlaced(state: GameState, event: EventOf<'charged' | 'shoved'>): GameState {
  const u = unitIn(state, event.unit);
  return withUnit(state, event.unit, { ...u, at: squareAt(state, event.path[event.path.length - 1]!) });
}

function onRested(state: GameState, event: EventOf<'rested'>): GameState {
  const u = unitIn(state, event.unit);
  return withUnit(state, event.unit, { ...u, tokens: { ...u.tokens, [event.token]: u.tokens[event.token] + 1 } });
}

function onCrowed(state: GameState, event: EventOf<'crowed'>): GameState {
  const u = unitIn(state, event.unit);
  return withUnit(state, event.unit, { ...u, crowed: true, vigor: u.vigor + event.vigor });
}

function onPaid(state: GameState, event: EventOf<'paid'>): GameState {
  const u = unitIn(state, event.unit);
  return withUnit(state, event.unit, { ...u, tokens: addTokens(u.tokens, event.tokens, -1), vigor: u.vigor - (event.vigor ?? 0) });
}

function onGained(state: GameState, event: EventOf<'gained'>): GameState {
  const u = unitIn(state, event.unit);
  return withUnit(state, event.unit, { ...u, tokens: addTokens(u.tokens, event.tokens, 1), vigor: u.vigor + (event.vigor ?? 0) });
}

function onWounded(state: GameState, event: EventOf<'wounded'>): GameState {
  const u = unitIn(state, event.unit);
  return withUnit(state, event.unit, {
    ...u,
    vigor: u.vigor - event.avoided,
    toughness: u.toughness - event.toughness,
    injuries: [...u.injuries, ...event.injuries],
  });
}

/** A failed recovery roll keeps its target on the status (StatusState.lastRoll); an Enraged failure rolls nothing. */
function onRecoveryFailed(state: GameState, event: EventOf<'recovery-failed'>): GameState {
  const next = advance(state, event.rolls);
  const u = unitIn(next, event.unit);
  const needed = event.needed;
  if (needed === undefined || !u.statuses[event.index]) return next;
  const defensive = u.injuries.filter((b) => b === 'defensive').length;
  return withUnit(next, event.unit, { ...u, statuses: u.statuses.map((s, i) => (i === event.index ? { ...s, lastRoll: { needed, defensive } } : s)) });
}

function onStatusLost(state: GameState, event: EventOf<'status-lost'>): GameState {
  const u = unitIn(state, event.unit);
  return advance(withUnit(state, event.unit, { ...u, statuses: u.statuses.filter((_, i) => i !== event.index) }), event.rolls);
}

function onWarleaderDie(state: GameState, event: EventOf<'warleader-die'>): GameState {
  const u = unitIn(state, event.unit);
  return withUnit(state, event.unit, { ...u, tokens: { ...u.tokens, react: u.tokens.react - 1 }, warleaderUsed: u.warleaderUsed + 1 });
}

function onDropped(state: GameState, event: EventOf<'dropped'>): GameState {
  const dropped = withUnit(state, event.unit, { ...unitIn(state, event.unit), dropped: true, at: null });
  const turn = dropped.turn;
  const by = event.by === null ? undefined : dropped.units[event.by];
  // R30: the active unit dropped an enemy this turn, so it may crow; a Controlled unit's enemies
  // are its controller's (§6.2).
  if (turn && by && turn.unit === by.id && sideOf(dropped, by) !== dropped.units[event.unit]!.player) {
    return { ...dropped, turn: { ...turn, droppedEnemy: true } };
  }
  return dropped;
}

function onTurnEnded(state: GameState, event: EventOf<'turn-ended'>): GameState {
  const phaseDone = [...state.phaseDone, event.player];
  if (event.unit === null) return { ...state, turn: null, phaseDone };
  const units = { ...state.units, [event.unit]: { ...unitIn(state, event.unit), turnTaken: true } };
  return { ...state, units, turn: null, phaseDone };
}

function onConceded(state: GameState, event: EventOf<'conceded'>): GameState {
  const units = Object.fromEntries(
    Object.entries(state.units).map(([id, u]) => [id, u.player === event.player && !u.dropped ? { ...u, dropped: true, at: null } : u]),
  );
  return { ...state, out: [...state.out, event.player], conceded: [...(state.conceded ?? []), event.player], units, prompt: null, resume: [] };
}

const APPLIERS = {
  'round-started': onRoundStarted,
  'tactics-rolled': onTacticsRolled,
  'order-set': (state, event) => ({ ...state, order: event.order, ap: event.ap, phase: event.greaterAdvantage ? 0 : 1, phaseDone: [] }),
  'phase-started': (state, event) => ({ ...state, phase: event.phase, phaseDone: [] }),
  'turn-started': onTurnStarted,
  'unit-activated': onUnitActivated,
  controlled: onControlled,
  enraged: (state, event) => ({ ...state, turn: { ...turnIn(state), enraged: event.canClose ? event.nearest : null } }),
  'vigor-lost': (state, event) => {
    const u = unitIn(state, event.unit);
    return withUnit(state, event.unit, { ...u, vigor: u.vigor - event.amount });
  },
  'act-lost': unchanged,
  'act-begun': onActBegun,
  moved: onMoved,
  charged: onPlaced,
  shoved: onPlaced,
  'reply-declared': unchanged,
  rested: onRested,
  crowed: onCrowed,
  paid: onPaid,
  gained: onGained,
  'attack-rolled': rollsOnly,
  rolled: rollsOnly,
  wounded: onWounded,
  'status-gained': (state, event) => {
    const u = unitIn(state, event.unit);
    return withUnit(state, event.unit, { ...u, statuses: [...u.statuses, event.status] });
  },
  'status-lost': onStatusLost,
  'recovery-failed': onRecoveryFailed,
  'effect-failed': unchanged,
  'warleader-die': onWarleaderDie,
  dropped: onDropped,
  scored: (state, event) => ({ ...state, score: { ...state.score, [event.player]: (state.score[event.player] ?? 0) + event.points } }),
  prompted: (state, event) => ({ ...state, prompt: event.prompt, resume: event.resume }),
  answered: (state) => ({ ...state, prompt: null, resume: [] }),
  'turn-ended': onTurnEnded,
  'player-out': (state, event) => ({ ...state, out: [...state.out, event.player] }),
  conceded: onConceded,
  'game-over': (state, event) => ({ ...state, winner: event.winner, over: true, turn: null }),
} satisfies Appliers;

const appliers: Appliers = APPLIERS;

function applyKind<K extends GameEvent['type']>(state: GameState, event: EventOf<K>): GameState {
  const applier: Appliers[K] = appliers[event.type];
  return applier(state, event);
}

/** The state after one event: the event's change, and nothing else. */
export function apply(state: GameState, event: GameEvent): GameState {
  return applyKind(state, event);
}
