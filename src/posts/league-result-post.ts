/**
 * When a league result is delivered: the ratings take it in (league/ratings.ts `catchUp`, after the
 * result's own transaction, so a crash in between is caught up by the next delivery or
 * `ratings:rebuild`), a pinned standings post is queued for its redraw, and the result's post says
 * how the standings changed.
 */
import { catchUp } from '../league/ratings';
import { resultStandingsLines } from '../league/standings';
import type { MatchRow, Store } from '../store';
import { shown } from '../discord/text';

/** Brings the league's ratings up to date and queues the pinned standings' redraw; true when one was queued. */
export async function settleLeagueResult(store: Store, matchId: string): Promise<boolean> {
  const result = await store.results.forMatch(matchId);
  if (!result) return false;
  await catchUp(store, result.leagueId);
  const settings = await store.leagueSettings.get(result.leagueId);
  if (settings?.standingsPost == null) return false;
  const post = settings.standingsPost;
  await store.leaguePosts.add([{ leagueId: result.leagueId, channelId: result.leagueId, body: { kind: 'standings-edit', post } }]);
  return true;
}

/** The standings change under a league result post ("Alice: 3rd → 1st, rating 1.2 → 4.0 (+2.8)"). */
export async function standingsChangeText(store: Store, row: MatchRow): Promise<string> {
  // A channel nobody made a league with /league create has no standings to speak of.
  if (!(await store.leagueSettings.get(row.channelId))) return '';
  const lines = await resultStandingsLines(store, row.id, shown);
  return lines.length > 0 ? `\n-# 📊 ${lines.join(' · ')}` : '';
}
