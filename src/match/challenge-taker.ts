/**
 * Who may accept a challenge: while it is open, a named opponent who has not accepted yet. The
 * challenger withdraws it by declining instead. The Accept button and `/skirmish accept` both ask here.
 */
import type { MatchRecord } from './record';
import { refuse } from './user-error';

/**
 * Refuses (a UserError) unless `me` may accept the challenge `row`; `withdraw` tells the challenger
 * how to withdraw it where they are ("choose Decline" on the button).
 */
export function challengeTaker(row: Pick<MatchRecord, 'status' | 'players' | 'terms'>, me: string, withdraw: string): void {
  if (row.status !== 'challenged') refuse('not-open', 'This challenge is no longer open.');
  if (me === row.players[0]) refuse('not-your-challenge', `You made this challenge; your opponents accept it. To withdraw it, ${withdraw}.`);
  if (!row.players.includes(me)) {
    const named = row.players
      .slice(1)
      .map((p) => `<@${p}>`)
      .join(', ');
    refuse('not-your-challenge', `This challenge is for ${named}.`);
  }
  if (row.terms.accepted[me]) refuse('already-accepted', 'You have already accepted; waiting for the others.');
}
