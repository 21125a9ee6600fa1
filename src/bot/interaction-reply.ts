/**
 * Whether an interaction's reply went out, for the outbox row that reply was to deliver (its `via`,
 * "interaction id:token"). Two rules keep the bot's own token safe:
 * - The interaction token is the credential of its webhook, so a request on a webhook route never
 *   carries the bot token (`auth: false`, as discord.js's own interaction calls do). Discord answers
 *   an expired interaction token with 401, and @discordjs/rest drops the bot token for every later
 *   request after a 401 on a request that carried it: one such answer would silence the whole bot.
 * - An interaction token lasts 15 minutes; the bot stops using it at 14, leaving a minute for a clock
 *   that runs behind Discord's. Past that, or when the webhook refuses the token, the reply is looked
 *   for in the channel with the bot token, among the bot's recent messages, by the interaction's id.
 */
import { DiscordAPIError, Routes, SnowflakeUtil, type Client, type Message } from 'discord.js';

/** How long after its interaction the bot still uses an interaction token (Discord honours it for 15 minutes). */
export const INTERACTION_TOKEN_USE_MS = 14 * 60_000;

/** How many of the channel's latest messages are searched for the reply (one page, Discord's most). */
const CHANNEL_PAGE = 100;

/** A 4xx other than a rate limit: asking again will not help. */
const refused = (error: unknown) => error instanceof DiscordAPIError && error.status >= 400 && error.status < 500 && error.status !== 429;

/**
 * The id of the interaction's reply if it went out; null when it did not, or when neither the webhook
 * nor the channel can say. Rate limits, server errors and network failures are thrown, to be retried.
 */
export async function interactionReply(client: Client, via: string, channelId: string, now: number): Promise<string | null> {
  const [interaction, token] = via.split(':');
  const application = client.application?.id;
  if (!interaction || !token) return null;
  const fresh = now - SnowflakeUtil.timestampFrom(interaction) < INTERACTION_TOKEN_USE_MS;
  if (fresh && application) {
    try {
      const message = (await client.rest.get(Routes.webhookMessage(application, token, '@original'), { auth: false })) as { id: string };
      return message.id;
    } catch (error) {
      // Unknown message (never answered), unknown webhook, or a token Discord no longer honours.
      if (!refused(error)) throw error;
    }
  }
  return inChannel(client, channelId, interaction);
}

/** The bot's reply to `interaction` among the channel's latest messages, read with the bot token. */
async function inChannel(client: Client, channelId: string, interaction: string): Promise<string | null> {
  try {
    const channel = await client.channels.fetch(channelId);
    if (!channel?.isTextBased()) return null;
    const latest = await channel.messages.fetch({ limit: CHANNEL_PAGE, cache: false });
    const ours = (m: Message) => m.author.id === client.user?.id && m.interactionMetadata?.id === interaction;
    return latest.find(ours)?.id ?? null;
  } catch (error) {
    if (refused(error)) return null;
    throw error;
  }
}
