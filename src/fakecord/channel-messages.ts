/**
 * Posting into a channel or thread, for the bot (REST) and for users (the sandbox's chat box) alike:
 * replies, archived threads waking up on a new message, and threads started from messages.
 */
import { DiscordLimit } from '../discord/limits';
import { ErrorCode, RestError, invalidForm, unknownMessage } from './errors';
import type { IncomingFile } from './message-content';
import { newMessageFields } from './message-content';
import { checkNonce } from './message-limits';
import { threadLocked } from './refusals';
import { Permission } from './permissions';
import { ChannelType, isThread, MessageFlag, MessageKind, type ChannelRecord, type MessageRecord, type UserRecord, type World } from './world';
import { isObject, type Json } from './json';

/** A message in an archived thread unarchives it, unless the thread is locked to its author. */
function wakeThread(world: World, channel: ChannelRecord, author: UserRecord): void {
  if (!isThread(channel) || !channel.archived) return;
  if (channel.locked && (world.permissionsOf(author) & Permission.ManageThreads) === 0n) {
    throw threadLocked();
  }
  world.updateChannel(channel, (thread) => {
    thread.archived = false;
  });
}

/**
 * A new message in a channel, thread or DM; or, for a create with `enforce_nonce: true` whose nonce
 * the author used within the nonce window, that earlier message, with nothing created or dispatched.
 * Without `enforce_nonce` a repeated nonce makes a second message, as on Discord.
 */
export function postMessage(
  world: World,
  spec: { readonly channel: ChannelRecord; readonly author: UserRecord; readonly body: Json; readonly files: readonly IncomingFile[] },
): MessageRecord {
  const { channel, author, body, files } = spec;
  const nonceProblems = checkNonce(body);
  if (nonceProblems.length > 0) throw invalidForm(nonceProblems);
  const nonce = typeof body.nonce === 'string' || typeof body.nonce === 'number' ? body.nonce : null;
  // Checked before anything is built, so a repeated upload is not stored a second time.
  const earlier = nonce !== null && body.enforce_nonce === true ? world.recentByNonce(author.id, nonce) : undefined;
  if (earlier) return earlier;
  const referenceBody = isObject(body.message_reference) ? body.message_reference : undefined;
  const referenced = referenceBody ? world.message(String(referenceBody.message_id)) : undefined;
  if (referenceBody && (!referenced || referenced.ephemeralFor !== null)) {
    if (referenceBody.fail_if_not_exists !== false) {
      throw new RestError(400, ErrorCode.InvalidFormBody, 'Invalid Form Body', {
        message_reference: { _errors: [{ code: 'REPLIES_UNKNOWN_MESSAGE', message: 'Unknown message' }] },
      });
    }
  }
  const fields = newMessageFields(world, body, files, {
    allowEphemeral: false,
    ...(referenced ? { repliedUserId: referenced.authorId } : {}),
  });
  wakeThread(world, channel, author);
  return world.addMessage({
    ...fields,
    channelId: channel.id,
    authorId: author.id,
    type: referenced ? MessageKind.Reply : MessageKind.Default,
    webhookId: null,
    interaction: null,
    ephemeralFor: null,
    reference: referenced ? { messageId: referenced.id, channelId: referenced.channelId } : null,
    nonce,
  });
}

const AUTO_ARCHIVE = new Set([60, 1440, 4320, 10080]);

function threadSettings(body: Json): { autoArchiveDuration?: ChannelRecord['autoArchiveDuration']; rateLimitPerUser?: number } {
  const duration = Number(body.auto_archive_duration);
  return {
    ...(AUTO_ARCHIVE.has(duration) ? { autoArchiveDuration: duration as ChannelRecord['autoArchiveDuration'] } : {}),
    ...(typeof body.rate_limit_per_user === 'number' ? { rateLimitPerUser: body.rate_limit_per_user } : {}),
  };
}

function threadName(body: Json): string {
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (name.length < 1 || name.length > DiscordLimit.threadName) {
    throw new RestError(400, ErrorCode.InvalidFormBody, 'Invalid Form Body', {
      name: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: `Must be between 1 and ${DiscordLimit.threadName} in length.` }] },
    });
  }
  return name;
}

/**
 * A thread without a starting message. Discord's v10 default type is private; a public one also
 * leaves a "started a thread" line in the parent channel.
 */
export function startThread(world: World, parent: ChannelRecord, owner: UserRecord, body: Json): ChannelRecord {
  if (parent.type !== ChannelType.Text) {
    throw new RestError(400, ErrorCode.InvalidFormBody, 'Threads can only be started in text channels.');
  }
  const type = Number(body.type) === ChannelType.PublicThread ? ChannelType.PublicThread : ChannelType.PrivateThread;
  const thread = world.createThread({
    parent,
    name: threadName(body),
    type,
    ownerId: owner.id,
    ...threadSettings(body),
    ...(typeof body.invitable === 'boolean' ? { invitable: body.invitable } : {}),
  });
  if (type === ChannelType.PublicThread) {
    world.addMessage({
      channelId: parent.id,
      authorId: owner.id,
      type: MessageKind.ThreadCreated,
      content: thread.name,
      embeds: [],
      components: [],
      attachments: [],
      flags: 0,
      tts: false,
      mentions: [],
      mentionRoles: [],
      mentionEveryone: false,
      webhookId: null,
      interaction: null,
      ephemeralFor: null,
      reference: { messageId: thread.id, channelId: thread.id },
      nonce: null,
    });
  }
  return thread;
}

/** A public thread from a message: it takes the message's id, and the message points at it. */
export function startThreadFromMessage(world: World, parent: ChannelRecord, messageId: string, owner: UserRecord, body: Json): ChannelRecord {
  const message = world.message(messageId);
  if (!message || message.channelId !== parent.id || message.ephemeralFor !== null) throw unknownMessage();
  if (message.threadId !== null) throw new RestError(400, ErrorCode.ThreadExists, 'A thread has already been created for this message');
  const thread = world.createThread({
    parent,
    name: threadName(body),
    type: ChannelType.PublicThread,
    ownerId: owner.id,
    id: message.id,
    ...threadSettings(body),
  });
  world.editMessage(
    message,
    (m) => {
      m.threadId = thread.id;
      m.flags |= MessageFlag.HasThread;
    },
    false,
  );
  return thread;
}
