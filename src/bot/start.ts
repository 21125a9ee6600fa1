/**
 * Starts the bot: opens the database (applying migrations), takes the database's lease (one bot per
 * database), connects to Discord (or any Discord-compatible API, for the tests and the sandbox),
 * registers the commands, routes interactions and starts the outbox worker, which first delivers
 * whatever an earlier run left waiting. Anything the person starting it can fix is a StartupError with
 * a sentence that says what to do.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { defaultContent, type Content } from '../content/load';
import type { App } from '../commands/app';
import { commandModules } from '../commands';
import { DEFAULT_DATABASE_PATH, isBusy, openStore, type Store } from '../store';
import { takeLease } from './lease';
import { createBotLog } from './log';
import { OutboxWorker } from './outbox-worker';
import { makeRouter } from './router';
import { queueMissingPrompts } from './resume';
import { Scheduler } from './scheduler';
import { StartupError } from './startup-error';

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
  /** Called when another process took over the database's lease: this one must stop at once. */
  readonly onLeaseLost?: () => void;
  /** The game clock for deadlines, reminders and vacations (`Date.now` by default); tests and the sandbox move it. */
  readonly now?: () => number;
  /** How often the scheduler looks for due deadlines (default 10 s). */
  readonly schedulerTickMs?: number;
}

export interface RunningBot {
  readonly client: Client;
  readonly app: App;
  /** Deadlines: `tick()` handles whatever is due now instead of at the next tick. */
  readonly scheduler: Scheduler;
  /** Resolves when every interaction received so far has been fully handled and its posts delivered. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const defaultLog = (token: string) => createBotLog({ token });

function openDatabase(path: string): Store {
  try {
    // Writes that meet another connection's lock fail fast and are retried without blocking (store/busy.ts).
    return openStore(path, { busyMs: 50 });
  } catch (error) {
    throw new StartupError(`The database at ${path} could not be opened or brought up to date: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function login(client: Client, token: string): Promise<void> {
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(token);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'TokenInvalid' || code === 'TokenMissing') {
      throw new StartupError('Discord refused DISCORD_TOKEN. Copy the token again from your application\'s Bot page ("Reset Token"), and check it has no quotes or spaces.');
    }
    throw error;
  }
  await ready;
}

export async function startBot(options: BotOptions): Promise<RunningBot> {
  const path = options.databasePath ?? process.env.DATABASE_PATH ?? DEFAULT_DATABASE_PATH;
  // The log comes first, so that anything logged during start-up has its tokens redacted.
  const log = options.log ?? defaultLog(options.token);
  const store = options.store ?? openDatabase(path);
  let lease;
  try {
    // Taking the lease is also the proof that the database can be written.
    lease = takeLease(store, { log, onLost: () => (options.onLeaseLost ?? (() => process.exit(1)))() });
  } catch (error) {
    if (!options.store) store.close();
    if (error instanceof StartupError) throw error;
    if (isBusy(error)) throw new StartupError(`The database at ${path} is locked by another program; close it (a backup, the sqlite3 shell) and start again.`);
    throw new StartupError(`The database at ${path} cannot be written: ${error instanceof Error ? error.message : String(error)}. Check the file and its folder are writable.`);
  }
  // No message may ping anyone unless it says so: a post that pings lists its users itself.
  const client = new Client({ intents: [GatewayIntentBits.Guilds], allowedMentions: { parse: [] }, ...(options.apiBase ? { rest: { api: options.apiBase } } : {}) });
  const outbox = new OutboxWorker({ store, client, log });
  const app: App = {
    store,
    content: options.content ?? defaultContent(),
    client,
    outbox,
    log,
    mintId: () => randomBytes(6).toString('base64url'),
    mintSeed: options.mintSeed ?? (() => randomInt(0, 2 ** 31)),
    now: options.now ?? Date.now,
  };
  const scheduler = new Scheduler(app, { ...(options.schedulerTickMs === undefined ? {} : { tickMs: options.schedulerTickMs }) });
  const route = makeRouter(app, commandModules);
  const inFlight = new Set<Promise<void>>();
  client.on(Events.InteractionCreate, (interaction) => {
    const handling = route(interaction).finally(() => inFlight.delete(handling));
    inFlight.add(handling);
  });
  client.on(Events.Error, (error) => log('client error', error));
  try {
    await login(client, options.token);
    const data = commandModules.map((m) => m.data);
    if (options.guildId) await client.application!.commands.set(data, options.guildId);
    else await client.application!.commands.set(data);
  } catch (error) {
    await client.destroy();
    lease.release();
    if (!options.store) store.close();
    throw error;
  }
  queueMissingPrompts(app);
  outbox.start();
  // Deadlines that fell due while the bot was down are handled now, before new interactions pile up.
  await scheduler.start();
  const idle = async () => {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
    await scheduler.idle();
    await outbox.drain();
    if (inFlight.size > 0) await idle();
  };
  return {
    client,
    app,
    scheduler,
    idle,
    async stop() {
      await idle();
      await scheduler.stop();
      await outbox.stop();
      await client.destroy();
      lease.release();
      if (!options.store) store.close();
    },
  };
}
