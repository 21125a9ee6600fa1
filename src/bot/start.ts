/**
 * Starts the bot: opens the database (applying migrations), takes the database's lease (one bot per
 * database), connects to Discord (or any Discord-compatible API, for the tests and the sandbox),
 * registers the commands, routes interactions and starts the outbox worker, which first delivers
 * whatever an earlier run left waiting. Anything the person starting it can fix is a StartupError with
 * a sentence that says what to do.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { Client, Events, GatewayIntentBits, Options } from 'discord.js';
import { defaultContent, type Content } from '../content/load';
import type { App } from '../commands/app';
import type { Log } from '../match/services';
import { commandModules } from '../commands';
import { answerPrivately } from '../commands/answer';
import { DEFAULT_DATABASE_PATH, isBusy, openStore, troubleOf, type ShardScope, type Store } from '../store';
import { type HeldLease, takeLease } from './lease';
import { isPostgresUrl, openPgStore } from '../store/open-pg';
import { createBotLog } from './log';
import { createMetrics, serveMetrics, type Health, type Metrics } from './metrics';
import { clientCaches, forgetClicked, messageSweep } from './message-cache';
import { OutboxWorker } from './outbox-worker';
import { RenderPool, spareCores } from './render-pool';
import { collectWhenGrown } from './collect';
import { makeRouter } from './router';
import { queueMissingPrompts } from './resume';
import { Scheduler } from './scheduler';
import { SeasonRunner } from '../league/season-runner';
import { matchOpening } from '../commands/skirmish/season-opening';
import { leaseClash, leaseName, shardLabel } from './shard';
import { StartupError } from './startup-error';

export interface BotOptions {
  readonly token: string;
  /** Base of the REST API, e.g. http://127.0.0.1:PORT/api; Discord's own when absent. */
  readonly apiBase?: string | undefined;
  /** Register commands in this guild only (instant, for development); globally otherwise. */
  readonly guildId?: string | undefined;
  /** The SQLite file (DATABASE_PATH); data/sellsword.db by default. */
  readonly databasePath?: string | undefined;
  /** A PostgreSQL URL (postgres://…, or pglite:; DATABASE_URL). Wins over databasePath. */
  readonly databaseUrl?: string | undefined;
  /** Connections in the PostgreSQL pool (DATABASE_POOL_SIZE); 10 by default. */
  readonly databasePoolSize?: number | undefined;
  readonly store?: Store;
  readonly content?: Content;
  readonly log?: Log;
  /**
   * A fixed seed for every new match instead of the dice proof (docs/dice.md); tests and SANDBOX_SEED
   * pass one to replay the same dice. Such matches say they cannot be verified.
   */
  readonly mintSeed?: () => number;
  /** Called when another process took over the database's lease: this one must stop at once. */
  readonly onLeaseLost?: () => void;
  /**
   * Worker threads that draw the pictures (render-pool.ts; RENDER_WORKERS): default one per core but
   * one; 0 draws them on the main thread, as does a `:memory:` database (no other thread can open it).
   */
  readonly renderWorkers?: number | undefined;
  /** RENDER_RSS_SLACK_MB in bytes (render-worker-main.ts); 32 MB by default. */
  readonly renderRssSlackBytes?: number | undefined;
  /** The game clock for deadlines, reminders and vacations (`Date.now` by default); tests and the sandbox move it. */
  readonly now?: () => number;
  /** How often the scheduler looks for due deadlines (default 10 s). */
  readonly schedulerTickMs?: number;
  /** Serve /metrics (Prometheus) and /healthz on this port (METRICS_PORT); 0 picks a free one. */
  readonly metricsPort?: number | undefined;
  /** The address /metrics and /healthz listen on (METRICS_HOST); 127.0.0.1 by default. */
  readonly metricsHost?: string | undefined;
  /** The log's level and form when no `log` is given (LOG_LEVEL, LOG_PRETTY; bot/log.ts). */
  readonly logLevel?: string | undefined;
  readonly logPretty?: boolean | undefined;
  /**
   * This process's shard (docs/deploy.md "Shards"): it identifies as `[id, count]`, holds that shard's
   * lease, and handles deadlines, posts and start-up work of its own guilds' matches only. Default:
   * none, an unsharded bot (the entry point passes what the sharding manager put in the environment, shard.ts).
   */
  readonly shard?: ShardScope | undefined;
}

