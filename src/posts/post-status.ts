/**
 * What `/skirmish status` says about a match's posts when they are not going out: paused because its
 * thread is lost, posts waiting on Discord, posts given up. In words a player reads, never error codes.
 */
import type { MatchRow, OutboxRow, Store } from '../store';

/** Why a post did not go, from the reason the outbox kept (bot/outbox-worker.ts writes it). */
export function troubleWords(error: string | null): string {
  const lost = /the channel is lost: (.+)\)$/.exec(error ?? '');
  if (lost) return `its channel is lost: ${lost[1]}`;
  if (/\b429\b|rate limit/i.test(error ?? '')) return 'Discord asked the bot to slow down';
  if (/HTTPError|\b5\d\d\b|ECONN|timed? ?out|abort|other side closed|fetch failed/i.test(error ?? '')) return 'Discord did not answer';
  return 'Discord refused it';
}

const posts = (n: number) => (n === 1 ? '1 post' : `${n} posts`);

export async function postTroubleLines(store: Store, row: MatchRow): Promise<string[]> {
  const lines: string[] = [];
  const pause = await store.pauses.get(row.id);
  if (pause) {
    lines.push(
      `⏸ Paused: the bot lost this match's thread (${pause.reason}). Its clock is stopped; \`/skirmish reopen\` in <#${row.channelId}> carries it on in a new thread.`,
    );
  }
  const troubles = await store.outbox.troubles(row.id, 20);
  const waiting = troubles.filter((r: OutboxRow) => r.done === null);
  const given = troubles.filter((r: OutboxRow) => r.outcome === 'given-up');
  if (waiting.length > 0) {
    lines.push(`⚠️ ${posts(waiting.length)} of this match could not reach Discord yet (${troubleWords(waiting[0]!.error)}); the bot keeps trying by itself.`);
  }
  if (given.length > 0) lines.push(`⚠️ ${posts(given.length)} of this match ${given.length === 1 ? 'was' : 'were'} given up: ${troubleWords(given[0]!.error)}.`);
  return lines;
}
