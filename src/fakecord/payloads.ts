/**
 * World records as Discord's JSON. Every object the bot receives, over REST or the gateway, is built
 * here and typed against discord-api-types (re-exported by discord.js), because a field discord.js
 * expects and does not find can crash it inside its socket handler.
 */
import type {
  APIAttachment,
  APIChannel,
  APIGuildMember,
  APIInteractionDataResolvedChannel,
  APIInteractionGuildMember,
  APIMessage,
  APIRole,
  APIThreadMember,
  APIUser,
  ChannelFlags,
  GatewayGuildCreateDispatchData,
  GuildMemberFlags,
  GuildSystemChannelFlags,
  RoleFlags,
  ThreadMemberFlags,
  UserFlags,
} from 'discord.js';
import { apiOverwrites, botPermissionsIn } from './channel-access';
import type { AttachmentRecord } from './attachments';
import {
  ChannelType,
  isThread,
  MessageFlag,
  type ChannelRecord,
  type GuildRecord,
  type MessageRecord,
  type RoleRecord,
  type UserRecord,
  type World,
} from './world';

export function apiUser(user: UserRecord): APIUser {
  return {
    id: user.id,
    username: user.username,
    // Bots keep the old four-digit tags; people moved to unique usernames (discriminator "0").
    discriminator: user.bot ? '0001' : '0',
    global_name: user.bot ? null : user.displayName,
    avatar: null,
    bot: user.bot,
    flags: 0 as UserFlags,
    public_flags: 0 as UserFlags,
  };
}

