/**
 * An act's or an answer's outcome in words, for the reply that confirms it: what happened, with the
 * rolls, and what the game now waits for (a prompt's player is named, so "0 wounds" before a split
 * reads as pending, not as a miss).
 */
import { waitingFor } from '../engine/decide';
import { eventSentences } from '../render';
import { gameOf } from './match-state';
import type { Submitted } from './submit';
import { withMentions } from './submit';
import { shownNames } from './user-text';

export function describeChange(done: Submitted): string[] {
  const before = gameOf(done.before);
  const after = gameOf(done.after);
  if (!before || !after) return [];
  const events = done.events.flatMap((e) => (e.event.stage === 'game' ? [e.event.event] : []));
  const lines = eventSentences(after, { lastTurn: events, before, names: shownNames(done.setup.names) });
  if (after.prompt && !after.over) lines.push(`(${withMentions(waitingFor(after, after.prompt), done.setup.players)})`);
  return lines;
}
