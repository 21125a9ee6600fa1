import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the store's schema into migrations/.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/store/schema.ts',
  out: './migrations',
});
