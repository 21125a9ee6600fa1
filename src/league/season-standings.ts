/**
 * A season's standings from its pairings (issue 14): match points (a win or a bye 3, a draw 1), then
 * VP difference, then rating. Pure; the season runner posts them after each round and at the end.
 * Byes count as wins in points but not as played matches.
 */
import { graphemesOf } from '../discord/text';
import { POINTS, type SeasonView } from './season-plan';

export interface SeasonLine {
  readonly player: string;
  readonly points: number;
  readonly played: number;
  readonly won: number;
  readonly drawn: number;
  readonly lost: number;
  readonly forfeits: number;
  readonly byes: number;
  readonly vpFor: number;
  readonly vpAgainst: number;
  readonly rating: number;
}

export function seasonStandings(view: Pick<SeasonView, 'entrants' | 'roundsPlayed' | 'ratings'>): SeasonLine[] {
  const lines = new Map(
    view.entrants.map((player) => [
      player,
      { player, points: 0, played: 0, won: 0, drawn: 0, lost: 0, forfeits: 0, byes: 0, vpFor: 0, vpAgainst: 0, rating: view.ratings.get(player) ?? 0 },
    ]),
  );
  for (const round of view.roundsPlayed)
    for (const pairing of round.pairings)
      for (const [player, side] of Object.entries(pairing.sides)) {
        const line = lines.get(player);
        if (!line) continue;
        line.points += POINTS[side.outcome];
        line.vpFor += side.vpFor;
        line.vpAgainst += side.vpAgainst;
        if (side.outcome === 'bye') {
          line.byes++;
          continue;
        }
        line.played++;
        if (side.outcome === 'win') line.won++;
        else if (side.outcome === 'draw') line.drawn++;
        else if (side.outcome === 'loss') line.lost++;
        else line.forfeits++;
      }
  return [...lines.values()].sort(
    (a, b) =>
      b.points - a.points || b.vpFor - b.vpAgainst - (a.vpFor - a.vpAgainst) || b.rating - a.rating || (a.player < b.player ? -1 : a.player > b.player ? 1 : 0),
  );
}

/** `s` in `n` columns, counting (and cutting) whole graphemes, so an emoji is never cut in half. */
const pad = (s: string, n: number) => {
  const g = graphemesOf(s);
  return g.length >= n ? g.slice(0, n).join('') : s + ' '.repeat(n - g.length);
};
const padStart = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

/**
 * The table as monospaced text (a Discord code block): place, player, points, played, won, drawn,
 * lost, forfeits, VP difference, rating. `name` gives a player's display name (plain text: inside a
 * code block nothing is markdown).
 */
export function standingsTable(lines: readonly SeasonLine[], name: (player: string) => string): string {
  const head = `${padStart('#', 2)} ${pad('Player', 16)} ${padStart('Pts', 3)} ${padStart('P', 2)} ${padStart('W', 2)} ${padStart('D', 2)} ${padStart('L', 2)} ${padStart('F', 2)} ${padStart('VP±', 5)} ${padStart('Rating', 6)}`;
  const rows = lines.map((l, i) => {
    const diff = l.vpFor - l.vpAgainst;
    return `${padStart(String(i + 1), 2)} ${pad(name(l.player).replace(/`/g, "'"), 16)} ${padStart(String(l.points), 3)} ${padStart(String(l.played), 2)} ${padStart(String(l.won), 2)} ${padStart(String(l.drawn), 2)} ${padStart(String(l.lost), 2)} ${padStart(String(l.forfeits), 2)} ${padStart(diff > 0 ? `+${diff}` : String(diff), 5)} ${padStart(l.rating.toFixed(1), 6)}`;
  });
  return ['```', head, ...rows, '```'].join('\n');
}
