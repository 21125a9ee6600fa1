/**
 * The bot's log: JSON lines through pino, with every secret Discord hands us taken out first.
 *
 * Errors from discord.js carry the request they came from: a `DiscordAPIError` for an interaction
 * answer has a `url` like `…/interactions/<id>/<token>/callback`, a follow-up's is
 * `…/webhooks/<application id>/<token>/…`, and both carry the `requestBody`. Whoever holds such a
 * token can answer as the bot for 15 minutes, and whoever holds the bot token is the bot. So every
 * string that goes out (the message, an error's message, stack, url and request body, its `cause`s)
 * is rewritten first: interaction and webhook tokens, the bot token given here, and anything shaped
 * like a Discord bot token become `[redacted]`. As a last guard the finished JSON line goes through
 * the same rewrite, which also covers direct use of the pino logger.
 *
 * The level is the caller's (the bot passes `LOG_LEVEL`, src/config; default info).
 *
 * Lines are JSON for a log collector; in a terminal (standard error is a TTY), or with LOG_PRETTY=1
 * (passed by the bot), they are printed readably by pino-pretty instead. Every line
 * carries the process's `shard` when sharded, and a line about a match its `matchId` and `guildId`
 * (the third argument, `LogContext`; `child()` binds them for a run of lines).
 */
import { createRequire } from 'node:module';
import { LOG_LEVELS } from '../config';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogContext } from '../match/services';

export const REDACTED = '[redacted]';

/** An interaction or webhook URL path: the id stays, the token after it goes. */
const URL_TOKEN = /(\/(?:interactions|webhooks)\/\d+\/)[^/?#\s"'\\]+/g;
/** Discord's interaction tokens begin with "interaction:" in base64, wherever they appear. */
const INTERACTION_TOKEN = /aW50ZXJhY3Rpb246[A-Za-z0-9_\-+=]+/g;
/** A bot token: the bot's id in base64, a timestamp, an HMAC, joined by dots. */
const BOT_TOKEN_SHAPE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}(?![A-Za-z0-9_-])/g;
/** Shorter "tokens" (the sandbox's and the tests' made-up ones) are not replaced literally: they would eat ordinary words. */
const MIN_LITERAL_TOKEN = 8;

/** How deep plain data and causes are followed (a message payload's components nest about eight deep). */
const MAX_DEPTH = 12;

const LEVELS = LOG_LEVELS;
type Level = (typeof LEVELS)[number];

/** Rewrites the secrets in one string (see the module's comment). */
export function makeRedactor(botToken?: string): (text: string) => string {
  const literal = botToken && botToken.length >= MIN_LITERAL_TOKEN ? botToken : undefined;
  return (text) => {
    let out = literal ? text.split(literal).join(REDACTED) : text;
    out = out.replace(URL_TOKEN, `$1${REDACTED}`).replace(INTERACTION_TOKEN, REDACTED).replace(BOT_TOKEN_SHAPE, REDACTED);
    return out;
  };
}

/** Plain data for the log, every string redacted; binary data is only measured, cycles and depth are cut. */
function redactValue(value: unknown, redact: (text: string) => string, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return redact(value);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  if (value instanceof Error) return serializeError(value, redact, seen, depth);
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => redactValue(v, redact, seen, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = redactValue(v, redact, seen, depth + 1);
    return out;
  } finally {
    seen.delete(value);
  }
}

