/**
 * Text people chose (warband and map names, Discord display names, file names) inside the bot's
 * messages, where Discord reads markdown: a warband called `**Winners**` or `[click](https://…)`
 * would otherwise format or link a post the bot makes in everyone's name (issue 10). The names are
 * stored as written; they are escaped where they are shown.
 */
import { escapeMarkdown } from 'discord.js';

/** The text exactly as typed, once Discord has read the message's markdown. */
export function shown(text: string): string {
  return (
    escapeMarkdown(text, { maskedLink: true, heading: true, bulletedList: true, numberedList: true })
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
