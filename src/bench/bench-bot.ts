/**
 * `npm run bench` (bot part): drives the real bot, bundled and started in its own process exactly as
 * `npm start` runs it (dist/start.js with plain node, render pool included; bot-process.ts), through
 * the project's fake Discord, and prints,
 * for each of three runs and as min / median / max over them:
 * - one turn-ending act at a time over every match (`/end`): the time from the interaction to its
 *   map image being posted, p50 and p99 (target p99 < 100 ms); and the bot's CPU per such act, on
 *   its main thread (target ≤ 15 ms) and in the whole process (render workers included);
 * - a burst: 100 matches end a turn at the same instant. The time until each image is posted, p50
 *   and p99 (target p99 < 3 s); turn-ending acts per second (100 / time to the last image; target
 *   ≥ 30); the bot's peak RSS during the burst (target < 500 MB); and how long autocomplete requests
 *   sent during the burst waited for their answer (the main thread must keep answering);
 * - realistic play, 8 units a side on the four shipped maps in turn (bench-drive.ts realisticTurn):
 *   whole turns as a player takes them (autocomplete one request per keystroke, a move, an attack
 *   when one is in reach, replies and wound splits answered, the end), then a burst of turn ends
 *   each after a move. It prints each figure of the turn targets with its verdict, computed: the
 *   unit list's main-thread CPU per autocomplete request, a whole turn's and a turn end's process CPU
 *   (main thread beside), the burst's p99, peak RSS and acts per second. The cheap `/end` above is
 *   printed as the FLOOR;
 * - the bot's RSS with every match loaded, and with 1,000 when BENCH_MATCHES is 1,000 (never extrapolated);
 * - act transactions per second on one connection with every match in the database, the bot stopped.
 * It does all of this once on each backend: SQLite, and PostgreSQL on a throw-away local server
 * (pg-server.ts, fsync on), which says in one line that it was not run where no server binaries exist.
 * The fake Discord runs in this process, on the same cores: its CPU (receiving every image) competes
 * with the bot's, as it would not against Discord. BENCH_MATCHES (default 200), BENCH_BURST (100),
 * BENCH_RUNS or `--runs N` (3), BENCH_TURNS (realistic turns per run, 20), BENCH_WARM_TURNS (untimed realistic turns before the runs, 40) and BENCH_BACKENDS (sqlite,postgres) shrink it for a quick look, BENCH_FLOOR=0 leaves the floor out; BENCH_BOT_NODE_ARGS
 * adds node options to the bot (a profiler).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeDiscord, type FakeDiscord } from '../fakecord';
import { openStore, type Store } from '../store';
import { openPgStore } from '../store/open-pg';
import { freePort, pgServerMissing, startPgServer, stopQuietly } from '../../test/support/pg-server';
import { buildBot, startBotProcess, type BotProcess } from '../../test/support/bot-process';
import {
  answerPrompts,
  done,
  endCommand,
  ImageClock,
  mainThreadCpu,
  mb,
  outboxEmpty,
  processCpu,
  quantile,
  resetPeak,
  sleep,
  sorted,
  statusField,
  TIMEOUT,
  treeCpu,
  VALOR_EIGHT,
  HAVOC_EIGHT,
  SHIPPED_MAPS,
  moveFirst,
  closeIn,
  realisticTurn,
  verdict,
  type TurnCost,
  type ThreadCpu,
} from './bench-drive';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 200);
const BURST = Math.min(MATCHES, Number(process.env.BENCH_BURST ?? 100));
/** `--runs N` or BENCH_RUNS: how many runs (min / median / max over them). */
const runsFlag = process.argv.indexOf('--runs');
const RUNS = Number(runsFlag >= 0 ? process.argv[runsFlag + 1] : (process.env.BENCH_RUNS ?? 3));
/** Untimed turns at most that bring a realistic match's two sides together before the timed turns. */
const CLOSE_IN_TURNS = 80;
/** Realistic turns played one at a time per run (BENCH_TURNS), in turn over the first four matches. */
const TURNS = Number(process.env.BENCH_TURNS ?? 20);
/**
 * Realistic turns played untimed after the sides meet (BENCH_WARM_TURNS): a bot that has run for a
 * while has compiled its hot code, and without these the first timed turns also paid for V8's
 * optimising compiler (on its own threads, counted in the process's CPU) working through the
 * attack, reply and wound paths the walk across the map never took.
 */
const WARM_TURNS = Number(process.env.BENCH_WARM_TURNS ?? 40);
/** How long after the last act the RSS with every match is read, at rest. */
const REST_MS = 25_000;
/**
 * BENCH_FLOOR=0: realistic play only (no cheap `/end` floor; the realistic burst takes the first
 * BURST matches). For a quick look at, or a profile of, the realistic figures alone.
 */
const FLOOR = process.env.BENCH_FLOOR !== '0';

