/**
 * REST routes about the bot, its application commands and the guild: the gateway address the client
 * asks for at login, command registration, and the guild, member and channel lookups discord.js makes
 * when something is not in its cache.
 */
import type { CommandRegistry, CommandScope } from './command-registry';
import { ErrorCode, RestError } from './errors';
import { created, noContent, ok, type RestRequest, type Router } from './http-router';
import { apiChannel, apiGuildCreate, apiMember, apiRole, apiUser } from './payloads';
import { ChannelType, isThread, type GuildRecord, type World } from './world';

export function addGuildRoutes(router: Router, world: World, commands: CommandRegistry, gatewayUrl: string, shards = 1): void {
  addBotRoutes(router, world, gatewayUrl, shards);
  addCommandRoutes(router, world, commands);
  addGuildObjectRoutes(router, world);
  addMemberRoutes(router, world);
}

/** What the client asks at login and about itself: the gateway, the bot user, its application, DMs and users. */
function addBotRoutes(router: Router, world: World, gatewayUrl: string, shards: number): void {
  const gatewayInfo = { url: gatewayUrl };
  router.add('GET', '/gateway', () => ok(gatewayInfo));
  router.add('GET', '/gateway/bot', () =>
    ok({
      ...gatewayInfo,
      // The shard count Discord recommends; `shards` of startFakeDiscord.
      shards,
      // Generous, so a test suite that logs in many times never waits for identify buckets.
      session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 },
    }),
  );

  router.add('GET', '/users/@me', () => ok({ ...apiUser(world.bot), verified: true, mfa_enabled: false }));
  router.add('POST', '/users/@me/channels', (request) => {
    const user = world.user(String(request.body.recipient_id ?? ''));
    if (!user || user.bot) throw new RestError(400, ErrorCode.InvalidFormBody, 'Invalid Recipient(s)');
    return ok(apiChannel(world, world.openDm(user)));
  });

  router.add('GET', '/users/:user', (request) => {
    const user = world.user(request.params.user ?? '');
    if (!user) throw new RestError(404, ErrorCode.UnknownUser, 'Unknown User');
    return ok(apiUser(user));
  });

  const owner = world.user(world.guild.ownerId) ?? world.bot;
  const application = () => ({
    id: world.bot.id,
    name: world.bot.username,
    icon: null,
    description: 'A fake Discord application for local tests.',
    bot_public: false,
    bot_require_code_grant: false,
    verify_key: '0'.repeat(64),
    flags: 0,
    owner: apiUser(owner),
    team: null,
    bot: apiUser(world.bot),
    approximate_guild_count: world.guilds.length,
  });
  router.add('GET', '/applications/@me', () => ok(application()));
  router.add('GET', '/oauth2/applications/@me', () => ok(application()));
}

/** Application commands, global and per guild: listed, overwritten, created, fetched, edited, deleted. */
function addCommandRoutes(router: Router, world: World, commands: CommandRegistry): void {
  const scopeOf = (request: RestRequest): CommandScope => {
    if (request.params.app !== world.bot.id) throw new RestError(404, ErrorCode.UnknownApplication, 'Unknown Application');
    const guild = request.params.guild;
    if (guild === undefined) return null;
    if (!world.guildById(guild)) throw new RestError(404, ErrorCode.UnknownGuild, 'Unknown Guild');
    return guild;
  };
  for (const base of ['/applications/:app/commands', '/applications/:app/guilds/:guild/commands']) {
    router.add('GET', base, (request) => ok(commands.list(scopeOf(request))));
    router.add('PUT', base, (request) => ok(commands.overwrite(scopeOf(request), request.list ?? request.body)));
    router.add('POST', base, (request) => {
      const { command, created: isNew } = commands.create(scopeOf(request), request.body);
      return isNew ? created(command) : ok(command);
    });
    router.add('GET', `${base}/:command`, (request) => ok(commands.get(scopeOf(request), request.params.command ?? '')));
    router.add('PATCH', `${base}/:command`, (request) => ok(commands.edit(scopeOf(request), request.params.command ?? '', request.body)));
    router.add('DELETE', `${base}/:command`, (request) => {
      commands.remove(scopeOf(request), request.params.command ?? '');
      return noContent();
    });
  }
}

