/**
 * What Discord refuses the bot in a channel it can still see, with Discord's status, code and message:
 * a post into an archived thread (the bot must unarchive it first), a locked thread for anyone without
 * Manage Threads, files without Attach Files, a direct message to a user who allows none, and an edit
 * in an archived thread. A deleted channel or thread is simply not found (10003, routes-channels.ts).
 */
import { ErrorCode, RestError } from './errors';
import { botPermissionsIn } from './channel-access';
import { Permission } from './permissions';
import { ChannelType, isThread, type ChannelRecord, type UserRecord, type World } from './world';
import type { Json } from './json';

export const threadArchived = (): RestError => new RestError(400, ErrorCode.ThreadArchived, 'Thread is archived');
export const threadLocked = (): RestError => new RestError(403, ErrorCode.ThreadLocked, 'Thread is locked');
export const missingPermissions = (): RestError => new RestError(403, ErrorCode.MissingPermissions, 'Missing Permissions');
export const cannotMessageUser = (): RestError => new RestError(403, ErrorCode.CannotMessageUser, 'Cannot send messages to this user');

/** The author's permissions in the channel: the bot's with its overwrites there (channel-access.ts), a user's from their roles. */
const permissionsIn = (world: World, channel: ChannelRecord, user: UserRecord): bigint =>
  user.id === world.bot.id ? botPermissionsIn(world, channel) : world.permissionsOf(user);
const mayManageThreads = (world: World, channel: ChannelRecord, user: UserRecord): boolean =>
  (permissionsIn(world, channel, user) & Permission.ManageThreads) !== 0n;

/** A message the bot creates through REST: refused as Discord refuses it, before anything is stored. */
export function refuseBotPost(world: World, channel: ChannelRecord, author: UserRecord, files: number): void {
  if (channel.type === ChannelType.DM) {
    if (channel.recipientId !== null && !world.dmsOpen(channel.recipientId)) throw cannotMessageUser();
    return;
  }
  if (isThread(channel)) {
    if (channel.locked && !mayManageThreads(world, channel, author)) throw threadLocked();
    if (channel.archived) throw threadArchived();
  }
  if (files > 0 && (permissionsIn(world, channel, author) & Permission.AttachFiles) === 0n) throw missingPermissions();
}

/** An edit or delete of a message in an archived thread: Discord wants the thread unarchived first. */
export function refuseInArchived(channel: ChannelRecord): void {
  if (isThread(channel) && channel.archived) throw threadArchived();
}

/**
 * A thread's settings changed: an archived thread takes no change but being unarchived in the same
 * request; a locked thread is unarchived, and locked or unlocked, only by someone with Manage Threads.
 */
export function refuseThreadChange(world: World, thread: ChannelRecord, by: UserRecord, body: Json): void {
  if (!isThread(thread)) return;
  const manages = mayManageThreads(world, thread, by);
  if (!manages && (typeof body.locked === 'boolean' || (thread.locked && body.archived === false))) throw missingPermissions();
  if (thread.archived && body.archived !== false) throw threadArchived();
}
