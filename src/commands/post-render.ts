/**
 * Turns an outbox body into the Discord message it stands for, when it is delivered: pictures and
 * logs are made then (the pictures in post-pictures.ts, in a render worker when the bot has them),
 * from the match as stored, so a process that dies before posting loses nothing that cannot be made
 * again. Pure reads of the store; sending is the worker's (bot/outbox-worker.ts).
 */
import type { MatchRow, Store } from '../store';
import { matchRecord } from '../match/record';
import { resultFactsOf } from '../league/results';
import type { PostBody } from '../posts/post-body';
import { drawsPictures, picturePost, promptCloseUp, type PictureBody } from '../posts/post-pictures';
import { entryMapFile } from '../posts/entry-map';
import { mapChoiceFiles } from '../posts/map-preview';
import { promptMapFile, promptPicture } from './prompts/prompt-game';
import { gameOf } from '../match/match-state';
import { challengeButtons } from './skirmish/challenge-buttons';
import { finishedName, leagueResult } from '../match/match-end';
import { promptPostOf } from './prompts/prompt-post';
import { renderTableBody } from './table-render';
import type { Post } from './thread';
import { storedNames } from '../store';
import { standingsChangeText } from '../posts/league-result-post';

export type Rendered =
  /** A new message, in the row's channel unless `channel` names another (the league channel, for a result), or a DM to `dm`. */
  | {
      readonly to: 'create';
      readonly post: Post;
      readonly prompt?: { readonly seq: number; readonly player: string; readonly kind: string };
      readonly channel?: string;
      readonly dm?: string;
      /** For a DM: the channel to post it in, with a ping, when the user allows no DMs. */
      readonly elseIn?: string;
    }
  /** The row's thread renamed and archived, whatever of that is not done yet. */
  | { readonly to: 'thread'; readonly name: string; readonly archive: boolean }
  /** An edit of one of the bot's messages; `lines` are added under its text unless already there. */
  | { readonly to: 'edit'; readonly messageId: string; readonly lines: readonly string[]; readonly replace?: boolean }
  | { readonly to: 'skip'; readonly reason: string };

/** The league post of a match that is over, from its result. */
async function leagueResultText(store: Store, row: MatchRow): Promise<string> {
  const facts = await resultFactsOf(store, row);
  if (!facts) throw new Error(`match ${row.id}: a result post for a match with no result`);
  return leagueResult(row, await storedNames(store, row.players), facts);
}

/**
 * Bodies a render pool draws: those that always draw pictures, a table game's turn picture, and prompts, of which an entry tile's
 * and a game prompt's own map come with a picture (renderBodyNow sends only those).
 */
export type DrawnBody = PictureBody | Extract<PostBody, { kind: 'prompt' | 'table' }>;

/** Where pictures are drawn: the bot's render pool (bot/render-pool.ts). */
export interface Renderer {
  render(matchId: string, body: DrawnBody): Promise<Rendered>;
}

/**
 * The message an outbox body stands for. With a renderer, bodies with pictures are drawn there (a
 * worker thread reading the same database), so the caller's thread only sends them; everything else,
 * and everything without a renderer (a `:memory:` store, tools), is made here.
 */
export async function renderBody(store: Store, matchId: string, body: PostBody, renderer?: Renderer): Promise<Rendered> {
  // A table game's turn picture is drawn there too (table-render.ts).
  if (renderer && (drawsPictures(body) || body.kind === 'table')) return renderer.render(matchId, body);
  const row = await store.matches.get(matchId);
  if (row && body.kind === 'league-result') {
    // The one text post that reads more than the match: the league's standings after it.
    const made = await renderBodyNow(store, row, body, renderer);
    if (made.to !== 'create') return made;
    return { ...made, post: { ...made.post, content: `${made.post.content ?? ''}${await standingsChangeText(store, row)}` } };
  }
  return row ? await renderBodyNow(store, row, body, renderer) : { to: 'skip', reason: 'the match no longer exists' };
}