export interface RunningBot {
  readonly client: Client;
  readonly app: App;
  /** The render pool, when pictures are drawn off the main thread. */
  readonly renderPool: RenderPool | null;
  /** Deadlines: `tick()` handles whatever is due now instead of at the next tick. */
  readonly scheduler: Scheduler;
  readonly metrics: Metrics;
  /** Where /metrics and /healthz answer, when a port was given. */
  readonly metricsUrl: string | null;
  /** Resolves when every interaction received so far has been fully handled and its posts delivered. */
  idle(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Gives up the database lease at once, whatever is still under way: for a stop past its deadline,
   * just before the process exits, so that the next start is not refused. What was not delivered
   * waits in the outbox for that start.
   */
  releaseLease(): Promise<void>;
}

/** Every line says which shard wrote it (0 for an unsharded bot). */
const defaultLog = (options: BotOptions, shard: ShardScope | undefined) =>
  createBotLog({
    token: options.token,
    base: { shard: shard?.id ?? 0 },
    level: options.logLevel,
    ...(options.logPretty === undefined ? {} : { pretty: options.logPretty }),
  });

/** Where a listening metrics server answers, as a URL. */
function urlOf(server: Server, host: string | undefined): string {
  const address = server.address();
  return `http://${urlHost(host)}:${address && typeof address === 'object' ? address.port : 0}`;
}

/** Where this machine reaches a server listening on `host`: a wildcard address is reached on loopback. */
function urlHost(host: string | undefined): string {
  if (host === undefined || host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** How much the main thread's ArrayBuffers may grow between collections: some 50 turns' upload bodies. */
const MAIN_PICTURE_SLACK = 32 * 2 ** 20;

/** /healthz's reason when the database does not answer (store/trouble.ts); never the error's text, which may name the server. */
function databaseProblem(error: unknown): string {
  const trouble = troubleOf(error);
  if (trouble === 'unavailable') return 'the database cannot be reached; interactions are answered that nothing was changed';
  if (trouble === 'full') return "the database's disk is full";
  if (trouble === 'read-only') return 'the database cannot be written';
  if (trouble === 'busy') return 'the database is busy';
  return 'the database answered with an error';
}

/**
 * The driver's own words for a failure, on one line: drizzle's wrapper says "Failed query:" and then the
 * whole statement (a migration's is many lines), so its cause, the database's answer, is what helps.
 */
function firstLine(error: unknown): string {
  let e = error;
  while (e instanceof Error && e.message.startsWith('Failed query:') && e.cause instanceof Error) e = e.cause;
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!.trim();
}

async function openDatabase(path: string, url: string | undefined, poolSize: number | undefined, log: Log): Promise<Store> {
  try {
    // DATABASE_URL=postgres://… selects PostgreSQL (docs/store.md "Two backends"); otherwise the SQLite file.
    // A change that meets another connection's lock fails fast and is retried without blocking
    // (match/table.ts): 50 ms a try on both backends. SQLite's wait belongs to the connection
    // (better-sqlite3 waits on the event loop, so every query waits briefly); PostgreSQL's is set for each
    // change's transaction, and the bot's other work (the outbox's bookkeeping, the scheduler's claims,
    // lease renewals), which its own pooled connections may hold up for a moment, waits up to the pool's
    // 2 s (store/open-pg.ts).
    if (isPostgresUrl(url))
      return await openPgStore(url, {
        ...(poolSize === undefined ? {} : { poolSize }),
        onConnectionLost: (error) => log('lost a connection to the PostgreSQL database', error),
      });
    return openStore(path, { busyMs: 50 });
  } catch (error) {
    const where = isPostgresUrl(url) ? 'The PostgreSQL database' : `The database at ${path}`;
    throw new StartupError(`${where} could not be opened or brought up to date: ${firstLine(error)}`);
  }
}

async function login(client: Client, token: string): Promise<void> {
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(token);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // REST refused the token (TokenInvalid), or the gateway closed with 4004 at identify, which
    // @discordjs/ws rejects with a plain "Authentication failed" (a token reset after the REST call).
    if (code === 'TokenInvalid' || code === 'TokenMissing' || (error instanceof Error && error.message === 'Authentication failed')) {
      throw new StartupError(
        'Discord refused DISCORD_TOKEN. Copy the token again from your application\'s Bot page ("Reset Token"), and check it has no quotes or spaces.',
      );
    }
    throw error;
  }
  await ready;
}

/** The database's lease for this process (shard), which is also the proof the database can be written; a StartupError saying what to fix otherwise. */
async function leaseOrRefuse(store: Store, options: BotOptions, log: Log): Promise<HeldLease> {
  const { shard, databaseUrl: url } = options;
  const path = options.databasePath ?? DEFAULT_DATABASE_PATH;
  try {
    return await takeLease(store, {
      name: leaseName(shard),
      ...(shard ? { who: shardLabel(shard).replace(/^s/, 'S') } : {}),
      clashes: (other) => leaseClash(shard, other),
      log,
      onLost: () => (options.onLeaseLost ?? (() => process.exit(1)))(),
    });
  } catch (error) {
    if (!options.store) await store.close();
    if (error instanceof StartupError) throw error;
    // A PostgreSQL URL may carry a password, so it is never printed.
    if (isPostgresUrl(url)) {
      if (isBusy(error)) throw new StartupError('The PostgreSQL database (DATABASE_URL) is locked by another session; wait for it to finish and start again.');
      throw new StartupError(
        `The PostgreSQL database (DATABASE_URL) cannot be written: ${error instanceof Error ? error.message : String(error)}. Check the role may write to it.`,
      );
    }
    if (isBusy(error)) throw new StartupError(`The database at ${path} is locked by another program; close it (a backup, the sqlite3 shell) and start again.`);
    throw new StartupError(
      `The database at ${path} cannot be written: ${error instanceof Error ? error.message : String(error)}. Check the file and its folder are writable.`,
    );
  }
}

function discordClient(options: BotOptions): Client {
  const shard = options.shard;
  // No message may ping anyone unless it says so: a post that pings lists its users itself.
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    allowedMentions: { parse: [] },
    ...(shard ? { shards: [shard.id], shardCount: shard.count } : {}),
    // Messages only while the bot may edit them (message-cache.ts): not a post per turn per match in play.
    makeCache: clientCaches(),
    sweepers: { ...Options.DefaultSweeperSettings, messages: messageSweep() },
    ...(options.apiBase ? { rest: { api: options.apiBase } } : {}),
  });
}

