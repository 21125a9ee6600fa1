/**
 * The snapshot is a cache (ARCHITECTURE "Storage"): this rebuilds a match from its setup and event
 * log, under the rules its row names (src/rulesets), and compares the result with the saved snapshot.
 * Used by `/skirmish check` and `npm run db:check`.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Store } from '../store';
import { matchRecord } from './record';
import { rulesetOfMatch } from '../rulesets';

export interface CheckResult {
  readonly ok: boolean;
  readonly events: number;
  /** Why the match was not replayed: its game or rules' version is one this bot does not know. */
  readonly refused?: string;
}

/** Null when there is no such match. */
export async function checkMatch(store: Store, matchId: string): Promise<CheckResult | null> {
  const stored = await store.matches.get(matchId);
  if (!stored) return null;
  const found = rulesetOfMatch(stored);
  if (!found.ok) return { ok: false, events: 0, refused: found.error.message };
  // Decoded for the shapes the record checks; the game replays its own stored JSON, whatever the game.
  matchRecord(stored);
  if (stored.setup === null || stored.snapshot === null) return { ok: true, events: 0 };
  const events = (await store.matches.events(stored.id)).map((e) => e.event);
  const rebuilt = found.ruleset.match.replay(stored.setup, events, stored.snapshot);
  return { ok: isDeepStrictEqual(rebuilt, stored.snapshot), events: events.length };
}
