/**
 * textWidth leaves the context's font set to the one measured in, and sets it only when it is another:
 * setting a font parses it again even when it is already the context's, and the pictures measure
 * thousands of words in a handful of fonts.
 */
import { describe, expect, it } from 'vitest';
import { textWidth } from '../../src/render/text-flow';

/** A context that counts how often its font is set, measuring a text as one unit a character. */
function countingContext() {
  let font = '10px sans-serif';
  const ctx = {
    sets: 0,
    get font() {
      return font;
    },
    set font(value: string) {
      ctx.sets++;
      font = value;
    },
    measureText: (text: string) => ({ width: text.length }),
  };
  return ctx;
}

describe('textWidth', () => {
  it('sets the font only when the context has another', () => {
    const ctx = countingContext();
    const c = ctx as unknown as Parameters<typeof textWidth>[0];
    expect(textWidth(c, 'bold 20px Inter', 'Knight')).toBe(6);
    expect(textWidth(c, 'bold 20px Inter', 'Squire')).toBe(6);
    expect(ctx.sets).toBe(1);
    expect(textWidth(c, '14px Inter', 'Knight')).toBe(6);
    expect(ctx.font).toBe('14px Inter');
    expect(ctx.sets).toBe(2);
  });
});