/** The main thread's JavaScript heap and the memory outside it, from the bot's own /metrics (prom-client's process figures). */
async function heapFigures(port: number): Promise<string> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^sellsword_${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return `main thread heap used ${mb(value('nodejs_heap_size_used_bytes')).toFixed(0)} MB of ${mb(value('nodejs_heap_size_total_bytes')).toFixed(0)} MB, external ${mb(value('nodejs_external_memory_bytes')).toFixed(0)} MB`;
}

/** The full collections the bot's threads ran because pictures piled up (bot/collect.ts), and the posts drawn. */
interface Collections {
  readonly render: number;
  readonly main: number;
  readonly drawn: number;
}

/** The bot's counts of forced collections by thread and of posts drawn, from its /metrics. */
async function collectionCounts(port: number): Promise<Collections> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const sum = (pattern: RegExp) => [...text.matchAll(pattern)].reduce((n, m) => n + Number(m[1]), 0);
  return {
    render: sum(/^sellsword_forced_collections_total\{thread="render"\} (\S+)$/gm),
    main: sum(/^sellsword_forced_collections_total\{thread="main"\} (\S+)$/gm),
    drawn: sum(/^sellsword_render_seconds_count(?:\{[^}]*\})? (\S+)$/gm),
  };
}

/** What `during` made the bot's threads collect, beside its own figures. */
async function counting<T>(port: number, during: () => Promise<T>): Promise<T & { readonly collections: Collections }> {
  const before = await collectionCounts(port);
  const figures = await during();
  const after = await collectionCounts(port);
  return { ...figures, collections: { render: after.render - before.render, main: after.main - before.main, drawn: after.drawn - before.drawn } };
}

/** Forced collections per 100 posts drawn, by thread, as printed. */
const per100 = (c: Collections): string => {
  const rate = (n: number) => (c.drawn === 0 ? 'n/a' : ((n * 100) / c.drawn).toFixed(1));
  return `render workers ${rate(c.render)}, main thread ${rate(c.main)} (${c.render} and ${c.main} over ${c.drawn} posts)`;
};

interface RunFigures {
  readonly p50: number;
  readonly p99: number;
  readonly acts: number;
  /** Images not posted within TIMEOUT. */
  readonly late: number;
  readonly mainCpuMs: number;
  readonly processCpuMs: number;
  readonly fakeCpuMs: number;
  readonly burstP50: number;
  readonly burstP99: number;
  readonly burstRate: number;
  readonly burstLate: number;
  readonly burstPeakMb: number;
  readonly peakHow: string;
  readonly autocompleteMs: readonly number[];
  /** During the burst, each side's CPU as a share of one core: where the burst is bound. */
  readonly burstBusy: { readonly main: number; readonly others: number; readonly fake: number };
  readonly load: string;
  /** Forced collections during the floor's burst. */
  readonly collections: Collections;
  /**
   * Realistic play: turns one at a time, then a burst of realistic turn ends (each after a move);
   * `drawn`: the posts the render workers drew over the whole turns (each turn's post, prompts, pings' close-ups).
   */
  readonly real: {
    readonly turns: readonly TurnCost[];
    readonly drawn: number;
    readonly burst: Awaited<ReturnType<typeof burst>> & { readonly collections: Collections };
  };
}

async function oneAtATime(fake: FakeDiscord, store: Store, clock: ImageClock, pid: number, threads: readonly string[]) {
  const latencies: number[] = [];
  let main = 0;
  let all = 0;
  let fakeCpu = 0;
  for (const thread of threads) {
    await answerPrompts(fake, store, thread);
    const command = await endCommand(store, thread);
    if (!command) continue;
    // One act at a time: the last one's posts (prompts retired, pings) are all out first (see answerPrompts).
    await outboxEmpty(store);
    const before = fake.messages(thread).length;
    const [m0, p0, f0] = [mainThreadCpu(pid), processCpu(pid), process.cpuUsage()];
    const t0 = performance.now();
    const image = clock.next(thread);
    await fake.command(command);
    latencies.push((await image) - t0);
    // The act's other posts (the next player's ping or prompt) are part of its cost.
    await fake.waitFor(() => fake.messages(thread).length > before + 1 || undefined, TIMEOUT).catch(() => undefined);
    await sleep(30);
    main += mainThreadCpu(pid) - m0;
    all += processCpu(pid) - p0;
    const f = process.cpuUsage(f0);
    fakeCpu += (f.user + f.system) / 1e6;
  }
  const s = sorted(latencies);
  return {
    p50: quantile(s, 0.5),
    p99: quantile(s, 0.99),
    acts: latencies.length,
    late: latencies.filter((l) => !Number.isFinite(l)).length,
    mainCpuMs: (main * 1000) / latencies.length,
    processCpuMs: (all * 1000) / latencies.length,
    fakeCpuMs: (fakeCpu * 1000) / latencies.length,
  };
}

