/**
 * The fake guild's state: users, roles, channels, threads and messages, and the few mutations the
 * REST routes and the drivers share. Every change is reported through `notify`, which the server
 * fans out to listeners and to the gateway, so nothing changes without the bot and the page hearing.
 */
import type { APIEmbed, APIMessageTopLevelComponent } from 'discord.js';
import { AttachmentStore, type AttachmentRecord } from './attachments';
import { FakeDiscordError } from './errors';
import { BOT_PERMISSIONS, EVERYONE_PERMISSIONS, ORGANISER_PERMISSIONS, totalPermissions } from './permissions';
import { snowflakeMs, snowflakeTime, type SnowflakeMint } from './snowflakes';
import type { FakeUser, FakeUserSeed, InteractionKind } from './types';

/** A user as the fake keeps them: the public view less its derived permissions, plus when they joined. */
export interface UserRecord extends Omit<FakeUser, 'permissions'> {
  readonly joinedAt: string;
}

export interface RoleRecord {
  readonly id: string;
  readonly name: string;
  readonly permissions: bigint;
  readonly position: number;
  readonly managed: boolean;
  readonly color: number;
}

export const ChannelType = { Text: 0, DM: 1, PublicThread: 11, PrivateThread: 12 } as const;
export type StoredChannelType = (typeof ChannelType)[keyof typeof ChannelType];

export const isThread = (channel: { readonly type: number }): boolean =>
  channel.type === ChannelType.PublicThread || channel.type === ChannelType.PrivateThread;

export interface ChannelRecord {
  readonly id: string;
  readonly type: StoredChannelType;
  /** The guild it belongs to (a thread's is its parent's); null for a DM. */
  readonly guildId: string | null;
  name: string;
  readonly parentId: string | null;
  readonly position: number;
  topic: string | null;
  readonly ownerId: string | null;
  /** For a DM channel, the user the bot talks to. */
  readonly recipientId: string | null;
  archived: boolean;
  locked: boolean;
  autoArchiveDuration: 60 | 1440 | 4320 | 10080;
  archiveTimestamp: string | null;
  readonly createdAt: string;
  invitable: boolean;
  rateLimitPerUser: number;
  /** Thread members: user id → when they joined. */
  readonly members: Map<string, string>;
  lastMessageId: string | null;
  messageCount: number;
  totalMessageSent: number;
}

export const MessageFlag = {
  HasThread: 1 << 5,
  Ephemeral: 1 << 6,
  Loading: 1 << 7,
  SuppressNotifications: 1 << 12,
  IsComponentsV2: 1 << 15,
} as const;

export const MessageKind = {
  Default: 0,
  ThreadCreated: 18,
  Reply: 19,
  ChatInputCommand: 20,
} as const;

export interface InteractionStamp {
  readonly id: string;
  readonly type: number;
  /** What the player did: a command, a button, a menu, a form (drivers only; Discord does not say). */
  readonly kind: InteractionKind;
  /** For a menu: the labels of the options picked. */
  readonly picked: string | null;
  /** The command name, for responses to slash commands. */
  readonly name: string | null;
  readonly commandType: number | null;
  readonly userId: string;
  /** For component interactions: the message whose component was used. */
  readonly interactedMessageId: string | null;
  /** For follow-ups: the interaction's original response. */
  readonly originalResponseMessageId: string | null;
}

export interface MessageRecord {
  readonly id: string;
  readonly channelId: string;
  readonly authorId: string;
  type: number;
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  attachments: AttachmentRecord[];
  readonly timestamp: string;
  editedTimestamp: string | null;
  flags: number;
  tts: boolean;
  mentions: string[];
  mentionRoles: string[];
  mentionEveryone: boolean;
  /** Set on messages sent through an interaction webhook (responses and follow-ups). */
  readonly webhookId: string | null;
  readonly interaction: InteractionStamp | null;
  /** Only this user sees the message. */
  readonly ephemeralFor: string | null;
  threadId: string | null;
  readonly reference: { readonly messageId: string; readonly channelId: string } | null;
  readonly nonce: string | number | null;
}

export type MessageDraft = Omit<MessageRecord, 'id' | 'timestamp' | 'editedTimestamp' | 'threadId'>;

