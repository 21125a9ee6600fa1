/**
 * `npm run test:repeat [-- --times N] [FILES…]`: runs the timing-sensitive test files (or the files
 * given) N times, 20 by default, one run after another with one file at a time, and prints how many
 * runs of each file passed and failed, with the names of the tests that failed and the first line of
 * each one's error. A test that depends on timers, rate limits, leases or the scheduler's ticks must
 * pass every run, on a loaded machine too.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The files whose tests wait on time or on work in flight: the REST proxy's global limit, the outbox
 * worker's deliveries, collection after pictures pile up, start-up held by the scheduler, the season
 * runner's kick, a real PostgreSQL server's lock waits and races, the fake Discord's latency and
 * faults; and the end-to-end files that wait on processes: a bot killed and restarted mid-act, two
 * shards and two machines behind one REST proxy, a database server stopped and started, a kill while
 * a thread is made, Discord's faults and stale tokens, and `npm run stop`.
 */
const TIMING_FILES = [
  'test/bot/rest-proxy.test.ts',
  'test/bot/outbox-worker.test.ts',
  'test/bot/collect.test.ts',
  'test/bot/start-reads.test.ts',
  'test/bot/shards.test.ts',
  'test/commands/season-runner-kick.test.ts',
  'test/formats/document-limits.test.ts',
  'test/store/pg/busy.test.ts',
  'test/store/pg/race.test.ts',
  'test/fakecord/latency.test.ts',
  'test/fakecord/faults.test.ts',
  'test/e2e/crash.test.ts',
  'test/e2e/shards.test.ts',
  'test/e2e/two-machines.test.ts',
  'test/e2e/pg-outage.test.ts',
  'test/e2e/match-threads-crash.test.ts',
  'test/e2e/api-faults.test.ts',
  'test/e2e/stale-token.test.ts',
  'test/cli/stop.test.ts',
];

function parse(argv) {
  let times = 20;
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--times') times = Number(argv[++i]);
    else files.push(argv[i]);
  }
  if (!Number.isInteger(times) || times < 1) throw new Error('--times takes a whole number of runs, 1 or more');
  return { times, files: files.length > 0 ? files : TIMING_FILES };
}

/** One vitest run of the files, one file at a time: each file's outcome and the names of its failed tests. */
function runOnce(files, report) {
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--no-file-parallelism', '--reporter=json', `--outputFile=${report}`, ...files],
    { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const outcome = new Map(files.map((f) => [f, { passed: false, failed: ['(no report: the run itself failed)'] }]));
  let json;
  try {
    json = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    // No report at all: every file counts as failed, and vitest's own error says why.
    process.stderr.write(run.stderr.slice(-2000));
    return outcome;
  }
  for (const file of json.testResults) {
    // Each failed test's name with the first line of its error, enough to tell a timeout from an assertion.
    const failed = file.assertionResults
      .filter((t) => t.status === 'failed')
      .map(
        (t) =>
          `${t.fullName} — ${String(t.failureMessages?.[0] ?? '')
            .split('\n')[0]
            .slice(0, 200)}`,
      );
    const passed = file.status === 'passed' && failed.length === 0;
    outcome.set(relative(ROOT, file.name), { passed, failed: passed ? [] : failed.length > 0 ? failed : [file.message || 'the file failed'] });
  }
  return outcome;
}

const { times, files } = parse(process.argv.slice(2));
const dir = mkdtempSync(join(tmpdir(), 'sellsword-repeat-'));
const tally = new Map(files.map((f) => [f, { pass: 0, fail: 0, failures: new Map() }]));
try {
  for (let round = 1; round <= times; round++) {
    const outcome = runOnce(files, join(dir, `run-${round}.json`));
    const line = [];
    for (const [file, { passed, failed }] of outcome) {
      const t = tally.get(file) ?? { pass: 0, fail: 0, failures: new Map() };
      tally.set(file, t);
      if (passed) t.pass++;
      else {
        t.fail++;
        for (const name of failed) t.failures.set(name, (t.failures.get(name) ?? 0) + 1);
        line.push(`${file} failed`);
      }
    }
    console.log(`run ${round}/${times}: ${line.length === 0 ? 'all passed' : line.join(', ')}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\n${'file'.padEnd(48)} passed  failed`);
let failures = 0;
for (const [file, t] of tally) {
  console.log(`${file.padEnd(48)} ${String(t.pass).padStart(6)}  ${String(t.fail).padStart(6)}`);
  for (const [name, n] of t.failures) console.log(`    ${n}× ${name}`);
  failures += t.fail;
}
process.exitCode = failures === 0 ? 0 : 1;
