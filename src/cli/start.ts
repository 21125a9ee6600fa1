/**
 * `npm start`: runs the bot against Discord when DISCORD_TOKEN is set (DISCORD_GUILD_ID registers the
 * commands in one server, DISCORD_API_BASE points at a Discord-compatible API, DATABASE_PATH picks the
 * database file). Without a token it would run the local sandbox, which is not built yet.
 */
import { startBot } from '../bot/start';

const token = process.env.DISCORD_TOKEN;
if (token) {
  const bot = await startBot({ token, apiBase: process.env.DISCORD_API_BASE, guildId: process.env.DISCORD_GUILD_ID, databasePath: process.env.DATABASE_PATH });
  console.log(`Sellsword Table is online as ${bot.client.user?.tag ?? 'the bot'}.`);
  // Handlers catch their own errors (bot/router.ts); this is the last net, so a stray rejection is
  // logged instead of ending the process and every match with it.
  process.on('unhandledRejection', (reason) => console.error('unhandled rejection', reason));
  const stop = () => void bot.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} else {
  console.log(
    [
      'Sellsword Table: no DISCORD_TOKEN is set, and the local sandbox is not built yet.',
      'To run the bot on Discord, see "Running the bot" in the README (set DISCORD_TOKEN).',
      'npm test runs the test suite, including end-to-end games through a local fake Discord.',
    ].join('\n'),
  );
}