async function burst(fake: FakeDiscord, store: Store, clock: ImageClock, pid: number, threads: readonly string[], answer = true) {
  if (answer) for (const thread of threads) await answerPrompts(fake, store, thread);
  await sleep(500);
  const ready: { thread: string; command: NonNullable<Awaited<ReturnType<typeof endCommand>>> }[] = [];
  for (const thread of threads) {
    const command = await endCommand(store, thread);
    if (command) ready.push({ thread, command });
  }
  const exact = resetPeak(pid);
  let sampled = statusField(pid, 'VmRSS');
  const sampler = setInterval(() => (sampled = Math.max(sampled, statusField(pid, 'VmRSS'))), 10);
  // Autocomplete while the burst is drawn: the main thread must keep answering.
  const asker = threads[threads.length - 1]!;
  const autocompleteMs: number[] = [];
  const askWhileBusy = (async () => {
    for (let i = 0; i < 5; i++) {
      await sleep(150);
      const command = await endCommand(store, asker);
      if (!command) return;
      const t = performance.now();
      await fake.autocomplete({ user: command.user, channel: asker, name: 'end', options: { unit: '' }, focused: 'unit' }, TIMEOUT).catch(() => undefined);
      autocompleteMs.push(performance.now() - t);
    }
  })();
  const [m0, p0, f0] = [mainThreadCpu(pid), processCpu(pid), process.cpuUsage()];
  const requestsBefore = fake.requests().length;
  const t0 = performance.now();
  const images = ready.map(({ thread }) => clock.next(thread));
  await Promise.all(ready.map(({ command }) => fake.command(command)));
  const at = await Promise.all(images);
  const last = Math.max(...at);
  const [main, all, f] = [mainThreadCpu(pid) - m0, processCpu(pid) - p0, process.cpuUsage(f0)];
  const wall = (performance.now() - t0) / 1000;
  const burstBusy = { main: main / wall, others: (all - main) / wall, fake: (f.user + f.system) / 1e6 / wall };
  const routes = new Map<string, number>();
  for (const r of fake.requests().slice(requestsBefore)) routes.set(r.route ?? r.path, (routes.get(r.route ?? r.path) ?? 0) + 1);
  if (process.env.BENCH_DEBUG)
    for (const { thread } of ready.slice(0, 4))
      console.error(
        fake
          .messages(thread)
          .slice(-4)
          .map((m) => `[${m.content.slice(0, 90).replaceAll('\n', ' / ')}] files ${m.attachments.map((a) => a.filename).join(',')}`)
          .join('\n'),
        '\n--',
      );
  console.error([...routes].map(([route, n]) => `${route}: ${(n / ready.length).toFixed(2)}/act`).join('; '));
  await askWhileBusy;
  await sleep(200);
  clearInterval(sampler);
  const peak = exact ? statusField(pid, 'VmHWM') : sampled;
  const s = sorted(at.map((t) => t - t0));
  return {
    burstP50: quantile(s, 0.5),
    burstP99: quantile(s, 0.99),
    burstRate: ready.length / ((last - t0) / 1000),
    burstLate: at.filter((t) => !Number.isFinite(t)).length,
    burstPeakMb: mb(peak),
    peakHow: exact ? 'kernel peak (VmHWM)' : 'sampled every 10 ms',
    autocompleteMs,
    burstBusy,
    burstActs: ready.length,
  };
}

function spread(label: string, values: readonly number[], unit: string, digits: number, target: string): string {
  const s = sorted(values);
  const f = (n: number) => `${n.toFixed(digits)}${unit}`;
  return `${label}: min ${f(s[0]!)}, median ${f(quantile(s, 0.5))}, max ${f(s[s.length - 1]!)}   target ${target}`;
}

type Backend = 'sqlite' | 'postgres';

/** Where the bot keeps its data in one backend's run, and a second connection for the benchmark to read it. */
interface Database {
  readonly label: string;
  /** The bot's settings: DATABASE_PATH always; DATABASE_URL for PostgreSQL. */
  readonly path: string;
  readonly url?: string;
  open(): Promise<Store>;
  /** The database server's processes, for their CPU (PostgreSQL); none for SQLite, which runs inside the bot. */
  readonly serverPid?: () => number;
  stop(): void;
}

async function database(backend: Backend): Promise<Database | string> {
  const dir = mkdtempSync(join(tmpdir(), 'sellsword-bench-'));
  const path = join(dir, 'bench.db');
  const remove = () => rmSync(dir, { recursive: true, force: true });
  if (backend === 'sqlite') {
    return { label: 'SQLite (a file in WAL mode, inside the bot process)', path, open: async () => openStore(path, { migrate: false }), stop: remove };
  }
  const missing = pgServerMissing();
  const server = missing ? null : await startPgServer({ durable: true });
  if (!server) {
    remove();
    return `PostgreSQL: not run, ${missing ?? 'the server did not start'}`;
  }
  return {
    label: 'PostgreSQL (a local server, fsync on, its own processes on the same 2 cores)',
    path,
    url: server.url,
    open: () => openPgStore(server.url, { migrate: false, poolSize: 2 }),
    serverPid: () => server.pid(),
    stop: () => {
      stopQuietly(server);
      remove();
    },
  };
}

