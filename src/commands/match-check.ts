/**
 * The snapshot is a cache (ARCHITECTURE "Storage"): this rebuilds a match from its setup and event
 * log and compares the result with the saved snapshot. Used by `/skirmish check` and `npm run db:check`.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Store } from '../store';
import { matchRecord } from '../match/record';
import { rebuildMatch, type MatchEvent } from './match-state';

export interface CheckResult {
  readonly ok: boolean;
  readonly events: number;
}

/** Null when there is no such match. */
export function checkMatch(store: Store, matchId: string): CheckResult | null {
  const stored = store.matches.get(matchId);
  if (!stored) return null;
  const row = matchRecord(stored);
  if (!row.setup || !row.snapshot) return { ok: true, events: 0 };
  const events = store.matches.events<MatchEvent>(row.id).map((e) => e.event);
  return { ok: isDeepStrictEqual(rebuildMatch(row.setup, events), row.snapshot), events: events.length };
}
