import { defineConfig } from 'vitest/config';

/**
 * `npm run test:fast`: the unit tier to run while working (engine, formats, rule scenarios, store,
 * commands, render views). It leaves out the end-to-end suites, the browser, golden images and the
 * long property and cross-check tests, which `npm test` (and CI) always run.
 */
export default defineConfig({
  test: {
    include: ['test/{engine,formats,store,commands,content,bot,match,league}/**/*.test.ts', 'test/render/{view,alt-text}.test.ts'],
    exclude: ['test/engine/{fast-paths,properties,pregame-properties,side-caches}.test.ts', 'test/bot/startup.test.ts', 'test/bot/render-pool.test.ts'],
    maxWorkers: 2,
  },
});
