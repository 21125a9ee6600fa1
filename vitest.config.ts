import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Property tests and full games are CPU-bound; two workers match the 2-core machines we run on.
    maxWorkers: 2,
  },
});
