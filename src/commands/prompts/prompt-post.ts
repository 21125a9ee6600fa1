/**
 * The open prompt of a match as a message: its text, its buttons or menu, and the player it pings. The
 * buttons carry the match's sequence number, which does not move while the prompt is open.
 */
import type { PlayerId } from '../../rulesets/sellsword/engine';
import type { MatchRow } from '../../store';
import { nameIn } from '../../posts/announce';
import { gameOf, type MatchSetup, type MatchSnapshot } from '../../match/match-state';
import { gamePromptPost, type PromptPost } from './prompt-game';
import { setupPromptPost } from './prompt-setup';

export function promptPostOf(row: MatchRow, setup: MatchSetup, snapshot: MatchSnapshot): { post: PromptPost; player: PlayerId; kind: string } | null {
  const name = nameIn(setup);
  if (snapshot.stage === 'pregame') {
    const p = snapshot.pregame.prompt;
    return p ? { post: setupPromptPost(row.id, row.seq, p, name, setup.maps.length), player: p.player, kind: p.kind } : null;
  }
  const game = gameOf(snapshot)!;
  const p = game.prompt;
  return p ? { post: gamePromptPost(row.id, row.seq, game, p, name), player: p.player, kind: p.kind } : null;
}
