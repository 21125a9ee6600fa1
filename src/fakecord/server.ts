/**
 * `startFakeDiscord`: one HTTP server on 127.0.0.1 serving Discord's REST API under `/api/v10`,
 * uploaded files under `/attachments`, and the gateway WebSocket, all over one fake guild; and the
 * `FakeDiscord` object tests and the sandbox hold. World changes fan out through announce.ts. Every
 * REST request is logged (request-log.ts), and test fault rules may catch it (faults.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { announce } from './announce';
import { CommandRegistry } from './command-registry';
import { Driver } from './driver';
import { RestError, invalidForm } from './errors';
import { checkWellFormed } from './message-limits';
import { EventHub } from './events';
import { Gateway } from './gateway';
import { FaultBook } from './faults';
import { readBody, Router, sendJson, type RestReply, type RestRequest } from './http-router';
import { InteractionTracker } from './interactions';
import { apiGuildCreate, apiMember, apiUser } from './payloads';
import { mayUseCommand } from './permissions';
import { addChannelRoutes } from './routes-channels';
import { setBotOverwrite } from './channel-access';
import { addGuildRoutes } from './routes-guild';
import { RequestLog } from './request-log';
import { addInteractionRoutes } from './routes-interactions';
import { shardOf, snowflakeMint } from './snowflakes';
import type { FakeDiscord, FakeDiscordOptions, FakeUserSeed, Rejection } from './types';
import { fakeChannel, fakeMessage, fakeUser } from './views';
import { ChannelType, isThread, World, type WorldChange } from './world';

const DEFAULT_USERS: readonly FakeUserSeed[] = [{ name: 'alice', organiser: true }, { name: 'bob' }, { name: 'carol' }, { name: 'dave' }];

/** Called with every fake started in this process (a test harness watching all of them, test/conformance). */
const whenStarted = new Set<(fake: FakeDiscord) => void>();

