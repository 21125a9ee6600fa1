import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The payload conformance check over every end-to-end suite (test/conformance/setup.ts).
    setupFiles: ['test/conformance/setup.ts'],
    // Property tests and full games are CPU-bound; two workers match the 2-core machines we run on.
    maxWorkers: 2,
  },
});
