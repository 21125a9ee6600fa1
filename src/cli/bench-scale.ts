/**
 * `npm run bench:scale`: the bot past one process. It starts the bundled bot with SHARDS=2 (discord.js's
 * ShardingManager, two shard processes and the REST proxy; bot-process.ts) against a fake Discord with
 * 20 guilds, ten on each shard, sets up 1,000 active matches across them, and then has one player per
 * guild end turns back to back, all guilds at once. It prints:
 * - acts per second (turn-ending acts over the time they took) and interaction → map image p50/p99;
 * - each shard's RSS (peak while driven, and at the end), its CPU (main thread, and render workers and
 *   other threads) as a share of one core, its event-loop delay (p99, prom-client's), and the time its
 *   act transactions (the database) and its pictures took, from its own /metrics;
 * - where it saturates first: render CPU, the database, or the event loop, and an estimate of the
 *   active matches one 2-core machine carries.
 * The database is PostgreSQL, a throw-away local server (pg-server.ts, fsync on) that both shards share;
 * where no server binaries exist, or with BENCH_SCALE_BACKEND=sqlite, a shared SQLite file (WAL). The
 * server's own processes run on the same cores, and their CPU is reported. The fake Discord
 * runs in this process, on the same cores, and its CPU is reported too.
 *
 * BENCH_SCALE_MATCHES (default 1000), BENCH_SCALE_GUILDS (20) and BENCH_SCALE_ACTS (600) shrink it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeDiscord, type FakeDiscord } from '../fakecord';
import { openStore, type Store } from '../store';
import { openPgStore } from '../store/open-pg';
import { pgServerMissing, startPgServer, stopQuietly, type PgServer } from './pg-server';
import {
  answerPrompts,
  childrenOf,
  done,
  endCommand,
  ImageClock,
  mainThreadCpu,
  mb,
  processCpu,
  quantile,
  sleep,
  sorted,
  statusField,
  TIMEOUT,
  treeCpu,
  VALOR_WARBAND,
  HAVOC_WARBAND,
} from './bench-drive';
import { buildBot, startBotProcess, type BotProcess } from './bot-process';

const MATCHES = Number(process.env.BENCH_SCALE_MATCHES ?? 1000);
const GUILDS = Math.max(2, Number(process.env.BENCH_SCALE_GUILDS ?? 20));
const ACTS = Number(process.env.BENCH_SCALE_ACTS ?? 600);
const SHARDS = 2;

/** Polls `check` until it is true (a waitFor on the fake would re-read the database on every event of 20 guilds). */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 3 * TIMEOUT): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(25);
  }
}

/** Waits until a match has nothing left to post: its own outbox, not everyone's, since 20 guilds play at once. */
const matchSettled = (store: Store, thread: string) => () =>
  until(async () => {
    const row = await store.matches.byThread(thread);
    return row !== undefined && (await store.outbox.pending(row.id)).length === 0;
  });

