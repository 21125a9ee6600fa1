/**
 * Interactions from dispatch to their last edit: the bot's callback (reply, defer, update,
 * autocomplete choices, modal), then edits and follow-ups through the interaction's webhook token.
 * Each becomes what Discord would show: messages in the channel, ephemeral ones only for their user.
 * Tests and the sandbox hold an `InteractionOutcome` to await the first answer and the settling.
 */
import { performance } from 'node:perf_hooks';
import { ErrorCode, RestError, invalidForm, invalidWebhookToken, unknownInteraction, unknownMessage, unknownWebhook } from './errors';
import { snowflakeMs } from './snowflakes';
import { DiscordLimit } from '../discord/limits';
import type { RestReply } from './http-router';
import { editMessageFields, newMessageFields, type IncomingFile, type MessageFields } from './message-content';
import { checkChoices, checkModal } from './message-limits';
import { apiMessage } from './payloads';
import type {
  AutocompleteChoice,
  FakeModal,
  InteractionKind,
  InteractionOutcome,
  InteractionResponse,
  InteractionSummary,
  ResponseKind,
  SettleOptions,
} from './types';
import { fakeMessage } from './views';
import { waitUntil } from './waiting';
import { MessageFlag, MessageKind, type ChannelRecord, type InteractionStamp, type MessageRecord, type UserRecord, type World } from './world';
import type { Json } from './json';

/** A callback as recorded; its `kind` is named from the type when it is reported. */
type ResponseState = Omit<InteractionResponse, 'kind'>;

export interface InteractionRecord {
  readonly id: string;
  readonly token: string;
  readonly kind: InteractionKind;
  /** Discord's interaction type: 2 command, 3 component, 4 autocomplete, 5 modal submit. */
  readonly type: 2 | 3 | 4 | 5;
  readonly name: string;
  readonly user: UserRecord;
  readonly channel: ChannelRecord;
  /** The message whose button or menu was used (or whose component opened the modal). */
  readonly componentMessageId: string | null;
  /** For a menu: the labels of the options picked, as the player saw them. */
  readonly picked?: string;
  readonly dispatchedAt: number;
  deliveredTo: number;
  response: ResponseState | null;
  originalMessageId: string | null;
  readonly followUpIds: string[];
  lastActivity: number;
}

export type InteractionSpec = Pick<InteractionRecord, 'id' | 'token' | 'kind' | 'type' | 'name' | 'user' | 'channel' | 'componentMessageId' | 'picked'>;

const RESPONSE_KINDS: Readonly<Record<InteractionResponse['type'], ResponseKind>> = {
  4: 'reply',
  5: 'deferred-reply',
  6: 'deferred-update',
  7: 'update',
  8: 'autocomplete',
  9: 'modal',
};

const alreadyAcknowledged = (): RestError => new RestError(400, ErrorCode.AlreadyAcknowledged, 'Interaction has already been acknowledged.');

const badCallbackType = (type: number, kind: InteractionKind): RestError =>
  invalidForm([{ path: 'type', code: 'INTERACTION_RESPONSE_TYPE_INVALID', message: `Callback type ${type} is not valid for a ${kind} interaction.` }]);

export interface TrackerOptions {
  readonly deadlineMs: number;
  readonly enforceDeadline: boolean;
  readonly onDispatch: (summary: InteractionSummary) => void;
  readonly onResponse: (summary: InteractionSummary) => void;
}

export class InteractionTracker {
  readonly #records = new Map<string, InteractionRecord>();
  readonly #byToken = new Map<string, InteractionRecord>();
  readonly #listeners = new Set<() => void>();

  constructor(
    private readonly world: World,
    private readonly options: TrackerOptions,
  ) {}

  open(spec: InteractionSpec): InteractionRecord {
    const record: InteractionRecord = {
      ...spec,
      dispatchedAt: performance.now(),
      deliveredTo: 0,
      response: null,
      originalMessageId: null,
      followUpIds: [],
      lastActivity: performance.now(),
    };
    this.#records.set(record.id, record);
    this.#byToken.set(record.token, record);
    return record;
  }

  delivered(record: InteractionRecord, sessions: number): void {
    record.deliveredTo = sessions;
    this.options.onDispatch(this.summary(record));
  }

  get(id: string): InteractionRecord | undefined {
    return this.#records.get(id);
  }