/** The worker threads that draw the pictures, or null to draw them on the main thread. */
function renderPoolFor(options: BotOptions, store: Store, log: Log, metrics: Metrics): RenderPool | null {
  const url = options.databaseUrl;
  const workers = options.renderWorkers ?? spareCores();
  // The render workers open a second connection: the SQLite file, or the same PostgreSQL database.
  const location = options.store ? store.path : isPostgresUrl(url) && !url.startsWith('pglite:') ? url : store.path;
  if (!location || workers <= 0) return null;
  return new RenderPool({
    databasePath: location,
    size: workers,
    log,
    collected: (count) => metrics.forcedCollections.inc({ thread: 'render' }, count),
    ...(options.renderRssSlackBytes === undefined ? {} : { rssSlackBytes: options.renderRssSlackBytes }),
  });
}

interface Workers {
  readonly app: App;
  readonly outbox: OutboxWorker;
  readonly seasons: SeasonRunner;
  readonly scheduler: Scheduler;
}

/** The app the handlers get, with the outbox worker, the season runner and the deadline scheduler it runs. */
function appAndWorkers(options: BotOptions, store: Store, client: Client, log: Log, metrics: Metrics, renderPool: RenderPool | null): Workers {
  const shard = options.shard;
  // The main thread watches its ArrayBuffers, where the upload bodies made from the PNGs are (RSS would
  // also count the workers' memory). They miss the PNGs moved from the workers, but each collection
  // frees those too. Not V8's `external` count, which holds both: V8 already schedules its own
  // collections by it, so watching it adds few collections and the burst's peak stays high
  // (`npm run bench:bot` prints it).
  const collectPictures = collectWhenGrown(
    () => process.memoryUsage().arrayBuffers,
    MAIN_PICTURE_SLACK,
    () => metrics.forcedCollections.inc({ thread: 'main' }),
  );
  const outbox = new OutboxWorker({
    store,
    client,
    log,
    gameClock: options.now ?? Date.now,
    ...(renderPool ? { renderer: renderPool } : {}),
    ...(shard ? { shard } : {}),
    observe: {
      render: (kind, s) => metrics.renderSeconds.observe({ kind }, s),
      delivered: (s) => {
        metrics.outboxLagSeconds.observe(s);
        // A delivered post's PNGs and upload body are garbage now; collect once enough have piled up.
        collectPictures();
      },
      map: (s) => metrics.interactionToMapSeconds.observe(s),
    },
    onLeagueResult: () => seasons.kick(),
  });
  // The runner reads the app it is part of; a pass ends by delivering the league posts it wrote.
  const seasons = new SeasonRunner(
    () => ({ ...app, opening: matchOpening(app) }),
    () => outbox.kickLeague(),
  );
  const app: App = {
    store,
    seasons,
    ...(shard ? { shard } : {}),
    content: options.content ?? defaultContent(),
    client,
    outbox,
    log,
    timeAct: (s) => metrics.actSeconds.observe(s),
    busyRetry: () => metrics.busyRetries.inc(),
    mintId: () => randomBytes(6).toString('base64url'),
    mintSecret: () => randomBytes(32).toString('hex'),
    fixedSeed: options.mintSeed,
    now: options.now ?? Date.now,
    // The scheduler is made just below; this runs only once the bot is taking interactions.
    dueNow: () => scheduler.soon(),
  };
  const scheduler = new Scheduler(app, {
    ...(options.schedulerTickMs === undefined ? {} : { tickMs: options.schedulerTickMs }),
    ...(shard ? { shard } : {}),
    onTick: (report) => {
      metrics.schedulerTicks.inc();
      metrics.deadlinesHandled.inc(report.handled.length);
      metrics.lastTick.set(Date.now() / 1000);
    },
  });
  return { app, outbox, seasons, scheduler };
}

