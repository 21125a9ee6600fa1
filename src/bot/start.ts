/**
 * Starts the bot: opens the database (applying migrations), connects to Discord (or any
 * Discord-compatible API, for the tests and the sandbox), registers the commands, routes
 * interactions and picks open matches back up.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { defaultContent, type Content } from '../content/load';
import type { App } from '../commands/app';
import { commandModules } from '../commands';
import { openStore, type Store } from '../store';
import { createBotLog } from './log';
import { makeRouter } from './router';
import { resumeMatches } from './resume';

export interface BotOptions {
  readonly token: string;
  /** Base of the REST API, e.g. http://127.0.0.1:PORT/api; Discord's own when absent. */
  readonly apiBase?: string | undefined;
  /** Register commands in this guild only (instant, for development); globally otherwise. */
  readonly guildId?: string | undefined;
  readonly databasePath?: string | undefined;
  readonly store?: Store;
  readonly content?: Content;
  readonly log?: (message: string, error?: unknown) => void;
  /** Seeds for new matches; random by default. Tests pass a fixed one to replay the same match. */
  readonly mintSeed?: () => number;
}

export interface RunningBot {
  readonly client: Client;
  readonly app: App;
  /** Resolves when every interaction received so far has been fully handled (posts included). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const defaultLog = (token: string) => createBotLog({ token });

export async function startBot(options: BotOptions): Promise<RunningBot> {
  const store = options.store ?? openStore(options.databasePath);
  const client = new Client({ intents: [GatewayIntentBits.Guilds], ...(options.apiBase ? { rest: { api: options.apiBase } } : {}) });
  const app: App = {
    store,
    content: options.content ?? defaultContent(),
    client,
    log: options.log ?? defaultLog(options.token),
    mintId: () => randomBytes(6).toString('base64url'),
    mintSeed: options.mintSeed ?? (() => randomInt(0, 2 ** 31)),
  };
  const route = makeRouter(app, commandModules);
  const inFlight = new Set<Promise<void>>();
  client.on(Events.InteractionCreate, (interaction) => {
    const handling = route(interaction).finally(() => inFlight.delete(handling));
    inFlight.add(handling);
  });
  client.on(Events.Error, (error) => app.log('client error', error));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(options.token);
  await ready;
  const data = commandModules.map((m) => m.data);
  if (options.guildId) await client.application!.commands.set(data, options.guildId);
  else await client.application!.commands.set(data);
  await resumeMatches(app);
  const idle = async () => {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  };
  return {
    client,
    app,
    idle,
    async stop() {
      await idle();
      await client.destroy();
      if (!options.store) store.close();
    },
  };
}
