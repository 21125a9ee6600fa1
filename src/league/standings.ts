/**
 * A season's standings: each player's played, won, drawn, lost and forfeited matches, VP difference and
 * rating, ranked. Read from the standing results (store `results.standings`, one grouped query) and
 * the league's ratings; the table is drawn as an image by the renderer (render/standings.ts) with the
 * same table as its alt text.
 */
import { storedNames, type RatingRow, type ResultWithPlayers, type StandingsLine, type Store } from '../store';
import { FIRST, shownRating } from './ratings';

export interface StandingsRow extends StandingsLine {
  readonly rank: number;
  readonly name: string;
  readonly vpDiff: number;
  /** The conservative ordinal (ratings.ts); a player with no rated game shows the first one. */
  readonly rating: number;
}

/** Best first: more wins, then more draws, then VP difference, then rating; the name settles the rest. */
const order = (a: Omit<StandingsRow, 'rank'>, b: Omit<StandingsRow, 'rank'>) =>
  b.won - a.won || b.drawn - a.drawn || b.vpDiff - a.vpDiff || b.rating - a.rating || a.name.localeCompare(b.name);

/** Ranks lines (players level on everything share a rank). */
export function rankLines(lines: readonly StandingsLine[], ratings: ReadonlyMap<string, number>, names: (player: string) => string): StandingsRow[] {
  const rows = lines
    .map((l) => ({ ...l, name: names(l.player), vpDiff: l.vpFor - l.vpAgainst, rating: ratings.get(l.player) ?? shownRating(FIRST) }))
    .sort(order);
  const level = (a: Omit<StandingsRow, 'rank'>, b: Omit<StandingsRow, 'rank'>) =>
    a.won === b.won && a.drawn === b.drawn && a.vpDiff === b.vpDiff && a.rating === b.rating;
  const ranked: StandingsRow[] = [];
  rows.forEach((r, i) => ranked.push({ ...r, rank: i > 0 && level(rows[i - 1]!, r) ? ranked[i - 1]!.rank : i + 1 }));
  return ranked;
}

export interface Standings {
  readonly title: string;
  readonly rows: readonly StandingsRow[];
}

const ratingMap = (rows: readonly RatingRow[]) => new Map(rows.map((r) => [r.player, r.ordinal]));

/** The league's standings for a season (the open or latest one), or over all its results when it has none. */
export async function standingsOf(store: Store, leagueId: string, seasonId?: number): Promise<Standings> {
  const league = await store.leagues.get(leagueId);
  const season = seasonId !== undefined ? await store.seasons.get(seasonId) : ((await store.seasons.open(leagueId)) ?? (await store.seasons.latest(leagueId)));
  const lines = await store.results.standings(leagueId, season?.id);
  const ratings = ratingMap(await store.ratings.of(leagueId));
  const title = `${league?.name ?? 'League'}${season ? ` · season ${season.number}` : ''}`;
  // The names players are shown by: their display name as the bot last saw it.
  const names = await storedNames(
    store,
    lines.map((l) => l.player),
  );
  return { title, rows: rankLines(lines, ratings, names) };
}

/** The rows as a plain-text table: the standings image's alt text, and what `/league export` writes. */
export function standingsText(s: Standings): string {
  if (s.rows.length === 0) return `${s.title}: no results yet.`;
  const head = `${s.title}. Rank, player, played, won, drawn, lost, forfeits, VP difference, rating:`;
  const fmt = (n: number) => (n > 0 ? `+${n}` : String(n));
  return [
    head,
    ...s.rows.map(
      (r) =>
        `${r.rank}. ${r.name}: ${r.played} played, ${r.won} won, ${r.drawn} drawn, ${r.lost} lost, ${r.forfeits} forfeits, VP ${fmt(r.vpDiff)}, rating ${r.rating.toFixed(1)}`,
    ),
  ].join('\n');
}

/**
 * What one result changed for its players: rank and rating before and after. The standings before
 * are the ones after with this result's lines taken out, so one query serves both.
 */
export function standingsChange(
  after: readonly StandingsLine[],
  result: ResultWithPlayers,
  ratingsBefore: ReadonlyMap<string, number>,
  ratingsAfter: ReadonlyMap<string, number>,
  names: (player: string) => string,
): { player: string; rankBefore: number | null; rankAfter: number; ratingBefore: number; ratingAfter: number }[] {
  const mine = new Map(result.players.map((p) => [p.player, p]));
  const before = after
    .map((l) => {
      const p = mine.get(l.player);
      if (!p) return l;
      return {
        ...l,
        played: l.played - 1,
        won: l.won - (p.outcome === 'win' ? 1 : 0),
        drawn: l.drawn - (p.outcome === 'draw' ? 1 : 0),
        lost: l.lost - (p.outcome === 'loss' ? 1 : 0),
        forfeits: l.forfeits - (p.outcome === 'forfeit' ? 1 : 0),
        vpFor: l.vpFor - p.vpFor,
        vpAgainst: l.vpAgainst - p.vpAgainst,
      };
    })
    .filter((l) => l.played > 0);
  const rankIn = (rows: StandingsRow[], player: string) => rows.find((r) => r.player === player)?.rank ?? null;
  const was = rankLines(before, ratingsBefore, names);
  const now = rankLines(after, ratingsAfter, names);
  const first = shownRating(FIRST);
  return result.players.map((p) => ({
    player: p.player,
    rankBefore: rankIn(was, p.player),
    rankAfter: rankIn(now, p.player) ?? now.length,
    ratingBefore: ratingsBefore.get(p.player) ?? first,
    ratingAfter: ratingsAfter.get(p.player) ?? first,
  }));
}

/** The standings change as one line per player, for the league's result post. */
export async function resultStandingsLines(store: Store, matchId: string, show: (name: string) => string = (n) => n): Promise<string[]> {
  const result = await store.results.forMatch(matchId);
  if (!result) return [];
  const after = await store.results.standings(result.leagueId, result.seasonId ?? undefined);
  const ratingsAfter = new Map<string, number>();
  const ratingsBefore = new Map<string, number>();
  for (const p of result.players) {
    // History newest first: the row of this result is "after"; the one before it is "before".
    const history = await store.ratings.history(result.leagueId, p.player, 100);
    const at = history.findIndex((h) => h.resultId === result.id);
    if (at >= 0) ratingsAfter.set(p.player, history[at]!.ordinal);
    // Before their first rated game a player has the first rating.
    const prior = history.find((h) => h.resultId < result.id);
    ratingsBefore.set(p.player, prior ? prior.ordinal : shownRating(FIRST));
  }
  const all = ratingMap(await store.ratings.of(result.leagueId));
  const withOthers = (m: Map<string, number>) => new Map([...all, ...m]);
  const names = await storedNames(
    store,
    after.map((l) => l.player),
  );
  const ordinalText = (n: number) => (n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`);
  return standingsChange(after, result, withOthers(ratingsBefore), withOthers(ratingsAfter), names).map((c) => {
    const rank =
      c.rankBefore === null
        ? `new at ${ordinalText(c.rankAfter)}`
        : c.rankBefore === c.rankAfter
          ? `stays ${ordinalText(c.rankAfter)}`
          : `${ordinalText(c.rankBefore)} → ${ordinalText(c.rankAfter)}`;
    const delta = c.ratingAfter - c.ratingBefore;
    return `${show(names(c.player))}: ${rank}, rating ${c.ratingBefore.toFixed(1)} → ${c.ratingAfter.toFixed(1)} (${delta >= 0 ? '+' : ''}${delta.toFixed(1)})`;
  });
}
