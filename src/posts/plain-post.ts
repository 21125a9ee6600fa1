/**
 * A message as the application makes it: its text, whom it pings, and its pictures. Buttons, menus and
 * embeds are Discord's, added by the handlers (commands/thread.ts `Post`), so this shape needs no
 * Discord library.
 */
export interface PlainPost {
  readonly content?: string;
  /** Mentioned users who should be notified; a user must also be mentioned in the text. */
  readonly ping?: readonly string[];
  readonly files?: readonly PostFile[];
}

/** A picture of a post, with its alt text. */
export interface PostFile {
  readonly png: Buffer;
  readonly name: string;
  readonly alt?: string;
  /**
   * Shown in an embed of its own, at the embed's width, rather than among the message's attachments,
   * where a second picture would put both side by side at half the column (discord/display.ts).
   */
  readonly inEmbed?: boolean;
}
