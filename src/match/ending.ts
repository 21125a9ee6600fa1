/**
 * Ending a match is a step of the change that ends it: the game played out, a concession, a forfeit
 * (by the clock, at a round's deadline, by leaving) or an organiser's act. Inside that change's
 * transaction the step records the league's result (league/results.ts), so a result exists exactly
 * when its match ended, and asks the season runner to look at the season once the change has
 * committed (its round may be over). The posts that close the match (match-end.ts `closing`) are
 * planned with the change like any other posts.
 */
import { recordMatchResult } from '../league/results';
import type { MatchRow } from '../store';
import { endsWithResult } from './match-end';
import type { Services } from './services';

/** Records the end of a match the change just ended; nothing for one that did not end with a result. */
export async function recordEnding(app: Services, row: MatchRow): Promise<void> {
  if (!endsWithResult(row)) return;
  await recordMatchResult(app.store, row, app.now());
  app.seasons?.kick();
}
