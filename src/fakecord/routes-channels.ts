/**
 * REST routes for channels, threads and channel messages: what `channel.send`, `message.edit`,
 * `channel.threads.create`, `message.startThread` and `thread.members.add` call.
 */
import { mayReadHistory, requireBotPost, requireThreadCreate } from './channel-access';
import { ErrorCode, RestError, unknownChannel, unknownMessage } from './errors';
import { created, noContent, ok, type Router } from './http-router';
import { editMessageFields } from './message-content';
import { apiChannel, apiMember, apiMessage, apiThreadMember } from './payloads';
import { postMessage, startThread, startThreadFromMessage } from './channel-messages';
import { refuseBotPost, refuseInArchived, refuseThreadChange } from './refusals';
import { ChannelType, isThread, type ChannelRecord, type MessageRecord, type World } from './world';

/**
 * A message as Discord keeps it: the nonce is only in the create's answer and MESSAGE_CREATE, never in
 * a message fetched later ("not stored long term"), so a bot cannot find its posts by nonce.
 */
function stored<T extends { nonce?: unknown }>(message: T): Omit<T, 'nonce'> {
  const { nonce: _nonce, ...rest } = message;
  return rest;
}

type Params = Readonly<Record<string, string>>;

function channelOf(world: World, params: Params): ChannelRecord {
  const channel = world.channel(params.channel ?? '');
  if (!channel) throw unknownChannel();
  return channel;
}

/** Ephemeral messages do not exist for channel routes, only for their interaction's webhook. */
function messageOf(world: World, params: Params): MessageRecord {
  const message = world.message(params.message ?? '');
  if (!message || message.channelId !== params.channel || message.ephemeralFor !== null) throw unknownMessage();
  return message;
}

function threadOf(world: World, params: Params): ChannelRecord {
  const thread = channelOf(world, params);
  if (!isThread(thread)) throw new RestError(400, ErrorCode.InvalidFormBody, 'This channel is not a thread.');
  return thread;
}

function memberId(world: World, params: Params): string {
  const id = params.user === '@me' ? world.bot.id : (params.user ?? '');
  if (!world.user(id)) throw new RestError(404, ErrorCode.UnknownUser, 'Unknown User');
  return id;
}

export function addChannelRoutes(router: Router, world: World): void {
  addChannelObjectRoutes(router, world);
  addMessageRoutes(router, world);
  addThreadRoutes(router, world);
}

/** The channel itself: fetched, changed (a thread archived or locked), typed in. */
function addChannelObjectRoutes(router: Router, world: World): void {
  router.add('GET', '/channels/:channel', (request) => ok(apiChannel(world, channelOf(world, request.params))));

  router.add('PATCH', '/channels/:channel', (request) => {
    const channel = channelOf(world, request.params);
    const body = request.body;
    refuseThreadChange(world, channel, world.bot, body);
    world.updateChannel(channel, (c) => {
      if (typeof body.name === 'string') c.name = body.name;
      if (typeof body.topic === 'string' || body.topic === null) c.topic = body.topic;
      if (typeof body.archived === 'boolean' && isThread(c)) c.archived = body.archived;
      if (typeof body.locked === 'boolean' && isThread(c)) c.locked = body.locked;
      if (typeof body.invitable === 'boolean') c.invitable = body.invitable;
      if (typeof body.rate_limit_per_user === 'number') c.rateLimitPerUser = body.rate_limit_per_user;
      if ([60, 1440, 4320, 10080].includes(Number(body.auto_archive_duration))) {
        c.autoArchiveDuration = Number(body.auto_archive_duration) as ChannelRecord['autoArchiveDuration'];
      }
    });
    return ok(apiChannel(world, channel));
  });

  router.add('POST', '/channels/:channel/typing', (request) => {
    channelOf(world, request.params);
    return noContent();
  });
}

