/**
 * The fake Discord's public vocabulary: what a test or the sandbox page sees and passes in. Discord's
 * own JSON shapes (embeds, components, command definitions) are kept as Discord sends them, since a
 * page that draws them and a test that checks them both want the real thing.
 */
import type { Permission } from './permissions';
import type { APIApplicationCommand, APIEmbed, APIMessageTopLevelComponent, APIModalInteractionResponseCallbackData } from 'discord.js';

export interface FakeUser {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly bot: boolean;
  /** Organisers hold the Organiser role: Administrator and Manage Server. */
  readonly organiser: boolean;
  readonly roles: readonly string[];
  /** The member's total permissions, as Discord's decimal bitfield string. */
  readonly permissions: string;
}

export interface FakeUserSeed {
  readonly name: string;
  readonly organiser?: boolean;
  readonly displayName?: string;
}

export interface FakeAttachment {
  readonly id: string;
  readonly filename: string;
  /** Alt text. */
  readonly description: string | null;
  readonly contentType: string;
  readonly size: number;
  /** Served by the fake: `GET` it, or read the bytes with `FakeDiscord.attachment(url)`. */
  readonly url: string;
  readonly width: number | null;
  readonly height: number | null;
}

/** A message as a person in the channel would see it. A snapshot: later edits make new objects. */
export interface FakeMessage {
  readonly id: string;
  readonly channelId: string;
  /** Discord's message type: 0 default, 19 reply, 20 slash-command response, 21 thread starter. */
  readonly type: number;
  readonly author: { readonly id: string; readonly username: string; readonly bot: boolean };
  readonly content: string;
  readonly embeds: readonly APIEmbed[];
  readonly components: readonly APIMessageTopLevelComponent[];
  readonly attachments: readonly FakeAttachment[];
  readonly timestamp: string;
  readonly editedTimestamp: string | null;
  /** Ids of the users pinged, after `allowed_mentions`. */
  readonly mentions: readonly string[];
  readonly mentionRoles: readonly string[];
  readonly mentionEveryone: boolean;
  readonly flags: number;
  readonly ephemeral: boolean;
  /** For an ephemeral message, the one user who can see it. */
  readonly visibleTo: string | null;
  /** A deferred reply not yet edited ("Bot is thinking…"). */
  readonly loading: boolean;
  /** Set on interaction responses and follow-ups. */
  readonly interaction: {
    readonly id: string;
    readonly type: number;
    /** What the player did: 'command', 'button', 'select' (a menu), 'modal-submit' (a form). */
    readonly kind: InteractionKind;
    /** For a menu: the labels of the options picked, joined with ", ". */
    readonly picked: string | null;
    readonly name: string | null;
    readonly userId: string;
  } | null;
  /** The thread started from this message, if any (Discord gives it the message's id). */
  readonly threadId: string | null;
  readonly reference: { readonly messageId: string; readonly channelId: string } | null;
  /** The `nonce` the message was created with (channel messages only), or null. */
  readonly nonce: string | number | null;
}

export type FakeChannelKind = 'text' | 'dm' | 'public-thread' | 'private-thread';

export interface FakeChannel {
  readonly id: string;
  readonly name: string;
  readonly kind: FakeChannelKind;
  /** Discord's channel type number (0 text, 1 DM, 11 public thread, 12 private thread). */
  readonly type: number;
  readonly parentId: string | null;
  readonly ownerId: string | null;
  /** For a DM, the user the bot is talking to. */
  readonly recipientId: string | null;
  readonly archived: boolean;
  readonly locked: boolean;
  /** Thread members' user ids (empty for text channels). */
  readonly members: readonly string[];
  readonly messageCount: number;
}

/** A command definition as the bot registered it, with the id Discord gave it. */
export type RegisteredCommand = APIApplicationCommand;

/** A file a user uploads: a slash command attachment option or a file on a posted message. */
export interface FakeUpload {
  readonly name: string;
  readonly data: Uint8Array | string;
  readonly contentType?: string;
  readonly description?: string;
}

