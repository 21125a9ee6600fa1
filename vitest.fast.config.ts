import { defineConfig } from 'vitest/config';

/**
 * `npm run test:fast`: the unit tier to run while working (engine, formats, rule scenarios, store on
 * SQLite and PGlite, commands, bot, render views). It leaves out the tests that start one of the
 * project's processes (test/cli), the end-to-end suites (a process or a CLI started, a real server's
 * backups, two bots racing, databases reopened from disk), the browser, golden images and the long
 * property and cross-check tests, which `npm test` (and CI) always run.
 *
 * Files share a worker instead of each starting a fresh one (isolate: false): loading discord.js, the
 * store's drivers and PGlite again for every file cost more than most files' tests. Before each file
 * the project's own modules are loaded afresh (test/support/fresh-modules.ts), so no cache of one file's
 * matches reaches the next; the few files that need a process of their own (below) run isolated, in a
 * project of their own. `npm test` isolates every file.
 */
const include = ['test/{engine,formats,store,commands,content,bot,match,league}/**/*.test.ts', 'test/render/{view,alt-text}.test.ts'];
const exclude = [
  'test/engine/{fast-paths,properties,pregame-properties,side-caches,can-act}.test.ts',
  'test/bot/{startup,render-pool,scheduler.property,pg-start-race}.test.ts',
  'test/store/backup-restore.test.ts',
  'test/store/pg/{db-check,match-parts,match-logs}.test.ts',
  'test/league/ratings-rebuild.test.ts',
];
/**
 * Files that need a process of their own: those replacing a module with vi.mock (the mock would reach
 * other files), and collect.test.ts, which watches which collections V8 makes (a heap shared with other
 * files' leftovers gets full collections of its own).
 */
const mocking = ['test/commands/close-up-reuse.test.ts', 'test/match/ending.test.ts', 'test/bot/collect.test.ts'];

export default defineConfig({
  test: {
    // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache), keyed by each
    // file's content and the config, so a run after the first transforms only what changed.
    experimental: { fsModuleCache: true },
    maxWorkers: 2,
    // A timeout is there to end a hang, not to time the test: a loaded machine takes many times longer.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'shared', include, exclude: [...exclude, ...mocking], isolate: false, setupFiles: ['test/support/fresh-modules.ts'] } },
      { extends: true, test: { name: 'isolated', include: mocking, isolate: true } },
    ],
  },
});
