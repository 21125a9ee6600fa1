/**
 * After a restart: every open match is picked back up from the database (no match state lives in
 * memory), and each open prompt is posted again so the player it waits for finds it at the bottom
 * of the thread. The old message's buttons keep working too: they carry the same sequence number.
 */
import type { App } from '../commands/app';
import type { MatchSetup, MatchSnapshot } from '../commands/match-state';
import { postPrompt } from '../commands/prompt-post';

export async function resumeMatches(app: App): Promise<number> {
  let reposted = 0;
  for (const row of app.store.matches.open()) {
    if (!row.setup || !row.snapshot || !row.threadId) continue;
    const snapshot = row.snapshot as MatchSnapshot;
    const open = snapshot.stage === 'pregame' ? snapshot.pregame.prompt : snapshot.game.prompt;
    if (!open) continue;
    try {
      await postPrompt(app, row, row.setup as MatchSetup, snapshot);
      reposted++;
    } catch (error) {
      // One unreachable thread (deleted, no permission) must not stop the others resuming.
      app.log(`could not re-post the prompt of match ${row.id}`, error);
    }
  }
  return reposted;
}