/**
 * Act transactions back to back on one connection over every match (the bot stopped): how many one
 * core of the bot side commits per second with this many active matches in the database. Each act
 * rewrites its match's snapshot as it is and appends one placeholder event, so it writes what a real
 * act writes but for the rules engine's work; the database is thrown away afterwards.
 */
async function actRate(db: Database, seconds: number): Promise<{ rate: number; benchCpu: number; serverCpu: number; matches: number }> {
  const store = await db.open();
  try {
    const seqs = new Map((await store.matches.open()).map((row) => [row.id, row.seq]));
    const ids = [...seqs.keys()];
    const serverCpu = () => (db.serverPid ? treeCpu(db.serverPid()) : 0);
    const [c0, s0, t0] = [process.cpuUsage(), serverCpu(), performance.now()];
    let n = 0;
    while (performance.now() - t0 < seconds * 1000) {
      const id = ids[n % ids.length]!;
      const result = await store.matches.act(id, seqs.get(id)!, (snapshot: unknown) => ({ ok: true, events: [{ kind: 'bench' }], snapshot }));
      if (!result.ok) throw new Error(`the benchmark's act on match ${id} was ${result.reason}`);
      seqs.set(id, result.seq);
      n++;
    }
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(c0);
    return { rate: n / wall, benchCpu: (cpu.user + cpu.system) / 1e6 / wall, serverCpu: (serverCpu() - s0) / wall, matches: ids.length };
  } finally {
    await store.close();
  }
}

/** The bot process, started as `npm start` runs it, on this backend and against the fake Discord. */
function startBot(db: Database, fake: FakeDiscord, built: ReturnType<typeof buildBot>, metricsPort: number): Promise<BotProcess> {
  // BENCH_BOT_NODE_ARGS: extra node options for the bot, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  return startBotProcess(fake, {
    databasePath: db.path,
    ...(db.url ? { databaseUrl: db.url } : {}),
    built,
    env: { METRICS_PORT: String(metricsPort) },
    stderr: 'inherit',
    nodeArgs: (process.env.BENCH_BOT_NODE_ARGS ?? '').split(' ').filter(Boolean),
    timeoutMs: TIMEOUT,
  });
}

/** The matches set up for the runs, and the bot's RSS along the way. */
interface Matches {
  readonly threads: readonly string[];
  readonly setupSeconds: number;
  /** RSS once the first match is set up (its render worker warm). */
  readonly baseRss: number;
  /**
   * RSS once half the matches (at least one on every shipped map) are set up: the bot's bounded caches
   * (match rows, autocomplete answers, close-ups, statements, SQLite's pages) have filled and its heaps
   * have grown to their working size, which the first hundred or so matches pay for once. What each
   * further match adds is measured from here.
   */
  readonly warmRss: number;
  /** Matches set up when warmRss was read. */
  readonly warmAt: number;
  /** RSS with every match set up, before the runs: how much of the growth comes with the matches and how much with the runs. */
  readonly setupRss: number;
  /**
   * The same two readings at rest (REST_MS after the last act, the render workers' drawing memory let
   * go): what each match set up keeps, which the readings right after an act blur with what drawing
   * and the last collections left behind.
   */
  readonly warmRestRss: number;
  readonly setupRestRss: number;
}

/** Both warbands submitted, then MATCHES matches challenged, accepted and their prompts answered, all through Discord. */
async function setUpMatches(fake: FakeDiscord, reader: Store, pid: number): Promise<Matches> {
  let baseRss = 0;
  let warmRss = 0;
  let warmRestRss = 0;
  let resting = 0;
  const warmAt = Math.min(MATCHES, Math.max(SHIPPED_MAPS.length, Math.floor(MATCHES / 2)));
  const [alice, bob] = ['alice', 'bob'].map((n) => fake.user(n)!.id) as [string, string];
  await done(reader, () => fake.command({ user: alice, name: 'warband submit', options: { text: VALOR_EIGHT } }));
  await done(reader, () => fake.command({ user: bob, name: 'warband submit', options: { text: HAVOC_EIGHT } }));

  const threads: string[] = [];
  const started = performance.now();
  for (let i = 0; i < MATCHES; i++) {
    await done(reader, () =>
      fake.command({
        user: alice,
        name: 'skirmish challenge',
        options: { opponent: bob, warband: "Hrolf's Eight", points: 121, map: SHIPPED_MAPS[i % SHIPPED_MAPS.length]! },
      }),
    );
    const thread = fake.threads(fake.channel.id).at(-1)!.id;
    await done(reader, () => fake.command({ user: bob, channel: thread, name: 'skirmish accept', options: { warband: 'Grave Eight' } }));
    await answerPrompts(fake, reader, thread);
    threads.push(thread);
    if (i === 0) baseRss = statusField(pid, 'VmRSS');
    if (i === warmAt - 1) {
      warmRss = statusField(pid, 'VmRSS');
      await sleep(REST_MS);
      warmRestRss = statusField(pid, 'VmRSS');
      resting += REST_MS;
    }
    if (process.env.BENCH_DEBUG) console.error(`match ${i} set up`);
  }
  const setupSeconds = (performance.now() - started - resting) / 1000;
  const setupRss = statusField(pid, 'VmRSS');
  await sleep(REST_MS);
  return { threads, setupSeconds, baseRss, warmRss, warmAt, setupRss, warmRestRss, setupRestRss: statusField(pid, 'VmRSS') };
}

