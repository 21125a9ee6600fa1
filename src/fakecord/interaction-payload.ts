/**
 * INTERACTION_CREATE payloads. discord.js builds its interaction objects inside the socket handler,
 * and a missing field there throws and kills the bot's process, so every kind of interaction is made
 * from the one template below and only `type`, `data` and `message` differ.
 */
import type {
  APIApplicationCommandAutocompleteGuildInteraction,
  APIBaseInteraction,
  APIChatInputApplicationCommandGuildInteraction,
  APIChatInputApplicationCommandInteractionData,
  APIMessage,
  APIMessageComponentInteraction,
  APIMessageComponentInteractionData,
  APIModalSubmission,
  APIModalSubmitInteraction,
  InteractionType,
  Locale,
} from 'discord.js';
import { botPermissionsIn } from './channel-access';
import type { CommandData } from './command-options';
import { apiChannel, apiInteractionMember, apiUser } from './payloads';
import { ChannelType, type ChannelRecord, type UserRecord, type World } from './world';

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
type AnyCommon = Omit<APIBaseInteraction<InteractionType, unknown>, 'type' | 'data'> &
  Required<Pick<APIBaseInteraction<InteractionType, unknown>, 'channel' | 'channel_id' | 'app_permissions'>>;

/** The fields every guild interaction carries, whatever its kind. */
function template(world: World, target: InteractionTarget): GuildCommon {
  const guildId = target.channel.guildId ?? world.guild.id;
  return {
    id: target.id,
    application_id: world.bot.id,
    token: target.token,
    version: 1,
    guild: { id: guildId, locale: 'en-US' as Locale, features: [] },
    guild_id: guildId,
    channel: apiChannel(world, target.channel),
    channel_id: target.channel.id,
    member: apiInteractionMember(world, target.user),
    app_permissions: botPermissionsIn(world, target.channel).toString(),
    locale: (target.locale ?? 'en-GB') as Locale,
    guild_locale: 'en-US' as Locale,
    entitlements: [],
    authorizing_integration_owners: { 0: guildId },
    context: 0,
    attachment_size_limit: target.attachmentSizeLimit,
  };
}

/**
 * The same template for a button or modal in the bot's DMs: Discord sends `user` instead of
 * `member`, no guild, and the bot-DM context.
 */
function anywhere(world: World, target: InteractionTarget): AnyCommon {
  const common = template(world, target);
  if (target.channel.type !== ChannelType.DM) return common;
  const { guild: _guild, guild_id: _guildId, member: _member, guild_locale: _locale, ...rest } = common;
  return { ...rest, user: apiUser(target.user), context: 1 };
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
): APIMessageComponentInteraction {
  return { ...anywhere(world, target), type: 3, data, message };
}

export function modalSubmitInteraction(
  world: World,
  target: InteractionTarget,
  data: APIModalSubmission,
  message: APIMessage | undefined,
): APIModalSubmitInteraction {
  return { ...anywhere(world, target), type: 5, data, ...(message ? { message } : {}) };
}
