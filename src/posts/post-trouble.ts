/**
 * The outbox rows that tell people about posts Discord refused (bot/post-refusals.ts says which
 * refusal is which), so no refused post goes unseen: the first time a match's pictures go as text, a
 * match whose thread is lost (paused until `/skirmish reopen`), a league channel lost to the bot.
 * Each writes its rows in the caller's transaction, the one that records how the refused row ended.
 */
import { OPEN_STATUSES, storedNames, type MatchRow, type NewOutboxRow, type Store } from '../store';
import type { PostBody } from './post-body';
import { shown } from '../discord/text';

async function titleOf(store: Store, row: MatchRow): Promise<string> {
  const name = await storedNames(store, row.players);
  return row.players.map((p) => shown(name(p))).join(' vs ');
}

const rowsOf = (row: MatchRow, channelId: string, bodies: readonly PostBody[]): NewOutboxRow[] => bodies.map((body) => ({ matchId: row.id, channelId, body }));

/**
 * The first post of a match that went without its pictures (no Attach Files): the thread says why, and
 * the server's owner hears by DM. Call it before the row is recorded as a fallback; later ones say nothing.
 */
export async function noticeNoFiles(store: Store, matchId: string, channelId: string, owner: string | null): Promise<void> {
  const row = await store.matches.get(matchId);
  if (!row || (await store.outbox.hasOutcome(matchId, 'fallback'))) return;
  const bodies: PostBody[] = [
    {
      kind: 'text',
      content:
        '🖼 The bot may not attach files here, so maps and cards come as their written descriptions until someone gives it the **Attach Files** permission in this channel.',
    },
  ];
  if (owner) {
    const title = await titleOf(store, row);
    bodies.push({
      kind: 'dm',
      user: owner,
      content: `🖼 **${title}** in <#${channelId}>: the bot may not attach files there, so its maps go as text. Give the bot **Attach Files** in that channel (or its category) and the pictures come back with the next post.`,
    });
  }
  await store.outbox.add(rowsOf(row, channelId, bodies));
}

/**
 * The bot can no longer post in an open match's thread: the match is paused (no deadline runs) and
 * each player is told, by DM or else in the channel the thread hung from, how to carry on. True when
 * this paused it (at `at` on the game clock); a match already paused, or over, is left as it is.
 */
export async function pauseForLostThread(store: Store, matchId: string, why: string, at: number): Promise<boolean> {
  const row = await store.matches.get(matchId);
  if (!row || !(OPEN_STATUSES as readonly string[]).includes(row.status)) return false;
  if (!(await store.pauses.pause(matchId, at, row.threadId, why))) return false;
  const title = await titleOf(store, row);
  const content = `⏸ **${title}** is paused: the bot can no longer post in its thread, because ${why}. Its clock is stopped. Run \`/skirmish reopen\` in <#${row.channelId}> to carry on in a new thread, with the map and any open choice.`;
  await store.outbox.add(
    rowsOf(
      row,
      row.channelId,
      [...new Set(row.players)].map((user) => ({ kind: 'dm', user, content, elseIn: row.channelId })),
    ),
  );
  return true;
}

/**
 * A finished match's result could not go in its league channel: the server's owner is told which
 * result, where and why, by DM or else in the match's thread. The result itself is recorded either way.
 */
export async function tellLeagueChannelLost(store: Store, matchId: string, why: string, owner: string | null): Promise<void> {
  const row = await store.matches.get(matchId);
  if (!row) return;
  const title = await titleOf(store, row);
  const content = `⚠️ The result of **${title}** could not be posted in <#${row.channelId}>, because ${why}. The result is recorded (\`/league standings\` counts it); give the bot access to that channel so later results appear there.`;
  const where = row.threadId;
  const body: PostBody | null = owner ? { kind: 'dm', user: owner, content, ...(where ? { elseIn: where } : {}) } : where ? { kind: 'text', content } : null;
  if (body) await store.outbox.add(rowsOf(row, where ?? row.channelId, [body]));
}