/**
 * The realistic matches (one per shipped map) played, untimed, until the two sides meet, so the timed
 * turns have attacks, replies and wound splits in them and not only the walk across the map; then
 * WARM_TURNS realistic turns. Returns the line that says how that went.
 */
async function closeInRealistic(fake: FakeDiscord, reader: Store, playing: readonly string[], pid: number): Promise<string> {
  const closing = performance.now();
  const closedIn: (number | null)[] = [];
  for (const thread of playing) closedIn.push(await closeIn(fake, reader, thread, CLOSE_IN_TURNS));
  for (let t = 0; t < WARM_TURNS; t++) await realisticTurn(fake, reader, playing[t % playing.length]!, pid);
  const closeSeconds = (performance.now() - closing) / 1000;
  return `closing in (untimed, before the runs): the realistic matches' sides met after ${closedIn.map((n) => (n === null ? `not within ${CLOSE_IN_TURNS}` : String(n))).join(', ')} turns, then ${WARM_TURNS} realistic turns warmed the bot (${closeSeconds.toFixed(0)} s)`;
}

/** What every run works on: the bot, the fake Discord, and the matches set up. */
interface Bench {
  readonly backend: Backend;
  readonly fake: FakeDiscord;
  readonly reader: Store;
  readonly clock: ImageClock;
  readonly pid: number;
  /** The bot's /metrics port: the bursts read its collection counts there. */
  readonly metricsPort: number;
  readonly threads: readonly string[];
  /** The realistic matches, one per shipped map, their sides already met. */
  readonly playing: readonly string[];
}

/** The floor: `/end` one at a time over every match, then a burst of them over BURST matches (a different slice each run). */
async function floorRun(b: Bench, r: number) {
  const { fake, reader, clock, pid, threads } = b;
  const sequential = await oneAtATime(fake, reader, clock, pid, threads);
  const sliced = threads.slice((r * BURST) % Math.max(1, threads.length - BURST + 1)).slice(0, BURST);
  const burstThreads = sliced.length === BURST ? sliced : threads.slice(0, BURST);
  const floorBurst = await counting(b.metricsPort, () => burst(fake, reader, clock, pid, burstThreads));
  return { sequential, floorBurst, burstThreads };
}

/** Realistic play: whole turns one at a time, then a burst of turn ends each after a move, on the floor burst's matches. */
async function realisticRun(b: Bench, burstThreads: readonly string[]): Promise<RunFigures['real']> {
  const { fake, reader, clock, pid, playing } = b;
  const turns: TurnCost[] = [];
  // Round the four realistic matches, so each game carries on where the sides met.
  const { collections } = await counting(b.metricsPort, async () => {
    for (let t = 0; t < TURNS; t++) {
      const cost = await realisticTurn(fake, reader, playing[t % playing.length]!, pid);
      if (cost) turns.push(cost);
    }
    return {};
  });
  const moved: string[] = [];
  for (const thread of burstThreads.slice()) if (await moveFirst(fake, reader, thread)) moved.push(thread);
  return { turns, drawn: collections.drawn, burst: await counting(b.metricsPort, () => burst(fake, reader, clock, pid, moved, false)) };
}

/** One run: the floor, then realistic play; its figures are also printed to stderr as soon as they are in. */
async function oneRun(b: Bench, r: number): Promise<RunFigures> {
  if (!FLOOR) return realisticOnly(b, r);
  const { sequential, floorBurst: fb, burstThreads } = await floorRun(b, r);
  const real = await realisticRun(b, burstThreads);
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.error(
    `${b.backend} run ${r + 1}: ${sequential.acts} acts one at a time: p50 ${sequential.p50.toFixed(1)} ms, p99 ${sequential.p99.toFixed(1)} ms, main thread ${sequential.mainCpuMs.toFixed(1)} ms/act, process ${sequential.processCpuMs.toFixed(1)} ms/act, fake Discord ${sequential.fakeCpuMs.toFixed(1)} ms/act; ` +
      `burst of ${fb.burstActs}: p50 ${fb.burstP50.toFixed(0)} ms, p99 ${fb.burstP99.toFixed(0)} ms, ${fb.burstRate.toFixed(1)} acts/s, peak RSS ${fb.burstPeakMb.toFixed(0)} MB, forced collections per 100 posts: ${per100(fb.collections)}, autocomplete ${fb.autocompleteMs.map((x) => x.toFixed(0)).join('/')} ms; load ${load}`,
  );
  return { ...sequential, ...fb, load, real };
}