  all(): InteractionRecord[] {
    return [...this.#records.values()];
  }

  // ---- the callback -------------------------------------------------------------------------------

  callback(id: string, token: string, body: Json, files: readonly IncomingFile[], withResponse: boolean): RestReply {
    const record = this.#records.get(id);
    if (!record || record.token !== token) throw unknownInteraction();
    const ms = performance.now() - record.dispatchedAt;
    if (this.options.enforceDeadline && ms > this.options.deadlineMs) throw unknownInteraction();
    if (record.response) throw alreadyAcknowledged();
    const type = Number(body.type);
    const data = typeof body.data === 'object' && body.data !== null ? (body.data as Json) : {};
    const { message, choices, modal } = this.#answer(record, type, data, files);

    const ephemeral = message ? (message.flags & MessageFlag.Ephemeral) !== 0 : false;
    record.response = {
      type: type as InteractionResponse['type'],
      ms,
      late: ms > this.options.deadlineMs,
      ephemeral,
      message: message ? fakeMessage(this.world, message) : null,
      choices,
      modal,
    };
    this.#touch(record);
    this.options.onResponse(this.summary(record));
    if (!withResponse) return { status: 204 };
    return {
      status: 200,
      body: {
        interaction: {
          id: record.id,
          type: record.type,
          ...(record.originalMessageId
            ? {
                response_message_id: record.originalMessageId,
                response_message_loading: type === 5,
                response_message_ephemeral: ephemeral,
              }
            : {}),
        },
        resource: {
          type,
          ...(message && type !== 6 ? { message: apiMessage(this.world, message) } : {}),
        },
      },
    };
  }

  /** What a callback of this type does: a new message, a changed one, choices or a modal. */
  #answer(
    record: InteractionRecord,
    type: number,
    data: Json,
    files: readonly IncomingFile[],
  ): { message?: MessageRecord; choices: AutocompleteChoice[] | null; modal: FakeModal | null } {
    const nothingElse = { choices: null, modal: null };
    switch (type) {
      case 4:
      case 5: {
        if (record.kind === 'autocomplete') throw badCallbackType(type, record.kind);
        const message =
          type === 4 ? this.#post(record, newMessageFields(this.world, data, files, { allowEphemeral: true }), null) : this.#postLoading(record, data);
        record.originalMessageId = message.id;
        return { message, ...nothingElse };
      }
      case 6:
      case 7: {
        if (record.componentMessageId === null || record.kind === 'autocomplete') throw badCallbackType(type, record.kind);
        const message = this.world.message(record.componentMessageId);
        if (!message) throw unknownMessage();
        if (type === 7) {
          const fields = editMessageFields(this.world, message, data, files);
          this.world.editMessage(message, (m) => Object.assign(m, fields));
        }
        record.originalMessageId = message.id;
        return { message, ...nothingElse };
      }
      case 8: {
        if (record.kind !== 'autocomplete') throw badCallbackType(type, record.kind);
        const problems = checkChoices(data);
        if (problems.length > 0) throw invalidForm(problems);
        const choices = (Array.isArray(data.choices) ? data.choices : []).map((choice: Json) => ({
          name: String(choice.name),
          value: typeof choice.value === 'number' ? choice.value : String(choice.value),
        }));
        return { choices, modal: null };
      }
      case 9: {
        if (record.kind === 'autocomplete' || record.kind === 'modal-submit') throw badCallbackType(type, record.kind);
        const problems = checkModal(data);
        if (problems.length > 0) throw invalidForm(problems);
        return { choices: null, modal: structuredClone(data) as unknown as FakeModal };
      }
      default:
        throw badCallbackType(type, record.kind);
    }
  }

  // ---- the webhook: original response and follow-ups ----------------------------------------------

  /**
   * The interaction behind a webhook token; the application id in the path must be the bot's. An
   * interaction token lasts 15 minutes (of the fake's clock, from the interaction's id): after that
   * Discord answers 401 "Invalid Webhook Token", which a client that sent its bot token along takes
   * for a bad bot token.
   */
  byWebhook(applicationId: string, token: string): InteractionRecord {
    const record = this.#byToken.get(token);
    if (!record || applicationId !== this.world.bot.id) throw unknownWebhook();
    if (this.world.now() - snowflakeMs(record.id) > DiscordLimit.interactionTokenMs) throw invalidWebhookToken();
    this.#touch(record);
    return record;
  }

  /** `@original` or the id of one of this interaction's messages. */
  messageOf(record: InteractionRecord, which: string): MessageRecord {
    const id = which === '@original' ? record.originalMessageId : which;
    const ours = id !== null && (id === record.originalMessageId || record.followUpIds.includes(id));
    const message = ours ? this.world.message(id) : undefined;
    if (!message) throw unknownMessage();
    return message;
  }

  edit(record: InteractionRecord, which: string, body: Json, files: readonly IncomingFile[]): MessageRecord {
    const message = this.messageOf(record, which);
    const wasLoading = (message.flags & MessageFlag.Loading) !== 0;
    const fields = editMessageFields(this.world, message, body, files);
    // Filling in a deferred reply is not an edit to the people reading it.
    this.world.editMessage(message, (m) => Object.assign(m, fields), !wasLoading);
    this.#touch(record);
    return message;
  }

  remove(record: InteractionRecord, which: string): void {
    const message = this.messageOf(record, which);
    this.world.deleteMessage(message);
    this.#touch(record);
  }

