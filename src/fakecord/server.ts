/**
 * `startFakeDiscord`: one HTTP server on 127.0.0.1 serving Discord's REST API under `/api/v10`,
 * uploaded files under `/attachments`, and the gateway WebSocket, all over one fake guild; and the
 * `FakeDiscord` object tests and the sandbox hold (world-facade.ts). World changes fan out through
 * announce.ts. Every REST request is logged and may be caught by a test's fault rule (rest-handler.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { announce } from './announce';
import { CommandRegistry } from './command-registry';
import { Driver } from './driver';
import { EventHub } from './events';
import { Gateway } from './gateway';
import { FaultBook } from './faults';
import { Router, sendJson } from './http-router';
import { InteractionTracker } from './interactions';
import { apiGuildCreate, apiMember, apiUser } from './payloads';
import { restHandler } from './rest-handler';
import { addChannelRoutes } from './routes-channels';
import { addGuildRoutes } from './routes-guild';
import { RequestLog } from './request-log';
import { addInteractionRoutes } from './routes-interactions';
import { shardOf, snowflakeMint } from './snowflakes';
import type { FakeDiscord, FakeDiscordOptions, FakeUserSeed, Rejection } from './types';
import { drivingFacade, worldFacade } from './world-facade';
import { World, type WorldChange } from './world';

const DEFAULT_USERS: readonly FakeUserSeed[] = [{ name: 'alice', organiser: true }, { name: 'bob' }, { name: 'carol' }, { name: 'dave' }];

/** Called with every fake started in this process (a test harness watching all of them, test/conformance). */
const whenStarted = new Set<(fake: FakeDiscord) => void>();

/** Calls `listener` with every fake Discord started from now on in this process; returns the unsubscribe. */
export function onFakeDiscordStarted(listener: (fake: FakeDiscord) => void): () => void {
  whenStarted.add(listener);
  return () => whenStarted.delete(listener);
}

/** The gateway over the world: READY and GUILD_CREATE for a session's shard, and member requests. */
function fakeGateway(http: Server, world: World, hub: EventHub, gatewayUrl: string, options: FakeDiscordOptions): Gateway {
  /** The guilds a session on this shard is sent, as Discord routes them. */
  const guildsOn = (shard: readonly [number, number]) => world.guilds.filter((guild) => shardOf(guild.id, shard[1]) === shard[0]);
  return new Gateway(http, {
    heartbeatMs: options.heartbeatMs ?? 45_000,
    acceptsToken: (token) => (options.gatewayAcceptsToken ?? options.acceptsToken)?.(token) ?? true,
    ready: (sessionId, shard) => ({
      v: 10,
      user: { ...apiUser(world.bot), verified: true, mfa_enabled: false },
      guilds: guildsOn(shard).map((guild) => ({ id: guild.id, unavailable: true })),
      session_id: sessionId,
      resume_gateway_url: gatewayUrl,
      shard,
      application: { id: world.bot.id, flags: 0 },
    }),
    guildCreates: (shard) => guildsOn(shard).map((guild) => apiGuildCreate(world, guild)),
    members: ({ userIds, query, limit }) => {
      let members = world.members();
      if (userIds) members = members.filter((u) => userIds.includes(u.id));
      else if (query) members = members.filter((u) => u.username.startsWith(query.toLowerCase()));
      return members.slice(0, limit && limit > 0 ? limit : undefined).map(apiMember);
    },
    onSessionChange: (info) => hub.emit('gateway', info),
  });
}

/** The world of the options: its guilds, users and bot, telling `notify` of every change. */
function fakeWorld(
  options: FakeDiscordOptions,
  mint: ReturnType<typeof snowflakeMint>,
  origin: string,
  clock: () => number,
  notify: (change: WorldChange) => void,
): World {
  return new World({
    mint,
    baseUrl: origin,
    users: options.users ?? DEFAULT_USERS,
    guildName: options.guildName ?? 'Sellsword Table',
    channelName: options.channelName ?? 'skirmishes',
    ...(options.guilds ? { guilds: options.guilds } : {}),
    botName: options.botName ?? 'Sellsword Table',
    notify,
    clock,
    ...(options.nonceWindowMs === undefined ? {} : { nonceWindowMs: options.nonceWindowMs }),
  });
}

