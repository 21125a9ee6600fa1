/**
 * Posts the open prompt of a match in its thread, pinging the player who must answer, and records the
 * message so a restart can post it again (the buttons stay valid: they carry the match's sequence
 * number, which has not moved while the prompt is open).
 */
import type { PlayerId } from '../engine/state';
import { OPEN_STATUSES, type MatchRow } from '../store';
import type { App } from './app';
import { nameIn } from './announce';
import { gameOf, type MatchSetup, type MatchSnapshot } from './match-state';
import { gamePromptPost, type PromptPost } from './prompt-game';
import { setupPromptPost } from './prompt-setup';
import { postTo } from './thread';

export function promptPostOf(row: MatchRow, setup: MatchSetup, snapshot: MatchSnapshot): { post: PromptPost; player: PlayerId; kind: string } | null {
  const name = nameIn(setup);
  if (snapshot.stage === 'pregame') {
    const p = snapshot.pregame.prompt;
    return p ? { post: setupPromptPost(row.id, row.seq, p, name), player: p.player, kind: p.kind } : null;
  }
  const game = gameOf(snapshot)!;
  const p = game.prompt;
  return p ? { post: gamePromptPost(row.id, row.seq, game, p, name), player: p.player, kind: p.kind } : null;
}

/**
 * Takes the buttons off prompt messages the match has moved past (answered by a command, re-posted
 * after a restart, or withdrawn by a concession), so nobody clicks what can only be refused. The
 * message a click just answered was updated by that click; `except` skips it.
 */
export async function retirePrompts(app: App, row: MatchRow, except?: string, reposted?: string): Promise<void> {
  // `reposted` retires the current prompt's copies too, before it is posted again.
  const all = reposted !== undefined || !(OPEN_STATUSES as readonly string[]).includes(row.status);
  const stale = app.store.prompts.open(row.id).filter((p) => all || p.seq < row.seq);
  app.store.prompts.close(row.id, all ? undefined : row.seq - 1);
  for (const p of stale) {
    if (p.messageId === except) continue;
    const channel = await app.client.channels.fetch(p.channelId).catch(() => null);
    if (!channel?.isTextBased()) continue;
    const message = await channel.messages.fetch(p.messageId).catch(() => null);
    await message?.edit({ content: `${message.content}\n-# ${reposted ?? 'This prompt has passed.'}`, components: [], allowedMentions: { parse: [] } }).catch((e: unknown) => app.log(`could not retire prompt ${p.messageId}`, e));
  }
}

export async function postPrompt(app: App, row: MatchRow, setup: MatchSetup, snapshot: MatchSnapshot): Promise<void> {
  // Posts for one match are not queued: if a later change got here first, this prompt is already stale.
  if (app.store.matches.get(row.id)?.seq !== row.seq) return;
  const made = promptPostOf(row, setup, snapshot);
  if (!made || !row.threadId) return;
  const message = await postTo(app, row.threadId, { content: made.post.content, components: made.post.components, ping: [made.player] });
  app.store.prompts.record({ matchId: row.id, seq: row.seq, channelId: row.threadId, messageId: message.id, player: made.player, kind: made.kind });
}
