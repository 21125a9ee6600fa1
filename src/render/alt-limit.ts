import { DiscordLimit } from '../discord/limits';

/** Discord's limit for an attachment's description: what every picture's alt text is written to fit. */
export const DISCORD_ALT_TEXT_LIMIT = DiscordLimit.altText;