interface CommandTarget {
  /** Username, display name or id. */
  readonly user: string;
  /** Channel or thread id or name; the default channel when left out. */
  readonly channel?: string;
  /** The command name; `'match start'` is the same as `name: 'match', subcommand: 'start'`. */
  readonly name: string;
  readonly group?: string;
  readonly subcommand?: string;
  /**
   * Option values by name, typed by the registered definition. Strings are converted ("3" for an
   * integer, "true" for a boolean), users/channels/roles may be given by name, and an attachment
   * option takes a `FakeUpload`.
   */
  readonly options?: Readonly<Record<string, unknown>>;
  readonly locale?: string;
}

export interface CommandInput extends CommandTarget {
  /** Attachment options by name (the same as passing the upload in `options`). */
  readonly attachments?: Readonly<Record<string, FakeUpload>>;
}

export interface AutocompleteInput extends CommandTarget {
  /** The option being typed; its text is `options[focused]` (empty when left out). */
  readonly focused: string;
}

export interface ClickInput {
  readonly user: string;
  readonly message: string;
  readonly customId: string;
}

export interface SelectInput extends ClickInput {
  /** Option values; for user, role and channel menus, ids or names. */
  readonly values: readonly string[];
}

export interface ModalSubmitInput {
  readonly user: string;
  /** The interaction the bot answered with this modal. */
  readonly interaction: string;
  /** Text input values (or select values) by custom id. */
  readonly values: Readonly<Record<string, string | readonly string[]>>;
}

export interface PostInput {
  readonly user: string;
  readonly channel?: string;
  readonly content?: string;
  readonly files?: readonly FakeUpload[];
  /** Id of a message this one replies to. */
  readonly replyTo?: string;
}

export type InteractionKind = 'command' | 'autocomplete' | 'button' | 'select' | 'modal-submit';

/** The bot's first answer, by callback type: 4, 5, 6, 7, 8, 9. */
export type ResponseKind = 'reply' | 'deferred-reply' | 'deferred-update' | 'update' | 'autocomplete' | 'modal';

export interface AutocompleteChoice {
  readonly name: string;
  readonly value: string | number;
}

export type FakeModal = APIModalInteractionResponseCallbackData;

export interface InteractionResponse {
  readonly type: 4 | 5 | 6 | 7 | 8 | 9;
  readonly kind: ResponseKind;
  /** Milliseconds from dispatch to the callback. */
  readonly ms: number;
  /** Later than Discord's 3-second window. */
  readonly late: boolean;
  readonly ephemeral: boolean;
  /** The message the callback made or changed, as it was then. */
  readonly message: FakeMessage | null;
  readonly choices: readonly AutocompleteChoice[] | null;
  readonly modal: FakeModal | null;
}

export interface InteractionSummary {
  readonly id: string;
  readonly kind: InteractionKind;
  readonly userId: string;
  readonly channelId: string;
  /** The command name (with group and subcommand) or the component's custom id. */
  readonly name: string;
  /**
   * Connected gateway sessions the interaction was sent to; 0 means no bot was connected. (A session
   * whose client dropped gets it only if it resumes, and is not counted.)
   */
  readonly deliveredTo: number;
  readonly response: InteractionResponse | null;
  /** The original response message now (after edits), if there is one. */
  readonly original: FakeMessage | null;
  readonly followUps: readonly FakeMessage[];
  /** A deferred reply that has not been edited yet. */
  readonly loading: boolean;
  readonly late: boolean;
}

export interface SettleOptions {
  /** How long nothing must happen on the interaction's token (default 150 ms). */
  readonly quietMs?: number;
  /** Give up after this long (default 5000 ms). */
  readonly timeoutMs?: number;
}

export interface InteractionOutcome {
  readonly id: string;
  readonly kind: InteractionKind;
  readonly deliveredTo: number;
  /** The bot's first callback; rejects after `timeoutMs` (default 5000) without one. */
  response(timeoutMs?: number): Promise<InteractionResponse>;
  /** Waits for the callback, for a deferred reply to be filled in, and then for quiet. */
  settled(options?: SettleOptions): Promise<InteractionSummary>;
  summary(): InteractionSummary;
  original(): FakeMessage | undefined;
  followUps(): FakeMessage[];
}

/** A 4xx answer the fake gave the bot, for tests to assert that nothing was refused. */
export interface Rejection {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly code: number;
  readonly message: string;
}

