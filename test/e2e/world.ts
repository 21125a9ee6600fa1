/**
 * An end-to-end world: the project's fake Discord, the real bot (real discord.js client) connected to
 * it, and helpers that act as players through Discord only: slash commands, buttons and menus.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBot, type BotOptions, type RunningBot } from '../../src/bot/start';
import { startFakeDiscord, type CommandInput, type FakeDiscord, type FakeDiscordOptions, type FakeMessage, type InteractionSummary } from '../../src/fakecord';
import { openPgStore } from '../../src/store/open-pg';
import { openStore, type Store } from '../../src/store';

export interface World {
  readonly fake: FakeDiscord;
  bot: RunningBot;
  store: Store;
  readonly dbPath: string;
  readonly errors: string[];
  /** A slash command; resolves when the bot has finished everything it does for it. */
  run(input: CommandInput): Promise<InteractionSummary>;
  click(user: string, message: FakeMessage, customId?: string): Promise<InteractionSummary>;
  select(user: string, message: FakeMessage, value?: string, menu?: number): Promise<InteractionSummary>;
  /** Messages in a channel or thread as `viewer` sees them. */
  messages(channel: string, viewer?: string): FakeMessage[];
  /** Stops the bot and starts it again on the same database; `whileDown` runs in between. */
  restart(whileDown?: () => void): Promise<void>;
  close(): Promise<void>;
  /** The game clock the bot reads (deadlines, reminders, vacations). */
  readonly clock: WorldClock;
  /** Moves the clock on by `hours` and lets the scheduler handle what fell due; resolves when the bot is idle. */
  advance(hours: number): Promise<void>;
}

export interface WorldClock {
  (): number;
  set(ms: number): void;
}

const HOUR = 3_600_000;

/** Every component of a message, flattened from its action rows. */
export function componentsOf(m: FakeMessage): { type: number; custom_id: string; label?: string; options?: { value: string; label: string }[] }[] {
  return m.components.flatMap((row) => ('components' in row ? (row.components as never[]) : []));
}

/** `seed` fixes every match's dice; `null` lets matches take their seed from the dice proof (docs/dice.md). `start` is the game clock's first time. */
/** `databaseUrl` runs the bot on PostgreSQL (`pglite:` in process) instead of a SQLite file; a restart keeps it only on a server. */
/** `fakeOptions` go to the fake Discord (e.g. its own `clock`, which mints ids and ages interaction tokens). */
/** `botOptions.renderWorkers: 0` draws on the bot's own thread, for a test about something else than where pictures are drawn; `guildId: undefined` registers the commands for every guild (`fakeOptions.guilds`). */
export async function startWorld(
  seed: number | null = 42,
  start = Date.UTC(2030, 0, 1),
  databaseUrl?: string,
  fakeOptions: FakeDiscordOptions = {},
  botOptions: Pick<BotOptions, 'renderWorkers' | 'guildId'> = {},
): Promise<World> {
  let now = start;
  const clock: WorldClock = Object.assign(() => now, { set: (ms: number) => void (now = ms) });
  const fake = await startFakeDiscord({ heartbeatMs: 1000, ...fakeOptions });
  const dbPath = join(mkdtempSync(join(tmpdir(), 'sellsword-e2e-')), 'bot.db');
  const errors: string[] = [];
  const boot = async (store: Store) =>
    // The scheduler's own tick is an hour of real time: the tests move the clock and tick themselves.
    startBot({
      token: 'test-token',
      apiBase: fake.apiBase,
      guildId: fake.guild.id,
      store,
      ...(seed === null ? {} : { mintSeed: () => seed }),
      log: (m, e) => void errors.push(`${m}: ${String(e)}`),
      now: clock,
      schedulerTickMs: HOUR,
      ...botOptions,
    });
  // As the bot opens its own database: a write waits at most 50 ms for another connection's lock.
  const open = (): Promise<Store> => (databaseUrl ? openPgStore(databaseUrl) : Promise.resolve(openStore(dbPath, { busyMs: 50 })));
  let store = await open();
  const world: World = {
    fake,
    bot: await boot(store),
    store,
    dbPath,
    errors,
    async run(input) {
      const out = await fake.command(input);
      await out.response();
      await world.bot.idle();
      return out.settled({ quietMs: 20 });
    },
    async click(user, message, customId) {
      const id = customId ?? componentsOf(message)[0]!.custom_id;
      const out = await fake.click({ user, message: message.id, customId: id });
      await out.response();
      await world.bot.idle();
      return out.settled({ quietMs: 20 });
    },
    async select(user, message, value, menu = 0) {
      const c = componentsOf(message)[menu]!;
      const out = await fake.select({ user, message: message.id, customId: c.custom_id, values: [value ?? c.options![0]!.value] });
      await out.response();
      await world.bot.idle();
      return out.settled({ quietMs: 20 });
    },
    messages: (channel, viewer) => fake.messages(channel, viewer ? { viewer } : {}),
    async restart(whileDown) {
      await world.bot.stop();
      whileDown?.();
      await store.close();
      store = await open();
      world.store = store;
      world.bot = await boot(store);
      await world.bot.idle();
    },
    async close() {
      await world.bot.stop();
      await store.close();
      await fake.close();
    },
    clock,
    async advance(hours) {
      now += hours * HOUR;
      await world.bot.scheduler.tick();
      await world.bot.idle();
    },
  };
  return world;
}

/** The text a user was shown in answer to an interaction (reply, edit or follow-up). */
export function answerText(s: InteractionSummary): string {
  return [s.original?.content ?? '', ...s.followUps.map((f) => f.content)].join('\n');
}
