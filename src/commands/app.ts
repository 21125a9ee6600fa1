/**
 * What a handler may use: the store (the truth), the shipped content, the client, the outbox worker
 * (posts go through it), and the bot layer's sources of randomness for new match ids and seeds (never
 * the engine's).
 */
import type { Client } from 'discord.js';
import type { Content } from '../content/load';
import type { Store } from '../store';

/** The outbox worker as handlers see it (bot/outbox-worker.ts). */
export interface OutboxControl {
  /** Keeps a row from the worker while the interaction that wrote it delivers it itself. */
  hold(rowId: number): void;
  isHeld(rowId: number): boolean;
  /** Hands a held row back (delivered or not) and wakes its match's delivery. */
  release(rowId: number): void;
  /** New rows for a match: deliver them soon. */
  kick(matchId: string): void;
}

export interface App {
  readonly store: Store;
  readonly content: Content;
  readonly client: Client;
  readonly outbox: OutboxControl;
  readonly log: (message: string, error?: unknown) => void;
  readonly mintId: () => string;
  readonly mintSeed: () => number;
  /** The game clock (ms since the epoch): deadlines, reminders and vacations read it; tests and the sandbox move it. */
  readonly now: () => number;
}