/** A run of realistic play alone (BENCH_FLOOR=0): the floor's figures are NaN and printed as such. */
async function realisticOnly(b: Bench, r: number): Promise<RunFigures> {
  const burstThreads = b.threads.slice(0, BURST);
  const real = await realisticRun(b, burstThreads);
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.error(`${b.backend} run ${r + 1} (realistic only): load ${load}`);
  const none = Number.NaN;
  return {
    p50: none,
    p99: none,
    acts: 0,
    late: 0,
    mainCpuMs: none,
    processCpuMs: none,
    fakeCpuMs: none,
    burstP50: none,
    burstP99: none,
    burstRate: none,
    burstLate: 0,
    burstPeakMb: none,
    peakHow: real.burst.peakHow,
    autocompleteMs: [],
    burstBusy: { main: none, others: none, fake: none },
    load,
    collections: { render: 0, main: 0, drawn: 0 },
    real,
  };
}

async function benchOn(backend: Backend, built: ReturnType<typeof buildBot>): Promise<string[]> {
  const db = await database(backend);
  if (typeof db === 'string') return [db];
  let discord: FakeDiscord | undefined;
  let bot: BotProcess | undefined;
  let store: Store | undefined;
  const out: string[] = [];
  const say = (line: string) => out.push(line);
  // However this process ends (a timeout throws from a timer), the bot and the server do not outlive it.
  const cleanUp = () => {
    bot?.child.kill('SIGKILL');
    db.stop();
  };
  process.once('exit', cleanUp);
  try {
    const fake = (discord = await startFakeDiscord({ heartbeatMs: 5000 }));
    const metricsPort = await freePort();
    bot = await startBot(db, fake, built, metricsPort);
    const pid = bot.pid;
    store = await db.open();
    const reader = store;
    const matches = await setUpMatches(fake, reader, pid);
    const clock = new ImageClock(fake);
    const playing = matches.threads.slice(0, SHIPPED_MAPS.length);
    const closingLine = await closeInRealistic(fake, reader, playing, pid);

    const bench: Bench = { backend, fake, reader, clock, pid, metricsPort, threads: matches.threads, playing };
    const runs: RunFigures[] = [];
    for (let r = 0; r < RUNS; r++) runs.push(await oneRun(bench, r));
    const busyRss = statusField(pid, 'VmRSS');
    // At rest: longer than a render worker waits before it lets go of what drawing keeps (render-worker-main.ts).
    await sleep(REST_MS);
    const rss = statusField(pid, 'VmRSS');
    const open = (await reader.matches.open()).length;
    const heap = await heapFigures(metricsPort);
    await reader.close();
    store = undefined;
    // A clean stop (a profiler writes its file then); killed if it takes more than 20 s.
    await bot.stop(20_000);
    const acts = await actRate(db, 5);

    if (FLOOR) sayFloor(say, db, runs, matches.setupSeconds);
    else say(`Database: ${db.label}; set up ${MATCHES} matches in ${matches.setupSeconds.toFixed(1)} s; FLOOR not run (BENCH_FLOOR=0)`);
    sayRealistic(say, runs, closingLine);
    sayMemory(say, matches, { rss, busyRss, open, heap });
    say(
      `act transactions on one connection, one at a time, with ${acts.matches} active matches: ${acts.rate.toFixed(0)} per second ` +
        `(this process ${(acts.benchCpu * 100).toFixed(0)} % of a core${db.serverPid ? `, the PostgreSQL server ${(acts.serverCpu * 100).toFixed(0)} %` : ''})`,
    );
    return out;
  } finally {
    await store?.close();
    await bot?.stop(20_000);
    await discord?.close();
    process.removeListener('exit', cleanUp);
    db.stop();
  }
}

