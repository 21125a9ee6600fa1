/**
 * A match's unit turns, rebuilt by replaying its log once, in order: each turn comes with the state it
 * began from, the state after it and its events, which is what the renderer needs for that turn's
 * overlay (the same split as the turn posts in the thread, commands/post-render.ts). Each state is
 * the one before it with that turn's events applied, so a 200-turn match costs one pass over its log,
 * not a replay per turn.
 */
import { apply, type GameEvent } from '../rulesets/sellsword/engine';
import type { GameState, PlayerId, UnitId } from '../rulesets/sellsword/engine';
import type { MatchEvent, MatchSetup } from '../match/match-state';

export interface ReplayTurn {
  /** 0 for the opening map (the battle about to begin), then 1, 2, … for each unit turn in order. */
  readonly index: number;
  /** The sequence number of the event that ended it (for the opening, of the event before the game's first). */
  readonly seq: number;
  readonly before: GameState;
  readonly game: GameState;
  /** Its events, shown as the overlay and the log; none for the opening. */
  readonly events: readonly GameEvent[];
  /** Whose turn it was; null for the opening, and for the last stretch of a match that ended without a turn's end (a concession, say). */
  readonly ended: { readonly unit: UnitId | null; readonly player: PlayerId } | null;
}

export interface LoggedEvent {
  readonly seq: number;
  readonly event: MatchEvent;
}

export class ReplayError extends Error {}

/**
 * The turns of a match in order: the opening, each unit turn, and, when the match ended in the middle
 * of a turn, that last stretch. A turn still under way is left out. Stops early when `until` (a turn
 * index) is reached.
 */
export function* replayTurns(setup: MatchSetup, log: readonly LoggedEvent[]): Generator<ReplayTurn> {
  const first = log.findIndex((e) => e.event.stage === 'game');
  if (first < 0) return;
  if (!setup.start) throw new ReplayError('the match has game events but no first state (an export taken before the match was over has none)');
  let game = setup.start;
  let index = 0;
  yield { index, seq: log[first - 1]?.seq ?? 0, before: game, game, events: [], ended: null };
  // The turn in progress begins after the last turn end or round start, as post-render's turnAt reads it.
  let before = game;
  let events: GameEvent[] = [];
  for (let i = first; i < log.length; i++) {
    const { seq, event } = log[i]!;
    if (event.stage !== 'game') throw new ReplayError(`event ${seq} is a setup event after the game began`);
    const e = event.event;
    try {
      game = apply(game, e);
    } catch (error) {
      throw new ReplayError(`event ${seq} (${e.type}) cannot be applied: ${error instanceof Error ? error.message : String(error)}`);
    }
    // A round's objectives score after its last turn's end: those points are told with the next
    // turn, which then begins before them, so its picture's score never runs ahead of its log (the
    // header showed points no line told, issue 26). A round start with nothing scored begins the turn.
    if (e.type === 'round-started' && !events.some((x) => x.type === 'scored')) {
      before = game;
      events = [];
      continue;
    }
    events.push(e);
    if (e.type === 'turn-ended') {
      yield { index: ++index, seq, before, game, events, ended: { unit: e.unit, player: e.player } };
      before = game;
      events = [];
    }
  }
  // A match that ended mid-turn (a concession, a win by points outside a unit's turn): its last stretch.
  if (game.over && events.length > 0) yield { index: ++index, seq: log.at(-1)!.seq, before, game, events, ended: null };
}

/** Every turn of the match, in one pass. */
export function allTurns(setup: MatchSetup, log: readonly LoggedEvent[]): ReplayTurn[] {
  return [...replayTurns(setup, log)];
}

/** How many turns `replayTurns` gives after the opening, without rebuilding any state. */
export function countTurns(log: readonly LoggedEvent[]): number {
  let turns = 0;
  let open = false;
  let over = false;
  for (const { event } of log) {
    if (event.stage !== 'game') continue;
    const t = event.event.type;
    if (t === 'turn-ended') {
      turns++;
      open = false;
    } else if (t !== 'round-started') open = true;
    else open = false;
    if (t === 'game-over') over = true;
  }
  return turns + (over && open ? 1 : 0);
}

/** Turn `n` (0 = the opening), replaying the log only as far as it; null past the last. */
export function turnOf(setup: MatchSetup, log: readonly LoggedEvent[], n: number): ReplayTurn | null {
  for (const turn of replayTurns(setup, log)) if (turn.index === n) return turn;
  return null;
}
