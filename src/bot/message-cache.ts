/**
 * Which of Discord's messages the bot's client keeps in memory. discord.js keeps every message it
 * sends or is shown (a post's text, its attachments' descriptions, its buttons) in its thread's cache,
 * and a match thread gets several a turn, so a cache sized by count grows with the matches in play.
 * The bot reads a message again only to edit it: a prompt's buttons come off once it is answered or
 * has passed, and a challenge's once it is taken. So only messages with components are kept, for a
 * quarter of an hour at most, and one is forgotten once a click on it is handled (the click's answer
 * changes it) or the outbox has taken its buttons off: an edit or an interaction's update leaves the
 * cached copy as it was. Any other edit fetches the message by id first (one request), as it does for
 * a message swept away.
 */
import { Options, type CacheFactory, type Message, type MessageComponentInteraction, type SweeperOptions } from 'discord.js';

/** How long a message with live buttons stays cached, in seconds (a prompt is answered within minutes, or fetched again). */
export const MESSAGE_LIFETIME_S = 900;
/** How often the cache is swept of messages no longer worth keeping, in seconds. */
export const MESSAGE_SWEEP_S = 300;

/** A message the bot may edit soon: it has buttons or menus on it. */
export const keepsMessage = (message: Pick<Message, 'components'>): boolean => message.components.length > 0;

/** The client's caches: discord.js's defaults, but messages only as `keepsMessage` says. */
export const clientCaches = (): CacheFactory =>
  Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: { maxSize: 0, keepOverLimit: keepsMessage } });

/**
 * The sweep that drops a message once it is older than MESSAGE_LIFETIME_S, or has no buttons in the
 * cached copy, so an idle match (a turn can take days) holds none.
 */
export const messageSweep = (): NonNullable<SweeperOptions['messages']> => ({
  interval: MESSAGE_SWEEP_S,
  filter: () => {
    const since = Date.now() - MESSAGE_LIFETIME_S * 1000;
    return (message) => !keepsMessage(message) || (message.editedTimestamp ?? message.createdTimestamp) < since;
  },
});

/** A clicked message, forgotten once the click is handled: its answer changed the message, not the cached copy. */
export function forgetClicked(interaction: Pick<MessageComponentInteraction, 'channel' | 'message'>): void {
  interaction.channel?.messages.cache.delete(interaction.message.id);
}
