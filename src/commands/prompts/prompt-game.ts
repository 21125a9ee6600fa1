/**
 * The default game's out-of-turn decisions as Discord messages, and clicks back into its decisions:
 * the game words them and reads the answers (rulesets/sellsword/table), this gives them ids from the
 * one codec and refuses what the game refuses.
 */
import type { Decision, GameState, PlayerId, Prompt } from '../../rulesets/sellsword/engine';
import { gamePromptAnswer as answerOf, gamePromptPost as plainPost } from '../../rulesets/sellsword/table';
import { promptRows, type Row } from './prompt-components';
import { refuse } from '../../match/user-error';

export { promptMapFile, promptPicture, rerollRecord } from '../../rulesets/sellsword/table';

export interface PromptPost {
  readonly content: string;
  readonly components: Row[];
}

export function gamePromptPost(match: string, seq: number, state: GameState, prompt: Prompt, name: (player: PlayerId) => string): PromptPost {
  const plain = plainPost(state, prompt, name);
  return { content: plain.content, components: promptRows(match, seq, plain.parts) };
}

/** The engine decision a click stands for; refuses a value the prompt never offered. */
export function gamePromptAnswer(prompt: Prompt, action: string, arg: string): Decision {
  const answer = answerOf(prompt, action, arg);
  return answer.ok ? answer.command : refuse(answer.error.code, answer.error.message);
}