  followUp(record: InteractionRecord, body: Json, files: readonly IncomingFile[]): MessageRecord {
    if (!record.response || record.response.type === 8 || record.response.type === 9) throw unknownWebhook();
    const original = record.originalMessageId ? this.world.message(record.originalMessageId) : undefined;
    // Discord: the first follow-up after a deferred reply fills in the "thinking…" message.
    if (original && (original.flags & MessageFlag.Loading) !== 0) {
      const { flags: _ignored, ...rest } = body;
      return this.edit(record, '@original', rest, files);
    }
    const message = this.#post(record, newMessageFields(this.world, body, files, { allowEphemeral: true }), record.originalMessageId);
    record.followUpIds.push(message.id);
    this.#touch(record);
    return message;
  }

  // ---- what tests and the page read ---------------------------------------------------------------

  summary(record: InteractionRecord): InteractionSummary {
    const original = record.originalMessageId ? this.world.message(record.originalMessageId) : undefined;
    const response = record.response;
    return {
      id: record.id,
      kind: record.kind,
      userId: record.user.id,
      channelId: record.channel.id,
      name: record.name,
      deliveredTo: record.deliveredTo,
      response: response ? { ...response, kind: RESPONSE_KINDS[response.type] } : null,
      original: original ? fakeMessage(this.world, original) : null,
      followUps: record.followUpIds.flatMap((id) => {
        const message = this.world.message(id);
        return message ? [fakeMessage(this.world, message)] : [];
      }),
      loading: original ? (original.flags & MessageFlag.Loading) !== 0 : false,
      late: response ? response.late : performance.now() - record.dispatchedAt > this.options.deadlineMs,
    };
  }

  outcome(record: InteractionRecord): InteractionOutcome {
    const describe = (): string =>
      `${record.kind} "${record.name}" by ${record.user.username} (interaction ${record.id})` +
      (record.deliveredTo === 0 ? '; no bot was connected to the gateway' : '');
    const response = (timeoutMs = 5000): Promise<InteractionResponse> =>
      this.#until(
        () => this.summary(record).response ?? undefined,
        timeoutMs,
        () => `No callback for ${describe()} within ${timeoutMs} ms.`,
      );
    return {
      id: record.id,
      kind: record.kind,
      deliveredTo: record.deliveredTo,
      response,
      settled: async (options: SettleOptions = {}) => {
        const quietMs = options.quietMs ?? 150;
        const timeoutMs = options.timeoutMs ?? 5000;
        const started = performance.now();
        await response(timeoutMs);
        return this.#until(
          () => {
            const summary = this.summary(record);
            return !summary.loading && performance.now() - record.lastActivity >= quietMs ? summary : undefined;
          },
          Math.max(0, timeoutMs - (performance.now() - started)),
          () =>
            this.summary(record).loading
              ? `The deferred reply to ${describe()} was never filled in within ${timeoutMs} ms.`
              : `${describe()} did not go quiet within ${timeoutMs} ms.`,
        );
      },
      summary: () => this.summary(record),
      original: () => this.summary(record).original ?? undefined,
      followUps: () => [...this.summary(record).followUps],
    };
  }

  #until<T>(check: () => T | undefined, timeoutMs: number, explain: () => string): Promise<T> {
    return waitUntil(check, {
      timeoutMs,
      explain,
      subscribe: (onChange) => {
        this.#listeners.add(onChange);
        return () => this.#listeners.delete(onChange);
      },
    });
  }

  #touch(record: InteractionRecord): void {
    record.lastActivity = performance.now();
    for (const listener of [...this.#listeners]) listener();
  }

  #stamp(record: InteractionRecord, originalResponseMessageId: string | null): InteractionStamp {
    return {
      id: record.id,
      type: record.type,
      kind: record.kind,
      picked: record.picked ?? null,
      name: record.kind === 'command' ? record.name : null,
      commandType: record.kind === 'command' ? 1 : null,
      userId: record.user.id,
      interactedMessageId: record.componentMessageId,
      originalResponseMessageId,
    };
  }

  #post(record: InteractionRecord, fields: MessageFields, originalId: string | null): MessageRecord {
    const ephemeral = (fields.flags & MessageFlag.Ephemeral) !== 0;
    return this.world.addMessage({
      ...fields,
      channelId: record.channel.id,
      authorId: this.world.bot.id,
      type: record.kind === 'command' ? MessageKind.ChatInputCommand : MessageKind.Default,
      webhookId: this.world.bot.id,
      interaction: this.#stamp(record, originalId),
      ephemeralFor: ephemeral ? record.user.id : null,
      reference: null,
      nonce: null,
    });
  }

  /** A deferred reply: an empty message flagged Loading ("Bot is thinking…"). */
  #postLoading(record: InteractionRecord, data: Json): MessageRecord {
    const ephemeral = typeof data.flags === 'number' && (data.flags & MessageFlag.Ephemeral) !== 0;
    return this.#post(
      record,
      {
        content: '',
        embeds: [],
        components: [],
        attachments: [],
        flags: MessageFlag.Loading | (ephemeral ? MessageFlag.Ephemeral : 0),
        tts: false,
        mentions: [],
        mentionRoles: [],
        mentionEveryone: false,
      },
      null,
    );
  }
}