interface Interactions {
  /** The interactions being handled now. */
  readonly inFlight: Set<Promise<void>>;
  /** From now on, new interactions are told the bot is restarting. */
  stopTaking(): void;
}

/** Routes every interaction to its handler, counting it in the metrics, and the client's errors and rate-limit waits. */
function takeInteractions(client: Client, app: App, log: Log, metrics: Metrics): Interactions {
  const route = makeRouter(app, commandModules, (command, outcome, seconds) => {
    metrics.interactions.inc({ command, outcome });
    metrics.interactionSeconds.observe({ command }, seconds);
    if (outcome === 'busy' || outcome === 'unavailable') metrics.databaseErrors.inc({ kind: outcome });
  });
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  client.on(Events.InteractionCreate, (interaction) => {
    if (stopping) {
      // Shutting down: take nothing new on; what is under way finishes, and posts wait in the outbox.
      if (interaction.isRepliable())
        void answerPrivately(interaction, 'The bot is restarting; try again in a moment. Nothing was changed.').catch((error: unknown) =>
          log('could not tell a user that the bot is restarting', error),
        );
      return;
    }
    const handling = route(interaction).finally(() => {
      inFlight.delete(handling);
      if (interaction.isMessageComponent()) forgetClicked(interaction);
    });
    inFlight.add(handling);
  });
  client.on(Events.Error, (error) => log('client error', error));
  client.rest.on('rateLimited', (info) => {
    const scope = info.global ? 'global' : 'route';
    metrics.rateLimitWaits.inc({ scope });
    metrics.rateLimitWaitSeconds.inc({ scope }, Math.max(0, info.retryAfter) / 1000);
  });
  return { inFlight, stopTaking: () => void (stopping = true) };
}

