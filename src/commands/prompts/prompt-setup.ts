/**
 * The default game's pre-game decisions as Discord messages, and clicks back into setup commands: the
 * game words them and reads the answers (rulesets/sellsword/table), this gives them ids from the one
 * codec and refuses what the game refuses.
 */
import type { PlayerId, PregameCommand, PregamePrompt } from '../../rulesets/sellsword/engine';
import { setupPromptAnswer as answerOf, setupPromptPost as plainPost } from '../../rulesets/sellsword/table';
import type { PromptPost } from './prompt-game';
import { promptRows } from './prompt-components';
import { refuse } from '../../match/user-error';

export { setupRerollRecord } from '../../rulesets/sellsword/table';

/** `maps`: how many maps are on offer; with one there is no map to choose, only the first entry tile to place. */
export function setupPromptPost(match: string, seq: number, prompt: PregamePrompt, name: (player: PlayerId) => string, maps = 2): PromptPost {
  const plain = plainPost(prompt, name, maps);
  return { content: plain.content, components: promptRows(match, seq, plain.parts) };
}

/** The setup command a click (or `/skirmish entry`) stands for; refuses what the prompt never offered. */
export function setupPromptAnswer(prompt: PregamePrompt, action: string, arg: string): PregameCommand {
  const answer = answerOf(prompt, action, arg);
  return answer.ok ? answer.command : refuse(answer.error.code, answer.error.message);
}