/** One REST request the bot (or anyone) made, as `requests()` lists it. */
export interface RecordedRequest {
  readonly method: string;
  /** The path after `/api/v10`, e.g. `/channels/123/messages`. */
  readonly path: string;
  /** The route it matched, e.g. `POST /channels/:channel/messages`; null when the fake has no such route. */
  readonly route: string | null;
  /** The JSON body (a multipart request's `payload_json`); `{}` when there was none or it was unreadable. */
  readonly body: Readonly<Record<string, unknown>>;
  /** How many files it uploaded. */
  readonly files: number;
  /** What the client was answered; null while it is held or delayed, and for good when it never got an answer. */
  readonly status: number | null;
  /** The fake carried the request out (stored the message, made the edit…), whatever it answered. */
  readonly handled: boolean;
  /** A fault rule caught it. */
  readonly fault: boolean;
  /** It carried a bot token (`Authorization: Bot …`); a bot must never send one to an interaction's webhook or callback. */
  readonly authorized: boolean;
  /** The fake's clock when it arrived (ms since the Unix epoch). */
  readonly at: number;
}

/** Statuses a fault can answer with. */
export type FaultStatus = 429 | 500 | 502 | 503 | 504;

/** A request as a fault rule's `when` sees it. */
export interface FaultRequest {
  readonly method: string;
  readonly path: string;
  /** The rule's `:name` segments, e.g. `{ channel: '123' }` for `POST /channels/:channel/messages`. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The JSON body, or a multipart request's `payload_json`. */
  readonly body: Readonly<Record<string, unknown>>;
  readonly files: readonly { readonly filename: string; readonly contentType: string | null; readonly size: number }[];
}

/**
 * What goes wrong, for which requests. Without `status`, `hold` or `delayMs` a rule only counts.
 * Order of events for a caught request: with `after`, the fake handles it first (stores the message,
 * dispatches it); then the hold, then the delay; then it answers `status` if set, else its real answer
 * (handling it at that point when `after` is not set). Without `after`, a `status` answer means
 * nothing was handled.
 */
export interface FaultRule {
  /** `METHOD /path`, where `:name` matches any one segment: `POST /channels/:channel/messages`. */
  readonly route: string;
  /** Only requests this accepts (a throwing predicate counts as no match). */
  readonly when?: (request: FaultRequest) => boolean;
  /** How many requests the rule catches (default 1; `Infinity` for all). */
  readonly times?: number;
  /** Answer this instead of the real answer. */
  readonly status?: FaultStatus;
  /** Handle the request before the fault: the message is stored and dispatched, the client still gets `status`. */
  readonly after?: boolean;
  /** Keep the request waiting until `release()` (or `drop()`, or the client going away). */
  readonly hold?: boolean;
  /** Answer this much later. */
  readonly delayMs?: number;
  /** For 429: seconds to wait, sent as `Retry-After`, `X-RateLimit-Reset-After` and `retry_after` (default 0.2). */
  readonly retryAfter?: number;
  /** For 429: a global rate limit (`X-RateLimit-Global`, scope `global`) rather than the route's bucket. */
  readonly global?: boolean;
}

export interface FaultHandle {
  readonly rule: FaultRule;
  /** Requests the rule has caught so far. */
  readonly hits: number;
  /**
   * Resolves once `count` (default 1) caught requests have reached the fault: arrived, or with
   * `after`, been handled too (the message is stored). Rejects after `timeoutMs` (default 5000).
   */
  reached(count?: number, timeoutMs?: number): Promise<void>;
  /** Ends the hold: held requests go on (and later ones are not held). */
  release(): void;
  /**
   * Ends the hold by closing the connections of held requests without an answer (and of later
   * ones). `reset: true` resets the connection (ECONNRESET, which discord.js retries) instead of
   * closing it (which discord.js reports as "other side closed" without retrying).
   */
  drop(options?: { reset?: boolean }): void;
  /** Stops the rule catching requests and releases anything it still holds. */
  remove(): void;
}

export interface FakeFaults {
  /** Rules are tried in the order added; the first that matches and has catches left takes the request. */
  add(rule: FaultRule): FaultHandle;
  /** Removes every rule (releasing what they hold). */
  clear(): void;
}

export interface GatewaySessionInfo {
  readonly sessionId: string;
  readonly connected: boolean;
  readonly intents: number;
  readonly sequence: number;
  readonly resumes: number;
  /** `[shard id, shard count]` from IDENTIFY (`[0, 1]` when the client sent none). */
  readonly shard: readonly [number, number];
}

