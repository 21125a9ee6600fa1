/**
 * After a restart: every open match is picked back up from the database (no match state lives in
 * memory), and each open prompt is posted again at the bottom of its thread, pinging the player it
 * waits for; this also covers a prompt whose message never went out because the bot stopped between
 * saving an act and posting. The earlier copy loses its buttons, so one live prompt remains.
 */
import type { App } from '../commands/app';
import type { MatchSetup, MatchSnapshot } from '../commands/match-state';
import { postPrompt, retirePrompts } from '../commands/prompt-post';

export async function resumeMatches(app: App): Promise<number> {
  let reposted = 0;
  for (const row of app.store.matches.open()) {
    if (!row.setup || !row.snapshot || !row.threadId) continue;
    const snapshot = row.snapshot as MatchSnapshot;
    const open = snapshot.stage === 'pregame' ? snapshot.pregame.prompt : snapshot.game.prompt;
    if (!open) continue;
    try {
      await retirePrompts(app, row, undefined, 'This prompt was posted again below.');
      await postPrompt(app, row, row.setup as MatchSetup, snapshot);
      reposted++;
    } catch (error) {
      // One unreachable thread (deleted, no permission) must not stop the others resuming.
      app.log(`could not re-post the prompt of match ${row.id}`, error);
    }
  }
  return reposted;
}
