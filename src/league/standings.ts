/**
 * A league's standings, the one table every place shows (the season's posts, `/league standings`, the
 * picture and its alt text, the export, the rank changes under a result post): each player's match
 * points, played, won, drawn, lost and forfeited matches, byes, VP difference and rating, ranked by
 * points, then VP difference, then rating. Read from the standing results (store
 * `results.standings`, one grouped query), the season's byes and entrants, and the league's ratings;
 * the picture is drawn by the renderer (render/standings.ts) with the same table as its alt text.
 */
import { graphemesOf } from '../discord/text';
import { storedNames, type RatingRow, type ResultWithPlayers, type StandingsLine, type Store } from '../store';
import { FIRST, shownRating } from './ratings';
import { POINTS } from './season-plan';
import { plural } from './words';

/** A standings line with what a season adds: byes, and the match points they all make. */
export interface PointsLine extends StandingsLine {
  readonly byes: number;
  readonly points: number;
}

export interface StandingsRow extends PointsLine {
  readonly rank: number;
  readonly name: string;
  readonly vpDiff: number;
  /** The conservative ordinal (ratings.ts); a player with no rated game shows the first one. */
  readonly rating: number;
}

/** Match points (season-plan.ts POINTS): a win or a bye 3, a draw 1, a loss or a forfeit 0. */
export const pointsOf = (l: Pick<StandingsLine, 'won' | 'drawn' | 'lost' | 'forfeits'> & { readonly byes?: number }): number =>
  l.won * POINTS.win + l.drawn * POINTS.draw + l.lost * POINTS.loss + l.forfeits * POINTS.forfeit + (l.byes ?? 0) * POINTS.bye;

type Unranked = Omit<StandingsRow, 'rank'>;

/** Best first: more points, then VP difference, then rating; the name settles the rest. */
const order = (a: Unranked, b: Unranked) => b.points - a.points || b.vpDiff - a.vpDiff || b.rating - a.rating || a.name.localeCompare(b.name);
const level = (a: Unranked, b: Unranked) => a.points === b.points && a.vpDiff === b.vpDiff && a.rating === b.rating;

/** Ranks lines (players level on points, VP difference and rating share a rank). */
export function rankLines(lines: readonly PointsLine[], ratings: ReadonlyMap<string, number>, names: (player: string) => string): StandingsRow[] {
  const rows = lines
    .map((l) => ({ ...l, name: names(l.player), vpDiff: l.vpFor - l.vpAgainst, rating: ratings.get(l.player) ?? shownRating(FIRST) }))
    .sort(order);
  const ranked: StandingsRow[] = [];
  rows.forEach((r, i) => ranked.push({ ...r, rank: i > 0 && level(rows[i - 1]!, r) ? ranked[i - 1]!.rank : i + 1 }));
  return ranked;
}

export interface Standings {
  readonly title: string;
  readonly rows: readonly StandingsRow[];
}

const ratingMap = (rows: readonly RatingRow[]) => new Map(rows.map((r) => [r.player, r.ordinal]));

/**
 * The lines of a season (of all the league's results when `seasonId` is undefined): its standing
 * results counted, with each bye a win in points (not a match played), and every entrant listed.
 */
export async function standingsLines(store: Store, leagueId: string, seasonId?: number): Promise<PointsLine[]> {
  const counted = await store.results.standings(leagueId, seasonId);
  const lines = new Map<string, StandingsLine & { byes: number }>(counted.map((l) => [l.player, { ...l, byes: 0 }]));
  const season = seasonId !== undefined ? await store.seasons.get(seasonId) : undefined;
  if (season) {
    const blank = (player: string) => ({ player, played: 0, won: 0, drawn: 0, lost: 0, forfeits: 0, vpFor: 0, vpAgainst: 0, byes: 0 });
    // Those who left before the season started are not in it; those removed since keep their line.
    for (const e of await store.seasons.entries(season.id))
      if ((e.removed === null || (season.started !== null && e.removed >= season.started)) && !lines.has(e.player)) lines.set(e.player, blank(e.player));
    for (const p of await store.seasons.pairings(season.id)) {
      if (!p.bye) continue;
      const player = p.players[0]!;
      const line = lines.get(player) ?? blank(player);
      lines.set(player, { ...line, byes: line.byes + 1 });
    }
  }
  return [...lines.values()].map((l) => ({ ...l, points: pointsOf(l) }));
}

