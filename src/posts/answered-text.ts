/**
 * The text of a prompt once it is answered: the answer's lines under the question (or in its place),
 * and, when the prompt carried a picture, a line saying that picture is of the board as it stood when
 * asked. The answer's lines tell what followed (a unit dropped, the match over), and the picture above
 * them is not redrawn, so without that line it reads as the state after (issue 26).
 * One function for both ways an answer is written: by the interaction itself and by the outbox.
 */
export const PICTURE_AS_ASKED = '-# The picture shows the board as it stood when this was asked.';

export function answeredText(question: string, lines: readonly string[], replace: boolean, hasPicture: boolean): string {
  const text = replace ? [...lines] : [question, ...lines];
  return [...text, ...(hasPicture ? [PICTURE_AS_ASKED] : [])].join('\n');
}
