/**
 * The bot's permission overwrites per channel, and the refusals Discord gives when they take away what
 * a request needs. Discord works a member's permissions in a channel out from the guild's roles, then
 * the channel's overwrites (this fake keeps only the bot's own member overwrite, which a test sets with
 * `fake.setBotPermissions`); a thread takes its parent's. Without View Channel a request is 403 50001
 * "Missing Access"; with it but without what the request needs, 403 50013 "Missing Permissions".
 */
import type { APIOverwrite, OverwriteType } from 'discord.js';
import { ErrorCode, RestError } from './errors';
import { ALL_PERMISSIONS, Permission } from './permissions';
import { ChannelType, isThread, type ChannelRecord, type World } from './world';

export type PermissionName = keyof typeof Permission;

/** A member overwrite: what it adds (`allow`) and takes away (`deny`) on top of the bot's roles. */
export interface BotOverwrite {
  readonly allow: bigint;
  readonly deny: bigint;
}

/** Overwrites per world, kept here so the world's own records stay as Discord's guild shows them. */
const overwrites = new WeakMap<World, Map<string, BotOverwrite>>();

const bitsOf = (names: readonly PermissionName[] = []): bigint => names.reduce((sum, name) => sum | Permission[name], 0n);

/** Sets (or, with neither list, removes) the bot's overwrite on a text channel; its threads follow it. */
export function setBotOverwrite(
  world: World,
  channel: ChannelRecord,
  change: { readonly allow?: readonly PermissionName[]; readonly deny?: readonly PermissionName[] },
): void {
  const target = parentOf(world, channel);
  let map = overwrites.get(world);
  if (!map) overwrites.set(world, (map = new Map()));
  const allow = bitsOf(change.allow);
  const deny = bitsOf(change.deny);
  if (allow === 0n && deny === 0n) map.delete(target.id);
  else map.set(target.id, { allow, deny });
  // Discord sends CHANNEL_UPDATE with the new overwrites, so the bot's cache computes the same.
  world.updateChannel(target, () => undefined);
}

const parentOf = (world: World, channel: ChannelRecord): ChannelRecord =>
  isThread(channel) && channel.parentId ? (world.channel(channel.parentId) ?? channel) : channel;

/** The channel's `permission_overwrites` as Discord sends them (a thread's are empty: it takes its parent's). */
export function apiOverwrites(world: World, channel: ChannelRecord): APIOverwrite[] {
  if (isThread(channel)) return [];
  const own = overwrites.get(world)?.get(channel.id);
  if (!own) return [];
  return [{ id: world.bot.id, type: 1 as OverwriteType, allow: own.allow.toString(), deny: own.deny.toString() }];
}

/** The bot's permissions in a channel or thread: its roles, then its overwrite there (an administrator keeps everything). */
export function botPermissionsIn(world: World, channel: ChannelRecord): bigint {
  const base = world.permissionsOf(world.bot);
  if ((base & Permission.Administrator) !== 0n || channel.type === ChannelType.DM) return base;
  const own = overwrites.get(world)?.get(parentOf(world, channel).id);
  if (!own) return base;
  const total = (base & ~own.deny) | own.allow;
  return (total & Permission.Administrator) !== 0n ? ALL_PERMISSIONS : total;
}

const missingAccess = (): RestError => new RestError(403, ErrorCode.MissingAccess, 'Missing Access');
const missingPermissions = (): RestError => new RestError(403, ErrorCode.MissingPermissions, 'Missing Permissions');

function require(world: World, channel: ChannelRecord, needed: bigint): void {
  if (channel.type === ChannelType.DM) return;
  const has = botPermissionsIn(world, channel);
  if ((has & Permission.ViewChannel) === 0n) throw missingAccess();
  if ((has & needed) !== needed) throw missingPermissions();
}

/** Creating a thread in a channel: a public one needs Create Public Threads, a private one Create Private Threads. */
export function requireThreadCreate(world: World, parent: ChannelRecord, type: number): void {
  require(world, parent, type === ChannelType.PrivateThread ? Permission.CreatePrivateThreads : Permission.CreatePublicThreads);
}

/** The bot posting: Send Messages in a channel, Send Messages in Threads in a thread. */
export function requireBotPost(world: World, channel: ChannelRecord): void {
  require(world, channel, isThread(channel) ? Permission.SendMessagesInThreads : Permission.SendMessages);
}

/** Reading a channel's messages needs Read Message History (Discord lists none without it). */
export function mayReadHistory(world: World, channel: ChannelRecord): boolean {
  if (channel.type === ChannelType.DM) return true;
  const has = botPermissionsIn(world, channel);
  if ((has & Permission.ViewChannel) === 0n) throw missingAccess();
  return (has & Permission.ReadMessageHistory) !== 0n;
}
