/**
 * What follows a change inside its own transaction (submit.ts `recordChange`): a prompt the player's
 * standing orders answer is answered at once, as that player's decision, with what was chosen written
 * in the thread; then the deadlines are brought in line with the wait the match is left in.
 */
import type { PlayerId } from '../rulesets/sellsword/engine';
import { describeChange } from './act-log';
import { aboutMatch, type Services } from './services';
import { planWaits } from '../clock/deadline-plan';
import type { MatchCommand, MatchEvent } from './match-state';
import { answeredLine, standingAnswer } from './standing-orders';
import type { Change, Recorded } from './change';
import type { Submitted } from './submitted';

/** More answers in a row than any turn needs: a guard, not a rule. */
const MAX_STANDING_ANSWERS = 50;

export type FollowUp = (by: PlayerId, expectSeq: number, command: MatchCommand, reply: (done: Submitted) => string) => Promise<Change>;

/** Returns the last change of the chain (the first when no standing order answered). */
export async function settleChange(app: Services, first: Recorded, follow: FollowUp): Promise<Recorded> {
  let last = first;
  const events: { readonly event: MatchEvent }[] = [...first.events];
  for (let i = 0; i < MAX_STANDING_ANSWERS; i++) {
    const answer = await standingAnswer(app.store, last.row.id, last.after);
    if (!answer) break;
    const reply = (done: Submitted) => [answeredLine(done.setup, answer), ...describeChange(done, null, answer.player).map((l) => `• ${l}`)].join('\n');
    const next = await follow(answer.player, last.row.seq, answer.command, reply);
    if (!next.ok) {
      // The engine refused what the orders asked: the prompt stays for the player to answer.
      app.log(
        `a standing order of ${answer.player} in match ${last.row.id} was refused: ${next.reason === 'refused' ? next.error.message : next.reason}`,
        undefined,
        aboutMatch(last.row),
      );
      break;
    }
    last = next.recorded;
    events.push(...last.events);
  }
  const planned = await planWaits(app.store, app.now(), last.row, events);
  if (planned.some((d) => d.due <= app.now())) app.dueNow?.();
  return last;
}
