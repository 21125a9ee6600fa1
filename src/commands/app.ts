/**
 * What a Discord handler may use: everything a use-case may (match/services.ts) and the client.
 */
import type { Client } from 'discord.js';
import type { Services } from '../match/services';

export interface App extends Services {
  readonly client: Client;
}