export interface FakeDiscordEvents {
  'message-create': FakeMessage;
  'message-update': FakeMessage;
  'message-delete': { readonly id: string; readonly channelId: string };
  'channel-create': FakeChannel;
  'channel-update': FakeChannel;
  'channel-delete': { readonly id: string; readonly parentId: string | null };
  interaction: InteractionSummary;
  'interaction-response': InteractionSummary;
  commands: readonly RegisteredCommand[];
  rejection: Rejection;
  gateway: GatewaySessionInfo;
  /** A REST request whose body was read (before it is carried out): its JSON, a list for bulk routes. */
  request: SentRequest;
}

/** What a client sent on one REST request, as the `request` event gives it. */
export interface SentRequest {
  readonly method: string;
  /** The path after `/api/v10`. */
  readonly path: string;
  /** The fake's route pattern, e.g. `POST /channels/:channel/messages`. */
  readonly route: string;
  /** The JSON body (a multipart request's `payload_json`): an object, or a list (bulk command overwrites). */
  readonly body: unknown;
  readonly files: number;
}

export type FakeDiscordEvent = keyof FakeDiscordEvents;

export interface FakeGuild {
  readonly id: string;
  readonly name: string;
  /** Its text channel, where commands run when it is named as their `channel`. */
  readonly channel: { readonly id: string; readonly name: string };
}

export interface FakeDiscordOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** HELLO's heartbeat interval (default 45000; tests use about 1000). */
  readonly heartbeatMs?: number;
  /** Replaces the seeded alice (organiser), bob, carol and dave. */
  readonly users?: readonly FakeUserSeed[];
  readonly guildName?: string;
  /** The default text channel's name (default `skirmishes`). */
  readonly channelName?: string;
  /**
   * Guilds besides the first, each with one text channel (`channelName`, default `skirmishes-2`, `-3`…);
   * every user is a member of each. The k-th extra guild's id falls on shard `(first + k) % count`.
   */
  readonly guilds?: readonly { readonly name: string; readonly channelName?: string }[];
  /** The shard count `GET /gateway/bot` recommends (default 1). Clients may identify with any count. */
  readonly shards?: number;
  readonly botName?: string;
  /** Discord's window for the first callback (default 3000 ms). */
  readonly deadlineMs?: number;
  /** Refuse callbacks after the window with 404 Unknown interaction, as Discord does (default false: accept and mark late). */
  readonly enforceDeadline?: boolean;
  /** Largest upload accepted (default 10 MiB, Discord's free limit). */
  readonly maxUploadBytes?: number;
  /**
   * The fake's clock, in ms since the Unix epoch (default `Date.now`): ids and timestamps, and the
   * nonce window, read it. Interaction deadlines are measured on the monotonic clock instead.
   */
  readonly clock?: () => number;
  /** How long a nonce counts for `enforce_nonce` (default 5 minutes; Discord says "the past few minutes"). */
  readonly nonceWindowMs?: number;
  /**
   * Which bot tokens Discord accepts (default: any). A refused token gets 401 on every authenticated
   * route, as Discord answers a reset or mistyped token, so a test can check the bot's start-up message.
   */
  readonly acceptsToken?: (token: string) => boolean;
  /**
   * Which tokens the gateway accepts at identify (default: as `acceptsToken`). One it refuses is closed
   * with 4004 "Authentication failed.", as Discord closes a token reset after the bot's first REST call.
   */
  readonly gatewayAcceptsToken?: (token: string) => boolean;
  /**
   * Answer every REST request this long after it arrived, drawn evenly between `min` and `max` ms
   * (default: at once), as Discord's own answers take some 50 to 150 ms over the internet. Benchmarks
   * use it; the request is carried out when it arrives, as Discord does, and only its answer waits.
   */
  readonly latencyMs?: { readonly min: number; readonly max: number };
}

/** A permission's name in the fake's `Permission` table. */
export type BotPermissionName = keyof typeof Permission;

export interface FakeDiscord {
  /** `http://127.0.0.1:PORT/api`: pass as the discord.js Client's `rest.api`. */
  readonly apiBase: string;
  readonly port: number;
  readonly guild: { readonly id: string; readonly name: string };
  /** Every guild, the first one first, with its text channel. */
  guilds(): FakeGuild[];
  /** The shard a guild's events go to with this many shards: `(guild_id >> 22) % count`. */
  shardOf(guildId: string, shardCount: number): number;
  /** The default text channel. */
  readonly channel: { readonly id: string; readonly name: string };
  readonly botUser: { readonly id: string; readonly username: string };
  readonly applicationId: string;