export type WorldChange =
  | { readonly kind: 'message-create'; readonly message: MessageRecord }
  | { readonly kind: 'message-update'; readonly message: MessageRecord }
  | { readonly kind: 'message-delete'; readonly message: MessageRecord }
  | { readonly kind: 'channel-create'; readonly channel: ChannelRecord }
  | { readonly kind: 'channel-update'; readonly channel: ChannelRecord }
  | { readonly kind: 'channel-delete'; readonly channel: ChannelRecord }
  | { readonly kind: 'thread-member'; readonly channel: ChannelRecord; readonly userId: string; readonly added: boolean }
  | { readonly kind: 'member-add'; readonly user: UserRecord };

export interface WorldOptions {
  readonly mint: SnowflakeMint;
  readonly baseUrl: string;
  readonly users: readonly FakeUserSeed[];
  readonly guildName: string;
  readonly channelName: string;
  /** Guilds besides the first (default none). */
  readonly guilds?: readonly GuildSeed[];
  readonly botName: string;
  readonly notify: (change: WorldChange) => void;
  /** The fake's clock (ms since the Unix epoch; `Date.now` by default); give the mint the same one. */
  readonly clock?: () => number;
  /** How long a nonce counts for `enforce_nonce` (default 5 minutes; Discord: "the past few minutes"). */
  readonly nonceWindowMs?: number;
}

/** A guild of the fake: the seeded one, and any extra ones asked for (`guilds`), each with its own text channel. */
export interface GuildRecord {
  readonly id: string;
  readonly name: string;
  readonly ownerId: string;
  readonly defaultChannelId: string;
}

/** An extra guild to seed beside the first: every user is a member of every guild. */
export interface GuildSeed {
  readonly name: string;
  /** Its text channel's name (default `skirmishes-2`, `-3`… by its place); unique, since channels are found by name. */
  readonly channelName?: string;
}

/** Fixed id numbers for the seeded things (see snowflakes.ts). */
const SEED = { guild: 1, organiserRole: 2, botRole: 3, bot: 10, channel: 20, firstUser: 100, extraChannels: 1000 } as const;

export class World {
  /** The first guild, where commands run and channels are made unless a channel of another is named. */
  readonly guild: GuildRecord;
  /** Every guild, the first one first. */
  readonly guilds: readonly GuildRecord[];
  readonly bot: UserRecord;
  readonly defaultChannel: ChannelRecord;
  readonly attachments: AttachmentStore;
  readonly #mint: SnowflakeMint;
  readonly #notify: (change: WorldChange) => void;
  readonly #roles: RoleRecord[];
  readonly #users = new Map<string, UserRecord>();
  readonly #channels = new Map<string, ChannelRecord>();
  readonly #messages = new Map<string, MessageRecord>();
  /** Message ids per channel, oldest first. */
  readonly #history = new Map<string, string[]>();
  readonly #organiserRoleId: string;
  readonly #clock: () => number;
  readonly #nonceWindowMs: number;
  /** `author id + nonce` → the id of the last message that author sent with that nonce. */
  readonly #nonces = new Map<string, string>();
  /** Users who allow no direct messages from the bot (Discord answers 50007). */
  readonly #closedDms = new Set<string>();

