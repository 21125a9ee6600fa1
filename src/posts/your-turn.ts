/**
 * The ping when the game waits on a player, made at delivery: its line, and in small print what
 * happened since that player's last act (render/match-log.ts), so they can act without scrolling.
 */
import type { GameEvent, GameState } from '../rulesets/sellsword/engine';
import { afterLastAct, catchUpDigest, sinceLastAct, sinceTurn, withLogPointer } from '../rulesets/sellsword/render';
import type { MatchRow, Store } from '../store';
import type { MatchEvent, MatchSetup } from '../match/match-state';
import { clip, shownNames } from '../discord/text';
import { DiscordLimit } from '../discord/limits';

/** The state of a match after event `seq`: a turn's start, known from posting that turn (post-pictures.ts). */
export interface KnownState {
  readonly seq: number;
  readonly state: GameState;
}

const gameEvents = (rows: readonly { event: MatchEvent }[]): GameEvent[] => rows.flatMap((e) => (e.event.stage === 'game' ? [e.event.event] : []));
/**
 * The ping's line, with the digest of everything that happened since the player's last act as of
 * `seq`, a turn just posted above included (issue 26); `upTo` (where such a turn began) only bounds
 * which `known` states may start the read.
 * The last act is looked for up to `seq`, so an answer given inside the posted turn counts: the digest
 * never tells what came before it. It starts where the player last acted, usually a turn or two back:
 * when the events after the earliest `known` state hold that act, only those are read; otherwise (the
 * act is older, or nothing is known) the log is replayed from the start.
 */
export async function yourTurnContent(
  store: Store,
  row: MatchRow,
  setup: MatchSetup,
  seq: number,
  player: string,
  content: string,
  known: readonly KnownState[] = [],
  upTo = seq,
  limit = ownMessageDigest(content),
  above = '',
): Promise<string> {
  if (!setup.start) return content;
  const earliest = known.filter((k) => k.seq <= upTo).reduce<KnownState | null>((a, k) => (a && a.seq <= k.seq ? a : k), null);
  if (earliest) {
    const rows = await store.matches.events<MatchEvent>(row.id, earliest.seq, seq);
    const events = gameEvents(rows);
    const acted = afterLastAct(earliest.state, events, player);
    // The player's last act is among these events, so the digest is the one the whole log would give.
    // From there, what the act set off is theirs too (sinceLastAct), as the whole log's read skips it:
    // a tester's ping told back their own attack, just told above it (issue 26).
    if (acted > 0) return withDigest(content, earliest.state, events, sinceLastAct(earliest.state, events, player), setup, player, limit, above);
  }
  const rows = await store.matches.events<MatchEvent>(row.id, 0, seq);
  const events = gameEvents(rows);
  return withDigest(content, setup.start, events, sinceLastAct(setup.start, events, player), setup, player, limit, above);
}

/**
 * How long a ping's digest may be when the ping is a message of its own: what Discord's 2,000
 * characters leave after its line, the digest's lead-in and where to read it all. The practice bot
 * plays several turns in a row, and a 600-character digest told its first and hid the rest (playtest).
 */
export const ownMessageDigest = (content: string): number => Math.max(600, DiscordLimit.content - content.length - 120);

function withDigest(
  content: string,
  start: GameState,
  events: readonly GameEvent[],
  from: number,
  setup: MatchSetup,
  player: string,
  limit: number,
  above: string,
): string {
  // Nothing to catch up on when the player never acted, or nobody else did anything since.
  if (from === 0 || from >= events.length) return content;
  // Read from where the turn began, the part before the cut read but not told: a reply the player's
  // answer declared is known, so a drop that stops it says so (R26).
  const read = sinceTurn(start, events, from);
  // Everything since the player's last act, as the log tells it (issue 26): a turn just posted above
  // included, so the digest never reads as if nothing else happened. The ping's own line is not said
  // again, nor the words its change posted just before it (`above`: an answer's "act goes on" block).
  const shown = above ? `${above}\n${content}` : content;
  const digest = catchUpDigest(read.start, read.events, player, shownNames(setup.names), limit, shown, read.told);
  return digest ? clip(`${content}\n-# Since your last act: ${withLogPointer(digest)}`, 'content') : content;
}
