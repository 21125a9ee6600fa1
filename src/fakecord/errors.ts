/**
 * Two kinds of failure. `RestError` is an answer to the bot, in Discord's JSON error shape, so the
 * bot sees the same `DiscordAPIError` it would see in production. `FakeDiscordError` is thrown at a
 * test or the sandbox page when it asks for something impossible (an unknown user, a disabled button).
 */

/** Discord's JSON error codes the fake uses. */
export const ErrorCode = {
  General: 0,
  UnknownApplication: 10002,
  UnknownChannel: 10003,
  UnknownGuild: 10004,
  UnknownMember: 10007,
  UnknownMessage: 10008,
  UnknownUser: 10013,
  UnknownWebhook: 10015,
  UnknownInteraction: 10062,
  UnknownApplicationCommand: 10063,
  RequestTooLarge: 40005,
  AlreadyAcknowledged: 40060,
  MissingAccess: 50001,
  MissingPermissions: 50013,
  NotAuthor: 50005,
  EmptyMessage: 50006,
  CannotMessageUser: 50007,
  InvalidWebhookToken: 50027,
  InvalidFormBody: 50035,
  ThreadArchived: 50083,
  InvalidJson: 50109,
  ThreadExists: 160004,
  ThreadLocked: 160005,
} as const;

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: unknown,
  ) {
    super(message);
  }
}

export const unknownChannel = (): RestError => new RestError(404, ErrorCode.UnknownChannel, 'Unknown Channel');
export const unknownMessage = (): RestError => new RestError(404, ErrorCode.UnknownMessage, 'Unknown Message');
export const unknownWebhook = (): RestError => new RestError(404, ErrorCode.UnknownWebhook, 'Unknown Webhook');
/** What Discord answers on an interaction's webhook once its token has expired (15 minutes after the interaction). */
export const invalidWebhookToken = (): RestError => new RestError(401, ErrorCode.InvalidWebhookToken, 'Invalid Webhook Token');
export const unknownInteraction = (): RestError => new RestError(404, ErrorCode.UnknownInteraction, 'Unknown interaction');

/** One broken field in a request body; `path` is dotted, e.g. `components.0.components.1.custom_id`. */
export interface FieldProblem {
  readonly path: string;
  readonly code: string;
  readonly message: string;
}

/**
 * Discord's 50035 "Invalid Form Body": problems nest by path under `errors`, each leaf holding
 * `_errors`. discord.js flattens that into its error message, so the bot's log shows every field.
 */
export function invalidForm(problems: readonly FieldProblem[]): RestError {
  const errors: Record<string, unknown> = {};
  for (const problem of problems) {
    let node = errors;
    for (const key of problem.path.split('.')) {
      const child = (node[key] ??= {}) as Record<string, unknown>;
      node = child;
    }
    const list = (node._errors ??= []) as { code: string; message: string }[];
    list.push({ code: problem.code, message: problem.message });
  }
  return new RestError(400, ErrorCode.InvalidFormBody, 'Invalid Form Body', errors);
}

/** Thrown at the caller of a driving method (a test or the sandbox), never at the bot. */
export class FakeDiscordError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'FakeDiscordError';
  }
}
