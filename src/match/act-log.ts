/**
 * An act's or an answer's outcome in words, for the reply that confirms it: what happened, with the
 * rolls, and what the game now waits for (render/last-turn-words.ts says it). The words go in posts
 * everyone in the thread reads, so they never address one reader as "(you)". Round news is left to its own post (announce.ts).
 */
import type { HappeningKind } from '../render';
import { eventSentences, NEWS } from '../render';
import { gameOf } from './match-state';
import { matchRecord } from './record';
import { practiceSeat } from './practice-seat';
import type { Submitted } from './submitted';
import { shownNames } from '../discord/text';

/** A turn's end is left out: every turn that ends gets its own post next (announce.ts), which says so. */
const SKIP: ReadonlySet<HappeningKind> = new Set([...NEWS, 'turn', 'turn-ended']);

export function describeChange(done: Submitted): string[] {
  const before = gameOf(done.before);
  const after = gameOf(done.after);
  if (!before || !after) return [];
  const events = done.events.flatMap((e) => (e.event.stage === 'game' ? [e.event.event] : []));
  // Names are escaped for Discord's markdown where they are shown (discord/text.ts).
  // The practice bot answers its prompts at once: nobody is "waiting for" it.
  const instant = practiceSeat(matchRecord(done.row).terms) ?? undefined;
  return eventSentences(after, { lastTurn: events, before, names: shownNames(done.setup.names) }, { instant, skip: SKIP, news: false });
}
