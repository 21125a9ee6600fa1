/**
 * The database an ops tool works on, chosen as the bot chooses it (src/config): DATABASE_URL
 * (postgres://…) selects PostgreSQL; otherwise the SQLite file at DATABASE_PATH (default
 * ./data/sellsword.db). A wrong setting stops the tool with one sentence naming it (exit code 2).
 */
import { existsSync } from 'node:fs';
import { type Config, ConfigError, readConfig } from '../config';
import { DEFAULT_DATABASE_PATH, openStore, type Store } from '../store';
import { isPostgresUrl, openPgStore } from '../store/open-pg';

/** The settings, or the process stops with the sentence that names the wrong one. */
export function toolConfig(): Config {
  try {
    return readConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

export interface ToolDatabase {
  readonly store: Store;
  /** How the database is named in the tool's output; a PostgreSQL URL may carry a password, so it is never printed. */
  readonly where: string;
}

/**
 * Opens (and migrates) the bot's database. With `mustExist`, a SQLite file that is not there stops the
 * tool (exit code 2) instead of being made empty on the spot, which a check would pass and prove nothing.
 */
export async function openToolDatabase(config: Config, options: { mustExist?: boolean } = {}): Promise<ToolDatabase> {
  const url = config.DATABASE_URL;
  if (isPostgresUrl(url)) return { store: await openPgStore(url, { poolSize: config.DATABASE_POOL_SIZE }), where: 'The PostgreSQL database (DATABASE_URL)' };
  const path = config.DATABASE_PATH ?? DEFAULT_DATABASE_PATH;
  if (options.mustExist && !existsSync(path)) {
    console.error(`There is no database at ${path}: set DATABASE_PATH to the bot's database file, or DATABASE_URL to its PostgreSQL database.`);
    process.exit(2);
  }
  return { store: openStore(path), where: `The database at ${path}` };
}