/** Calls `listener` with every fake Discord started from now on in this process; returns the unsubscribe. */
export function onFakeDiscordStarted(listener: (fake: FakeDiscord) => void): () => void {
  whenStarted.add(listener);
  return () => whenStarted.delete(listener);
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: being split under issue 31
export async function startFakeDiscord(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const range = options.latencyMs;
  if (range && !(range.min >= 0 && range.max >= range.min)) throw new Error('fakecord: latencyMs needs 0 ≤ min ≤ max.');
  const http = createServer();
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const gatewayUrl = `ws://127.0.0.1:${port}`;
  const maxUploadBytes = options.maxUploadBytes ?? 10 * 1024 * 1024;
  const deadlineMs = options.deadlineMs ?? 3000;
  const clock = options.clock ?? Date.now;
  const latency = options.latencyMs;

  const hub = new EventHub();
  const mint = snowflakeMint(clock);
  const unknownRoutes: string[] = [];
  const rejections: Rejection[] = [];
  const requestLog = new RequestLog(clock);
  const faults = new FaultBook(clock);
  // The world reports changes before the gateway exists; `fanOut` is bound once both are built.
  let fanOut: (change: WorldChange) => void = () => {};
  const world = new World({
    mint,
    baseUrl: origin,
    users: options.users ?? DEFAULT_USERS,
    guildName: options.guildName ?? 'Sellsword Table',
    channelName: options.channelName ?? 'skirmishes',
    ...(options.guilds ? { guilds: options.guilds } : {}),
    botName: options.botName ?? 'Sellsword Table',
    notify: (change) => fanOut(change),
    clock,
    ...(options.nonceWindowMs === undefined ? {} : { nonceWindowMs: options.nonceWindowMs }),
  });
  /** The guilds a session on this shard is sent, as Discord routes them. */
  const guildsOn = (shard: readonly [number, number]) => world.guilds.filter((guild) => shardOf(guild.id, shard[1]) === shard[0]);
  const commands = new CommandRegistry(world.bot.id, mint, () => hub.emit('commands', commands.all()));
  const gateway = new Gateway(http, {
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
  const tracker = new InteractionTracker(world, {
    deadlineMs,
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

  const reject = (rejection: Rejection): void => {
    rejections.push(rejection);
    hub.emit('rejection', rejection);
  };

  http.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void handle(request, response).catch((error: unknown) => {
      console.error('fakecord: request failed', error);
      if (!response.headersSent && !response.destroyed) sendJson(response, 500, { message: '500: Internal Server Error', code: 0 });
    });
  });

  /** An uploaded file, if the request asks for one that exists. */
  function serveAttachment(url: URL, method: string, response: ServerResponse): boolean {
    const file = /^\/attachments\/(\d+)\/[^/]+$/.exec(url.pathname);
    if (!file || (method !== 'GET' && method !== 'HEAD')) return false;
    const record = world.attachments.record(file[1] ?? '');
    const bytes = world.attachments.bytes(file[1] ?? '');
    if (!record || !bytes) return false;
    // The sandbox page loads images from here, from another origin.
    response.writeHead(200, { 'content-type': record.contentType, 'content-length': bytes.length, 'access-control-allow-origin': '*' });
    response.end(method === 'HEAD' ? undefined : bytes);
    return true;
  }

  /** A REST request: routed, logged, handed to a fault rule if one catches it, answered. */
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin);
    const method = request.method ?? 'GET';
    if (serveAttachment(url, method, response)) return;
    const api = /^\/api(?:\/v\d+)?(\/.*)$/.exec(url.pathname);
    const path = api?.[1] ?? url.pathname;
    const entry = api ? requestLog.begin(method, path, /^Bot \S/.test(request.headers.authorization ?? '')) : undefined;
    /** Answers the client, unless it has gone away; the log keeps what it was told. */
    const respond = async (reply: RestReply): Promise<void> => {
      if (latency) await sleep(latency.min + Math.random() * (latency.max - latency.min));
      if (response.destroyed || response.writableEnded) return;
      sendJson(response, reply.status, reply.body, reply.headers);
      if (entry) entry.status = reply.status;
    };
    /** Discord's JSON error answer for a refusal, recorded for `rejections()`. */
    const refusal = (error: RestError): RestReply => {
      reject({ method, path, status: error.status, code: error.code, message: error.message });
      const details = error.errors === undefined ? {} : { errors: error.errors };
      return { status: error.status, body: { message: error.message, code: error.code, ...details } };
    };

    const route = api ? router.find(method, path) : undefined;
    if (!route) {
      unknownRoutes.push(`${method} ${path}`);
      await respond(refusal(new RestError(404, 0, '404: Not Found')));
      return;
    }
    if (entry) entry.route = route.pattern;
    let restRequest: RestRequest;
    try {
      const auth = /^Bot (\S+)/.exec(request.headers.authorization ?? '');
      if (route.needsAuth && (!auth || (options.acceptsToken && !options.acceptsToken(auth[1]!)))) {
        throw new RestError(401, 0, '401: Unauthorized');
      }
      const { body, list, files } = await readBody(request, maxUploadBytes);
      hub.emit('request', { method, path, route: route.pattern, body: list ?? body, files: files.length });
      const broken = checkWellFormed(list ?? body);
      if (broken.length > 0) throw invalidForm(broken);
      restRequest = { method, path, params: route.params, query: url.searchParams, body, list, files };
    } catch (error) {
      if (!(error instanceof RestError)) throw error;
      await respond(refusal(error));
      return;
    }
    if (entry) {
      entry.body = restRequest.body;
      entry.files = restRequest.files.length;
    }

    let outcome: Promise<RestReply> | undefined;
    /** Carries the request out once, however often a fault asks. */
    const run = (): Promise<RestReply> =>
      (outcome ??= (async () => {
        if (entry) entry.handled = true;
        try {
          return await route.handler(restRequest);
        } catch (error) {
          if (!(error instanceof RestError)) throw error;
          return refusal(error);
        }
      })());

    const fault = faults.take({
      method,
      path,
      query: url.searchParams,
      body: restRequest.body,
      files: restRequest.files.map((f) => ({ filename: f.filename, contentType: f.contentType ?? null, size: f.bytes.length })),
    });
    if (!fault) {
      await respond(await run());
      return;
    }
    if (entry) entry.fault = true;
    await faults.apply(fault, {
      handle: run,
      respond,
      drop: (reset) => {
        if (reset) request.socket.resetAndDestroy();
        else request.socket.destroy();
      },
    });
  }

  const fake: FakeDiscord = {
    apiBase: `${origin}/api`,
    port,
    guild: { id: world.guild.id, name: world.guild.name },
    guilds: () =>
      world.guilds.map((guild) => {
        const channel = world.channel(guild.defaultChannelId);
        return { id: guild.id, name: guild.name, channel: { id: guild.defaultChannelId, name: channel?.name ?? '' } };
      }),
    shardOf,
    channel: { id: world.defaultChannel.id, name: world.defaultChannel.name },
    botUser: { id: world.bot.id, username: world.bot.username },
    applicationId: world.bot.id,

    users: () =>
      world
        .members()
        .filter((u) => !u.bot)
        .map((u) => fakeUser(world, u)),
    user: (ref) => {
      const user = world.findUser(ref);
      return user ? fakeUser(world, user) : undefined;
    },
    addUser: (name, opts = {}) => {
      const seed = { name, organiser: opts.organiser ?? false, ...(opts.displayName ? { displayName: opts.displayName } : {}) };
      return fakeUser(world, world.addUser(seed));
    },
    channels: () =>
      world
        .channels()
        .filter((c) => c.type === ChannelType.Text)
        .map(fakeChannel),
    dms: () =>
      world
        .channels()
        .filter((c) => c.type === ChannelType.DM)
        .map(fakeChannel),
    addChannel: (name) => fakeChannel(world.addTextChannel(name)),
    threads: (parentId) =>
      world
        .channels()
        .filter((c) => isThread(c) && (parentId === undefined || c.parentId === parentId))
        .map(fakeChannel),
    channelByRef: (ref) => {
      const channel = world.findChannel(ref);
      return channel ? fakeChannel(channel) : undefined;
    },
    setBotPermissions: (ref, change) => setBotOverwrite(world, world.requireChannel(ref), change),

    setThread: (ref, state) => {
      const thread = world.requireChannel(ref);
      world.updateChannel(thread, (c) => {
        if (state.archived !== undefined) c.archived = state.archived;
        if (state.locked !== undefined) c.locked = state.locked;
      });
      return fakeChannel(thread);
    },
    deleteChannel: (ref) => world.deleteChannel(world.requireChannel(ref)),
    setDms: (ref, open) => world.setDms(world.requireUser(ref).id, open),

    commands: () => commands.all(),
    commandsFor: (ref) => {
      const user = world.requireUser(ref);
      const permissions = world.permissionsOf(user);
      const guildNames = new Set(commands.list(world.guild.id).map((c) => `${c.type}:${c.name}`));
      return commands
        .all()
        .filter((c) => c.guild_id !== undefined || !guildNames.has(`${c.type}:${c.name}`))
        .filter((c) => mayUseCommand(permissions, c.default_member_permissions));
    },

    command: async (input) => driver.command(input),
    autocomplete: (input, timeoutMs) => driver.autocomplete(input, timeoutMs),
    click: async (input) => driver.click(input),
    forgeClick: async (input) => driver.forgeClick(input),
    select: async (input) => driver.select(input),
    submitModal: async (input) => driver.submitModal(input),
    post: async (input) => driver.post(input),

    messages: (channelId, opts = {}) => {
      const viewer = opts.viewer === undefined ? undefined : world.requireUser(opts.viewer).id;
      return world
        .channelMessages(channelId)
        .filter((m) => viewer === undefined || m.ephemeralFor === null || m.ephemeralFor === viewer)
        .map((m) => fakeMessage(world, m));
    },
    message: (id) => {
      const message = world.message(id);
      return message ? fakeMessage(world, message) : undefined;
    },
    interactions: () => tracker.all().map((record) => tracker.summary(record)),
    interaction: (id) => {
      const record = tracker.get(id);
      return record ? tracker.summary(record) : undefined;
    },

    waitFor: (check, timeoutMs = 2000) => hub.waitFor(check, timeoutMs),
    on: (event, listener) => hub.on(event, listener),

    attachment: (urlOrId) => world.attachments.bytes(urlOrId),
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
