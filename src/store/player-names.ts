/**
 * Players' display names as stored, read in one go before the words that name them are written (those
 * stay synchronous): a player the bot has never seen keeps their id.
 */
import type { Store } from './store';

export async function storedNames(store: Store, players: readonly string[]): Promise<(player: string) => string> {
  const names = new Map<string, string>();
  for (const p of new Set(players)) {
    const row = await store.players.get(p);
    if (row) names.set(p, row.name);
  }
  return (p) => names.get(p) ?? p;
}