  users(): FakeUser[];
  user(ref: string): FakeUser | undefined;
  addUser(name: string, options?: { organiser?: boolean; displayName?: string }): FakeUser;
  channels(): FakeChannel[];
  addChannel(name: string): FakeChannel;
  /** The bot's DM channels (the bot opens one with `user.send`; the user answers with `post`). */
  dms(): FakeChannel[];
  threads(parentId?: string): FakeChannel[];
  channelByRef(ref: string): FakeChannel | undefined;
  /**
   * The bot's own permission overwrite on a text channel (its threads follow it): `deny` takes
   * permissions away from what its role gives, `allow` adds them; neither removes the overwrite. Names
   * as in `Permission` (permissions.ts): `'CreatePublicThreads'`, `'AttachFiles'`, … The bot hears of
   * it as a CHANNEL_UPDATE, and the fake refuses its requests as Discord would (docs/fakecord.md).
   */
  setBotPermissions(channel: string, change: { readonly allow?: readonly BotPermissionName[]; readonly deny?: readonly BotPermissionName[] }): void;

  /** A moderator archives a thread (and locks it, with `locked`), or reopens it (`archived: false`). */
  setThread(ref: string, state: { archived?: boolean; locked?: boolean }): FakeChannel;
  /** A moderator deletes a channel or thread, with its messages; the bot hears CHANNEL_DELETE or THREAD_DELETE. */
  deleteChannel(ref: string): void;
  /** A user closes (or opens) their direct messages: the bot's DMs to them get 50007. */
  setDms(user: string, open: boolean): void;

  /** Everything the bot registered, global and guild. */
  commands(): RegisteredCommand[];
  /** The commands this user may see (Discord hides those their permissions do not allow). */
  commandsFor(user: string): RegisteredCommand[];

  command(input: CommandInput): Promise<InteractionOutcome>;
  autocomplete(input: AutocompleteInput, timeoutMs?: number): Promise<AutocompleteChoice[]>;
  click(input: ClickInput): Promise<InteractionOutcome>;
  /** A click with any custom id on a message the user can see (a modified client's); `click` takes only the message's own. */
  forgeClick(input: ClickInput): Promise<InteractionOutcome>;
  select(input: SelectInput): Promise<InteractionOutcome>;
  submitModal(input: ModalSubmitInput): Promise<InteractionOutcome>;
  /** A user posts a message (the bot hears it if it asked for the Guild Messages intent). */
  post(input: PostInput): Promise<FakeMessage>;

  /** Messages in a channel or thread, oldest first. With a viewer, ephemeral ones only for them. */
  messages(channelId: string, options?: { viewer?: string }): FakeMessage[];
  message(id: string): FakeMessage | undefined;
  interactions(): InteractionSummary[];
  interaction(id: string): InteractionSummary | undefined;

  /** Resolves with the first truthy value of `check`, re-checked on every change. */
  waitFor<T>(check: () => T | undefined | null | false, timeoutMs?: number): Promise<T>;
  on<E extends FakeDiscordEvent>(event: E, listener: (value: FakeDiscordEvents[E]) => void): () => void;

  /** The bytes of an uploaded file, by its URL or attachment id. */
  attachment(urlOrId: string): Buffer | undefined;
  /** `METHOD /path` of every request the fake has no route for. */
  unknownRoutes(): string[];
  /** Every 4xx the fake answered (unknown routes included; not the statuses fault rules answered). */
  rejections(): Rejection[];
  /**
   * REST requests under `/api`, oldest first (the last 10,000): only those matching `route` when
   * given, a pattern like a fault rule's (`POST /channels/:id/messages`).
   */
  requests(route?: string): RecordedRequest[];
  /** Test faults: 5xx and 429 answers, held and late requests. */
  readonly faults: FakeFaults;
  gatewaySessions(): GatewaySessionInfo[];
  /** Asks every connected client to reconnect (op 7), which makes discord.js resume. */
  requestReconnect(): void;
  close(): Promise<void>;
}
