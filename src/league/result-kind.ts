/**
 * Every way a league match ends, as one model (docs/leagues.md "Results"): played out, conceded,
 * forfeited (in setup by the clock, in play by the clock, at a season round's deadline, or by leaving
 * the league or season), awarded by an organiser, and a season's bye. A result is recorded once
 * (results.ts) with its way; the thread's title, the league post, the standings, the export and
 * profiles all read it from there and say it in the words below, so a forfeit is never told as a
 * concession, and a forfeit shows no score it never had.
 */
import type { ForfeitScore, ResultWay } from '../store';

export type ForfeitWay = 'forfeit' | 'forfeit-setup' | 'forfeit-clock' | 'forfeit-deadline' | 'forfeit-withdrawn';

/** Why the bot made a player forfeit, as it marks the match (results.ts `MatchEnding.forfeit`). */
export type ForfeitCause = 'clock' | 'deadline' | 'withdrawn';

export const isForfeit = (way: ResultWay): way is ForfeitWay => way === 'forfeit' || way.startsWith('forfeit-');

/** The way a forfeit is recorded: its cause, and for the clock whether the match was still in setup. */
export function forfeitWay(cause: ForfeitCause, inSetup: boolean): ForfeitWay {
  if (cause === 'deadline') return 'forfeit-deadline';
  if (cause === 'withdrawn') return 'forfeit-withdrawn';
  return inSetup ? 'forfeit-setup' : 'forfeit-clock';
}

/** What follows "X forfeited" for each kind of forfeit. */
const FORFEIT_WHY: Readonly<Record<ForfeitWay, string>> = {
  forfeit: '',
  'forfeit-setup': ': their time ran out during setup',
  'forfeit-clock': ': their time ran out',
  'forfeit-deadline': ": the round's deadline passed with the match waiting on them",
  'forfeit-withdrawn': ': they left the league or its season',
};

/** Each way in a word or two, as the export and `/league round` write it. */
export const WAY_WORDS: Readonly<Record<ResultWay | 'bye', string>> = {
  played: 'played out',
  conceded: 'conceded',
  awarded: 'awarded by an organiser',
  forfeit: 'forfeit',
  'forfeit-setup': 'forfeit in setup (clock)',
  'forfeit-clock': 'forfeit on the clock',
  'forfeit-deadline': "forfeit at the round's deadline",
  'forfeit-withdrawn': 'forfeit by leaving',
  bye: 'bye',
};

/** The default forfeit score: the forfeiting player loses by the VP target. */
export const DEFAULT_FORFEIT_SCORE: ForfeitScore = 'target';

/** The forfeit scores as an organiser chooses them, in words. */
export const FORFEIT_SCORE_WORDS: Readonly<Record<ForfeitScore, string>> = {
  target: 'the forfeiting player loses by the VP target (the winner is credited the target, the forfeiting player 0)',
  'as-played': 'the VP as they stood when the match ended',
};

/**
 * The VP a forfeit counts for in the standings (VP difference), for each player. `target`: the
 * forfeiting player is credited 0 and the others the VP target, so a player who never played cannot
 * rank above one who played and lost on VP difference. `as-played`: the VP as they stood.
 */
export function forfeitVp(
  score: ForfeitScore,
  target: number,
  players: readonly string[],
  forfeiter: string,
  asPlayed: (p: string) => number,
): Map<string, { vpFor: number; vpAgainst: number }> {
  const vp = (p: string) => (score === 'as-played' ? asPlayed(p) : p === forfeiter ? 0 : target);
  return new Map(players.map((p) => [p, { vpFor: vp(p), vpAgainst: Math.max(0, ...players.filter((o) => o !== p).map(vp)) }]));
}

/** What the words of a result need: its way, winner and each player's side (a stored result has them all). */
export interface ResultFacts {
  readonly way: ResultWay;
  readonly winner: string | null;
  readonly players: readonly { readonly player: string; readonly outcome: string; readonly vpFor: number; readonly vpAgainst: number }[];
}

/** Who forfeited or conceded the match, if anyone. */
export function quitterOf(r: ResultFacts): string | null {
  if (isForfeit(r.way)) return r.players.find((p) => p.outcome === 'forfeit')?.player ?? null;
  if (r.way === 'conceded') return r.players.find((p) => p.outcome === 'loss' && p.player !== r.winner)?.player ?? null;
  return null;
}

/** The score from the winner's side ("62–40"), or null where no score was played for (a forfeit, an award). */
export function scoreText(r: ResultFacts): string | null {
  if (isForfeit(r.way) || r.way === 'awarded') return null;
  const order = r.winner ? [r.winner, ...r.players.map((p) => p.player).filter((p) => p !== r.winner)] : r.players.map((p) => p.player);
  return order.map((p) => r.players.find((x) => x.player === p)?.vpFor ?? 0).join('–');
}

/**
 * The thread's name once the match is over (plain text): "🏁 Alice beat Bob 62–40", "🏁 Alice beat Bob by
 * forfeit". The flag marks the match finished, for both players: a ✅ there read to the loser as a mark
 * of their own win (issue 26).
 */
export function resultTitle(r: ResultFacts, name: (p: string) => string): string {
  const others = r.players.map((p) => p.player).filter((p) => p !== r.winner);
  const score = scoreText(r);
  const tail = isForfeit(r.way)
    ? ' by forfeit'
    : r.way === 'awarded'
      ? ' (awarded)'
      : r.way === 'conceded'
        ? `${score ? ` ${score}` : ''} (conceded)`
        : score
          ? ` ${score}`
          : '';
  if (r.winner === null) return `🤝 ${r.players.map((p) => name(p.player)).join(' and ')} drew${tail}`;
  return `${r.way === 'awarded' ? '⚖️' : '🏁'} ${name(r.winner)} beat ${others.map(name).join(', ')}${tail}`;
}

/**
 * How a result came about, after the score in the league post: "(**Bob** conceded)", "(**Bob**
 * forfeited: their time ran out during setup; counted 60–0)", "(awarded by an organiser: reason)".
 * `name` gives a name as the post shows it (escaped, bold).
 */
export function resultHow(r: ResultFacts & { readonly reason?: string | null }, name: (p: string) => string, target: number | null): string {
  const quitter = quitterOf(r);
  if (isForfeit(r.way)) {
    const counted = r.winner
      ? ` (counted ${[r.winner, ...r.players.map((p) => p.player).filter((p) => p !== r.winner)].map((p) => r.players.find((x) => x.player === p)!.vpFor).join('–')})`
      : '';
    return ` by forfeit: ${quitter ? name(quitter) : 'a player'} forfeited${FORFEIT_WHY[r.way]}${counted}`;
  }
  if (r.way === 'conceded' && quitter) return ` (${name(quitter)} conceded)`;
  if (r.way === 'awarded') return `, awarded by an organiser${r.reason ? ` (${r.reason})` : ''}`;
  return r.winner && target !== null ? ` (target ${target} VP)` : '';
}
