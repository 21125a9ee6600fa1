/**
 * The one place that cuts and escapes text for Discord.
 *
 * Cutting: every text the bot sends is held to Discord's limits (limits.ts) by `clip`, which cuts
 * between graphemes (`Intl.Segmenter`), never inside an emoji, a flag or a letter with its accents.
 * A cut by string length can leave half of a surrogate pair, which Discord refuses (50035).
 *
 * Escaping: text people chose (warband, map, league and season names, Discord display names, file
 * names) inside the bot's messages, where Discord reads markdown: a warband called `**Winners**` or
 * `[click](https://…)` would otherwise format or link a post the bot makes in everyone's name, and
 * `<@&role>` would read as a mention. The names are stored as written; they are escaped where they are
 * shown (`shown`), and shown as typed in plain-text places such as button labels (`unshown`).
 */
// From discord.js's own formatting package (the same function discord.js re-exports): the render
// workers show names too and need not load all of discord.js for it.
import { escapeMarkdown } from '@discordjs/formatters';
import { DiscordLimit, type DiscordLimitName } from './limits';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * `text` in at most `max` UTF-16 code units (a number, or the name of a Discord limit), cut between
 * graphemes and ended with "…" when cut. With `atWord`, the cut goes back to the last space when there
 * is one in the part kept (alt text reads better whole-worded).
 */
export function clip(text: string, max: number | DiscordLimitName, options: { readonly atWord?: boolean; readonly ellipsis?: string } = {}): string {
  const limit = typeof max === 'number' ? max : DiscordLimit[max];
  if (text.length <= limit && wellFormed(text)) return text;
  const ellipsis = options.ellipsis ?? '…';
  const room = limit - ellipsis.length;
  let end = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    if (index + segment.length > room) break;
    // A lone surrogate (text already broken elsewhere) is dropped rather than sent.
    if (!wellFormed(segment)) break;
    end = index + segment.length;
  }
  let kept = text.slice(0, end);
  if (options.atWord) {
    const space = kept.lastIndexOf(' ');
    if (space > 0) kept = kept.slice(0, space);
  }
  return kept.length === text.length ? kept : `${kept.trimEnd()}${ellipsis}`;
}

/** The text's graphemes (what a reader counts as characters: an emoji with its modifiers is one). */
export function graphemesOf(text: string): string[] {
  return Array.from(graphemes.segment(text), (s) => s.segment);
}

/** No half of a surrogate pair on its own (text Discord accepts). */
export function wellFormed(text: string): boolean {
  return !/[\uD800-\uDFFF]/u.test(text);
}

/** The text exactly as typed, once Discord has read the message's markdown. */
export function shown(text: string): string {
  return (
    escapeMarkdown(text, { heading: true, bulletedList: true, numberedList: true })
      // Every "[" when the text holds a masked link [text](url): discord.js's own masked-link escape
      // matches from the first "[" to the last ")" of a line, so a second link in the same text stayed live.
      .replace(/\[/g, (open) => (/\]\(/.test(text) ? '\\[' : open))
      // Mentions, channels, roles, timestamps and custom emoji are all written <…>: escaped, they show as typed.
      .replace(/</g, '\\<')
      // allowedMentions already stops the ping; this stops "@everyone" from even reading as one.
      .replace(/@(everyone|here)/gi, '@\u200b$1')
      // A quote or small-text marker means something only at the start of a line, where a name may land.
      .replace(/^(>|-#)/, '\\$1')
  );
}

/**
 * Undoes `shown` for plain-text places (a button label shows backslashes as they are), for text that
 * reached them already escaped. `shown` only adds a backslash before punctuation (doubling any the
 * text had) and a zero-width space after "@", so removing those is exact.
 */
export function unshown(text: string): string {
  return text.replace(/\\([\p{P}\p{S}])/gu, '$1').replace(/@\u200b/g, '@');
}

/** Every player's name escaped, for the words of a log that goes into a message (alt text keeps them plain). */
export const shownNames = (names: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(names).map(([id, n]) => [id, shown(n)]));
