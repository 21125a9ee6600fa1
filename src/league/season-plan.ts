/**
 * What a season does next, decided from what is stored, pure: the
 * season runner (league/season-runner.ts) reads the season, asks `nextStep`, and carries the step
 * out in one transaction, then asks again. Each step moves the season on, so asking twice after one
 * change (two matches ending at once, a restart) does no harm: the second answer is the next step or
 * nothing.
 *
 * - Sign-ups close at their deadline (or when an organiser closes them): round 1 is paired.
 * - A round whose every match is over (or forfeited at the round's deadline) is over: the next round
 *   is paired, or after the last one the season closes with its final standings.
 * - At a round's deadline, matches still being played are forfeited by whoever the match waits for.
 */
import { type Pair, pairKey, pairRoundRobin, pairSwiss, roundRobinRounds, type SwissPlayer, swissRounds } from './pairing';

export type PairingSystem = 'round-robin' | 'swiss';

/** Match points of a season: a win (or a bye) 3, a draw 1, a loss or a forfeit 0. */
export const POINTS = { win: 3, draw: 1, loss: 0, forfeit: 0, bye: 3 } as const;

export interface SeasonView {
  readonly state: 'signup' | 'running' | 'closed';
  readonly pairing: PairingSystem;
  /** Rounds planned; null: as the pairing system decides. */
  readonly rounds: number | null;
  /** When sign-ups close by themselves; null: an organiser closes them. */
  readonly signupDeadline: number | null;
  /** How long a round lasts; null: no round deadline (the match clocks still forfeit idle players). */
  readonly roundHours: number | null;
  /** Everyone who was in the season when it started (or is signed up, before), in sign-up order. */
  readonly entrants: readonly string[];
  /** Those of them still in (not removed and not left), in sign-up order. */
  readonly players: readonly string[];
  readonly roundsPlayed: readonly RoundView[];
  /** Each player's rating (the conservative ordinal), for Swiss ranking; missing: 0. */
  readonly ratings: ReadonlyMap<string, number>;
}

export interface RoundView {
  readonly number: number;
  readonly deadline: number | null;
  readonly ended: number | null;
  readonly pairings: readonly PairingView[];
}

export interface PairingView {
  readonly id: number;
  readonly players: readonly string[];
  readonly bye: boolean;
  /** The match, once the bot opened it. */
  readonly matchId: string | null;
  /** Whether its match is over (or cancelled), so it no longer holds the round up. */
  readonly done: boolean;
  /** How it went for each player (a bye: the bye). Empty while it is played. */
  readonly sides: Readonly<Record<string, Side>>;
}

export type SeasonOutcome = keyof typeof POINTS;

/** One player's side of a finished pairing. */
export interface Side {
  readonly outcome: SeasonOutcome;
  readonly vpFor: number;
  readonly vpAgainst: number;
}

export type SeasonStep =
  | { readonly kind: 'wait' }
  /** Too few players at the sign-up deadline: the season closes unplayed. */
  | { readonly kind: 'cancel'; readonly reason: string }
  /** Pair round `round` (1 after sign-ups), with its deadline. */
  | { readonly kind: 'pair'; readonly round: number; readonly of: number; readonly pairs: readonly Pair[]; readonly deadline: number | null }
  /** No pairing without a repeat exists: the season ends early, after `round - 1` rounds. */
  | { readonly kind: 'finish'; readonly round: number; readonly early: boolean }
  /** The round's matches are all over: mark it ended (then ask again). */
  | { readonly kind: 'end-round'; readonly round: number }
  /** The round's deadline passed: its open matches are forfeited. */
  | { readonly kind: 'forfeit-late'; readonly round: number; readonly matches: readonly string[] }
  /** Pairings the bot has not opened a match for yet. */
  | { readonly kind: 'open'; readonly round: number; readonly pairings: readonly number[] };

