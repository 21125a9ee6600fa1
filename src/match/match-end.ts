/**
 * When a match ends, the league hears of it: a result post in the parent channel (winner, score,
 * length, a link to the thread), and the thread renamed to say how it went ("🏁 Alice beat Bob 95–42")
 * and archived. Both say the match's result as recorded (league/result-kind.ts), so they tell a
 * forfeit, a concession and an award alike everywhere. Both are outbox bodies (docs/store.md "The outbox"), planned with the change that
 * ended the match and made into messages at delivery from the match as stored.
 */
import type { GameState, PlayerId } from '../rulesets/sellsword/engine';
import { plural } from '../league/words';
import { resultHow, type ResultFacts, resultTitle, scoreText } from '../league/result-kind';
import type { MatchRow } from '../store';
import { gameOf } from './match-state';
import type { PostBody } from '../posts/post-body';
import { shown, clip } from '../discord/text';
import { matchRecord } from './record';
import { playedByBot } from './practice-seat';

/** A match that has ended with a result for its league: over, and not a practice match against the bot. */
export const endsWithResult = (row: MatchRow): boolean => row.status === 'over' && !matchRecord(row).terms.practice;

/** The posts that close a match that has just ended (over, or a challenge declined). */
export function closing(row: MatchRow): PostBody[] {
  // A practice match against the bot is not a league result: its thread is closed, nothing is announced.
  if (row.status === 'over') return endsWithResult(row) ? [{ kind: 'league-result' }, { kind: 'close-thread' }] : [{ kind: 'close-thread' }];
  if (row.status === 'declined' || row.status === 'cancelled') return [{ kind: 'close-thread' }];
  return [];
}

const cut = (s: string) => clip(s, 'threadName');

/** The match's players' names: as its setup has them, else as the bot last saw them. */
const namesOf = (row: MatchRow, fallbackNames: (p: PlayerId) => string) => {
  const { setup } = matchRecord(row);
  return (p: PlayerId) => setup?.names[p] ?? fallbackNames(p);
};

/**
 * A name as a finished thread's title has it: at most 11 characters, so who beat whom and the score fit
 * in the first 36 or so, one line on a phone at 400 px ("🏁 Alexandra… beat Bartholome… 62–40"); a
 * tester's title of two long names wrapped with the score on the third line (issue 26).
 */
export const TITLE_NAME = 11;
const titleName = (name: string) => clip(name, TITLE_NAME);

/** titleName for `row`'s players, but the practice opponent's fixed name whole ("Practice b…" read as a slip, issue 26). */
const titleNames = (row: MatchRow, names: (p: PlayerId) => string) => (p: PlayerId) => (playedByBot(matchRecord(row), p) ? names(p) : titleName(names(p)));

/** The thread's name once the match is over, from its result (league/result-kind.ts): who beat whom, and how, within Discord's 100. */
export function finishedName(row: MatchRow, fallbackNames: (p: PlayerId) => string, result: ResultFacts | null): string {
  if (row.status === 'declined' || row.status === 'cancelled' || !result)
    return cut(`❌ ${row.players.map(titleNames(row, fallbackNames)).join(' vs ')} (declined)`);
  return cut(resultTitle(result, titleNames(row, namesOf(row, fallbackNames))));
}

/** The result post for the league channel: winner, score, how it ended, length, and the thread. */
export function leagueResult(row: MatchRow, fallbackNames: (p: PlayerId) => string, result: ResultFacts & { readonly reason?: string | null }): string {
  const plain = namesOf(row, fallbackNames);
  // The post reads markdown, so the names are escaped (discord/text.ts); the thread's name is plain text.
  const names = (p: PlayerId) => `**${shown(plain(p))}**`;
  const { setup, snapshot } = matchRecord(row);
  const game: GameState | null = snapshot ? gameOf(snapshot) : null;
  const map = game ? game.map.name : null;
  const others = result.players.map((p) => p.player).filter((p) => p !== result.winner);
  const who = result.winner
    ? `${names(result.winner)} beat ${others.map(names).join(', ')}`
    : `${result.players.map((p) => names(p.player)).join(' and ')} drew`;
  const score = scoreText(result);
  const took = elapsedWords((row.ended ?? row.updated) - row.created);
  // A game the record does not decode keeps its rounds in the row's result (match/table-change.ts).
  const kept = (row.result as { round?: number } | null)?.round;
  const length = game ? `${plural(game.round, 'round')}${map ? ` on ${shown(map)}` : ''}` : kept ? plural(kept, 'round') : 'during setup';
  const how = resultHow(
    { ...result, reason: result.reason ? shown(result.reason) : null },
    (p) => shown(plain(p)),
    game?.over ? (setup?.options.vpTarget ?? null) : null,
  );
  const thread = row.threadId ? ` <#${row.threadId}>` : '';
  return `🏆 ${who}${score ? ` ${score}` : ''}${how}: ${length}, ${took}.${thread}`;
}

/**
 * How long a match took, as a reader says it: minutes under an hour, hours under two days, days
 * after (rounded up, so a match is never said to have taken none).
 */
export function elapsedWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.ceil(minutes / 60);
  if (hours < 48) return plural(hours, 'hour');
  return plural(Math.ceil(hours / 24), 'day');
}
