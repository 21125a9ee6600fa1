/**
 * What a league posts in its channel outside any match (store `league_posts`, docs/store.md "The
 * outbox"): a settings change or an organiser's act, the standings picture, and the edits that keep a
 * pinned standings post up to date. Written in the change's transaction, made into messages when
 * delivered (bot/outbox-worker.ts), like a match's posts.
 */
import { clip } from '../discord/text';
import { DISCORD_ALT_TEXT_LIMIT, renderStandings, STANDINGS_PICTURE_ROWS } from '../render';
import { standingsOf, standingsText, type Standings } from './standings';
import type { LeaguePostRow, Store } from '../store';
import type { Services } from '../match/services';
import type { PlainPost } from '../posts/plain-post';

export type LeaguePostBody =
  /** `pairings`: the round whose pairings this post announces (the season runner opens its threads after it). */
  | { readonly kind: 'text'; readonly content: string; readonly ping?: readonly string[]; readonly pairings?: number }
  /** The standings picture; `pinned`: the post the bot keeps up to date. */
  | { readonly kind: 'standings'; readonly seasonId?: number | undefined; readonly pinned?: boolean }
  /** Redraws the pinned standings post (the `league_posts` row that made it). */
  | { readonly kind: 'standings-edit'; readonly post: number };

/** Adds the league's posts; call it inside the change's transaction, then `kickLeague` after it. */
export function postInLeague(app: Services, leagueId: string, bodies: readonly LeaguePostBody[]): Promise<LeaguePostRow[]> {
  return app.store.leaguePosts.add(bodies.map((body) => ({ leagueId, channelId: leagueId, body })));
}

/** The standings as a message: the picture, with the same table (as far as Discord allows) as its alt text. */
export function standingsMessage(s: Standings, content?: string): PlainPost {
  return {
    ...(content ? { content } : {}),
    files: [{ png: renderStandings(s.title, s.rows), name: 'standings.png', alt: standingsAlt(s) }],
  };
}

/**
 * The picture's alt text: the table in words when it fits Discord's alt-text limit, else with short
 * column names, as many whole rows as the limit holds and a last line counting the rest, so no row is
 * ever cut in the middle (a cut row would show a player with part of their record).
 */
export function standingsAlt(s: Standings): string {
  const drawn = s.rows.slice(0, STANDINGS_PICTURE_ROWS);
  const withRest = (n: number, short: boolean) => {
    const more = s.rows.length - n;
    return `${standingsText({ ...s, rows: drawn.slice(0, n) }, short)}${more > 0 ? `\n…and ${more} more in \`/league export\`.` : ''}`;
  };
  const full = withRest(drawn.length, false);
  if (full.length <= DISCORD_ALT_TEXT_LIMIT) return full;
  for (let n = drawn.length; n > 0; n--) {
    const alt = withRest(n, true);
    if (alt.length <= DISCORD_ALT_TEXT_LIMIT) return alt;
  }
  return clip(full, DISCORD_ALT_TEXT_LIMIT);
}

export type LeagueRendered =
  | { readonly to: 'create'; readonly post: PlainPost }
  | { readonly to: 'edit'; readonly messageId: string; readonly post: PlainPost }
  | { readonly to: 'skip'; readonly reason: string };

/** The message a league post stands for, made at delivery from the league as stored. */
export async function renderLeaguePost(store: Store, row: LeaguePostRow): Promise<LeagueRendered> {
  const body = row.body as LeaguePostBody;
  switch (body.kind) {
    case 'text':
      return { to: 'create', post: { content: body.content, ...(body.ping ? { ping: body.ping } : {}) } };
    case 'standings': {
      const s = await standingsOf(store, row.leagueId, body.seasonId);
      return { to: 'create', post: standingsMessage(s, body.pinned ? '📌 Standings, kept up to date after every result.' : undefined) };
    }
    case 'standings-edit': {
      const settings = await store.leagueSettings.get(row.leagueId);
      // Unpinned (or pinned again elsewhere) since: nothing to keep up to date.
      if (settings?.standingsPost !== body.post) return { to: 'skip', reason: 'the standings post is no longer pinned' };
      const pinned = await store.leaguePosts.get(body.post);
      if (!pinned?.messageId) return { to: 'skip', reason: 'the pinned standings post was never delivered' };
      const s = await standingsOf(store, row.leagueId);
      return { to: 'edit', messageId: pinned.messageId, post: standingsMessage(s, '📌 Standings, kept up to date after every result.') };
    }
  }
}