/** The backend, the set-up, and the floor's figures: `/end` one at a time, then in a burst. */
function sayFloor(say: (line: string) => void, db: Database, runs: readonly RunFigures[], setupSeconds: number): void {
  const autocomplete = sorted(runs.flatMap((r) => r.autocompleteMs));
  const line = (label: string, pick: (r: RunFigures) => number, unit: string, digits: number, target: string) =>
    say(`  ${spread(label, runs.map(pick), unit, digits, target)}`);
  say(`Database: ${db.label}`);
  say(
    `set up ${MATCHES} matches through Discord in ${setupSeconds.toFixed(1)} s; ${RUNS} runs; load average at the end of each run: ${runs.map((r) => `[${r.load}]`).join(' ')}`,
  );
  say('FLOOR (the cheapest act there is: /end by a unit that has not moved, so no move in the last-turn overlay):');
  say(
    `one turn-ending act at a time over ${MATCHES} matches (${runs.map((r) => r.acts).join(', ')} acts; images not posted within ${TIMEOUT / 1000} s: ${runs.map((r) => r.late).join(', ')}):`,
  );
  line('interaction → map image posted, p50', (r) => r.p50, ' ms', 1, 'none');
  line('interaction → map image posted, p99', (r) => r.p99, ' ms', 1, 'p99 < 100 ms');
  line('bot CPU on the main thread per turn-ending act', (r) => r.mainCpuMs, ' ms', 1, '≤ 15 ms');
  line('bot CPU in the whole process per turn-ending act (render workers included)', (r) => r.processCpuMs, ' ms', 1, 'none');
  line('this process (the fake Discord, on the same cores) CPU per turn-ending act', (r) => r.fakeCpuMs, ' ms', 1, 'none');
  say(`burst: ${BURST} matches end a turn at the same instant (images not posted within ${TIMEOUT / 1000} s: ${runs.map((r) => r.burstLate).join(', ')}):`);
  line('time until the image is posted, p50', (r) => r.burstP50, ' ms', 0, 'none');
  line('time until the image is posted, p99', (r) => r.burstP99, ' ms', 0, 'p99 < 3000 ms');
  line('turn-ending acts per second (burst size / time to the last image)', (r) => r.burstRate, ' acts/s', 1, '≥ 30 acts/s');
  line(`bot peak RSS during the burst (${runs[0]!.peakHow})`, (r) => r.burstPeakMb, ' MB', 0, '< 500 MB');
  say(`  full collections forced per 100 posts drawn (run by run): ${runs.map((r) => per100(r.collections)).join('; ')}`);
  const busy = (pick: (b: RunFigures['burstBusy']) => number) => runs.map((r) => `${Math.round(pick(r.burstBusy) * 100)} %`).join(', ');
  say(
    `  CPU during the burst, as a share of one core (run by run): bot main thread ${busy((b) => b.main)}; bot render workers and other threads ${busy((b) => b.others)}; fake Discord ${busy((b) => b.fake)}`,
  );
  if (autocomplete.length > 0)
    say(
      `  autocomplete answered during the bursts: median ${quantile(autocomplete, 0.5).toFixed(0)} ms, max ${autocomplete[autocomplete.length - 1]!.toFixed(0)} ms (${autocomplete.length} requests)`,
    );
}

/**
 * The bot's RSS with every match loaded and played, read at rest (REST_MS after the last act; the
 * bursts' peaks are figures of their own), and with 1,000 only when 1,000 were set up. It is never
 * extrapolated: with no match added the RSS moves by tens of megabytes (glibc's arenas, where each
 * heap's last collection left it, what drawing keeps), more than a few hundred matches add, so a
 * figure per match from fewer is noise times the matches missing. What the set-up's second half
 * added (after the warm-up: every map drawn, the bounded caches filled, the heaps at their working
 * size) is printed as read, at rest and right after the last act, for what it is.
 */
function sayMemory(
  say: (line: string) => void,
  m: Matches,
  end: { readonly rss: number; readonly busyRss: number; readonly open: number; readonly heap: string },
): void {
  const { baseRss, warmRss, warmAt, setupRss, warmRestRss, setupRestRss } = m;
  const { rss, busyRss, open, heap } = end;
  const counted = MATCHES - warmAt;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const perMatch = counted > 0 ? kb((setupRestRss - warmRestRss) / counted) : 'n/a';
  const perMatchBusy = counted > 0 ? kb((setupRss - warmRss) / counted) : 'n/a';
  say(
    `bot process RSS with ${open} active matches, at rest ${REST_MS / 1000} s after the runs: ${mb(rss).toFixed(0)} MB (as the last run ended: ${mb(busyRss).toFixed(0)} MB; with the first match set up: ${mb(baseRss).toFixed(0)} MB)`,
  );
  say(
    `  set-up, at rest: ${mb(warmRestRss).toFixed(0)} MB with ${warmAt}, ${mb(setupRestRss).toFixed(0)} MB with all ${MATCHES}: ${perMatch} a match between; right after the last act: ${mb(warmRss).toFixed(0)} and ${mb(setupRss).toFixed(0)} MB, ${perMatchBusy} a match (both within the RSS's own swings of tens of MB)`,
  );
  if (MATCHES >= 1000)
    say(
      `  RSS with 1,000 active matches: ${mb(rss).toFixed(0)} MB (MEASURED with ${open} open, at rest after the runs)   target < 350 MB: ${rss < 350 * 2 ** 20 ? 'MET' : 'MISSED'}`,
    );
  else
    say(
      `  RSS with 1,000 active matches: NOT MEASURED with ${MATCHES} (not extrapolated: the per-match figures above are within the RSS's swings; BENCH_MATCHES=1000 BENCH_RUNS=1 measures it, about ten minutes of set-up)   target < 350 MB`,
    );
  say(`  of which: ${heap}; the rest is native (canvas, the database driver) and the render workers`);
}