function guildOf(world: World, request: RestRequest): GuildRecord {
  const guild = world.guildById(request.params.guild ?? '');
  if (!guild) throw new RestError(404, ErrorCode.UnknownGuild, 'Unknown Guild');
  return guild;
}

/** The guild: itself, its channels (a text channel made), its active threads and its roles. */
function addGuildObjectRoutes(router: Router, world: World): void {
  router.add('GET', '/guilds/:guild', (request) => {
    // GET /guilds/:id is the guild object without GUILD_CREATE's gateway-only lists.
    const { members: _m, channels: _c, threads: _t, voice_states: _v, presences: _p, ...guild } = apiGuildCreate(world, guildOf(world, request));
    const counts = request.query.get('with_counts') === 'true';
    return ok({ ...guild, ...(counts ? { approximate_member_count: world.members().length, approximate_presence_count: 0 } : {}) });
  });

  router.add('GET', '/guilds/:guild/channels', (request) => {
    const guild = guildOf(world, request);
    return ok(
      world
        .channels()
        .filter((c) => c.type === ChannelType.Text && c.guildId === guild.id)
        .map((c) => apiChannel(world, c)),
    );
  });

  router.add('POST', '/guilds/:guild/channels', (request) => {
    const guild = guildOf(world, request);
    const name = typeof request.body.name === 'string' ? request.body.name : '';
    const type = request.body.type === undefined ? ChannelType.Text : Number(request.body.type);
    if (name.length < 1 || name.length > 100 || type !== ChannelType.Text) {
      throw new RestError(400, ErrorCode.InvalidFormBody, 'The fake guild makes text channels with a 1-100 character name only.');
    }
    const channel = world.addTextChannel(name, guild.id);
    if (typeof request.body.topic === 'string') channel.topic = request.body.topic;
    return created(apiChannel(world, channel));
  });

  router.add('GET', '/guilds/:guild/threads/active', (request) => {
    const guild = guildOf(world, request);
    const threads = world.channels().filter((c) => isThread(c) && !c.archived && c.guildId === guild.id);
    return ok({ threads: threads.map((t) => apiChannel(world, t)), members: [] });
  });

  router.add('GET', '/guilds/:guild/roles', (request) => {
    return ok(world.roles(guildOf(world, request).id).map(apiRole));
  });
}

/** The guild's members: listed, searched, fetched. */
function addMemberRoutes(router: Router, world: World): void {
  router.add('GET', '/guilds/:guild/members', (request) => {
    guildOf(world, request);
    const limit = Math.min(1000, Math.max(1, Number(request.query.get('limit') ?? 1) || 1));
    const after = request.query.get('after') ?? '0';
    const members = world.members().filter((u) => BigInt(u.id) > BigInt(after));
    return ok(members.slice(0, limit).map(apiMember));
  });

  router.add('GET', '/guilds/:guild/members/search', (request) => {
    guildOf(world, request);
    const query = (request.query.get('query') ?? '').toLowerCase();
    const limit = Math.min(1000, Math.max(1, Number(request.query.get('limit') ?? 1) || 1));
    const found = world.members().filter((u) => u.username.startsWith(query) || u.displayName.toLowerCase().startsWith(query));
    return ok(found.slice(0, limit).map(apiMember));
  });

  router.add('GET', '/guilds/:guild/members/:user', (request) => {
    guildOf(world, request);
    const user = world.user(request.params.user === '@me' ? world.bot.id : (request.params.user ?? ''));
    if (!user) throw new RestError(404, ErrorCode.UnknownMember, 'Unknown Member');
    return ok(apiMember(user));
  });
}