/**
 * renderBody in this thread, from the match as read; with a renderer, a prompt that comes with a map
 * is drawn there instead, so that only the render pool's threads ever hold the canvases, board
 * pictures and scanline buffers drawing keeps (each set some tens of megabytes).
 */
export async function renderBodyNow(store: Store, stored: MatchRow, body: PostBody, renderer?: Renderer): Promise<Rendered> {
  if (drawsPictures(body)) return { to: 'create', post: await picturePost(store, stored, body) };
  const row = matchRecord(stored);
  const setup = row.setup;
  switch (body.kind) {
    case 'text':
    case 'reply':
      return { to: 'create', post: { content: body.content, ...(body.ping ? { ping: body.ping } : {}) } };
    case 'prompt': {
      // A prompt the match has moved past (answered by a typed command, withdrawn by a concession)
      // would only be refused if clicked, so it is never posted.
      if (row.seq !== body.seq || !setup || !row.snapshot) return { to: 'skip', reason: 'the match moved past this prompt before it was posted' };
      // The entry tile is chosen looking at the map, its start areas and the tiles already placed; a
      // game's prompt with the picture it is answered looking at.
      const snapshot = row.snapshot;
      const game = snapshot.stage === 'pregame' ? null : gameOf(snapshot);
      const picture = game ? promptPicture(game) : null;
      // A game's prompt with a picture is made whole where it is drawn: its words are not worked out here too.
      if (picture !== null && renderer) return renderer.render(stored.id, body);
      const made = promptPostOf(row, setup, snapshot);
      if (!made) return { to: 'skip', reason: 'no prompt is open' };
      // With one map on offer, who places the first tile is asked looking at its start areas too.
      const entry = snapshot.stage === 'pregame' && (made.kind === 'entry' || (made.kind === 'map-chooser' && setup.maps.length === 1));
      // With several, who chooses the map, and the map, are asked looking at every map on offer.
      const choice = snapshot.stage === 'pregame' && setup.maps.length > 1 && (made.kind === 'map-chooser' || made.kind === 'map');
      if ((entry || choice) && renderer) return renderer.render(stored.id, body);
      const map = entry
        ? entryMapFile(setup, snapshot.pregame)
        : game?.prompt && picture === 'own-map'
          ? promptMapFile(game, game.prompt, setup.names)
          : picture === 'turn-so-far'
            ? await promptCloseUp(store, stored, row.seq)
            : null;
      const files = choice ? mapChoiceFiles(setup.maps) : map ? [map] : [];
      const post = { content: made.post.content, components: made.post.components, ping: [made.player], ...(files.length > 0 ? { files } : {}) };
      return { to: 'create', post, prompt: { seq: row.seq, player: made.player, kind: made.kind } };
    }
    case 'challenge':
      return {
        to: 'create',
        post: { content: body.content, ping: body.ping, components: challengeButtons(row) },
        prompt: { seq: 0, player: row.players[1] ?? row.players[0]!, kind: 'challenge' },
      };
    case 'league-result':
      return {
        to: 'create',
        post: { content: await leagueResultText(store, row) },
        channel: row.channelId,
      };
    case 'close-thread':
      return { to: 'thread', name: finishedName(row, await storedNames(store, row.players), await resultFactsOf(store, row)), archive: true };
    case 'retire':
      return { to: 'edit', messageId: body.messageId, lines: [`-# ${body.note}`] };
    case 'answered':
      return { to: 'edit', messageId: body.messageId, lines: body.lines, ...(body.replace ? { replace: true } : {}) };
    case 'dm':
      return { to: 'create', post: { content: body.content }, dm: body.user, ...(body.elseIn ? { elseIn: body.elseIn } : {}) };
    case 'table':
    case 'table-prompt':
      return renderTableBody(store, stored, body);
  }
}
