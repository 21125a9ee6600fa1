/**
 * What Discord's refusal of a post means for the outbox (docs/store.md "The outbox"): try again later
 * (429, 5xx, a network error), fix and try again (an archived thread of the bot's own: unarchive it),
 * fall back (no permission to attach files: the text alone, with the pictures' alt text), a direct
 * message refused (the user allows none), the channel lost to the bot (deleted, locked by a moderator,
 * out of its sight), or a request a retry cannot fix.
 */
import { DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';

export type Refusal =
  | { readonly kind: 'later' }
  | { readonly kind: 'archived' }
  | { readonly kind: 'no-files' }
  | { readonly kind: 'closed-dms' }
  /** The channel cannot take the bot's posts until a person acts; `why` completes "…because ". */
  | { readonly kind: 'channel-lost'; readonly why: string }
  | { readonly kind: 'refused' };

export function classify(error: unknown, sentFiles: boolean): Refusal {
  if (!(error instanceof DiscordAPIError)) return { kind: 'later' };
  if (error.status === 429 || error.status >= 500) return { kind: 'later' };
  switch (error.code) {
    case RESTJSONErrorCodes.InvalidActionOnArchivedThread:
      return { kind: 'archived' };
    case RESTJSONErrorCodes.CannotSendMessagesToThisUser:
      return { kind: 'closed-dms' };
    case RESTJSONErrorCodes.UnknownChannel:
      return { kind: 'channel-lost', why: 'it was deleted' };
    case RESTJSONErrorCodes.MissingAccess:
      return { kind: 'channel-lost', why: 'the bot can no longer see it' };
    case RESTJSONErrorCodes.ThreadLocked:
      return { kind: 'channel-lost', why: 'a moderator locked it' };
    case RESTJSONErrorCodes.MissingPermissions:
      return sentFiles ? { kind: 'no-files' } : { kind: 'channel-lost', why: 'the bot lost its permission to post there' };
    default:
      return { kind: 'refused' };
  }
}

/** The text of a post whose pictures may not go: each picture's alt text in its place, under the text. */
export function withoutFiles(content: string | undefined, alts: readonly string[]): string {
  const described = alts.filter((a) => a.length > 0).map((a) => `-# 🖼 ${a}`);
  return [content ?? '', ...described].filter((line) => line.length > 0).join('\n');
}
