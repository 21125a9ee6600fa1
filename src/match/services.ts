/**
 * What a use-case may use: the store (the truth), the shipped content, the outbox worker (posts go
 * through it), the log, the game clock, and the bot layer's sources of randomness for new match ids
 * and seeds (never the engine's). No Discord client: use-cases record changes and plan posts, and the
 * Discord handlers (commands/app.ts adds the client) and the outbox worker talk to Discord.
 */
import type { Content } from '../content/load';
import type { ShardScope, Store } from '../store';

/** The outbox worker as use-cases see it (bot/outbox-worker.ts). */
export interface OutboxControl {
  /** Keeps a row from the worker while the interaction that wrote it delivers it itself. */
  hold(rowId: number): void;
  isHeld(rowId: number): boolean;
  /**
   * Hands a held row back (delivered or not) and wakes its match's delivery: `matchId`'s, when the
   * caller knows the row's match, else the match of the row read back (none when it was rolled back).
   */
  release(rowId: number, matchId?: string): void;
  /** New rows for a match: deliver them soon. */
  kick(matchId: string): void;
  /** New league posts (store `league_posts`): deliver them soon. Optional: tools without a worker leave them. */
  kickLeague?(): void;
  /**
   * A player's interaction made these rows (from `fromRowId` on): the first of them delivered with a
   * picture times interaction → map (the bot's metrics). Optional: tools and tests leave it out.
   */
  awaitMap?(matchId: string, fromRowId: number, interactionId: string): void;
}

/** What a log line is about (bot/log.ts): its match and guild; the bot's log adds the shard. */
export interface LogContext {
  readonly matchId?: string | undefined;
  readonly guildId?: string | undefined;
  readonly [field: string]: unknown;
}

/** A line for the log: with an error at level error, else info; `context` says which match it is about. */
export type Log = (message: string, error?: unknown, context?: LogContext) => void;

/** The context of a line about this match. */
export const aboutMatch = (row: { readonly id: string; readonly guildId: string }): LogContext => ({ matchId: row.id, guildId: row.guildId });

export interface Services {
  readonly store: Store;
  readonly content: Content;
  readonly outbox: OutboxControl;
  readonly log: Log;
  /** Where the time of each change's transaction is reported (the bot's metrics); optional in tests. */
  readonly timeAct?: (seconds: number) => void;
  /** Told each time a change is tried again because the database was busy (the bot's metrics); optional in tests. */
  readonly busyRetry?: () => void;
  readonly mintId: () => string;
  /** A secret for a new match's dice (match/dice-proof.ts). */
  readonly mintSecret: () => string;
  /** A fixed seed for every match instead of the dice proof: tests and SANDBOX_SEED replay the same dice. */
  readonly fixedSeed?: (() => number) | undefined;
  /**
   * A deadline fell due the moment it was planned (the practice opponent's wait): run the scheduler as
   * soon as the change has committed, not at its next tick. Optional: without it the tick finds it.
   */
  readonly dueNow?: () => void;
  /**
   * The season runner (league/season-runner.ts): kicked after a change that may move a league season on (a
   * league match ending). Optional: without it the scheduler's tick finds the change.
   */
  readonly seasons?: { kick(): void; run(): Promise<void> };
  /** This process's shard (store/shard.ts); none for an unsharded bot. Work the scheduler and outbox do not scope by SQL (league seasons) checks it. */
  readonly shard?: ShardScope | undefined;
  /** The game clock (ms since the epoch): deadlines, reminders and vacations read it; tests and the sandbox move it. */
  readonly now: () => number;
}