/** A Prometheus text exposition as name{labels} → value. */
async function scrape(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

/** The sum of every series of a metric (all label sets). */
const total = (m: Map<string, number>, name: string) => [...m].filter(([k]) => k === name || k.startsWith(`${name}{`)).reduce((n, [, v]) => n + v, 0);

interface ShardFigures {
  id: number;
  pid: number;
  peakRss: number;
  endRss: number;
  main: number;
  others: number;
  lagP99: number;
  dbSeconds: number;
  acts: number;
  renderSeconds: number;
}

/** Matches whose set-up failed (an interaction not answered in time, a busy database): left out, and counted. */
let setupFailures = 0;

async function setUpGuild(fake: FakeDiscord, store: Store, channel: string, count: number, threads: string[]): Promise<void> {
  for (let i = 0; i < count; i++) {
    try {
      await setUpMatch(fake, store, channel, threads);
    } catch (error) {
      setupFailures++;
      console.error(`  a match could not be set up: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

async function setUpMatch(fake: FakeDiscord, store: Store, channel: string, threads: string[]): Promise<void> {
  {
    const settleAll = () => until(() => true);
    await done(
      store,
      () =>
        fake.command({
          user: 'alice',
          channel,
          name: 'skirmish challenge',
          options: { opponent: 'bob', warband: "Hrolf's Watch", points: 60, map: 'mill-crossing' },
        }),
      settleAll,
    );
    const thread = fake.threads(channel).at(-1)!.id;
    await done(
      store,
      () => fake.command({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } }),
      matchSettled(store, thread),
    );
    await answerPrompts(fake, store, thread, matchSettled(store, thread));
    threads.push(thread);
  }
}

async function main(): Promise<void> {
  const fake = await startFakeDiscord({
    heartbeatMs: 5000,
    shards: SHARDS,
    guilds: Array.from({ length: GUILDS - 1 }, (_, i) => ({ name: `Guild ${i + 2}` })),
  });
  const dir = mkdtempSync(join(tmpdir(), 'sellsword-scale-'));
  const databasePath = join(dir, 'scale.db');
  const wantPg = (process.env.BENCH_SCALE_BACKEND ?? 'postgres') === 'postgres';
  const missing = wantPg ? pgServerMissing() : null;
  if (missing) console.log(`PostgreSQL not run (${missing}); the shards share a SQLite file instead.`);
  let server: PgServer | null = null;
  let bot: BotProcess | undefined;
  let built: ReturnType<typeof buildBot> | undefined;
  let shardPids: number[] = [];
  // Whatever fails from here on (a build, a start, a timeout thrown from a timer), nothing outlives this process.
  process.on('exit', () => {
    bot?.child.kill('SIGKILL');
    for (const pid of shardPids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    built?.remove();
    stopQuietly(server);
    rmSync(dir, { recursive: true, force: true });
  });
  server = wantPg && !missing ? await startPgServer({ durable: true }) : null;
  built = buildBot();
  const t0 = performance.now();
  bot = await startBotProcess(fake, {
    databasePath,
    ...(server ? { databaseUrl: server.url } : {}),
    built,
    shards: SHARDS,
    guildId: null,
    stderr: 'inherit',
    env: { METRICS_PORT: '0', LOG_LEVEL: 'warn' },
    timeoutMs: 2 * TIMEOUT,
  });
  await until(() => (bot!.output().match(/is online as/g) ?? []).length >= SHARDS, TIMEOUT);
  const metricsUrls = new Map<number, string>();
  for (const m of bot.output().matchAll(/\(shard (\d+) of \d+\) is online as .*? Metrics: (http:\/\/[\d.:]+)\/metrics/g)) metricsUrls.set(Number(m[1]), m[2]!);
  shardPids = childrenOf(bot.pid);
  console.log(`Started ${SHARDS} shards in ${((performance.now() - t0) / 1000).toFixed(1)} s (pids ${shardPids.join(', ')}).`);

  const store = server ? await openPgStore(server.url, { migrate: false, poolSize: 4 }) : openStore(databasePath, { readonly: true, migrate: false });
  const serverCpu = () => (server ? treeCpu(server.pid()) : 0);
  const guilds = fake.guilds();
  const settleAll = () => until(async () => (await store.outbox.pending()).length === 0);
  await done(store, () => fake.command({ user: 'alice', name: 'warband submit', options: { text: VALOR_WARBAND } }), settleAll);
  await done(store, () => fake.command({ user: 'bob', name: 'warband submit', options: { text: HAVOC_WARBAND } }), settleAll);

  // Set up: one chain of challenges per guild, all guilds at once.
  const started = performance.now();
  const byGuild = guilds.map(() => [] as string[]);
  let made = 0;
  const progress = setInterval(() => {
    const now = byGuild.reduce((n, t) => n + t.length, 0);
    if (now !== made) console.log(`  ${now} of ${MATCHES} matches set up (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    made = now;
  }, 30_000);
  await Promise.all(guilds.map((g, i) => setUpGuild(fake, store, g.channel.id, Math.floor(MATCHES / GUILDS) + (i < MATCHES % GUILDS ? 1 : 0), byGuild[i]!)));
  clearInterval(progress);
  const setupSeconds = (performance.now() - started) / 1000;
  const threads = byGuild.flat();
  console.log(`Set up ${threads.length} matches in ${guilds.length} guilds in ${setupSeconds.toFixed(0)} s (${setupFailures} failed and left out).`);

  // Driven: one player per guild ends turns back to back, round the guild's matches.
  const clock = new ImageClock(fake);
  const before = new Map<number, Map<string, number>>();
  for (const [id, url] of metricsUrls) before.set(id, await scrape(url));
  const cpu0 = shardPids.map((pid) => ({ main: mainThreadCpu(pid), all: processCpu(pid) }));
  const fake0 = process.cpuUsage();
  const server0 = serverCpu();
  const peaks = shardPids.map((pid) => statusField(pid, 'VmRSS'));
  const sampler = setInterval(() => shardPids.forEach((pid, i) => (peaks[i] = Math.max(peaks[i]!, statusField(pid, 'VmRSS')))), 100);
  const latencies: number[] = [];
  let skipped = 0;
  const perGuild = Math.ceil(ACTS / guilds.length);
  const driveStart = performance.now();
  await Promise.all(
    byGuild.map(async (own) => {
      for (let i = 0; i < perGuild && own.length > 0; i++) {
        const thread = own[i % own.length]!;
        const ready = await answerPrompts(fake, store, thread, matchSettled(store, thread)).then(
          () => true,
          () => false,
        );
        let command: Awaited<ReturnType<typeof endCommand>> = null;
        try {
          command = ready ? await endCommand(store, thread) : null;
        } catch (error) {
          // A match the read-only connection could not read now: skipped, and said once.
          if (skipped++ === 0) console.error(`  a match could not be read (${error instanceof Error ? error.message : String(error)}); skipped`);
        }
        if (!command) continue;
        const image = clock.next(thread);
        const t = performance.now();
        try {
          await fake.command(command);
          latencies.push((await image) - t);
          await matchSettled(store, thread)();
        } catch {
          // Counted as late: its image never came within the time.
          latencies.push(Number.POSITIVE_INFINITY);
        }
      }
    }),
  );
  const wall = (performance.now() - driveStart) / 1000;
  clearInterval(sampler);
  const fakeCpu = process.cpuUsage(fake0);
  const serverShare = (serverCpu() - server0) / wall;
  const shards: ShardFigures[] = [];
  for (const [i, pid] of shardPids.entries()) {
    const id = [...metricsUrls.keys()][i] ?? i;
    const after = await scrape(metricsUrls.get(id)!);
    const b = before.get(id)!;
    const delta = (name: string) => total(after, name) - total(b, name);
    shards.push({
      id,
      pid,
      peakRss: peaks[i]!,
      endRss: statusField(pid, 'VmRSS'),
      main: (mainThreadCpu(pid) - cpu0[i]!.main) / wall,
      others: (processCpu(pid) - cpu0[i]!.all - (mainThreadCpu(pid) - cpu0[i]!.main)) / wall,
      lagP99: total(after, 'sellsword_nodejs_eventloop_lag_p99_seconds'),
      dbSeconds: delta('sellsword_act_transaction_seconds_sum'),
      acts: delta('sellsword_act_transaction_seconds_count'),
      renderSeconds: delta('sellsword_render_seconds_sum'),
    });
  }
  // Each shard's pid matches its metrics only if both lists are in shard order; the manager starts shard 0 first.
  const s = sorted(latencies.filter(Number.isFinite));
  const late = latencies.filter((l) => !Number.isFinite(l)).length;
  const rate = latencies.filter(Number.isFinite).length / wall;
  const fakeShare = (fakeCpu.user + fakeCpu.system) / 1e6 / wall;
  const cores = cpus().length;

  console.log('');
  const backend = server ? 'PostgreSQL (a local server, fsync on) shared by both' : 'SQLite (WAL) shared by both';
  console.log(`bench:scale — ${SHARDS} shards, ${threads.length} active matches in ${guilds.length} guilds, ${backend}, ${cores} cores`);
  console.log(
    `  set-up: ${threads.length} matches in ${setupSeconds.toFixed(0)} s${setupFailures ? ` (${setupFailures} more failed: an answer not filled in within ${TIMEOUT / 1000} s, or the database busy)` : ''}`,
  );
  console.log(`  driven: ${latencies.length} turn-ending acts by ${guilds.length} players at once in ${wall.toFixed(1)} s`);
  if (skipped) console.log(`  ${skipped} turns skipped: their match could not be read`);
  console.log(`  acts per second: ${rate.toFixed(1)}`);
  console.log(
    `  interaction → map image: p50 ${quantile(s, 0.5).toFixed(0)} ms, p99 ${quantile(s, 0.99).toFixed(0)} ms${late ? `, ${late} not within ${TIMEOUT / 1000} s` : ''}`,
  );
  for (const f of shards) {
    console.log(
      `  shard ${f.id} (pid ${f.pid}): RSS peak ${mb(f.peakRss).toFixed(0)} MB, at the end ${mb(f.endRss).toFixed(0)} MB; ` +
        `CPU main thread ${(f.main * 100).toFixed(0)}%, render workers and other threads ${(f.others * 100).toFixed(0)}% of a core; ` +
        `event-loop delay p99 ${(f.lagP99 * 1000).toFixed(0)} ms; act transactions ${f.acts} taking ${(f.dbSeconds * 1000).toFixed(0)} ms ` +
        `(${((f.dbSeconds / wall) * 100).toFixed(1)}% of the time${server ? ', added up over transactions running at once' : ''}); ` +
        `pictures ${(f.renderSeconds / wall).toFixed(2)} s per s (queueing for a worker included)`,
    );
  }
  if (server)
    console.log(
      `  PostgreSQL server: ${(serverShare * 100).toFixed(0)}% of a core (every connection's process, closed ones too, and the benchmark's own polling reads)`,
    );
  console.log(`  fake Discord (this process): ${(fakeShare * 100).toFixed(0)}% of a core; load average ${loadavg()[0]!.toFixed(2)}`);

  // Where it saturates first.
  const botCpu = shards.reduce((n, f) => n + f.main + f.others, 0);
  const renderCpu = shards.reduce((n, f) => n + f.others, 0);
  const maxMain = Math.max(...shards.map((f) => f.main));
  const maxLag = Math.max(...shards.map((f) => f.lagP99));
  // SQLite lets one writer in at a time, so its share is the time the act transactions held the file;
  // a PostgreSQL server runs them side by side, so its share is its CPU of the machine's.
  const dbShare = server ? serverShare / cores : shards.reduce((n, f) => n + f.dbSeconds, 0) / wall;
  const machine = (botCpu + serverShare + fakeShare) / cores;
  const verdicts: [string, number][] = [
    ['render CPU (render workers and other threads)', renderCpu / Math.max(1, cores)],
    ['the event loop (a shard main thread)', Math.max(maxMain, maxLag / 0.1)],
    [server ? 'the database (the PostgreSQL server’s CPU)' : 'the database (act transactions, one writer at a time on SQLite)', dbShare],
  ];
  verdicts.sort((a, b) => b[1] - a[1]);
  console.log(
    `  saturates first: ${verdicts[0]![0]} — shares of their capacity: ${verdicts.map(([n, v]) => `${n.split(' (')[0]} ${(v * 100).toFixed(0)}%`).join(', ')}; ` +
      `the whole machine was ${(machine * 100).toFixed(0)}% busy`,
  );
  // Active matches one 2-core machine carries: a play-by-post match sees about one act per player per day;
  // allow a hundred times that at peak (a busy evening) and keep the machine half free.
  // The fake Discord's CPU is left out: Discord's own servers do that work.
  const actsPerMatchPerSecondAtPeak = (2 * 100) / 86_400;
  const botCores = botCpu + serverShare;
  const perCoreRate = rate / Math.max(0.05, botCores);
  const carried = Math.floor((perCoreRate * 2 * 0.5) / actsPerMatchPerSecondAtPeak);
  console.log(
    `  estimate: ${rate.toFixed(1)} acts/s used ${botCores.toFixed(2)} cores of bot${server ? ' and database' : ''}, so ${perCoreRate.toFixed(1)} acts/s per core; at a peak of 100× the ` +
      `daily rate (two acts per match per day) and half the machine kept free, one 2-core machine carries about ${carried.toLocaleString('en')} active matches`,
  );

  await store.close();
  await bot.stop(20_000);
  await fake.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