  constructor(options: WorldOptions) {
    this.#mint = options.mint;
    this.#notify = options.notify;
    this.#clock = options.clock ?? Date.now;
    this.#nonceWindowMs = options.nonceWindowMs ?? 5 * 60_000;
    this.attachments = new AttachmentStore(options.baseUrl, () => this.#mint.next());
    const guildId = this.#mint.fixed(SEED.guild);
    this.#organiserRoleId = this.#mint.fixed(SEED.organiserRole);
    this.#roles = [
      // Discord's @everyone role shares the guild's id.
      { id: guildId, name: '@everyone', permissions: EVERYONE_PERMISSIONS, position: 0, managed: false, color: 0 },
      { id: this.#organiserRoleId, name: 'Organiser', permissions: ORGANISER_PERMISSIONS, position: 1, managed: false, color: 0xc27c0e },
      { id: this.#mint.fixed(SEED.botRole), name: options.botName, permissions: BOT_PERMISSIONS, position: 2, managed: true, color: 0 },
    ];
    const seededAt = snowflakeTime(guildId);
    this.bot = {
      id: this.#mint.fixed(SEED.bot),
      username: options.botName,
      displayName: options.botName,
      bot: true,
      organiser: false,
      roles: [this.#mint.fixed(SEED.botRole)],
      joinedAt: seededAt,
    };
    this.#users.set(this.bot.id, this.bot);
    options.users.forEach((seed, index) => {
      const user = this.#userFromSeed(seed, this.#mint.fixed(SEED.firstUser + index), seededAt);
      this.#users.set(user.id, user);
    });
    const owner = [...this.#users.values()].find((user) => user.organiser) ?? this.bot;
    this.defaultChannel = this.#newChannel(this.#mint.fixed(SEED.channel), ChannelType.Text, options.channelName, null, null, null, guildId);
    this.guild = { id: guildId, name: options.guildName, ownerId: owner.id, defaultChannelId: this.defaultChannel.id };
    const extra = (options.guilds ?? []).map((seed, index) => {
      const id = this.#mint.guild(index + 1);
      const name = seed.channelName ?? `${options.channelName}-${index + 2}`;
      const channel = this.#newChannel(this.#mint.fixed(SEED.extraChannels + index), ChannelType.Text, name, null, null, null, id);
      return { id, name: seed.name, ownerId: owner.id, defaultChannelId: channel.id };
    });
    this.guilds = [this.guild, ...extra];
  }

  guildById(id: string): GuildRecord | undefined {
    return this.guilds.find((guild) => guild.id === id);
  }

  // ---- people -------------------------------------------------------------------------------------

  /** The roles of a guild (default the first): the same ones in every guild, but for @everyone, which takes the guild's id. */
  roles(guildId: string = this.guild.id): readonly RoleRecord[] {
    if (guildId === this.guild.id) return this.#roles;
    return this.#roles.map((role, index) => (index === 0 ? { ...role, id: guildId } : role));
  }

  /** Everyone in the guild, the bot included. */
  members(): UserRecord[] {
    return [...this.#users.values()];
  }

  user(id: string): UserRecord | undefined {
    return this.#users.get(id);
  }

  /** By id, username or display name (case-insensitive), with or without a leading `@`. */
  findUser(ref: string): UserRecord | undefined {
    const wanted = ref
      .replace(/^<@!?(\d+)>$/, '$1')
      .replace(/^@/, '')
      .toLowerCase();
    return (
      this.#users.get(wanted) ??
      [...this.#users.values()].find((u) => u.username.toLowerCase() === wanted) ??
      [...this.#users.values()].find((u) => u.displayName.toLowerCase() === wanted)
    );
  }

  requireUser(ref: string): UserRecord {
    const user = this.findUser(ref);
    if (!user) throw new FakeDiscordError('unknown-user', `There is no user "${ref}" in the fake guild.`);
    return user;
  }

  findRole(ref: string): RoleRecord | undefined {
    const wanted = ref
      .replace(/^<@&(\d+)>$/, '$1')
      .replace(/^@/, '')
      .toLowerCase();
    return this.#roles.find((role) => role.id === wanted || role.name.toLowerCase().replace(/^@/, '') === wanted);
  }

  permissionsOf(user: UserRecord): bigint {
    const everyone = this.#roles[0]?.permissions ?? 0n;
    const own = this.#roles.filter((role) => user.roles.includes(role.id)).map((role) => role.permissions);
    return totalPermissions([everyone, ...own]);
  }

  /** Whether the user lets the bot send them direct messages (a privacy setting the bot cannot see). */
  dmsOpen(userId: string): boolean {
    return !this.#closedDms.has(userId);
  }

  setDms(userId: string, open: boolean): void {
    if (open) this.#closedDms.delete(userId);
    else this.#closedDms.add(userId);
  }

  addUser(seed: FakeUserSeed): UserRecord {
    if (this.findUser(seed.name)) {
      throw new FakeDiscordError('user-exists', `There is already a user called "${seed.name}".`);
    }
    const id = this.#mint.next();
    const user = this.#userFromSeed(seed, id, snowflakeTime(id));
    this.#users.set(user.id, user);
    this.#notify({ kind: 'member-add', user });
    return user;
  }

  #userFromSeed(seed: FakeUserSeed, id: string, joinedAt: string): UserRecord {
    const organiser = seed.organiser ?? false;
    return {
      id,
      username: seed.name.toLowerCase(),
      displayName: seed.displayName ?? seed.name.charAt(0).toUpperCase() + seed.name.slice(1),
      bot: false,
      organiser,
      roles: organiser ? [this.#organiserRoleId] : [],
      joinedAt,
    };
  }

  // ---- channels and threads -----------------------------------------------------------------------

  channels(): ChannelRecord[] {
    return [...this.#channels.values()];
  }

  channel(id: string): ChannelRecord | undefined {
    return this.#channels.get(id);
  }

  /** By id, `<#id>`, or name with or without `#` (text channels before threads; DMs by id only). */
  findChannel(ref: string): ChannelRecord | undefined {
    const wanted = ref.replace(/^<#(\d+)>$/, '$1').replace(/^#/, '');
    const named = [...this.#channels.values()].filter((c) => c.type !== ChannelType.DM).sort((a, b) => a.type - b.type);
    return this.#channels.get(wanted) ?? named.find((channel) => channel.name.toLowerCase() === wanted.toLowerCase());
  }

  requireChannel(ref: string | undefined): ChannelRecord {
    if (ref === undefined) return this.defaultChannel;
    const channel = this.findChannel(ref);
    if (!channel) throw new FakeDiscordError('unknown-channel', `There is no channel or thread "${ref}".`);
    return channel;
  }

  addTextChannel(name: string, guildId: string = this.guild.id): ChannelRecord {
    const channel = this.#newChannel(this.#mint.next(), ChannelType.Text, name, null, null, null, guildId);
    this.#notify({ kind: 'channel-create', channel });
    return channel;
  }

  /** The bot's DM channel with a user: one per user, made on first use, as Discord does. */
  openDm(user: UserRecord): ChannelRecord {
    const existing = [...this.#channels.values()].find((c) => c.type === ChannelType.DM && c.recipientId === user.id);
    if (existing) return existing;
    const channel = this.#newChannel(this.#mint.next(), ChannelType.DM, '', null, null, user.id);
    this.#notify({ kind: 'channel-create', channel });
    return channel;
  }

  createThread(spec: {
    readonly parent: ChannelRecord;
    readonly name: string;
    readonly type: typeof ChannelType.PublicThread | typeof ChannelType.PrivateThread;
    readonly ownerId: string;
    readonly autoArchiveDuration?: ChannelRecord['autoArchiveDuration'];
    readonly invitable?: boolean;
    readonly rateLimitPerUser?: number;
    /** A thread started from a message takes the message's id. */
    readonly id?: string;
  }): ChannelRecord {
    const thread = this.#newChannel(spec.id ?? this.#mint.next(), spec.type, spec.name, spec.parent.id, spec.ownerId, null, spec.parent.guildId);
    thread.autoArchiveDuration = spec.autoArchiveDuration ?? 4320;
    thread.invitable = spec.invitable ?? true;
    thread.rateLimitPerUser = spec.rateLimitPerUser ?? 0;
    thread.archiveTimestamp = thread.createdAt;
    thread.members.set(spec.ownerId, thread.createdAt);
    this.#notify({ kind: 'channel-create', channel: thread });
    return thread;
  }

  updateChannel(channel: ChannelRecord, change: (channel: ChannelRecord) => void): void {
    const wasArchived = channel.archived;
    change(channel);
    if (channel.archived !== wasArchived) channel.archiveTimestamp = this.#isoNow();
    this.#notify({ kind: 'channel-update', channel });
  }

  /** Deletes a channel or thread with its messages (and a text channel's threads), as a moderator would. */
  deleteChannel(channel: ChannelRecord): void {
    for (const child of [...this.#channels.values()].filter((c) => c.parentId === channel.id)) this.deleteChannel(child);
    for (const id of this.#history.get(channel.id) ?? []) this.#messages.delete(id);
    this.#history.delete(channel.id);
    this.#channels.delete(channel.id);
    this.#notify({ kind: 'channel-delete', channel });
  }

  addThreadMember(thread: ChannelRecord, userId: string): void {
    if (thread.members.has(userId)) return;
    thread.members.set(userId, this.#isoNow());
    this.#notify({ kind: 'thread-member', channel: thread, userId, added: true });
  }

  removeThreadMember(thread: ChannelRecord, userId: string): void {
    if (!thread.members.delete(userId)) return;
    this.#notify({ kind: 'thread-member', channel: thread, userId, added: false });
  }

  #newChannel(
    id: string,
    type: StoredChannelType,
    name: string,
    parentId: string | null,
    ownerId: string | null,
    recipientId: string | null = null,
    guildId: string | null = null,
  ): ChannelRecord {
    const channel: ChannelRecord = {
      id,
      type,
      guildId,
      name,
      parentId,
      position: type === ChannelType.Text ? [...this.#channels.values()].filter((c) => c.type === ChannelType.Text).length : 0,
      topic: null,
      ownerId,
      recipientId,
      archived: false,
      locked: false,
      autoArchiveDuration: 4320,
      archiveTimestamp: null,
      createdAt: snowflakeTime(id),
      invitable: true,
      rateLimitPerUser: 0,
      members: new Map(),
      lastMessageId: null,
      messageCount: 0,
      totalMessageSent: 0,
    };
    this.#channels.set(id, channel);
    this.#history.set(id, []);
    return channel;
  }

  // ---- messages -----------------------------------------------------------------------------------

  message(id: string): MessageRecord | undefined {
    return this.#messages.get(id);
  }

  /** Oldest first, ephemeral ones included. */
  channelMessages(channelId: string): MessageRecord[] {
    return (this.#history.get(channelId) ?? []).flatMap((id) => this.#messages.get(id) ?? []);
  }

  addMessage(draft: MessageDraft): MessageRecord {
    const channel = this.#channels.get(draft.channelId);
    if (!channel) throw new Error(`addMessage: no channel ${draft.channelId}`);
    const id = this.#mint.next();
    const message: MessageRecord = { ...draft, id, timestamp: snowflakeTime(id), editedTimestamp: null, threadId: null };
    this.#history.get(channel.id)?.push(id);
    this.#messages.set(id, message);
    if (message.nonce !== null && message.ephemeralFor === null) this.#nonces.set(nonceKey(message.authorId, message.nonce), id);
    if (!message.ephemeralFor) {
      channel.lastMessageId = id;
      channel.messageCount += 1;
      channel.totalMessageSent += 1;
    }
    this.#notify({ kind: 'message-create', message });
    return message;
  }

  /**
   * The message this author already sent with this nonce within the nonce window, if it still exists:
   * what Discord answers a create carrying `enforce_nonce: true` with, instead of a second message.
   * An integer nonce and its decimal string count as the same nonce.
   */
  recentByNonce(authorId: string, nonce: string | number): MessageRecord | undefined {
    const id = this.#nonces.get(nonceKey(authorId, nonce));
    const message = id === undefined ? undefined : this.#messages.get(id);
    if (!message || this.#clock() - snowflakeMs(message.id) > this.#nonceWindowMs) return undefined;
    return message;
  }

  /** The fake's clock, ms since the Unix epoch. */
  now(): number {
    return this.#clock();
  }

  #isoNow(): string {
    return new Date(this.#clock()).toISOString();
  }

  /** Applies `change` and marks the message edited (unless `edited` is false, e.g. a thread flag). */
  editMessage(message: MessageRecord, change: (message: MessageRecord) => void, edited = true): void {
    change(message);
    if (edited) message.editedTimestamp = this.#isoNow();
    this.#notify({ kind: 'message-update', message });
  }

  deleteMessage(message: MessageRecord): void {
    this.#messages.delete(message.id);
    const history = this.#history.get(message.channelId);
    if (history) history.splice(history.indexOf(message.id), 1);
    const channel = this.#channels.get(message.channelId);
    if (channel && !message.ephemeralFor) channel.messageCount = Math.max(0, channel.messageCount - 1);
    this.#notify({ kind: 'message-delete', message });
  }
}

const nonceKey = (authorId: string, nonce: string | number): string => `${authorId}:${String(nonce)}`;
