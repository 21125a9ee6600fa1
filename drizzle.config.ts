import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the store's SQLite schema into migrations/ (and
// drizzle-pg.config.ts the PostgreSQL ones into migrations-pg/).
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/store/schema.ts',
  out: './migrations',
});
