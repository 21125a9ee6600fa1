/**
 * World changes fanned out: to the page's and tests' listeners as snapshots, and to the gateway as
 * the dispatches Discord would send the bot, filtered by the intents each session asked for.
 */
import type { EventHub } from './events';
import type { Gateway } from './gateway';
import { apiChannel, apiMember, apiMessage, apiThreadMember, withoutContent } from './payloads';
import { fakeChannel, fakeMessage } from './views';
import { ChannelType, isThread, type MessageRecord, type World, type WorldChange } from './world';

/** Gateway intents the fake honours. */
const Intent = {
  Guilds: 1 << 0,
  GuildMembers: 1 << 1,
  GuildMessages: 1 << 9,
  DirectMessages: 1 << 12,
  MessageContent: 1 << 15,
} as const;

/** MESSAGE_* dispatches carry content only for sessions with the Message Content intent, except the bot's own or ones naming it. */
function messageFor(world: World, message: MessageRecord) {
  const full = apiMessage(world, message, true);
  const exempt = message.authorId === world.bot.id || message.mentions.includes(world.bot.id);
  return (intents: number) => (exempt || (intents & Intent.MessageContent) !== 0 ? full : withoutContent(full));
}

/** Guild messages need the Guild Messages intent; DMs need Direct Messages. */
function messageIntent(world: World, message: MessageRecord): number {
  return world.channel(message.channelId)?.type === ChannelType.DM ? Intent.DirectMessages : Intent.GuildMessages;
}

/** The guild a channel's events belong to (routed to that guild's shard); null for a DM. */
const guildOf = (world: World, channelId: string): string | null => world.channel(channelId)?.guildId ?? null;

export function announce(change: WorldChange, world: World, gateway: Gateway, hub: EventHub): void {
  switch (change.kind) {
    case 'message-create':
    case 'message-update': {
      const { message } = change;
      // Ephemeral messages are never dispatched; only the interaction's webhook sees them.
      if (message.ephemeralFor === null) {
        const event = change.kind === 'message-create' ? 'MESSAGE_CREATE' : 'MESSAGE_UPDATE';
        gateway.dispatch(event, messageFor(world, message), messageIntent(world, message), guildOf(world, message.channelId));
      }
      hub.emit(change.kind, fakeMessage(world, message));
      return;
    }
    case 'message-delete': {
      const { message } = change;
      if (message.ephemeralFor === null) {
        const guildId = guildOf(world, message.channelId);
        const data = { id: message.id, channel_id: message.channelId, ...(guildId ? { guild_id: guildId } : {}) };
        gateway.dispatch('MESSAGE_DELETE', data, messageIntent(world, message), guildId);
      }
      hub.emit('message-delete', { id: message.id, channelId: message.channelId });
      return;
    }
    case 'channel-create':
    case 'channel-update': {
      const { channel } = change;
      const thread = isThread(channel);
      // Discord announces DM channels to nobody; the first message in one is news enough.
      if (channel.type === ChannelType.DM) {
        hub.emit(change.kind, fakeChannel(channel));
        return;
      }
      const creating = change.kind === 'channel-create';
      const event = thread ? (creating ? 'THREAD_CREATE' : 'THREAD_UPDATE') : creating ? 'CHANNEL_CREATE' : 'CHANNEL_UPDATE';
      const data = { ...apiChannel(world, channel), ...(thread && creating ? { newly_created: true } : {}) };
      gateway.dispatch(event, data, Intent.Guilds, channel.guildId);
      hub.emit(change.kind, fakeChannel(channel));
      return;
    }
    case 'channel-delete': {
      const { channel } = change;
      if (channel.type !== ChannelType.DM) {
        const thread = isThread(channel);
        const data = thread ? { id: channel.id, guild_id: channel.guildId, parent_id: channel.parentId, type: channel.type } : apiChannel(world, channel);
        gateway.dispatch(thread ? 'THREAD_DELETE' : 'CHANNEL_DELETE', data, Intent.Guilds, channel.guildId);
      }
      hub.emit('channel-delete', { id: channel.id, parentId: channel.parentId });
      return;
    }
    case 'thread-member': {
      const { channel, userId, added } = change;
      const guildId = channel.guildId ?? world.guild.id;
      if (userId === world.bot.id && added) {
        gateway.dispatch('THREAD_MEMBER_UPDATE', { ...apiThreadMember(channel, userId), guild_id: guildId }, Intent.Guilds, guildId);
      }
      const user = world.user(userId);
      gateway.dispatch(
        'THREAD_MEMBERS_UPDATE',
        {
          id: channel.id,
          guild_id: guildId,
          member_count: Math.min(channel.members.size, 50),
          ...(added && user ? { added_members: [{ ...apiThreadMember(channel, userId), member: apiMember(user) }] } : {}),
          ...(added ? {} : { removed_member_ids: [userId] }),
        },
        Intent.GuildMembers,
        guildId,
      );
      hub.emit('channel-update', fakeChannel(channel));
      return;
    }
    case 'member-add':
      // Every user is a member of every guild of the fake.
      for (const guild of world.guilds) gateway.dispatch('GUILD_MEMBER_ADD', { ...apiMember(change.user), guild_id: guild.id }, Intent.GuildMembers, guild.id);
      return;
  }
}
