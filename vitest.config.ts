import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The payload conformance check over every end-to-end suite (test/conformance/setup.ts).
    setupFiles: ['test/conformance/setup.ts'],
    // Property tests and full games are CPU-bound; two workers match the 2-core machines we run on.
    maxWorkers: 2,
    // A timeout is there to end a hang, not to time the test: a loaded machine takes many times longer
    // (making the PGlite template, test/support/pglite-template.ts, takes a hook several seconds).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
