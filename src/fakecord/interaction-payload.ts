/**
 * INTERACTION_CREATE payloads. discord.js builds its interaction objects inside the socket handler,
 * and a missing field there throws and kills the bot's process, so every kind of interaction is made
 * from the one template below and only `type`, `data` and `message` differ.
 */
import type {
  APIApplicationCommandAutocompleteGuildInteraction,
  APIChatInputApplicationCommandGuildInteraction,
  APIChatInputApplicationCommandInteractionData,
  APIMessage,
  APIMessageComponentGuildInteraction,
  APIMessageComponentInteractionData,
  APIModalSubmission,
  APIModalSubmitGuildInteraction,
  Locale,
} from 'discord.js';
import type { CommandData } from './command-options';
import { apiChannel, apiInteractionMember } from './payloads';
import type { ChannelRecord, UserRecord, World } from './world';

export interface InteractionTarget {
  readonly id: string;
  readonly token: string;
  readonly user: UserRecord;
  readonly channel: ChannelRecord;
  readonly locale?: string;
  /** Largest upload the bot may send back. */
  readonly attachmentSizeLimit: number;
}

type GuildCommon = Omit<APIChatInputApplicationCommandGuildInteraction, 'type' | 'data'>;

/** The fields every guild interaction carries, whatever its kind. */
function template(world: World, target: InteractionTarget): GuildCommon {
  return {
    id: target.id,
    application_id: world.bot.id,
    token: target.token,
    version: 1,
    guild: { id: world.guild.id, locale: 'en-US' as Locale, features: [] },
    guild_id: world.guild.id,
    channel: apiChannel(world, target.channel),
    channel_id: target.channel.id,
    member: apiInteractionMember(world, target.user),
    app_permissions: world.permissionsOf(world.bot).toString(),
    locale: (target.locale ?? 'en-GB') as Locale,
    guild_locale: 'en-US' as Locale,
    entitlements: [],
    authorizing_integration_owners: { 0: world.guild.id },
    context: 0,
    attachment_size_limit: target.attachmentSizeLimit,
  };
}

export function chatInputInteraction(world: World, target: InteractionTarget, data: CommandData): APIChatInputApplicationCommandGuildInteraction {
  return { ...template(world, target), type: 2, data: data as APIChatInputApplicationCommandInteractionData };
}

export function autocompleteInteraction(world: World, target: InteractionTarget, data: CommandData): APIApplicationCommandAutocompleteGuildInteraction {
  return { ...template(world, target), type: 4, data: data as APIApplicationCommandAutocompleteGuildInteraction['data'] };
}

export function componentInteraction(
  world: World,
  target: InteractionTarget,
  message: APIMessage,
  data: APIMessageComponentInteractionData,
): APIMessageComponentGuildInteraction {
  return { ...template(world, target), type: 3, data, message, channel: apiChannel(world, target.channel), channel_id: target.channel.id };
}

export function modalSubmitInteraction(
  world: World,
  target: InteractionTarget,
  data: APIModalSubmission,
  message: APIMessage | undefined,
): APIModalSubmitGuildInteraction {
  return { ...template(world, target), type: 5, data, ...(message ? { message } : {}) };
}
