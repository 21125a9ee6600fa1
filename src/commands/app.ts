/**
 * What a handler may use: the store (the truth), the shipped content, the client (to post in
 * threads), and the bot layer's sources of randomness for new match ids and seeds (never the engine's).
 */
import type { Client } from 'discord.js';
import type { Content } from '../content/load';
import type { Store } from '../store';

export interface App {
  readonly store: Store;
  readonly content: Content;
  readonly client: Client;
  readonly log: (message: string, error?: unknown) => void;
  readonly mintId: () => string;
  readonly mintSeed: () => number;
}
