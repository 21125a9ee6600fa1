/**
 * Standing orders (docs/playing.md "Standing orders"): how a player answers out-of-turn prompts
 * without being asked, per match or for all their matches. When a prompt opens and the player's orders
 * answer it, the answer is given at once, in the same transaction, as that player's own decision
 * (match/settle.ts); what was chosen is shown in the thread. What the orders answer is the game's
 * (Sellsword's table/standing-orders.ts); reading them and giving the answer is here.
 */
import type { PlayerId } from '../rulesets/sellsword/engine';
import { gameAnswer, setupAnswer, type Orders } from '../rulesets/sellsword/table';
import { ALL_MATCHES, type Store } from '../store';
import type { MatchCommand, MatchSetup, MatchSnapshot } from './match-state';
import { shown } from '../discord/text';

/** A player's orders for one match: that match's own, else those for all their matches. */
export async function ordersFor(store: Store, player: PlayerId, matchId: string): Promise<Orders> {
  const all = ((await store.orders.get(player, ALL_MATCHES)) ?? {}) as Orders;
  const here = ((await store.orders.get(player, matchId)) ?? {}) as Orders;
  return { ...all, ...here };
}

export interface StandingAnswer {
  readonly player: PlayerId;
  readonly command: MatchCommand;
  /** What was chosen, for the thread: "GH replies with Claw (65 % to hit)". */
  readonly chose: string;
}

/** The answer the prompt's player's standing orders give to the prompt open in `snapshot`, if they give one. */
export async function standingAnswer(store: Store, matchId: string, snapshot: MatchSnapshot): Promise<StandingAnswer | null> {
  if (snapshot.stage === 'pregame') {
    const prompt = snapshot.pregame.prompt;
    if (!prompt) return null;
    const made = setupAnswer(prompt, await ordersFor(store, prompt.player, matchId));
    return made ? { player: prompt.player, command: { pregame: { reroll: made.reroll } }, chose: made.chose } : null;
  }
  const prompt = snapshot.game.prompt;
  if (!prompt || snapshot.game.over) return null;
  const made = gameAnswer(snapshot.game, prompt, await ordersFor(store, prompt.player, matchId));
  return made ? { player: prompt.player, command: { game: { decide: made.decision } }, chose: made.chose } : null;
}

/** The thread's line for an answer given by standing orders. */
export const answeredLine = (setup: MatchSetup, a: StandingAnswer): string =>
  `🗒️ Answered by **${shown(setup.names[a.player] ?? a.player)}**'s standing order: ${a.chose}.`;