/** The rounds a season plays: the organiser's number, else round-robin's full cycle or Swiss's ⌈log₂ n⌉. */
export function plannedRounds(view: Pick<SeasonView, 'pairing' | 'rounds'>, players: number): number {
  const full = roundRobinRounds(players);
  if (view.rounds !== null) return view.pairing === 'round-robin' ? Math.min(view.rounds, full) : view.rounds;
  return view.pairing === 'round-robin' ? full : swissRounds(players);
}

/** Each player's season score (match points) so far. */
export function scores(view: Pick<SeasonView, 'players' | 'roundsPlayed'>): Map<string, number> {
  const out = new Map(view.players.map((p) => [p, 0]));
  for (const r of view.roundsPlayed)
    for (const p of r.pairings)
      for (const [player, side] of Object.entries(p.sides)) if (out.has(player)) out.set(player, out.get(player)! + POINTS[side.outcome]);
  return out;
}

/** Pairs round `round` for the players still in. */
export function pairRound(view: SeasonView, round: number): Pair[] | null {
  if (view.pairing === 'round-robin') {
    // The seating is fixed by sign-up order, so every round comes from the same circle; a player
    // who left keeps their seat, and whoever would have met them has a bye.
    return pairRoundRobin(view.entrants, round).flatMap((p): Pair[] => {
      const a = view.players.includes(p.a) ? p.a : null;
      const b = p.b !== null && view.players.includes(p.b) ? p.b : null;
      if (a && b) return [{ a, b }];
      if (a || b) return [{ a: (a ?? b)!, b: null }];
      return [];
    });
  }
  const score = scores(view);
  const met = new Set<string>();
  const byes = new Set<string>();
  for (const r of view.roundsPlayed)
    for (const p of r.pairings) {
      if (p.bye) byes.add(p.players[0]!);
      for (let i = 0; i < p.players.length; i++) for (let j = i + 1; j < p.players.length; j++) met.add(pairKey(p.players[i]!, p.players[j]!));
    }
  const field: SwissPlayer[] = view.players.map((id) => ({ id, score: score.get(id) ?? 0, rating: view.ratings.get(id) ?? 0, hadBye: byes.has(id) }));
  return pairSwiss(field, met);
}

/** The next thing the season must do at time `now`. */
export function nextStep(view: SeasonView, now: number): SeasonStep {
  if (view.state === 'closed') return { kind: 'wait' };
  if (view.state === 'signup') {
    if (view.signupDeadline === null || now < view.signupDeadline) return { kind: 'wait' };
    return startStep(view, now);
  }
  const current = view.roundsPlayed.at(-1);
  if (!current) return startStep(view, now);
  const unopened = current.pairings.filter((p) => !p.bye && p.matchId === null).map((p) => p.id);
  if (unopened.length > 0) return { kind: 'open', round: current.number, pairings: unopened };
  if (current.ended === null) {
    if (current.pairings.every((p) => p.done)) return { kind: 'end-round', round: current.number };
    if (current.deadline !== null && now >= current.deadline) {
      const late = current.pairings.filter((p) => !p.done && p.matchId !== null).map((p) => p.matchId!);
      return { kind: 'forfeit-late', round: current.number, matches: late };
    }
    return { kind: 'wait' };
  }
  // The planned rounds do not change when a player leaves.
  const of = plannedRounds(view, view.entrants.length);
  if (current.number >= of) return { kind: 'finish', round: current.number, early: false };
  return pairStep(view, current.number + 1, of, now);
}

/** Sign-ups close: round 1, if there are players enough. */
export function startStep(view: SeasonView, now: number): SeasonStep {
  if (view.players.length < 2) return { kind: 'cancel', reason: `${view.players.length === 0 ? 'nobody' : 'only one player'} signed up` };
  return pairStep(view, 1, plannedRounds(view, view.players.length), now);
}

function pairStep(view: SeasonView, round: number, of: number, now: number): SeasonStep {
  if (view.players.length < 2) return { kind: 'finish', round: round - 1, early: true };
  const pairs = pairRound(view, round);
  if (!pairs) return { kind: 'finish', round: round - 1, early: true };
  return { kind: 'pair', round, of, pairs, deadline: view.roundHours === null ? null : now + view.roundHours * 3_600_000 };
}