/** The figures about a turn, from realistic play, each with its target and verdict. */
function sayRealistic(say: (line: string) => void, runs: readonly RunFigures[], closing: string): void {
  const mean = (xs: readonly number[]) => (xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
  const ms = (s: number) => s * 1000;
  const per = (pick: (r: RunFigures) => number) => runs.map(pick);
  const row = (label: string, values: readonly number[], unit: string, digits: number, target: string, meets: (v: number) => boolean, beside = '') =>
    say(`  ${spread(label, values, unit, digits, target)}: ${verdict(values, meets)}${beside}`);
  /** The mean CPU by thread kind (bench-drive.ts threadCpu), run by run: where the process's CPU went. */
  const split = (all: readonly RunFigures[], pick: (r: RunFigures) => readonly ThreadCpu[]) =>
    (['main', 'render', 'rest'] as const)
      .map(
        (k) =>
          `${{ main: 'main thread', render: 'render workers', rest: "zlib's and V8's helper threads" }[k]} ${all
            .map((r) => ms(mean(pick(r).map((t) => t[k]))).toFixed(1))
            .join(' / ')} ms`,
      )
      .join(', ');
  const turns = (r: RunFigures) => r.real.turns;
  const ends = (r: RunFigures) => turns(r).filter((t) => t.endProcess !== null);
  say(closing);
  say(
    `REALISTIC PLAY (8 units a side, the four shipped maps in turn; each turn: the unit typed into /move one request per keystroke, a square typed, the move, an attack when one is in reach, replies and wound splits answered, /end typed and sent; every picture with last-turn overlay and close-up). Turns per run: ${runs.map((r) => `${turns(r).length} (${turns(r).filter((t) => t.moved).length} moved, ${turns(r).filter((t) => t.attacked).length} attacked, ${turns(r).reduce((n, t) => n + t.prompts, 0)} prompts answered, ${turns(r).reduce((n, t) => n + t.autocompletes, 0)} autocompletes)`).join(', ')}`,
  );
  row(
    'autocomplete, unit list, bot main-thread CPU per request',
    per((r) => ms(mean(turns(r).flatMap((t) => t.unitListMain)))),
    ' ms',
    2,
    '≤ 3 ms',
    (v) => v <= 3,
  );
  row(
    'a whole realistic turn, bot process CPU',
    per((r) => ms(mean(turns(r).map((t) => t.turnProcess)))),
    ' ms',
    1,
    '≤ 50 ms',
    (v) => v <= 50,
    `; ${split(runs, (r) => turns(r).map((t) => t.turnThreads))}; posts drawn by the render workers per turn ${per(
      (r) => r.real.drawn / Math.max(1, turns(r).length),
    )
      .map((v) => v.toFixed(1))
      .join(' / ')}`,
  );
  row(
    'a realistic turn end (after a move or attack), bot process CPU',
    per((r) => ms(mean(ends(r).map((t) => t.endProcess!)))),
    ' ms',
    1,
    '≤ 30 ms',
    (v) => v <= 30,
    `; ${split(runs, (r) => ends(r).map((t) => t.endThreads!))}`,
  );
  say(
    `  burst of realistic turn ends (${runs.map((r) => r.real.burst.burstActs).join(', ')} matches, each after a move; late: ${runs.map((r) => r.real.burst.burstLate).join(', ')}):`,
  );
  row(
    '  time until the image is posted, p99',
    per((r) => r.real.burst.burstP99),
    ' ms',
    0,
    '< 3000 ms',
    (v) => v < 3000,
  );
  row(
    `  bot peak RSS (${runs[0]!.real.burst.peakHow})`,
    per((r) => r.real.burst.burstPeakMb),
    ' MB',
    0,
    '< 450 MB',
    (v) => v < 450,
  );
  say(`    full collections forced per 100 posts drawn (run by run): ${runs.map((r) => per100(r.real.burst.collections)).join('; ')}`);
  row(
    '  realistic turn-ending acts per second',
    per((r) => r.real.burst.burstRate),
    ' acts/s',
    1,
    '≥ 30 acts/s',
    (v) => v >= 30,
  );
}

/** BENCH_BACKENDS: which backends to run, comma-separated (default both). */
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'sqlite,postgres').split(',').map((b) => b.trim()) as Backend[];

async function main(): Promise<void> {
  const built = buildBot();
  process.once('exit', () => built.remove());
  for (const backend of BACKENDS)
    if (backend !== 'sqlite' && backend !== 'postgres') throw new Error(`BENCH_BACKENDS: unknown backend ${backend}; use sqlite, postgres or both`);
  console.log('Sellsword Table bot benchmark (real bot process, fake Discord on 127.0.0.1 in the benchmark process)');
  // Each backend's figures as soon as they are in, so a failure in the second loses none of the first's.
  for (const backend of BACKENDS) console.log(`\n${(await benchOn(backend, built)).join('\n')}`);
  built.remove();
}

await main();
process.exit(0);
