/**
 * A whole match (or any stretch of it) as a log: round headers, a header for each unit's turn naming
 * its player, and the turn's happenings in the words of last-turn-words.ts. `/skirmish log` pages
 * through it; the catch-up digest (catch-up.ts) is the same log from a player's last act on, told
 * to that player. Pure: a start state and events in, lines out.
 */
import { apply, type GameEvent } from '../engine';
import type { GameState, PlayerId } from '../engine';
import { cardOf } from '../engine';
import type { Happening } from './happenings';
import { unitLabels } from './labels';
import { actsWhyWords, sentence, type Telling } from './last-turn-words';
import { lastTurnView } from './view-last-turn';
import { playerViews } from './view-units';

export interface LogEntry {
  /** A round header, a turn header, or a line of what happened. */
  readonly kind: 'round' | 'turn' | 'line';
  readonly text: string;
  readonly round: number;
}

export interface LogOptions extends Telling {
  readonly names?: Readonly<Record<PlayerId, string>>;
  /** How many of the first events are read but not told (sinceTurn: the turn's events before the cut). */
  readonly told?: number;
}

/** Where a stretch of log is cut: after each turn's end and before each round. */
function segments(events: readonly GameEvent[]): GameEvent[][] {
  const out: GameEvent[][] = [];
  let current: GameEvent[] = [];
  for (const e of events) {
    if (e.type === 'round-started' && current.length > 0) {
      out.push(current);
      current = [];
    }
    current.push(e);
    if (e.type === 'turn-ended') {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** The happenings of `events` played from `start`, each with the round it happened in. */
export function happeningsFrom(
  start: GameState,
  events: readonly GameEvent[],
  names: Readonly<Record<PlayerId, string>> = {},
  told = 0,
): { round: number; happening: Happening }[] {
  const labels = unitLabels(start);
  const out: { round: number; happening: Happening }[] = [];
  let state = start;
  let read = 0;
  for (const seg of segments(events)) {
    const before = state;
    for (const e of seg) state = apply(state, e);
    const players = playerViews(state, labels, names);
    let round = before.round;
    const skip = Math.max(0, told - read);
    read += seg.length;
    for (const h of lastTurnView(state, labels, players, seg, before, skip).happenings) {
      if (h.kind === 'round') round = h.round;
      out.push({ round, happening: h });
    }
  }
  return out;
}

/** A turn's acts when not the usual 3, with why: ", 2 acts (shaken, one fewer)". */
function actsNote(h: Extract<Happening, { kind: 'activate' }>): string {
  const why = h.actsWhy && h.actsWhy.length > 0 ? ` (${actsWhyWords(h.actsWhy)})` : '';
  return h.acts === 3 && why === '' ? '' : `, ${h.acts} act${h.acts === 1 ? '' : 's'}${why}`;
}

/** A turn that ended with no act (the unit held its ground), as the log and the turn post both say it. */
export const endedWithoutActing = (unit: string): string => `${unit} ended its turn without acting.`;

/** The log of `events` from `start`: headers for rounds and units' turns, a line per happening. */
export function matchLog(start: GameState, events: readonly GameEvent[], options: LogOptions = {}): LogEntry[] {
  const names = options.names ?? {};
  const out: LogEntry[] = [];
  for (const { round, happening: h } of happeningsFrom(start, events, names, options.told)) {
    switch (h.kind) {
      case 'round':
        out.push({ kind: 'round', text: `Round ${h.round}`, round });
        break;
      case 'activate':
        out.push({
          kind: 'turn',
          text: `${h.player}: ${h.unit} (${h.name})${actsNote(h)}${h.greater ? ', greater-advantage turn (won the tactics check by 10 or more)' : ''}`,
          round,
        });
        break;
      case 'turn-ended':
        if (out.at(-1)?.kind === 'turn' && h.unit !== null) out.push({ kind: 'line', text: endedWithoutActing(h.unit), round });
        break;
      case 'turn':
      case 'phase':
        // The headers say it.
        break;
      default: {
        const text = sentence(h, options);
        if (text !== null) out.push({ kind: 'line', text, round });
      }
    }
  }
  return out;
}

/** Who has which units: "Alice: KN Knight, GU Guard. Bob: OW Orc Warboss." */
export function rosterLine(state: GameState, names: Readonly<Record<PlayerId, string>> = {}): string {
  const labels = unitLabels(state);
  return state.players
    .map((p) => {
      const units = Object.values(state.units)
        .filter((u) => u.player === p)
        .map((u) => `${labels.get(u.id) ?? u.id} ${cardOf(state, u).name}`);
      return `${names[p] ?? p}: ${units.join(', ')}.`;
    })
    .join(' ');
}

/**
 * A read that tells `events` from `from` on, starting where the turn holding `from` began (after the
 * last turn's end or round's start before it): the turn's earlier events are read, not told (`told`),
 * so what they declared is known, as a reply the player's answer declared that a drop then loses (R26).
 */
export function sinceTurn(
  start: GameState,
  events: readonly GameEvent[],
  from: number,
): { readonly start: GameState; readonly events: readonly GameEvent[]; readonly told: number } {
  let at = from;
  while (at > 0 && events[at - 1]!.type !== 'turn-ended' && events[at]?.type !== 'round-started') at--;
  return { start: events.slice(0, at).reduce(apply, start), events: events.slice(at), told: from - at };
}

/**
 * Where a player's catch-up starts: just after the last thing they did (an answer, a unit's act, the
 * end of their turn), so the digest is everything others did since. The whole log when they have not
 * acted yet.
 */
export function sinceLastAct(start: GameState, events: readonly GameEvent[], player: PlayerId): number {
  let at = toHandover(events, afterLastAct(start, events, player));
  // The act's own outcome may come after others answered a prompt it raised (a reply declined or
  // declared, how the target takes the wounds): the player's hit, score, the drop it caused and a
  // reply that drop cancelled are theirs, not news to tell back to them (issue 26).
  let state = events.slice(0, at).reduce(apply, start);
  while (at < events.length && ownOutcome(state, events, at, player)) state = apply(state, events[at++]!);
  return at;
}

/** Whether the event at `i` is part of what the player's own act set off, seen from the state before it. */
function ownOutcome(state: GameState, events: readonly GameEvent[], i: number, player: PlayerId): boolean {
  const e = events[i]!;
  const own = (u: string | null | undefined) => u !== null && u !== undefined && state.units[u]?.player === player;
  switch (e.type) {
    case 'prompted':
      // Only a prompt already answered: one still open is what the game waits on.
      return events[i + 1]?.type === 'answered';
    case 'answered':
    case 'reply-declared':
      return true;
    case 'attack-rolled':
      return own(e.unit) && !e.reply;
    case 'wounded':
      return own(e.source);
    case 'status-gained':
      return own(e.status.source);
    case 'scored':
      return e.player === player;
    case 'dropped':
    case 'effect-failed':
      return own(e.by);
    default:
      return false;
  }
}

/** The index just after the player's last act among the events (an answer, a turn ended, an act begun), or 0 when none is. */
export function afterLastAct(start: GameState, events: readonly GameEvent[], player: PlayerId): number {
  let state = start;
  let after = 0;
  events.forEach((e, i) => {
    const mine =
      (e.type === 'answered' && e.player === player) ||
      (e.type === 'turn-ended' && e.player === player) ||
      (e.type === 'act-begun' && state.turn !== null && (state.turn.controller ?? state.turn.player) === player);
    state = apply(state, e);
    if (mine) after = i + 1;
  });
  return after;
}

/** What the player's own act set off, up to where the game next waited on someone, is theirs too: the index of that handover. */
export function toHandover(events: readonly GameEvent[], from: number): number {
  let at = from;
  while (at < events.length && !isHandover(events[at]!)) at++;
  return at;
}

/** Where the game passes to someone: a turn starts, or a decision is asked for. */
const HANDOVERS: ReadonlySet<GameEvent['type']> = new Set(['turn-started', 'unit-activated', 'act-begun', 'prompted', 'round-started', 'game-over']);
const isHandover = (e: GameEvent) => HANDOVERS.has(e.type);
