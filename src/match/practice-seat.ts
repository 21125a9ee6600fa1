/**
 * The practice opponent's seat: in a match made with `/skirmish practice`, one player is
 * the bot itself, and the AI (src/ai) decides for it.
 *
 * The bot's seat is driven by the same deadlines as everyone's (deadline-plan.ts): whenever the match
 * waits on it, the wait's deadline falls due at once, and the scheduler, instead of taking the default
 * for a missed deadline, asks the AI and records its choice as the seat's own act through
 * `recordChange`, in the transaction that marks the deadline done. So a decision is taken exactly once
 * however often the bot restarts (a pending deadline is handled after the restart; a handled one is
 * done), and it is checked by the engine like any player's.
 *
 * The AI sees only what any player sees: the match's state, whose dice generator it never reads.
 */
import { chooseCommand, chooseSetup } from '../rulesets/sellsword/ai';
import type { PlayerId } from '../rulesets/sellsword/engine';
import type { MatchRecord, Terms } from './record';
import type { MatchCommand, MatchSnapshot } from './match-state';

/**
 * The practice opponent's name in its matches (posts, maps, the thread's name, `/skirmish status`):
 * its own, not the bot's, so a player can tell the referee's posts from the opponent's moves.
 */
export const PRACTICE_OPPONENT_NAME = 'Practice bot';

/** The player the bot plays in a practice match, or null in a match between people. */
export const practiceSeat = (terms: Terms): PlayerId | null => terms.practice?.seat ?? null;

/** Whether the bot plays `player` in this match. */
export const playedByBot = (record: Pick<MatchRecord, 'terms'>, player: PlayerId): boolean => practiceSeat(record.terms) === player;

/**
 * What the bot's seat does now, or null when the match does not wait on it. The tie-break seed is the
 * match's own, so a replayed practice match makes the same choices.
 */
export function botCommand(snapshot: MatchSnapshot, seat: PlayerId, seed: number): MatchCommand | null {
  if (snapshot.stage === 'pregame') {
    const command = chooseSetup(snapshot.pregame, seat);
    return command ? { pregame: command } : null;
  }
  const command = chooseCommand(snapshot.game, seat, { seed });
  return command ? { game: command } : null;
}
