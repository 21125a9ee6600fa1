/**
 * The text of a prompt once it is answered: the answer's lines under the question (or in its place),
 * and, when the prompt carried a picture, a line saying that picture is of the board as it stood when
 * asked. The answer's lines tell what followed (a unit dropped, the match over), and the picture above
 * them is not redrawn, so without that line it reads as the state after (issue 26).
 * One function for both ways an answer is written: by the interaction itself and by the outbox.
 */
import { DiscordLimit } from '../discord/limits';
import { clip } from '../discord/text';

export const PICTURE_AS_ASKED = '-# The picture shows the board as it stood when this was asked.';

/**
 * Within Discord's 2,000 characters, the picture's line always kept: a long reply prompt's answer once
 * pushed it past the end ("The pic…", playtest round 14). The question gives way first, as it was
 * read when asked; the answer's lines, what followed, are cut only when they alone do not fit.
 */
export function answeredText(question: string, lines: readonly string[], replace: boolean, hasPicture: boolean): string {
  const note = hasPicture ? `\n${PICTURE_AS_ASKED}` : '';
  const room = DiscordLimit.content - note.length;
  const told = lines.join('\n');
  if (replace || lines.length === 0) return `${clip(replace ? told : question, room)}${note}`;
  const left = room - told.length - 1;
  if (left < 40) return `${clip(told, room)}${note}`;
  return `${clip(question, left)}\n${told}${note}`;
}