/** An HTTP server listening on 127.0.0.1 (`port` 0: any free port), and the port it got. */
async function listen(port: number): Promise<{ http: Server; port: number }> {
  const http = createServer();
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve());
  });
  return { http, port: (http.address() as AddressInfo).port };
}

export async function startFakeDiscord(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const range = options.latencyMs;
  if (range && !(range.min >= 0 && range.max >= range.min)) throw new Error('fakecord: latencyMs needs 0 ≤ min ≤ max.');
  const { http, port } = await listen(options.port ?? 0);
  const origin = `http://127.0.0.1:${port}`;
  const gatewayUrl = `ws://127.0.0.1:${port}`;
  const maxUploadBytes = options.maxUploadBytes ?? 10 * 1024 * 1024;
  const clock = options.clock ?? Date.now;

  const hub = new EventHub();
  const mint = snowflakeMint(clock);
  const unknownRoutes: string[] = [];
  const rejections: Rejection[] = [];
  const requestLog = new RequestLog(clock);
  const faults = new FaultBook(clock);
  // The world reports changes before the gateway exists; `fanOut` is bound once both are built.
  let fanOut: (change: WorldChange) => void = () => {};
  const world = fakeWorld(options, mint, origin, clock, (change) => fanOut(change));
  const commands = new CommandRegistry(world.bot.id, mint, () => hub.emit('commands', commands.all()));
  const gateway = fakeGateway(http, world, hub, gatewayUrl, options);
  const tracker = new InteractionTracker(world, {
    deadlineMs: options.deadlineMs ?? 3000,
    enforceDeadline: options.enforceDeadline ?? false,
    onDispatch: (summary) => hub.emit('interaction', summary),
    onResponse: (summary) => hub.emit('interaction-response', summary),
  });
  const driver = new Driver({ world, commands, tracker, gateway, mint, attachmentSizeLimit: maxUploadBytes });

  fanOut = (change) => announce(change, world, gateway, hub);

  const router = new Router();
  addGuildRoutes(router, world, commands, gatewayUrl, options.shards ?? 1);
  addChannelRoutes(router, world);
  addInteractionRoutes(router, world, tracker);

  const handle = restHandler({
    origin,
    world,
    router,
    hub,
    requestLog,
    faults,
    maxUploadBytes,
    latency: options.latencyMs,
    acceptsToken: options.acceptsToken,
    unknownRoute: (route) => unknownRoutes.push(route),
    reject: (rejection) => {
      rejections.push(rejection);
      hub.emit('rejection', rejection);
    },
  });
  http.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void handle(request, response).catch((error: unknown) => {
      console.error('fakecord: request failed', error);
      if (!response.headersSent && !response.destroyed) sendJson(response, 500, { message: '500: Internal Server Error', code: 0 });
    });
  });

  const fake: FakeDiscord = {
    apiBase: `${origin}/api`,
    port,
    ...worldFacade(world),
    ...drivingFacade(world, commands, driver, tracker),
    waitFor: (check, timeoutMs = 2000) => hub.waitFor(check, timeoutMs),
    on: (event, listener) => hub.on(event, listener),
    unknownRoutes: () => [...unknownRoutes],
    rejections: () => [...rejections],
    requests: (route) => requestLog.list(route),
    faults,
    gatewaySessions: () => gateway.sessions(),
    requestReconnect: () => gateway.requestReconnect(),
    close: async () => {
      faults.dropAll();
      await gateway.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
  for (const listener of whenStarted) listener(fake);
  return fake;
}
