/**
 * `npm run db:migrate`: brings the database up to date with its migrations and stops. DATABASE_URL
 * (postgres://…) selects PostgreSQL and migrations-pg/; otherwise DATABASE_PATH (or ./data/sellsword.db)
 * and migrations/. The bot migrates at start-up too; this is for a deploy step that runs it first.
 */
import { DEFAULT_DATABASE_PATH, openStore } from '../store';
import { isPostgresUrl, openPgStore } from '../store/open-pg';

const url = process.env.DATABASE_URL;
const store = isPostgresUrl(url) ? await openPgStore(url) : openStore(process.env.DATABASE_PATH ?? DEFAULT_DATABASE_PATH);
await store.close();
console.log(`${isPostgresUrl(url) ? 'The PostgreSQL database' : `The database at ${process.env.DATABASE_PATH ?? DEFAULT_DATABASE_PATH}`} is up to date.`);
