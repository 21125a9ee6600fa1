/**
 * Turns an outbox body into the Discord message it stands for, when it is delivered: pictures and
 * logs are made then (post-pictures.ts), from the match as stored, so a process that dies before
 * posting loses nothing that cannot be made again. Pure reads of the store; sending is the worker's
 * (bot/outbox-worker.ts).
 */
import type { MatchRow, Store } from '../store';
import type { MatchSetup, MatchSnapshot } from './match-state';
import type { PostBody } from './post-body';
import { drawsPictures, picturePost, type PictureBody } from './post-pictures';
import { promptPostOf } from './prompt-post';
import type { Post } from './thread';

export type Rendered =
  | { readonly to: 'create'; readonly post: Post; readonly prompt?: { readonly seq: number; readonly player: string; readonly kind: string } }
  /** An edit of one of the bot's messages; `lines` are added under its text unless already there. */
  | { readonly to: 'edit'; readonly messageId: string; readonly lines: readonly string[] }
  | { readonly to: 'skip'; readonly reason: string };

/** Where pictures are drawn: the bot's render pool (bot/render-pool.ts). */
export interface Renderer {
  render(matchId: string, body: PictureBody): Promise<Rendered>;
}

/**
 * The message an outbox body stands for. With a renderer, bodies with pictures are drawn there (a
 * worker thread reading the same database), so the caller's thread only sends them; everything else,
 * and everything without a renderer (a `:memory:` store, tools), is made here.
 */
export async function renderBody(store: Store, matchId: string, body: PostBody, renderer?: Renderer): Promise<Rendered> {
  if (renderer && drawsPictures(body)) return renderer.render(matchId, body);
  if (body.kind !== 'prompt' && !drawsPictures(body)) {
    // Text and edits need nothing from the match but that it exists.
    return store.matches.exists(matchId) ? renderBodyNow(store, null, body) : gone;
  }
  const row = store.matches.get(matchId);
  return row ? renderBodyNow(store, row, body) : gone;
}

const gone: Rendered = { to: 'skip', reason: 'the match no longer exists' };

/** renderBody in this thread, from the match as read (every body but text and edits needs it). */
export function renderBodyNow(store: Store, row: MatchRow | null, body: PostBody): Rendered {
  if (drawsPictures(body)) {
    if (!row) throw new Error(`a ${body.kind} post needs its match`);
    return { to: 'create', post: picturePost(store, row, body) };
  }
  switch (body.kind) {
    case 'text':
    case 'reply':
      return { to: 'create', post: { content: body.content, ...(body.ping ? { ping: body.ping } : {}) } };
    case 'prompt': {
      const setup = (row?.setup ?? null) as MatchSetup | null;
      // A prompt the match has moved past (answered by a typed command, withdrawn by a concession)
      // would only be refused if clicked, so it is never posted.
      if (!row || row.seq !== body.seq || !setup || !row.snapshot) return { to: 'skip', reason: 'the match moved past this prompt before it was posted' };
      const made = promptPostOf(row, setup, row.snapshot as MatchSnapshot);
      if (!made) return { to: 'skip', reason: 'no prompt is open' };
      return {
        to: 'create',
        post: { content: made.post.content, components: made.post.components, ping: [made.player] },
        prompt: { seq: row.seq, player: made.player, kind: made.kind },
      };
    }
    case 'retire':
      return { to: 'edit', messageId: body.messageId, lines: [`-# ${body.note}`] };
    case 'answered':
      return { to: 'edit', messageId: body.messageId, lines: body.lines };
  }
}