/** A channel's messages: listed, posted, fetched, edited, deleted. */
function addMessageRoutes(router: Router, world: World): void {
  router.add('GET', '/channels/:channel/messages', (request) => {
    const channel = channelOf(world, request.params);
    const limit = Math.min(100, Math.max(1, Number(request.query.get('limit') ?? 50) || 50));
    const before = request.query.get('before');
    const after = request.query.get('after');
    // Without Read Message History Discord answers an empty list, not an error.
    if (!mayReadHistory(world, channel)) return ok([]);
    let list = world.channelMessages(channel.id).filter((m) => m.ephemeralFor === null);
    if (before) list = list.filter((m) => BigInt(m.id) < BigInt(before));
    if (after) list = list.filter((m) => BigInt(m.id) > BigInt(after));
    // Discord lists newest first; `after` pages forward from the oldest end.
    const page = after ? list.slice(0, limit) : list.slice(-limit);
    return ok(page.reverse().map((m) => stored(apiMessage(world, m))));
  });

  router.add('POST', '/channels/:channel/messages', (request) => {
    const channel = channelOf(world, request.params);
    // A repeat of a create Discord already made is answered with that message, whatever changed since.
    const nonce = request.body.nonce;
    const repeat = request.body.enforce_nonce === true && (typeof nonce === 'string' || typeof nonce === 'number') && world.recentByNonce(world.bot.id, nonce);
    if (!repeat) {
      requireBotPost(world, channel);
      refuseBotPost(world, channel, world.bot, request.files.length);
    }
    return ok(apiMessage(world, postMessage(world, { channel, author: world.bot, body: request.body, files: request.files })));
  });

  router.add('GET', '/channels/:channel/messages/:message', (request) => {
    const channel = channelOf(world, request.params);
    if (!mayReadHistory(world, channel)) throw new RestError(403, ErrorCode.MissingAccess, 'Missing Access');
    return ok(stored(apiMessage(world, messageOf(world, request.params))));
  });

  router.add('PATCH', '/channels/:channel/messages/:message', (request) => {
    const message = messageOf(world, request.params);
    if (message.authorId !== world.bot.id) {
      throw new RestError(403, ErrorCode.NotAuthor, 'Cannot edit a message authored by another user');
    }
    refuseInArchived(channelOf(world, request.params));
    const fields = editMessageFields(world, message, request.body, request.files);
    world.editMessage(message, (m) => Object.assign(m, fields));
    return ok(apiMessage(world, message));
  });

  router.add('DELETE', '/channels/:channel/messages/:message', (request) => {
    const message = messageOf(world, request.params);
    refuseInArchived(channelOf(world, request.params));
    world.deleteMessage(message);
    return noContent();
  });
}

/** Threads: started (alone or from a message), their members, the archived ones listed. */
function addThreadRoutes(router: Router, world: World): void {
  router.add('POST', '/channels/:channel/threads', (request) => {
    const parent = channelOf(world, request.params);
    requireThreadCreate(world, parent, Number(request.body.type));
    return created(apiChannel(world, startThread(world, parent, world.bot, request.body)));
  });

  router.add('POST', '/channels/:channel/messages/:message/threads', (request) => {
    const channel = channelOf(world, request.params);
    requireThreadCreate(world, channel, 11);
    return created(apiChannel(world, startThreadFromMessage(world, channel, request.params.message ?? '', world.bot, request.body)));
  });

  router.add('PUT', '/channels/:channel/thread-members/:user', (request) => {
    world.addThreadMember(threadOf(world, request.params), memberId(world, request.params));
    return noContent();
  });

  router.add('DELETE', '/channels/:channel/thread-members/:user', (request) => {
    world.removeThreadMember(threadOf(world, request.params), memberId(world, request.params));
    return noContent();
  });

  router.add('GET', '/channels/:channel/thread-members', (request) => {
    const thread = threadOf(world, request.params);
    const withMember = request.query.get('with_member') === 'true';
    return ok(
      [...thread.members.keys()].map((id) => {
        const user = world.user(id);
        return { ...apiThreadMember(thread, id), ...(withMember && user ? { member: apiMember(user) } : {}) };
      }),
    );
  });

  router.add('GET', '/channels/:channel/thread-members/:user', (request) => {
    const thread = threadOf(world, request.params);
    const id = memberId(world, request.params);
    if (!thread.members.has(id)) throw new RestError(404, ErrorCode.UnknownMember, 'Unknown Member');
    return ok(apiThreadMember(thread, id));
  });

  const archived = (type: number) => (request: { params: Readonly<Record<string, string>> }) => {
    const parent = channelOf(world, request.params);
    const threads = world.channels().filter((c) => c.parentId === parent.id && c.type === type && c.archived);
    return ok({ threads: threads.map((t) => apiChannel(world, t)), members: [], has_more: false });
  };
  router.add('GET', '/channels/:channel/threads/archived/public', archived(ChannelType.PublicThread));
  router.add('GET', '/channels/:channel/threads/archived/private', archived(ChannelType.PrivateThread));
}