/** The league's standings for a season (the open or latest one), or over all its results when it has none. */
export async function standingsOf(store: Store, leagueId: string, seasonId?: number): Promise<Standings> {
  const league = await store.leagues.get(leagueId);
  const season = seasonId !== undefined ? await store.seasons.get(seasonId) : ((await store.seasons.open(leagueId)) ?? (await store.seasons.latest(leagueId)));
  const lines = await standingsLines(store, leagueId, season?.id);
  const ratings = ratingMap(await store.ratings.of(leagueId));
  const title = `${league?.name ?? 'League'}${season ? ` · season ${season.number}` : ''}`;
  // The names players are shown by: their display name as the bot last saw it.
  const names = await storedNames(
    store,
    lines.map((l) => l.player),
  );
  return { title, rows: rankLines(lines, ratings, names) };
}

/**
 * The rows as a plain-text table: the standings image's alt text, and what `/league export` writes.
 * `short`: the same columns with one-letter names the head line spells out, for an alt text that
 * must fit Discord's limit with more rows.
 */
export function standingsText(s: Standings, short = false): string {
  if (s.rows.length === 0) return `${s.title}: no results yet.`;
  const fmt = (n: number) => (n > 0 ? `+${n}` : String(n));
  if (short)
    return [
      `${s.title}. Rank, player, points (pts), played (P), won (W), drawn (D), lost (L), forfeits (F), byes (B), VP difference, rating:`,
      ...s.rows.map(
        (r) =>
          `${r.rank}. ${r.name}: ${r.points} pts, ${r.played} P, ${r.won} W, ${r.drawn} D, ${r.lost} L, ${r.forfeits} F, ${r.byes} B, VP ${fmt(r.vpDiff)}, rating ${r.rating.toFixed(1)}`,
      ),
    ].join('\n');
  return [
    `${s.title}. Rank, player, points, played, won, drawn, lost, forfeits, byes, VP difference, rating:`,
    ...s.rows.map(
      (r) =>
        `${r.rank}. ${r.name}: ${plural(r.points, 'point')}, ${r.played} played, ${r.won} won, ${r.drawn} drawn, ${r.lost} lost, ${plural(r.forfeits, 'forfeit')}, ${plural(r.byes, 'bye')}, VP ${fmt(r.vpDiff)}, rating ${r.rating.toFixed(1)}`,
    ),
  ].join('\n');
}

/**
 * What one result changed for its players: rank and rating before and after. The standings before
 * are the ones after with this result's lines taken out, so one query serves both.
 */
export function standingsChange(
  after: readonly PointsLine[],
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
      const was = {
        ...l,
        played: l.played - 1,
        won: l.won - (p.outcome === 'win' ? 1 : 0),
        drawn: l.drawn - (p.outcome === 'draw' ? 1 : 0),
        lost: l.lost - (p.outcome === 'loss' ? 1 : 0),
        forfeits: l.forfeits - (p.outcome === 'forfeit' ? 1 : 0),
        vpFor: l.vpFor - p.vpFor,
        vpAgainst: l.vpAgainst - p.vpAgainst,
      };
      return { ...was, points: pointsOf(was) };
    })
    .filter((l) => l.played > 0 || l.byes > 0 || !mine.has(l.player));
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
  const after = await standingsLines(store, result.leagueId, result.seasonId ?? undefined);
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

/** `s` in `n` columns, counting (and cutting) whole graphemes, so an emoji is never cut in half. */
const pad = (s: string, n: number) => {
  const g = graphemesOf(s);
  return g.length >= n ? g.slice(0, n).join('') : s + ' '.repeat(n - g.length);
};
const padStart = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

/**
 * The table as monospaced text (a Discord code block), for the season's posts: rank, player, points,
 * played, won, drawn, lost, forfeits, byes, VP difference, rating. Plain text: inside a code block
 * nothing is markdown.
 */
export function standingsTable(rows: readonly StandingsRow[]): string {
  const head = `${padStart('#', 2)} ${pad('Player', 16)} ${padStart('Pts', 3)} ${padStart('P', 2)} ${padStart('W', 2)} ${padStart('D', 2)} ${padStart('L', 2)} ${padStart('F', 2)} ${padStart('B', 2)} ${padStart('VP±', 5)} ${padStart('Rating', 6)}`;
  const lines = rows.map(
    (l) =>
      `${padStart(String(l.rank), 2)} ${pad(l.name.replace(/`/g, "'"), 16)} ${padStart(String(l.points), 3)} ${padStart(String(l.played), 2)} ${padStart(String(l.won), 2)} ${padStart(String(l.drawn), 2)} ${padStart(String(l.lost), 2)} ${padStart(String(l.forfeits), 2)} ${padStart(String(l.byes), 2)} ${padStart(l.vpDiff > 0 ? `+${l.vpDiff}` : String(l.vpDiff), 5)} ${padStart(l.rating.toFixed(1), 6)}`,
  );
  return ['```', head, ...lines, '```'].join('\n');
}
