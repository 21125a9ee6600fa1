/**
 * The ping when the game waits on a player, made at delivery: its line, and in small print what
 * happened since that player's last act (render/match-log.ts), so they can act without scrolling.
 */
import { apply, type GameEvent } from '../engine';
import { shortDigest, sinceLastAct } from '../render';
import type { MatchRow, Store } from '../store';
import type { MatchEvent, MatchSetup } from '../match/match-state';
import { shownNames } from './user-text';

export async function yourTurnContent(store: Store, row: MatchRow, setup: MatchSetup, seq: number, player: string, content: string): Promise<string> {
  if (!setup.start) return content;
  const events: GameEvent[] = (await store.matches.events<MatchEvent>(row.id))
    .filter((e) => e.seq <= seq)
    .flatMap((e) => (e.event.stage === 'game' ? [e.event.event] : []));
  const from = sinceLastAct(setup.start, events, player);
  // Nothing to catch up on when the player never acted, or nobody else did anything since.
  if (from === 0 || from >= events.length) return content;
  const start = events.slice(0, from).reduce<typeof setup.start>((s, e) => apply(s, e), setup.start);
  const digest = shortDigest(start, events.slice(from), shownNames(setup.names), 600);
  return digest ? `${content}\n-# Since your last act: ${digest}. (\`/skirmish log since:me\` has it all.)` : content;
}
