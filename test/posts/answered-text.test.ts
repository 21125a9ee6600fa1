/**
 * A prompt's text once answered (issue 26): within Discord's 2,000 characters the line saying its picture
 * is of the board as asked is always kept, the question giving way before the answer's lines.
 */
import { describe, expect, it } from 'vitest';
import { DiscordLimit } from '../../src/discord/limits';
import { answeredText, PICTURE_AS_ASKED } from '../../src/posts/answered-text';

describe('an answered prompt’s text', () => {
  const question = `**GH (Ghoul)** declared **Grave Claws** against **KN (Knight)**. ${'Each choice says what it leads to. '.repeat(60)}`;
  const lines = ['KN replied to GH with Longsword: hit.', '**TG was dropped by OW.**'];

  it('keeps the picture line and every answer line when a long question would push them past 2,000 characters (playtest round 14)', () => {
    const text = answeredText(question, lines, false, true);
    expect(text.length).toBeLessThanOrEqual(DiscordLimit.content);
    expect(text.endsWith(`\n${lines.join('\n')}\n${PICTURE_AS_ASKED}`)).toBe(true);
    expect(text.startsWith('**GH (Ghoul)** declared')).toBe(true);
    expect(text.split('\n')[0]!.endsWith('…')).toBe(true);
  });

  it('is the question, the lines and the picture line as they are when they fit', () => {
    expect(answeredText('Reply?', lines, false, true)).toBe(['Reply?', ...lines, PICTURE_AS_ASKED].join('\n'));
    expect(answeredText('Reply?', lines, true, false)).toBe(lines.join('\n'));
  });

  it('cuts the lines themselves only when they alone do not fit, the picture line still last', () => {
    const long = Array.from({ length: 80 }, (_, i) => `Line ${i} of what followed the answer.`);
    const text = answeredText(question, long, false, true);
    expect(text.length).toBeLessThanOrEqual(DiscordLimit.content);
    expect(text.startsWith('Line 0')).toBe(true);
    expect(text.endsWith(`\n${PICTURE_AS_ASKED}`)).toBe(true);
  });
});
