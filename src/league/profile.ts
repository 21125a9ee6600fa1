/**
 * A player's league profile (`/league profile`): their record, rating and its trend, the units they
 * play most, and their reliability, the share of deadlines met (as webDiplomacy shows it).
 */
import type { Store } from '../store';
import { FIRST, shownRating } from './ratings';

export interface Profile {
  readonly played: number;
  readonly won: number;
  readonly drawn: number;
  readonly lost: number;
  readonly forfeits: number;
  readonly rating: number;
  /** The rating after each of the last results, oldest first (at most 10). */
  readonly trend: readonly number[];
  /** Unit card ids by how many of their played results fielded them (not forfeits, not matches that ended in setup), most first (at most 3). */
  readonly favourites: readonly { readonly card: string; readonly games: number }[];
  readonly deadlines: { readonly met: number; readonly missed: number };
}

export async function profileOf(store: Store, leagueId: string, player: string): Promise<Profile> {
  const results = await store.results.forPlayer(leagueId, player);
  const mine = results.map((r) => r.players.find((p) => p.player === player)!);
  const count = (o: string) => mine.filter((p) => p.outcome === o).length;
  const [rating] = await store.ratings.of(leagueId, [player]);
  const history = await store.ratings.history(leagueId, player, 10);
  const fielded = new Map<string, number>();
  // Units count only where the player fielded them: in a match that reached play and that they did
  // not forfeit (a no-show's warband never took the table).
  for (const [i, p] of mine.entries()) {
    if (results[i]!.rounds === 0 || p.outcome === 'forfeit') continue;
    const units = (p.warband as { units?: { card?: unknown }[] } | null)?.units ?? [];
    for (const card of new Set(units.map((u) => u.card).filter((c): c is string => typeof c === 'string'))) fielded.set(card, (fielded.get(card) ?? 0) + 1);
  }
  const favourites = [...fielded]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([card, games]) => ({ card, games }));
  return {
    played: mine.length,
    won: count('win'),
    drawn: count('draw'),
    lost: count('loss'),
    forfeits: count('forfeit'),
    rating: rating?.ordinal ?? shownRating(FIRST),
    trend: history.map((h) => h.ordinal).reverse(),
    favourites,
    deadlines: await store.results.deadlineRecord(leagueId, player),
  };
}

/** "↗ +3.2 over the last 5 results", or nothing to say yet. */
export function trendText(trend: readonly number[]): string {
  if (trend.length < 2) return trend.length === 1 ? 'one rated result so far' : 'no rated results yet';
  const delta = trend.at(-1)! - trend[0]!;
  const arrow = delta > 0.05 ? '↗' : delta < -0.05 ? '↘' : '→';
  return `${arrow} ${delta >= 0 ? '+' : ''}${delta.toFixed(1)} over the last ${trend.length} results (${trend.map((t) => t.toFixed(1)).join(' → ')})`;
}

/** The share of deadlines met, as a percentage, or null before any deadline was due. */
export function reliability(d: { met: number; missed: number }): number | null {
  const all = d.met + d.missed;
  return all === 0 ? null : Math.round((100 * d.met) / all);
}
