/**
 * Messages as the page draws them: the fake's own snapshots, with file addresses moved from the
 * fake's port to the sandbox's `/files/`, so the page works from wherever its one address is
 * reachable (a forwarded port, another machine on the network).
 */
import type { FakeChannel, FakeDiscord, FakeMessage, FakeUser } from '../fakecord';
import { replayMark, type ReplayMark } from './forms';

export interface PageWorld {
  readonly guild: { readonly id: string; readonly name: string };
  readonly channel: { readonly id: string; readonly name: string };
  readonly bot: { readonly id: string; readonly username: string };
  readonly users: readonly FakeUser[];
  /** Text channels, threads, then the viewer's direct messages with the bot, as the fake describes them. */
  readonly channels: readonly FakeChannel[];
}

export function pageWorld(fake: FakeDiscord, viewer: string | undefined): PageWorld {
  return {
    guild: fake.guild,
    channel: fake.channel,
    bot: fake.botUser,
    users: fake.users(),
    channels: [...fake.channels(), ...fake.threads(), ...fake.dms().filter((c) => c.recipientId === viewer)],
  };
}

/** Whether `viewer` (a user id) may read the channel: any guild channel, and only their own DMs. */
export const mayRead = (channel: FakeChannel, viewer: string): boolean => channel.kind !== 'dm' || channel.recipientId === viewer;

/**
 * Rewrites every string that starts with the fake's file address: attachments, embed images. A replay
 * message gets `replay` (forms.ts), for the page's slider.
 */
export function pageMessage(message: FakeMessage, fakeOrigin: string): FakeMessage & { replay?: ReplayMark } {
  const prefix = `${fakeOrigin}/attachments/`;
  const view = JSON.parse(JSON.stringify(message), (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith(prefix) ? `/files/${value.slice(prefix.length)}` : value,
  ) as FakeMessage;
  const replay = replayMark(message);
  return replay ? { ...view, replay } : view;
}

/** Whether `viewer` (a user id) sees the message: not someone else's ephemeral reply, nor someone else's DM. */
export function visibleTo(fake: FakeDiscord, message: FakeMessage, viewer: string): boolean {
  if (message.visibleTo !== null && message.visibleTo !== viewer) return false;
  const channel = fake.channelByRef(message.channelId);
  return channel !== undefined && mayRead(channel, viewer);
}

/** `http://127.0.0.1:PORT` from the fake's `apiBase`. */
export const fakeOriginOf = (fake: FakeDiscord): string => new URL(fake.apiBase).origin;
