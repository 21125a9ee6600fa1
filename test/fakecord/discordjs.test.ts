/**
 * The real discord.js client against the fake: login, command registration, every kind of
 * interaction and answer, channel messages, threads, and a bot restart. No internet, no token.
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  DiscordAPIError,
  EmbedBuilder,
  GatewayIntentBits,
  MessageFlags,
  ModalBuilder,
  PermissionFlagsBits,
  REST,
  Routes,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type Interaction,
  type TextChannel,
} from 'discord.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';
import { png, startBot, type TestBot } from './test-bot';

const commands = [
  new SlashCommandBuilder().setName('ping').setDescription('Answers pong'),
  new SlashCommandBuilder()
    .setName('match')
    .setDescription('Matches')
    .addSubcommand((s) =>
      s
        .setName('start')
        .setDescription('Start a match')
        .addUserOption((o) => o.setName('opponent').setDescription('Who').setRequired(true))
        .addIntegerOption((o) => o.setName('points').setDescription('Points').setMinValue(50).setMaxValue(500))
        .addStringOption((o) => o.setName('map').setDescription('Map').setAutocomplete(true)),
    )
    .addSubcommand((s) => s.setName('board').setDescription('Show the board')),
  new SlashCommandBuilder()
    .setName('warband')
    .setDescription('Upload a warband')
    .addAttachmentOption((o) => o.setName('file').setDescription('JSON or YAML').setRequired(true)),
  new SlashCommandBuilder().setName('league').setDescription('Organisers only').setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild),
].map((builder) => builder.toJSON());

let fake: FakeDiscord;
let bot: TestBot;
let rest: REST;
const on = (key: string, handler: (interaction: Interaction) => Promise<unknown>): void => {
  bot.handlers.set(key, handler);
};

beforeAll(async () => {
  fake = await startFakeDiscord({ heartbeatMs: 1000 });
  bot = await startBot(fake);
  rest = new REST({ api: fake.apiBase }).setToken('fake-token');
  await rest.put(Routes.applicationCommands(fake.applicationId), { body: commands.slice(0, 3) });
  await rest.put(Routes.applicationGuildCommands(fake.applicationId, fake.guild.id), { body: commands.slice(3) });
});

afterAll(async () => {
  await bot.client.destroy();
  await fake.close();
});

beforeEach(() => {
  bot.handlers.clear();
  bot.errors.length = 0;
});

describe('login and registration', () => {
  it('reaches ready with the guild, its channel and members cached', () => {
    const guild = bot.client.guilds.cache.get(fake.guild.id);
    expect(bot.client.user?.id).toBe(fake.botUser.id);
    expect(guild?.name).toBe(fake.guild.name);
    expect(guild?.channels.cache.get(fake.channel.id)?.name).toBe('skirmishes');
    expect(guild?.members.cache.map((m) => m.user.username).sort()).toEqual(['Sellsword Table', 'alice', 'bob', 'carol', 'dave']);
    expect(fake.users().find((u) => u.organiser)?.username).toBe('alice');
    expect(fake.gatewaySessions()).toHaveLength(1);
  });

  it('stores global and guild commands with ids, keeping ids when they are registered again', async () => {
    expect(
      fake
        .commands()
        .map((c) => c.name)
        .sort(),
    ).toEqual(['league', 'match', 'ping', 'warband']);
    const before = fake.commands().find((c) => c.name === 'ping')?.id;
    await rest.put(Routes.applicationCommands(fake.applicationId), { body: commands.slice(0, 3) });
    expect(fake.commands().find((c) => c.name === 'ping')?.id).toBe(before);
    const fetched = await bot.client.application?.commands.fetch();
    expect(fetched?.map((c) => c.name).sort()).toEqual(['match', 'ping', 'warband']);
  });

  it('refuses a definition Discord would refuse, with Invalid Form Body', async () => {
    const bad = { name: 'Bad Name', description: '', options: [] };
    const error = await rest.put(Routes.applicationCommands(fake.applicationId), { body: [bad] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect((error as DiscordAPIError).code).toBe(50035);
    expect((error as DiscordAPIError).message).toContain('name[APPLICATION_COMMAND_INVALID_NAME]');
    expect(fake.commands().map((c) => c.name)).toContain('ping');
  });

  it('hides an organiser command from other users', async () => {
    expect(fake.commandsFor('alice').map((c) => c.name)).toContain('league');
    expect(fake.commandsFor('bob').map((c) => c.name)).not.toContain('league');
    await expect(fake.command({ user: 'bob', name: 'league' })).rejects.toThrow(/bob cannot see \/league/);
  });
});

describe('slash commands', () => {
  it('answers with content, an embed, a PNG with alt text and buttons', async () => {
    on('ping', async (i) => {
      if (!i.isChatInputCommand()) return;
      const file = new AttachmentBuilder(png(6, 4), { name: 'map.png', description: 'The battlefield' });
      await i.reply({
        content: `pong <@${i.user.id}>`,
        embeds: [new EmbedBuilder().setTitle('Round 1').setImage('attachment://map.png')],
        files: [file],
        components: [
          new ActionRowBuilder<ButtonBuilder>().addComponents(
            new ButtonBuilder().setCustomId('act:move').setLabel('Move').setStyle(ButtonStyle.Primary),
            new ButtonBuilder().setCustomId('act:end').setLabel('End').setStyle(ButtonStyle.Secondary),
          ),
        ],
      });
    });
    const outcome = await fake.command({ user: 'bob', name: 'ping' });
    const response = await outcome.response();
    expect(response.kind).toBe('reply');
    expect(response.late).toBe(false);
    const message = response.message;
    expect(message?.content).toBe(`pong <@${fake.user('bob')?.id}>`);
    expect(message?.mentions).toEqual([fake.user('bob')?.id]);
    expect(message?.type).toBe(20);
    expect(message?.interaction?.name).toBe('ping');
    const attachment = message?.attachments[0];
    expect(attachment).toMatchObject({ filename: 'map.png', description: 'The battlefield', contentType: 'image/png', width: 6, height: 4 });
    expect(message?.embeds[0]?.image?.url).toBe(attachment?.url);
    expect(message?.components[0]).toMatchObject({ type: 1, components: [{ custom_id: 'act:move' }, { custom_id: 'act:end' }] });
    const served = Buffer.from(await (await fetch(attachment?.url ?? '')).arrayBuffer());
    expect(served.equals(png(6, 4))).toBe(true);
    expect(fake.attachment(attachment?.url ?? '')?.equals(served)).toBe(true);
    expect(fake.messages(fake.channel.id).at(-1)?.id).toBe(message?.id);

    // A button on an interaction's reply: discord.js rebuilds that message, interaction metadata and all.
    let repliedTo = '';
    on('act', async (i) => {
      if (!i.isButton()) return;
      repliedTo = i.message.interactionMetadata?.user.username ?? '';
      await i.update({ components: [] });
    });
    await (await fake.click({ user: 'bob', message: message?.id ?? '', customId: 'act:end' })).response();
    expect(repliedTo).toBe('bob');
    expect(fake.message(message?.id ?? '')?.components).toEqual([]);
  });

  it('defers, then fills the reply in with a file', async () => {
    on('match', async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await new Promise((resolve) => setTimeout(resolve, 30));
      const opponent = i.options.getUser('opponent', true);
      await i.editReply({
        content: `${i.options.getSubcommand()} against ${opponent.username} for ${i.options.getInteger('points')}`,
        files: [new AttachmentBuilder(png(2, 2), { name: 'board.png' })],
      });
    });
    const outcome = await fake.command({ user: 'alice', name: 'match start', options: { opponent: 'carol', points: '150' } });
    const first = await outcome.response();
    expect(first.kind).toBe('deferred-reply');
    expect(first.message?.loading).toBe(true);
    const settled = await outcome.settled();
    expect(settled.loading).toBe(false);
    expect(settled.original?.content).toBe('start against carol for 150');
    expect(settled.original?.attachments[0]?.filename).toBe('board.png');
    expect(settled.original?.editedTimestamp).toBeNull();
  });

  it('shows an ephemeral reply only to its user, and a follow-up to everyone', async () => {
    on('ping', async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: 'only you', flags: MessageFlags.Ephemeral });
      await i.followUp({ content: 'everyone sees this' });
    });
    const created: string[] = [];
    const stop = fake.on('message-create', (m) => created.push(`${m.content} for ${m.visibleTo ?? 'everyone'}`));
    const outcome = await fake.command({ user: 'carol', name: 'ping' });
    const settled = await outcome.settled();
    stop();
    expect(created).toEqual([`only you for ${fake.user('carol')?.id}`, 'everyone sees this for everyone']);
    expect(settled.response?.ephemeral).toBe(true);
    expect(settled.original).toMatchObject({ content: 'only you', ephemeral: true, visibleTo: fake.user('carol')?.id });
    expect(settled.followUps.map((m) => m.content)).toEqual(['everyone sees this']);
    const forCarol = fake.messages(fake.channel.id, { viewer: 'carol' }).map((m) => m.content);
    const forDave = fake.messages(fake.channel.id, { viewer: 'dave' }).map((m) => m.content);
    expect(forCarol).toContain('only you');
    expect(forDave).not.toContain('only you');
    expect(forDave).toContain('everyone sees this');
  });

  it('uploads an attachment option the bot can download', async () => {
    let text = '';
    on('warband', async (i) => {
      if (!i.isChatInputCommand()) return;
      const file = i.options.getAttachment('file', true);
      text = await (await fetch(file.url)).text();
      await i.reply({ content: `${file.name} ${file.size} bytes`, flags: MessageFlags.Ephemeral });
    });
    const outcome = await fake.command({ user: 'dave', name: 'warband', attachments: { file: { name: 'band.json', data: '{"name":"Wolves"}' } } });
    expect((await outcome.response()).message?.content).toBe('band.json 17 bytes');
    expect(text).toBe('{"name":"Wolves"}');
  });

  it('answers autocomplete with choices', async () => {
    on('match', async (i) => {
      if (!i.isAutocomplete()) return;
      const typed = i.options.getFocused();
      await i.respond(['Barrow Hill', 'Mill Crossing'].filter((m) => m.toLowerCase().startsWith(typed)).map((m) => ({ name: m, value: m })));
    });
    const choices = await fake.autocomplete({ user: 'bob', name: 'match', subcommand: 'start', focused: 'map', options: { map: 'mi' } });
    expect(choices).toEqual([{ name: 'Mill Crossing', value: 'Mill Crossing' }]);
  });

  it('refuses commands the Discord client would not send', async () => {
    await expect(fake.command({ user: 'bob', name: 'match start', options: {} })).rejects.toThrow(/needs option "opponent"/);
    await expect(fake.command({ user: 'bob', name: 'match start', options: { opponent: 'carol', points: 10 } })).rejects.toThrow(/at least 50/);
    await expect(fake.command({ user: 'bob', name: 'nope' })).rejects.toThrow(/has not registered \/nope/);
  });
});

describe('components', () => {
  async function postPanel(): Promise<string> {
    on('panel', async () => undefined);
    const channel = (await bot.client.channels.fetch(fake.channel.id)) as TextChannel;
    const sent = await channel.send({
      content: 'Your turn',
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('act:move').setLabel('Move').setStyle(ButtonStyle.Primary),
          new ButtonBuilder().setCustomId('act:rename').setLabel('Rename').setStyle(ButtonStyle.Secondary),
          new ButtonBuilder().setCustomId('act:off').setLabel('Off').setStyle(ButtonStyle.Danger).setDisabled(true),
        ),
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder().setCustomId('pick:unit').addOptions({ label: 'Pikeman', value: 'pi' }, { label: 'Knight', value: 'kc' }),
        ),
      ],
    });
    return sent.id;
  }

  it('updates the message a button is on', async () => {
    const messageId = await postPanel();
    on('act', async (i) => {
      if (!i.isButton()) return;
      await i.update({ content: `${i.user.username} pressed ${i.customId}`, components: [] });
    });
    const outcome = await fake.click({ user: 'bob', message: messageId, customId: 'act:move' });
    const response = await outcome.response();
    expect(response.kind).toBe('update');
    expect(fake.message(messageId)).toMatchObject({ content: 'bob pressed act:move', components: [] });
  });

  it('answers a button with an ephemeral reply, and refuses disabled buttons', async () => {
    const messageId = await postPanel();
    on('act', async (i) => {
      if (!i.isButton()) return;
      await i.reply({ content: 'Not your turn', flags: MessageFlags.Ephemeral });
    });
    const outcome = await fake.click({ user: 'dave', message: messageId, customId: 'act:move' });
    expect((await outcome.response()).message).toMatchObject({ content: 'Not your turn', visibleTo: fake.user('dave')?.id });
    expect(fake.message(messageId)?.content).toBe('Your turn');
    await expect(fake.click({ user: 'dave', message: messageId, customId: 'act:off' })).rejects.toThrow(/disabled/);
  });

  it('passes select menu values and takes a deferred update', async () => {
    const messageId = await postPanel();
    on('pick', async (i) => {
      if (!i.isStringSelectMenu()) return;
      await i.deferUpdate();
      await i.editReply({ content: `picked ${i.values.join(',')}` });
    });
    const outcome = await fake.select({ user: 'bob', message: messageId, customId: 'pick:unit', values: ['kc'] });
    const settled = await outcome.settled();
    expect(settled.response?.kind).toBe('deferred-update');
    expect(fake.message(messageId)?.content).toBe('picked kc');
    await expect(fake.select({ user: 'bob', message: messageId, customId: 'pick:unit', values: ['xx'] })).rejects.toThrow(/no option "xx"/);
  });

  it('opens a modal and receives its submission', async () => {
    const messageId = await postPanel();
    on('act', async (i) => {
      if (!i.isButton()) return;
      await i.showModal(
        new ModalBuilder()
          .setCustomId('rename')
          .setTitle('Rename')
          .addComponents(
            new ActionRowBuilder<TextInputBuilder>().addComponents(
              new TextInputBuilder().setCustomId('name').setLabel('New name').setStyle(TextInputStyle.Short),
            ),
          ),
      );
    });
    on('rename', async (i) => {
      if (!i.isModalSubmit()) return;
      await i.reply({ content: `renamed to ${i.fields.getTextInputValue('name')}` });
    });
    const opened = await fake.click({ user: 'carol', message: messageId, customId: 'act:rename' });
    expect((await opened.response()).modal?.title).toBe('Rename');
    const submitted = await fake.submitModal({ user: 'carol', interaction: opened.id, values: { name: 'Wolves' } });
    expect((await submitted.response()).message?.content).toBe('renamed to Wolves');
  });
});

describe('channels and threads', () => {
  it('takes channel.send with a file, and a message edit', async () => {
    const channel = (await bot.client.channels.fetch(fake.channel.id)) as TextChannel;
    const sent = await channel.send({ content: 'Map', files: [new AttachmentBuilder(png(3, 3), { name: 'map.png', description: 'alt' })] });
    expect(fake.message(sent.id)?.attachments[0]).toMatchObject({ filename: 'map.png', width: 3, description: 'alt' });
    await sent.edit({ content: 'Map, round 2' });
    expect(fake.message(sent.id)).toMatchObject({ content: 'Map, round 2', attachments: [{ filename: 'map.png' }] });
    expect(fake.message(sent.id)?.editedTimestamp).not.toBeNull();
  });

  it('creates a thread from the channel and from a message, joins and posts in them', async () => {
    const channel = (await bot.client.channels.fetch(fake.channel.id)) as TextChannel;
    const thread = await channel.threads.create({ name: 'Match 1', type: 11 });
    await thread.join();
    await thread.send('Round 1 begins');
    expect(fake.threads(fake.channel.id).map((t) => t.name)).toContain('Match 1');
    expect(fake.messages(thread.id).map((m) => m.content)).toEqual(['Round 1 begins']);
    expect(fake.messages(fake.channel.id).at(-1)).toMatchObject({ type: 18, content: 'Match 1' });
    await fake.waitFor(() => bot.client.channels.cache.has(thread.id));

    const starter = await channel.send('Challenge!');
    const fromMessage = await starter.startThread({ name: 'Match 2' });
    expect(fromMessage.id).toBe(starter.id);
    expect(fake.message(starter.id)?.threadId).toBe(starter.id);
    await fake.post({ user: 'bob', channel: fromMessage.id, content: 'I accept' });
    expect(fake.messages(fromMessage.id).map((m) => m.author.username)).toEqual(['bob']);
  });

  it('refuses a post in an archived thread until the bot unarchives it, and announces new channels', async () => {
    const channel = (await bot.client.channels.fetch(fake.channel.id)) as TextChannel;
    const thread = await channel.threads.create({ name: 'Old match', type: 12 });
    expect(fake.channelByRef('Old match')?.kind).toBe('private-thread');
    await thread.setArchived(true);
    expect(fake.channelByRef(thread.id)?.archived).toBe(true);
    await expect(thread.send('Rematch?')).rejects.toMatchObject({ code: 50083, message: 'Thread is archived' });
    await thread.setArchived(false);
    await thread.send('Rematch?');
    expect(fake.channelByRef(thread.id)?.archived).toBe(false);
    const added = fake.addChannel('league-two');
    await fake.waitFor(() => bot.client.channels.cache.get(added.id));
  });

  it('sends DMs; only their user sees them and can press their buttons', async () => {
    const bob = await bot.client.users.fetch(fake.user('bob')?.id ?? '');
    const sent = await bob.send({
      content: 'Your match is waiting',
      components: [new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId('dm:ok').setLabel('OK').setStyle(ButtonStyle.Primary))],
    });
    const dm = fake.dms().find((c) => c.recipientId === bob.id);
    expect(dm?.kind).toBe('dm');
    expect(fake.messages(dm?.id ?? '').map((m) => m.content)).toEqual(['Your match is waiting']);
    await expect(fake.click({ user: 'carol', message: sent.id, customId: 'dm:ok' })).rejects.toThrow(/someone else's DMs/);
    on('dm', async (i) => (i.isButton() ? i.update({ content: `seen by ${i.user.username}`, components: [] }) : undefined));
    await (await fake.click({ user: 'bob', message: sent.id, customId: 'dm:ok' })).response();
    expect(fake.message(sent.id)?.content).toBe('seen by bob');
    await fake.post({ user: 'bob', channel: dm?.id ?? '', content: 'thanks' });
    await expect(fake.post({ user: 'carol', channel: dm?.id ?? '', content: 'me too' })).rejects.toThrow(/someone else/);
  });

  it('logs routes it does not know, with a Discord-style 404', async () => {
    const error = await rest.get('/voice/regions').catch((e: unknown) => e);
    expect((error as DiscordAPIError).status).toBe(404);
    expect(fake.unknownRoutes()).toContain('GET /voice/regions');
  });
});

describe('gateway sessions', () => {
  it('resumes after the server asks the client to reconnect', async () => {
    fake.requestReconnect();
    await fake.waitFor(() => fake.gatewaySessions()[0]?.resumes === 1 && fake.gatewaySessions()[0]?.connected, 3000);
    on('ping', async (i) => (i.isChatInputCommand() ? i.reply('still here') : undefined));
    const outcome = await fake.command({ user: 'bob', name: 'ping' });
    expect((await outcome.response()).message?.content).toBe('still here');
  });

  it('serves a restarted bot: the old session ends, the new client gets interactions', async () => {
    await bot.client.destroy();
    await fake.waitFor(() => fake.gatewaySessions().length === 0);
    bot = await startBot(fake, [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent]);
    on('ping', async (i) => (i.isChatInputCommand() ? i.reply('back again') : undefined));
    const outcome = await fake.command({ user: 'alice', name: 'ping' });
    expect(outcome.deliveredTo).toBe(1);
    expect((await outcome.response()).message?.content).toBe('back again');
    expect(bot.errors).toEqual([]);

    // With the message intents, the new client hears people talk.
    const heard: string[] = [];
    bot.client.on('messageCreate', (message) => heard.push(`${message.author.username}: ${message.content}`));
    await fake.post({ user: 'dave', content: 'anyone for a match?' });
    await fake.waitFor(() => heard.includes('dave: anyone for a match?'));
  });
});
