/**
 * The snapshot is a cache (ARCHITECTURE "Storage"): this rebuilds a match from its setup and event
 * log and compares the result with the saved snapshot. Used by `/skirmish check` and `npm run db:check`.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Store } from '../store';
import { matchRecord } from './record';
import { rebuildMatch, type MatchEvent } from './match-state';

export interface CheckResult {
  readonly ok: boolean;
  readonly events: number;
}

/** Null when there is no such match. */
export async function checkMatch(store: Store, matchId: string): Promise<CheckResult | null> {
  const stored = await store.matches.get(matchId);
  if (!stored) return null;
  const row = matchRecord(stored);
  if (!row.setup || !row.snapshot) return { ok: true, events: 0 };
  const events = (await store.matches.events<MatchEvent>(row.id)).map((e) => e.event);
  const rebuilt = rebuildMatch(row.setup, events);
  const saved = row.snapshot;
  // A game saved before snapshots kept turn marks has none and never gets any: compare the rest.
  const expected = rebuilt.stage === 'game' && saved?.stage === 'game' && saved.turns === undefined ? { stage: rebuilt.stage, game: rebuilt.game } : rebuilt;
  return { ok: isDeepStrictEqual(expected, saved), events: events.length };
}
