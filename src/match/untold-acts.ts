/**
 * The practice bot's acts in its own turn that the thread has not been told yet. The bot's acts come
 * in a burst with no line each (the turn's post tells them all); when one of them leaves a player a
 * prompt, or the bot answers a prompt of its own, its line must tell every act of the turn since the
 * thread last heard of it, in order, so the prompt never comes before the acts that led to it.
 *
 * The thread last heard of the turn at its start, or at the last answered prompt: an answer's line
 * tells the answer and all that followed from it, up to the next act the bot began (a new act, or a
 * new unit's turn). What comes after that was untold.
 */
import { apply, type GameEvent, type GameState, type PlayerId } from '../rulesets/sellsword/engine';
import type { Store } from '../store';
import { withFixed, type MatchEvent, type MatchSnapshot } from './match-state';

export interface Untold {
  /** The state the untold events start from. */
  readonly before: GameState;
  readonly events: readonly GameEvent[];
}

/** The untold events of `seat`'s turn in progress up to event `seq`, or null when the turn is not the seat's. */
export async function untoldActs(store: Store, matchId: string, seq: number, snapshot: MatchSnapshot, seat: PlayerId): Promise<Untold | null> {
  if (snapshot.stage !== 'game' || !snapshot.turns || snapshot.game.turn?.player !== seat) return null;
  const start = snapshot.turns.start;
  const rows = await store.matches.events<MatchEvent>(matchId, start.seq, seq);
  const events = rows.flatMap((r) => (r.event.stage === 'game' ? [r.event.event] : []));
  const answered = events.findLastIndex((e) => e.type === 'answered');
  const begins = (e: GameEvent) => e.type === 'act-begun' || e.type === 'unit-activated';
  const next = answered === -1 ? 0 : events.findIndex((e, i) => i > answered && begins(e));
  const from = next === -1 ? events.length : next;
  const before = events.slice(0, from).reduce(apply, withFixed(snapshot.game, start.state));
  return { before, events: events.slice(from) };
}
