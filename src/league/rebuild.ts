/**
 * `npm run ratings:rebuild` (src/cli/ratings-rebuild.ts): every league's ratings made afresh from its
 * standing results and compared with the stored ones; where they differ (or results are not yet
 * rated), the stored ratings are replaced by the rebuilt ones unless only checking.
 */
import type { Store } from '../store';
import { ratingDrift, rerate } from './ratings';

export interface RebuildReport {
  readonly leagues: number;
  readonly results: number;
  /** Per league that differed: what differed. */
  readonly drift: ReadonlyMap<string, readonly string[]>;
  readonly rewritten: number;
}

export async function rebuildRatings(store: Store, options: { write: boolean }): Promise<RebuildReport> {
  const drift = new Map<string, string[]>();
  let results = 0;
  let rewritten = 0;
  const leagues = await store.leagueSettings.list();
  for (const league of leagues) {
    results += (await store.results.standing(league.leagueId)).length;
    const found = await ratingDrift(store, league.leagueId);
    if (found.length === 0) continue;
    drift.set(league.leagueId, found);
    if (options.write) {
      await rerate(store, league.leagueId);
      rewritten++;
    }
  }
  return { leagues: leagues.length, results, drift, rewritten };
}
