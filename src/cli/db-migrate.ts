/**
 * `npm run db:migrate`: brings the database up to date with its migrations and stops. DATABASE_URL
 * (postgres://…) selects PostgreSQL and migrations-pg/; otherwise DATABASE_PATH (or ./data/sellsword.db)
 * and migrations/. The bot migrates at start-up too; this is for a deploy step that runs it first.
 */
import { openToolDatabase, toolConfig } from './tool-database';

const { store, where } = await openToolDatabase(toolConfig());
await store.close();
console.log(`${where} is up to date.`);