export function apiRole(role: RoleRecord): APIRole {
  return {
    id: role.id,
    name: role.name,
    color: role.color,
    colors: { primary_color: role.color, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions.toString(),
    managed: role.managed,
    mentionable: false,
    flags: 0 as RoleFlags,
  };
}

export function apiMember(user: UserRecord): APIGuildMember {
  return {
    user: apiUser(user),
    nick: null,
    avatar: null,
    banner: null,
    roles: [...user.roles],
    joined_at: user.joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0 as GuildMemberFlags,
    pending: false,
    communication_disabled_until: null,
  };
}

export function apiInteractionMember(world: World, user: UserRecord): APIInteractionGuildMember {
  return { ...apiMember(user), user: apiUser(user), permissions: world.permissionsOf(user).toString() };
}

export function apiAttachment(attachment: AttachmentRecord): APIAttachment {
  return {
    id: attachment.id,
    filename: attachment.filename,
    ...(attachment.title === null ? {} : { title: attachment.title }),
    ...(attachment.description === null ? {} : { description: attachment.description }),
    content_type: attachment.contentType,
    size: attachment.size,
    url: attachment.url,
    proxy_url: attachment.url,
    ...(attachment.width === null ? {} : { width: attachment.width, height: attachment.height }),
    ...(attachment.ephemeral ? { ephemeral: true } : {}),
  };
}

export function apiChannel(world: World, channel: ChannelRecord): APIChannel {
  if (channel.type === ChannelType.DM) {
    const recipient = world.user(channel.recipientId ?? '');
    return {
      id: channel.id,
      type: ChannelType.DM,
      name: null,
      last_message_id: channel.lastMessageId,
      recipients: recipient ? [apiUser(recipient)] : [],
      flags: 0 as ChannelFlags,
    };
  }
  const common = {
    id: channel.id,
    guild_id: channel.guildId ?? world.guild.id,
    name: channel.name,
    last_message_id: channel.lastMessageId,
    rate_limit_per_user: channel.rateLimitPerUser,
    flags: 0,
  };
  if (!isThread(channel)) {
    return {
      ...common,
      type: ChannelType.Text,
      position: channel.position,
      parent_id: null,
      topic: channel.topic,
      nsfw: false,
      permission_overwrites: apiOverwrites(world, channel),
      default_auto_archive_duration: 4320,
    };
  }
  return {
    ...common,
    type: channel.type as typeof ChannelType.PublicThread | typeof ChannelType.PrivateThread,
    parent_id: channel.parentId ?? world.defaultChannel.id,
    owner_id: channel.ownerId ?? world.bot.id,
    nsfw: false,
    permission_overwrites: [],
    message_count: channel.messageCount,
    member_count: Math.min(channel.members.size, 50),
    total_message_sent: channel.totalMessageSent,
    thread_metadata: {
      archived: channel.archived,
      auto_archive_duration: channel.autoArchiveDuration,
      archive_timestamp: channel.archiveTimestamp ?? channel.createdAt,
      locked: channel.locked,
      create_timestamp: channel.createdAt,
      ...(channel.type === ChannelType.PrivateThread ? { invitable: channel.invitable } : {}),
    },
    applied_tags: [],
  };
}

/** A channel as `resolved.channels` carries it: partial, with the bot's permissions in it. */
export function apiResolvedChannel(world: World, channel: ChannelRecord): APIInteractionDataResolvedChannel {
  const base = { id: channel.id, name: channel.name, permissions: botPermissionsIn(world, channel).toString() };
  if (!isThread(channel)) return { ...base, type: channel.type as typeof ChannelType.Text };
  return {
    ...base,
    type: channel.type,
    parent_id: channel.parentId ?? world.defaultChannel.id,
    thread_metadata: {
      archived: channel.archived,
      auto_archive_duration: channel.autoArchiveDuration,
      archive_timestamp: channel.archiveTimestamp ?? channel.createdAt,
      locked: channel.locked,
    },
  };
}

export function apiThreadMember(thread: ChannelRecord, userId: string): APIThreadMember {
  return {
    id: thread.id,
    user_id: userId,
    join_timestamp: thread.members.get(userId) ?? thread.createdAt,
    flags: 0 as ThreadMemberFlags,
  };
}

/** A member as MESSAGE_CREATE carries it: without the user, who is the message's author. */
function messageMember(user: UserRecord): Omit<APIGuildMember, 'user'> {
  const { user: _author, ...member } = apiMember(user);
  return member;
}

/**
 * A message as the API returns it. `forGateway` adds what MESSAGE_CREATE carries beyond REST: the
 * guild id and the author's member object.
 */
export function apiMessage(world: World, message: MessageRecord, forGateway = false): APIMessage {
  const author = world.user(message.authorId) ?? world.bot;
  const users = message.mentions.flatMap((id) => world.user(id) ?? []);
  const thread = message.threadId ? world.channel(message.threadId) : undefined;
  const stamp = message.interaction;
  const stampUser = stamp ? (world.user(stamp.userId) ?? world.bot) : undefined;
  const channel = world.channel(message.channelId);
  const inGuild = channel?.type !== ChannelType.DM;
  const guildId = channel?.guildId ?? world.guild.id;
  return {
    id: message.id,
    channel_id: message.channelId,
    ...(forGateway && inGuild ? { guild_id: guildId } : {}),
    author: apiUser(author),
    ...(forGateway && inGuild && !message.webhookId ? { member: messageMember(author) } : {}),
    content: message.content,
    timestamp: message.timestamp,
    edited_timestamp: message.editedTimestamp,
    tts: message.tts,
    mention_everyone: message.mentionEveryone,
    mentions: users.map(apiUser),
    mention_roles: [...message.mentionRoles],
    attachments: message.attachments.map(apiAttachment),
    embeds: message.embeds,
    components: message.components,
    pinned: false,
    type: message.type,
    flags: message.flags,
    ...(message.webhookId ? { webhook_id: message.webhookId, application_id: world.bot.id } : {}),
    ...(message.nonce === null ? {} : { nonce: message.nonce }),
    ...(message.reference
      ? {
          message_reference: {
            type: 0,
            message_id: message.reference.messageId,
            channel_id: message.reference.channelId,
            guild_id: guildId,
          },
        }
      : {}),
    ...(thread ? { thread: apiChannel(world, thread) } : {}),
    ...(stamp && stampUser
      ? {
          interaction_metadata: {
            id: stamp.id,
            type: stamp.type,
            user: apiUser(stampUser),
            authorizing_integration_owners: { 0: guildId },
            ...(stamp.originalResponseMessageId ? { original_response_message_id: stamp.originalResponseMessageId } : {}),
            ...(stamp.interactedMessageId ? { interacted_message_id: stamp.interactedMessageId } : {}),
            ...(stamp.commandType === null ? {} : { command_type: stamp.commandType }),
            ...(stamp.name === null ? {} : { name: stamp.name }),
          } as APIMessage['interaction_metadata'],
          interaction: {
            id: stamp.id,
            type: stamp.type,
            name: stamp.name ?? '',
            user: apiUser(stampUser),
          },
        }
      : {}),
  } as APIMessage;
}

/** Strips what the Message Content intent guards, for sessions that did not ask for it. */
export function withoutContent(message: APIMessage): APIMessage {
  return { ...message, content: '', embeds: [], attachments: [], components: [] };
}

export function isEphemeral(message: MessageRecord): boolean {
  return (message.flags & MessageFlag.Ephemeral) !== 0;
}

/** GUILD_CREATE: the whole guild (default the first), sent right after READY to each session whose shard it falls on. */
export function apiGuildCreate(world: World, guild: GuildRecord = world.guild): GatewayGuildCreateDispatchData {
  const channels = world.channels().filter((channel) => channel.guildId === guild.id);
  const members = world.members();
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 1,
    explicit_content_filter: 0,
    roles: world.roles(guild.id).map(apiRole),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0 as GuildSystemChannelFlags,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    vanity_url_code: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    premium_progress_bar_enabled: false,
    preferred_locale: 'en-US' as GatewayGuildCreateDispatchData['preferred_locale'],
    max_members: 500_000,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    nsfw_level: 0,
    hub_type: null,
    incidents_data: null,
    joined_at: world.bot.joinedAt,
    large: false,
    unavailable: false,
    member_count: members.length,
    voice_states: [],
    members: members.map(apiMember),
    channels: channels
      .filter((channel) => channel.type === ChannelType.Text)
      .map((channel) => apiChannel(world, channel)) as GatewayGuildCreateDispatchData['channels'],
    // Discord lists active threads only; archived ones are fetched on demand.
    threads: channels
      .filter((channel) => isThread(channel) && !channel.archived)
      .map((channel) => apiChannel(world, channel)) as GatewayGuildCreateDispatchData['threads'],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}