/** /healthz's answer: Discord connected, the database answering, the lease held; "starting" while `starting()` names a step. */
function healthOf(store: Store, client: Client, lease: HeldLease, starting: () => string | null): Health {
  return async () => {
    let problem: string | undefined;
    try {
      await store.leases.get(lease.row.name);
    } catch (error) {
      problem = databaseProblem(error);
    }
    const checks = { discord: client.isReady(), database: problem === undefined, lease: lease.held() };
    const step = starting();
    if (step) return { ok: false, starting: true, checks, reason: problem ?? `starting: ${step}` };
    const reason = problem ?? (!checks.discord ? 'not connected to Discord' : !checks.lease ? 'another process took over the database lease' : undefined);
    return { ok: Object.values(checks).every(Boolean), checks, ...(reason ? { reason } : {}) };
  };
}

/** Logs in and, on the first shard (commands belong to the application, not a shard), registers the commands. */
async function connect(client: Client, options: BotOptions, step: (doing: string) => void): Promise<void> {
  await login(client, options.token);
  if (options.shard && options.shard.id !== 0) return;
  step('registering the commands');
  const data = commandModules.map((m) => m.data);
  if (options.guildId) await client.application!.commands.set(data, options.guildId);
  else await client.application!.commands.set(data);
}

export async function startBot(options: BotOptions): Promise<RunningBot> {
  const shard = options.shard;
  // The log comes next, so that anything logged during start-up has its tokens redacted.
  const log = options.log ?? defaultLog(options, shard);
  const store = options.store ?? (await openDatabase(options.databasePath ?? DEFAULT_DATABASE_PATH, options.databaseUrl, options.databasePoolSize, log));
  const lease = await leaseOrRefuse(store, options, log);
  const client = discordClient(options);
  const metrics = createMetrics(store, shard, options.now ?? Date.now);
  const renderPool = renderPoolFor(options, store, log, metrics);
  const { app, outbox, seasons, scheduler } = appAndWorkers(options, store, client, log, metrics, renderPool);
  const { inFlight, stopTaking } = takeInteractions(client, app, log, metrics);
  // What start-up is doing, until it is done: /healthz says "starting" meanwhile (answering from
  // before the gateway connects, so a supervisor sees the process alive however long resuming takes).
  let starting: string | null = 'connecting to Discord';
  const health = healthOf(store, client, lease, () => starting);
  let server: Server | null = null;
  const closeServer = () => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  try {
    server = options.metricsPort === undefined ? null : await serveMetrics(metrics, health, options.metricsPort, options.metricsHost);
    if (server) log(`serving /metrics and /healthz at ${urlOf(server, options.metricsHost)} (starting)`);
    await connect(client, options, (doing) => (starting = doing));
  } catch (error) {
    await closeServer();
    await client.destroy();
    await renderPool?.close();
    await lease.release();
    if (!options.store) await store.close();
    throw error;
  }
  starting = 'queueing prompts never posted';
  await queueMissingPrompts(app, shard);
  starting = 'delivering posts left waiting';
  await outbox.start();
  // Deadlines that fell due while the bot was down are handled now, before new interactions pile up.
  starting = 'handling deadlines that fell due while it was down';
  await scheduler.start();
  starting = null;
  const metricsUrl = server ? urlOf(server, options.metricsHost) : null;
  const idle = async () => {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
    await scheduler.idle();
    await seasons.idle();
    await outbox.drain();
    // A delivered league result may have moved a season on, which may have posted more.
    if (inFlight.size > 0 || seasons.pending) await idle();
  };
  return {
    client,
    app,
    renderPool,
    scheduler,
    metrics,
    metricsUrl,
    idle,
    releaseLease: () => lease.release(),
    async stop() {
      stopTaking();
      await idle();
      await scheduler.stop();
      await seasons.idle();
      await outbox.stop();
      await closeServer();
      await renderPool?.close();
      await client.destroy();
      await lease.release();
      if (!options.store) await store.close();
    },
  };
}
