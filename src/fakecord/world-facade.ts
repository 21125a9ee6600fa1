/**
 * The parts of the `FakeDiscord` object that read and change the world directly, as a test or the
 * sandbox does behind the bot's back: its guilds, users, channels, threads and messages, the
 * registered commands, and the interactions driven so far.
 */
import { setBotOverwrite } from './channel-access';
import type { CommandRegistry } from './command-registry';
import type { Driver } from './driver';
import type { InteractionTracker } from './interactions';
import { mayUseCommand } from './permissions';
import { shardOf } from './snowflakes';
import type { FakeDiscord } from './types';
import { fakeChannel, fakeMessage, fakeUser } from './views';
import { ChannelType, isThread, type StoredChannelType, type World } from './world';

type WorldPart =
  | 'guild'
  | 'guilds'
  | 'shardOf'
  | 'channel'
  | 'botUser'
  | 'applicationId'
  | 'users'
  | 'user'
  | 'addUser'
  | 'channels'
  | 'dms'
  | 'addChannel'
  | 'threads'
  | 'channelByRef'
  | 'setBotPermissions'
  | 'setThread'
  | 'deleteChannel'
  | 'setDms'
  | 'messages'
  | 'message'
  | 'attachment';

/** The guilds, users, channels and messages, read and changed. */
export function worldFacade(world: World): Pick<FakeDiscord, WorldPart> {
  const channelsOf = (type: StoredChannelType) =>
    world
      .channels()
      .filter((c) => c.type === type)
      .map(fakeChannel);
  return {
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
    channels: () => channelsOf(ChannelType.Text),
    dms: () => channelsOf(ChannelType.DM),
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
    attachment: (urlOrId) => world.attachments.bytes(urlOrId),
  };
}

type DrivingPart =
  | 'commands'
  | 'commandsFor'
  | 'command'
  | 'autocomplete'
  | 'click'
  | 'forgeClick'
  | 'select'
  | 'submitModal'
  | 'post'
  | 'interactions'
  | 'interaction';

/** The registered commands, what a user may run, the interactions a test drives and their records. */
export function drivingFacade(world: World, commands: CommandRegistry, driver: Driver, tracker: InteractionTracker): Pick<FakeDiscord, DrivingPart> {
  return {
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

    interactions: () => tracker.all().map((record) => tracker.summary(record)),
    interaction: (id) => {
      const record = tracker.get(id);
      return record ? tracker.summary(record) : undefined;
    },
  };
}