export interface SerializedError {
  name: string;
  message: string;
  code?: unknown;
  status?: unknown;
  method?: unknown;
  url?: unknown;
  stack?: string;
  requestBody?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * An error as plain data: name, message, code, status, method, url, stack (and the request body,
 * `cause` and an AggregateError's `errors`), each redacted. A request body's files are listed by
 * name, not dumped.
 */
function serializeError(error: Error, redact: (text: string) => string, seen: WeakSet<object>, depth: number): SerializedError | string {
  if (seen.has(error)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  seen.add(error);
  try {
    const fields = error as Error & Record<string, unknown>;
    const out: SerializedError = { name: redact(String(error.name)), message: redact(String(error.message)) };
    for (const key of ['code', 'status', 'method', 'url'] as const) {
      if (fields[key] !== undefined) out[key] = redactValue(fields[key], redact, seen, depth + 1);
    }
    if (typeof error.stack === 'string') out.stack = redact(error.stack);
    const body = fields.requestBody;
    if (body !== undefined) {
      const { files, ...rest } = (body ?? {}) as { files?: unknown } & Record<string, unknown>;
      out.requestBody = {
        ...(redactValue(rest, redact, seen, depth + 1) as object),
        ...(Array.isArray(files)
          ? {
              files: files.map((f: { name?: unknown; contentType?: unknown }) =>
                redactValue({ name: f?.name, contentType: f?.contentType }, redact, seen, depth + 1),
              ),
            }
          : {}),
      };
    }
    if (error.cause !== undefined) out.cause = redactValue(error.cause, redact, seen, depth + 1);
    if (Array.isArray(fields.errors)) out.errors = redactValue(fields.errors, redact, seen, depth + 1);
    return out;
  } finally {
    seen.delete(error);
  }
}

export type { LogContext };

/** The bot's `(message, error?, context?)` log, with the pino logger behind it and its redaction. */
export interface BotLog {
  (message: string, error?: unknown, context?: LogContext): void;
  readonly pino: Logger;
  readonly redact: (text: string) => string;
  /** The same log with these fields on every line. */
  child(bindings: LogContext): BotLog;
}

export interface BotLogOptions {
  /** The bot token, taken out of every line wherever it appears. */
  readonly token?: string | undefined;
  /** fatal, error, warn, info, debug, trace or silent; default info. */
  readonly level?: string | undefined;
  /** Where the lines go; default: standard error, written synchronously (nothing lost at exit). */
  readonly destination?: DestinationStream;
  /** Readable lines instead of JSON (pino-pretty); default: whether standard error is a terminal. Ignored with a destination. */
  readonly pretty?: boolean;
  /** Fields on every line, e.g. `{ shard: 1 }`. */
  readonly base?: LogContext;
}

/** pino-pretty as a synchronous stream to standard error (no worker thread, so nothing is lost at exit). */
function prettyStream(): DestinationStream {
  // Loaded only when asked for: production JSON never loads it.
  const pretty = createRequire(import.meta.url)('pino-pretty') as (options: Record<string, unknown>) => DestinationStream;
  return pretty({ destination: 2, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}

function levelFrom(raw: string | undefined): Level {
  const level = (raw ?? '').trim().toLowerCase() || 'info';
  if (!(LEVELS as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, not "${raw}".`);
  return level as Level;
}

/**
 * A log for the bot. With an error the line is at level error and carries the error under `err`;
 * without, at level info.
 */
export function createBotLog(options: BotLogOptions = {}): BotLog {
  const redact = makeRedactor(options.token);
  const clean = (value: unknown) => redactValue(value, redact, new WeakSet(), 0);
  const logger = pino(
    {
      level: levelFrom(options.level),
      serializers: { err: clean },
      formatters: { log: (object) => clean(object) as Record<string, unknown> },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? redact(arg) : arg)) as Parameters<typeof method>);
        },
        streamWrite: redact,
      },
    },
    options.destination ?? ((options.pretty ?? process.stderr.isTTY === true) ? prettyStream() : pino.destination({ dest: 2, sync: true })),
  );
  return wrap(options.base ? logger.child(withoutUndefined(options.base)) : logger, redact);
}

const withoutUndefined = (fields: LogContext): Record<string, unknown> => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));

function wrap(logger: Logger, redact: (text: string) => string): BotLog {
  const log = (message: string, error?: unknown, context?: LogContext): void => {
    const fields = context ? withoutUndefined(context) : {};
    if (error === undefined) logger.info(fields, message);
    else logger.error({ ...fields, err: error }, message);
  };
  return Object.assign(log, { pino: logger, redact, child: (bindings: LogContext) => wrap(logger.child(withoutUndefined(bindings)), redact) });
}
