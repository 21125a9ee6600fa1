import { defineConfig } from 'drizzle-kit';

// The PostgreSQL migrations (docs/store.md "Two backends"): `npm run db:generate` writes both dialects'.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/store/schema-pg.ts',
  out: './migrations-pg',
});
