/**
 * Messages as the page draws them: the fake's own snapshots, with file addresses moved from the
 * fake's port to the sandbox's `/files/`, so the page works from wherever its one address is
 * reachable (a forwarded port, another machine on the network).
 */
import type { FakeChannel, FakeDiscord, FakeMessage, FakeUser } from '../fakecord';

export interface PageWorld {
  readonly guild: { readonly id: string; readonly name: string };
  readonly channel: { readonly id: string; readonly name: string };
  readonly bot: { readonly id: string; readonly username: string };
  readonly users: readonly FakeUser[];
  /** Text channels, then threads, each as the fake describes it. */
  readonly channels: readonly FakeChannel[];
}

export function pageWorld(fake: FakeDiscord): PageWorld {
  return {
    guild: fake.guild,
    channel: fake.channel,
    bot: fake.botUser,
    users: fake.users(),
    channels: [...fake.channels(), ...fake.threads()],
  };
}

/** Rewrites every string that starts with the fake's file address: attachments, embed images. */
export function pageMessage(message: FakeMessage, fakeOrigin: string): FakeMessage {
  const prefix = `${fakeOrigin}/attachments/`;
  return JSON.parse(JSON.stringify(message), (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith(prefix) ? `/files/${value.slice(prefix.length)}` : value,
  ) as FakeMessage;
}

/** Whether `viewer` (a user id) sees the message: everyone sees it unless it is someone else's ephemeral reply. */
export const visibleTo = (message: FakeMessage, viewer: string): boolean => message.visibleTo === null || message.visibleTo === viewer;

/** `http://127.0.0.1:PORT` from the fake's `apiBase`. */
export const fakeOriginOf = (fake: FakeDiscord): string => new URL(fake.apiBase).origin;
