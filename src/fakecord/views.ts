/**
 * World records as the public snapshots tests and the sandbox page read (`FakeMessage` and friends).
 * Copies, so a caller holding one sees the message as it was, and cannot change the world by accident.
 */
import type { AttachmentRecord } from './attachments';
import { isEphemeral } from './payloads';
import type { FakeAttachment, FakeChannel, FakeChannelKind, FakeMessage, FakeUser } from './types';
import { ChannelType, MessageFlag, type ChannelRecord, type MessageRecord, type UserRecord, type World } from './world';

export function fakeUser(world: World, user: UserRecord): FakeUser {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    bot: user.bot,
    organiser: user.organiser,
    roles: [...user.roles],
    permissions: world.permissionsOf(user).toString(),
  };
}

function fakeAttachment(attachment: AttachmentRecord): FakeAttachment {
  return {
    id: attachment.id,
    filename: attachment.filename,
    description: attachment.description,
    contentType: attachment.contentType,
    size: attachment.size,
    url: attachment.url,
    width: attachment.width,
    height: attachment.height,
  };
}

export function fakeMessage(world: World, message: MessageRecord): FakeMessage {
  const author = world.user(message.authorId) ?? world.bot;
  return {
    id: message.id,
    channelId: message.channelId,
    type: message.type,
    author: { id: author.id, username: author.username, bot: author.bot },
    content: message.content,
    // Embeds and components are plain JSON; deep copies keep a snapshot as it was when taken.
    embeds: structuredClone(message.embeds),
    components: structuredClone(message.components),
    attachments: message.attachments.map(fakeAttachment),
    timestamp: message.timestamp,
    editedTimestamp: message.editedTimestamp,
    mentions: [...message.mentions],
    mentionRoles: [...message.mentionRoles],
    mentionEveryone: message.mentionEveryone,
    flags: message.flags,
    ephemeral: isEphemeral(message),
    visibleTo: message.ephemeralFor,
    loading: (message.flags & MessageFlag.Loading) !== 0,
    interaction: message.interaction
      ? {
          id: message.interaction.id,
          type: message.interaction.type,
          kind: message.interaction.kind,
          picked: message.interaction.picked,
          name: message.interaction.name,
          userId: message.interaction.userId,
        }
      : null,
    threadId: message.threadId,
    reference: message.reference ? { ...message.reference } : null,
    nonce: message.nonce,
  };
}

const KINDS: Readonly<Record<ChannelRecord['type'], FakeChannelKind>> = {
  [ChannelType.Text]: 'text',
  [ChannelType.DM]: 'dm',
  [ChannelType.PublicThread]: 'public-thread',
  [ChannelType.PrivateThread]: 'private-thread',
};

export function fakeChannel(channel: ChannelRecord): FakeChannel {
  return {
    id: channel.id,
    name: channel.name,
    kind: KINDS[channel.type],
    type: channel.type,
    parentId: channel.parentId,
    ownerId: channel.ownerId,
    recipientId: channel.recipientId,
    archived: channel.archived,
    locked: channel.locked,
    members: [...channel.members.keys()],
    messageCount: channel.messageCount,
  };
}
