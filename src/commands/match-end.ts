/**
 * When a match ends, the league hears of it: a result post in the parent channel (winner, score,
 * length, a link to the thread), and the thread renamed to say how it went ("✅ Alice beat Bob 95–42")
 * and archived. Both are outbox bodies (docs/store.md "The outbox"), planned with the change that
 * ended the match and made into messages at delivery from the match as stored.
 */
import type { GameState, PlayerId } from '../engine';
import type { MatchRow } from '../store';
import { gameOf } from '../match/match-state';
import type { PostBody } from './post-body';
import { shown, clip } from '../discord/text';
import { matchRecord } from '../match/record';

/** The posts that close a match that has just ended (over, or a challenge declined). */
export function closing(row: MatchRow): PostBody[] {
  // A practice match against the bot is not a league result: its thread is closed, nothing is announced.
  if (row.status === 'over') return matchRecord(row).terms.practice ? [{ kind: 'close-thread' }] : [{ kind: 'league-result' }, { kind: 'close-thread' }];
  if (row.status === 'declined' || row.status === 'cancelled') return [{ kind: 'close-thread' }];
  return [];
}

const cut = (s: string) => clip(s, 'threadName');

interface Outcome {
  readonly names: (p: PlayerId) => string;
  readonly winner: PlayerId | null;
  readonly others: readonly PlayerId[];
  readonly score: string | null;
  readonly game: GameState | null;
  readonly conceded: PlayerId | null;
}

function outcome(row: MatchRow, fallbackNames: (p: PlayerId) => string, conceded: PlayerId | null = null): Outcome {
  const { setup, snapshot } = matchRecord(row);
  const names = (p: PlayerId) => setup?.names[p] ?? fallbackNames(p);
  const game = snapshot ? gameOf(snapshot) : null;
  const winner = row.winner ?? game?.winner ?? null;
  const others = row.players.filter((p) => p !== winner);
  // The score from the winner's side: "95–42".
  const order = winner ? [winner, ...others] : [...row.players];
  const score = game ? order.map((p) => game.score[p] ?? 0).join('–') : null;
  const result = row.result as { conceded?: PlayerId } | null;
  return { names, winner, others, score, game, conceded: result?.conceded ?? conceded };
}

/** The thread's name once the match is over: who beat whom and the score. */
export function finishedName(row: MatchRow, fallbackNames: (p: PlayerId) => string): string {
  if (row.status === 'declined' || row.status === 'cancelled') return cut(`❌ ${row.players.map(fallbackNames).join(' vs ')} (declined)`);
  const o = outcome(row, fallbackNames);
  const score = o.score ? ` ${o.score}` : '';
  if (o.winner === null) return cut(`🤝 ${row.players.map(o.names).join(' and ')} drew${score}`);
  return cut(`✅ ${o.names(o.winner)} beat ${o.others.map(o.names).join(', ')}${score}`);
}

/** The result post for the league channel: winner, score, length, how it ended, and the thread. */
export function leagueResult(row: MatchRow, fallbackNames: (p: PlayerId) => string, conceded: PlayerId | null = null): string {
  const plain = outcome(row, fallbackNames, conceded);
  // The post reads markdown, so the names are escaped (discord/text.ts); the thread's name is plain text.
  const o = { ...plain, names: (p: PlayerId) => shown(plain.names(p)) };
  const { setup } = matchRecord(row);
  const map = o.game ? o.game.map.name : null;
  const who = o.winner
    ? `**${o.names(o.winner)}** beat ${o.others.map((p) => `**${o.names(p)}**`).join(', ')}`
    : `${row.players.map((p) => `**${o.names(p)}**`).join(' and ')} drew`;
  const score = o.score ? ` ${o.score}` : '';
  const days = Math.max(1, Math.ceil(((row.ended ?? row.updated) - row.created) / 86_400_000));
  const length = o.game ? `${o.game.round} round${o.game.round === 1 ? '' : 's'}${map ? ` on ${shown(map)}` : ''}` : 'during setup';
  const how = o.conceded ? ` (${o.names(o.conceded)} conceded)` : o.game?.over && o.winner ? ` (target ${setup?.options.vpTarget ?? '?'} VP)` : '';
  const thread = row.threadId ? ` <#${row.threadId}>` : '';
  return `🏆 ${who}${score}${how}: ${length}, ${days} day${days === 1 ? '' : 's'}.${thread}`;
}
