/**
 * League ratings with OpenSkill (the `openskill` package, Weng–Lin Plackett–Luce by default): it rates
 * two- to four-player free-for-all from each player's place, ties included, which Elo cannot, and it
 * is kept up to date and free of TrueSkill's patent. Each player is a team of one. The rating shown is
 * the conservative ordinal mu − 3σ: it starts at 0 and rises as the bot grows sure of a player.
 *
 * Ratings are made from a league's standing results in id order (store `results`), so they can always
 * be rebuilt (`npm run ratings:rebuild`); `catchUp` adds the results not yet rated, and an overturned
 * or awarded result recomputes the league from scratch.
 */
import { ordinal, rate, rating } from 'openskill';
import type { RatingHistoryRow, RatingRow, RatingUpdate, ResultWithPlayers, Store } from '../store';

export interface Skill {
  readonly mu: number;
  readonly sigma: number;
}

/** Everyone starts here: OpenSkill's defaults (mu 25, sigma 25/3). */
export const FIRST: Skill = rating();

/** The conservative rating shown to players. */
export const shownRating = (s: Skill): number => ordinal(s);

/** A result's places (1 best, tied players share one): a forfeit is last whatever its VP. */
function ranks(result: ResultWithPlayers): number[] {
  const last = Math.max(...result.players.map((p) => p.place)) + 1;
  return result.players.map((p) => (p.outcome === 'forfeit' ? last : p.place));
}

/** A result counts for ratings when two or more players took part (a bye has one). */
const rated = (result: ResultWithPlayers) => result.players.length >= 2;

/** The skills after one result, from those before it. */
export function rateResult(before: ReadonlyMap<string, Skill>, result: ResultWithPlayers): Map<string, Skill> {
  const teams = result.players.map((p) => [before.get(p.player) ?? FIRST]);
  const after = rate(teams, { rank: ranks(result) });
  return new Map(result.players.map((p, i) => [p.player, { mu: after[i]![0]!.mu, sigma: after[i]![0]!.sigma }]));
}

export interface Rated {
  readonly skills: Map<string, Skill & { games: number }>;
  readonly history: Omit<RatingHistoryRow, 'leagueId'>[];
}

/** Applies results in order to the skills given (changed in place) and answers the history rows they add. */
export function applyResults(skills: Map<string, Skill & { games: number }>, results: readonly ResultWithPlayers[]): Rated {
  const history: Omit<RatingHistoryRow, 'leagueId'>[] = [];
  for (const result of results) {
    if (!rated(result)) continue;
    for (const [player, s] of rateResult(skills, result)) {
      const games = (skills.get(player)?.games ?? 0) + 1;
      skills.set(player, { ...s, games });
      history.push({ resultId: result.id, player, mu: s.mu, sigma: s.sigma, ordinal: shownRating(s) });
    }
  }
  return { skills, history };
}

const updatesOf = (skills: ReadonlyMap<string, Skill & { games: number }>, players: Iterable<string>): RatingUpdate[] =>
  [...players].map((player) => {
    const s = skills.get(player)!;
    return { player, mu: s.mu, sigma: s.sigma, ordinal: shownRating(s), games: s.games };
  });

/**
 * Rates the league's results not yet rated and saves them. Safe to call any time, as often as wanted:
 * when another update got in first, it starts over from what that one saved.
 */
export async function catchUp(store: Store, leagueId: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const settings = await store.leagueSettings.get(leagueId);
    if (!settings) return;
    const from = settings.ratedThrough;
    const fresh = await store.results.standing(leagueId, from);
    if (fresh.length === 0) return;
    const players = new Set(fresh.flatMap((r) => r.players.map((p) => p.player)));
    const skills = new Map<string, Skill & { games: number }>(
      (await store.ratings.of(leagueId, [...players])).map((r: RatingRow) => [r.player, { mu: r.mu, sigma: r.sigma, games: r.games }]),
    );
    const { history } = applyResults(skills, fresh);
    const touched = new Set(history.map((h) => h.player));
    const through = fresh.at(-1)!.id;
    // One transaction, so the ratings, their history and the league's mark move together.
    if (await store.transaction((tx) => tx.ratings.apply(leagueId, from, through, updatesOf(skills, touched), history))) return;
  }
  throw new Error(`ratings of league ${leagueId} kept changing while they were updated`);
}

/** Every rating of the league made afresh from its standing results (not saved). */
export async function recompute(store: Store, leagueId: string): Promise<Rated & { through: number }> {
  const all = await store.results.standing(leagueId);
  const rated = applyResults(new Map(), all);
  return { ...rated, through: all.at(-1)?.id ?? 0 };
}

/** Forgets the league's ratings and makes them again from its standing results: after an overturn or an award. */
export async function rerate(store: Store, leagueId: string): Promise<void> {
  const { skills, history, through } = await recompute(store, leagueId);
  await store.transaction(async (tx) => {
    await tx.ratings.reset(leagueId);
    await tx.ratings.apply(leagueId, 0, through, updatesOf(skills, skills.keys()), history);
  });
}

/** How the stored ratings differ from ones made afresh: empty when they agree (`npm run ratings:rebuild`). */
export async function ratingDrift(store: Store, leagueId: string): Promise<string[]> {
  const { skills, history } = await recompute(store, leagueId);
  const stored = await store.ratings.of(leagueId);
  const storedHistory = await store.ratings.allHistory(leagueId);
  const drift: string[] = [];
  const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  for (const r of stored) {
    const s = skills.get(r.player);
    if (!s) drift.push(`${r.player}: stored but has no results`);
    else if (!close(s.mu, r.mu) || !close(s.sigma, r.sigma) || s.games !== r.games)
      drift.push(`${r.player}: stored mu ${r.mu} sigma ${r.sigma} games ${r.games}, rebuilt mu ${s.mu} sigma ${s.sigma} games ${s.games}`);
  }
  for (const player of skills.keys()) if (!stored.some((r) => r.player === player)) drift.push(`${player}: has results but no stored rating`);
  const key = (h: Omit<RatingHistoryRow, 'leagueId'>) => `${h.resultId}:${h.player}`;
  const rebuilt = new Map(history.map((h) => [key(h), h]));
  if (storedHistory.length !== history.length) drift.push(`history: ${storedHistory.length} rows stored, ${history.length} rebuilt`);
  for (const h of storedHistory) {
    const r = rebuilt.get(key(h));
    if (!r || !close(r.mu, h.mu) || !close(r.sigma, h.sigma)) drift.push(`history of ${h.player} after result ${h.resultId} differs`);
  }
  return drift;
}
