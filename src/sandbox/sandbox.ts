/**
 * The local sandbox: the project's fake Discord, the real bot connected to it as it would connect to
 * Discord, and a web page that looks and behaves like a Discord channel, so anyone can play a match
 * in a browser without a Discord account. The page reaches the bot only through the fake Discord.
 */
import { startBot, type RunningBot } from '../bot/start';
import { startFakeDiscord, type FakeDiscord } from '../fakecord';
import { ensureSampleWarbands } from './sample-content';
import { createWebServer, listen } from './web-server';

export const DEFAULT_SANDBOX_PORT = 3000;
export const DEFAULT_SANDBOX_DATABASE = './data/sandbox.db';

export interface SandboxOptions {
  /** The page's port (default 3000); a free one is taken when it is busy. 0 picks any free port. */
  readonly port?: number;
  /** Where the page listens (default 127.0.0.1: the sandbox lets anyone act as any player). */
  readonly host?: string;
  /** The bot's database file (default ./data/sandbox.db); `:memory:` keeps nothing. */
  readonly databasePath?: string;
  /** Every match gets this seed, so the same moves replay the same dice; random when absent. */
  readonly seed?: number;
  /** Submit the sample warbands for alice and bob when they do not have them (default true). */
  readonly sampleWarbands?: boolean;
  /** Where the sandbox and the bot report problems (default: the console's error stream). */
  readonly log?: (line: string) => void;
}

export interface Sandbox {
  /** The page, e.g. `http://localhost:3000`. */
  readonly url: string;
  readonly port: number;
  readonly fake: FakeDiscord;
  readonly bot: RunningBot;
  /** The sandbox's clock: the bot's deadlines and the fake Discord's timestamps read it; ⏩ moves it. */
  readonly clock: SandboxClock;
  close(): Promise<void>;
}

/** The machine's time plus however far the page fast-forwarded it. */
export interface SandboxClock {
  now(): number;
  /** How far ahead of the machine's time, in ms. */
  ahead(): number;
  /** Moves the clock on by `hours`, lets the bot handle what fell due, and resolves when it has. */
  forward(hours: number): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const log = options.log ?? ((line: string) => console.error(line));
  const databasePath = options.databasePath ?? DEFAULT_SANDBOX_DATABASE;
  let ahead = 0;
  const now = () => Date.now() + ahead;
  const fake = await startFakeDiscord({ clock: now });
  // The fake Discord forgets its threads when the sandbox stops, but the database keeps their matches:
  // posts still waiting for those threads can never be delivered. Say so once, not once per post.
  let orphans: ReadonlySet<string> = new Set();
  const botLog = (message: string, error?: unknown) => {
    const match = /^gave up a post for match (\S+)/.exec(message)?.[1];
    if (match && orphans.has(match)) return;
    const why =
      error instanceof Error
        ? error.name.startsWith('DiscordAPIError')
          ? error.message
          : (error.stack ?? error.message)
        : error === undefined || error === ''
          ? ''
          : String(error);
    log(`bot: ${message}${why ? `: ${why}` : ''}`);
  };
  let bot: RunningBot;
  try {
    bot = await startBot({
      token: 'sandbox',
      apiBase: fake.apiBase,
      guildId: fake.guild.id,
      databasePath,
      log: botLog,
      now,
      ...(options.seed === undefined ? {} : { mintSeed: () => options.seed! }),
    });
  } catch (error) {
    await fake.close();
    throw error;
  }
  orphans = new Set((await bot.app.store.matches.open()).flatMap((m) => (m.threadId && !fake.channels().some((c) => c.id === m.threadId) ? [m.id] : [])));
  if (orphans.size > 0) {
    const what =
      orphans.size === 1 ? '1 unfinished match from an earlier sandbox run stays' : `${orphans.size} unfinished matches from earlier sandbox runs stay`;
    log(`${what} in ${databasePath}, but the threads ended with those runs, so they cannot go on. Delete the file to clear them.`);
  }
  const running = bot;
  const clock: SandboxClock = {
    now,
    ahead: () => ahead,
    async forward(hours) {
      ahead += hours * 3_600_000;
      // The scheduler would see it within a tick; looking now lets the page show what happened at once.
      await running.scheduler.tick();
      await running.idle();
    },
  };
  const web = createWebServer(fake, log, clock);
  const stopAll = async () => {
    await web.close();
    await bot.stop();
    await fake.close();
  };
  try {
    if (options.sampleWarbands !== false) await ensureSampleWarbands(fake, log);
    const host = options.host ?? '127.0.0.1';
    const port = await listen(web.http, options.port ?? DEFAULT_SANDBOX_PORT, host);
    const shown = host === '127.0.0.1' || host === '::1' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
    return { url: `http://${shown}:${port}`, port, fake, bot, clock, close: stopAll };
  } catch (error) {
    // The start-up error is thrown below; a failure to stop what had started would only hide it.
    await stopAll().catch(() => undefined);
    throw error;
  }
}
