/**
 * Posts the open prompt of a match in its thread, pinging the player who must answer, and records the
 * message so a restart can post it again (the buttons stay valid: they carry the match's sequence
 * number, which has not moved while the prompt is open).
 */
import type { PlayerId } from '../engine/state';
import type { MatchRow } from '../store';
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

export async function postPrompt(app: App, row: MatchRow, setup: MatchSetup, snapshot: MatchSnapshot): Promise<void> {
  const made = promptPostOf(row, setup, snapshot);
  if (!made || !row.threadId) return;
  app.store.prompts.close(row.id, row.seq - 1);
  const message = await postTo(app, row.threadId, { content: made.post.content, components: made.post.components, ping: [made.player] });
  app.store.prompts.record({ matchId: row.id, seq: row.seq, channelId: row.threadId, messageId: message.id, player: made.player, kind: made.kind });
}
