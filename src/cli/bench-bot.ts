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
 * - the bot's RSS with every match loaded.
 * The fake Discord runs in this process, on the same cores: its CPU (receiving every image) competes
 * with the bot's, as it would not against Discord. BENCH_MATCHES (default 200), BENCH_BURST (100) and
 * BENCH_RUNS (3) shrink it for a quick look; BENCH_BOT_NODE_ARGS adds node options to the bot (a profiler).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gameOf } from '../match/match-state';
import { matchRecord } from '../match/record';
import { startFakeDiscord, type FakeDiscord, type FakeMessage } from '../fakecord';
import { openStore, type Store } from '../store';
import { buildBot, startBotProcess, type BotProcess } from './bot-process';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 200);
const BURST = Math.min(MATCHES, Number(process.env.BENCH_BURST ?? 100));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TIMEOUT = 60_000;

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const mb = (bytes: number) => bytes / 2 ** 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls an answer that needs the (async) store until it holds; the fake's waitFor takes only synchronous checks. */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await sleep(20);
  }
}

/** CPU seconds of a process (all threads) or of one of its threads, from /proc. */
const TICK = 100; // USER_HZ on Linux
function cpuSeconds(path: string): number {
  const stat = readFileSync(path, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 (utime, stime) are the 12th and 13th after the command name.
  return (Number(fields[11]) + Number(fields[12])) / TICK;
}
const mainThreadCpu = (pid: number) => cpuSeconds(`/proc/${pid}/task/${pid}/stat`);
const processCpu = (pid: number) => cpuSeconds(`/proc/${pid}/stat`);
const statusField = (pid: number, field: string): number =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** A port free now, for the bot's metrics. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The main thread's JavaScript heap and the memory outside it, from the bot's own /metrics (prom-client's process figures). */
async function heapFigures(port: number): Promise<string> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^sellsword_${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return `main thread heap used ${mb(value('nodejs_heap_size_used_bytes')).toFixed(0)} MB of ${mb(value('nodejs_heap_size_total_bytes')).toFixed(0)} MB, external ${mb(value('nodejs_external_memory_bytes')).toFixed(0)} MB`;
}

/** Resets the kernel's peak-RSS mark (VmHWM) of a process; false when not allowed. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const components = (m: FakeMessage) =>
  m.components.flatMap((row) => ('components' in row ? (row.components as { type: number; custom_id: string; options?: { value: string }[] }[]) : []));

async function done(
  store: Store,
  run: () => Promise<{ response(ms?: number): Promise<unknown>; settled(o?: { quietMs?: number; timeoutMs?: number }): Promise<unknown> }>,
): Promise<void> {
  await outboxEmpty(store);
  const out = await run();
  await out.response(TIMEOUT);
  await out.settled({ quietMs: 30, timeoutMs: TIMEOUT });
}

const snapshotIn = async (store: Store, thread: string) => {
  const row = await store.matches.byThread(thread);
  return row ? (matchRecord(row).snapshot ?? undefined) : undefined;
};

/**
 * Waits until the bot has posted everything the match had to post, as a player clicks only what is
 * on screen. An interaction that reaches the bot while one of its own requests to the fake Discord is
 * still in flight can have its answer created in undici but never sent (seen with undici 6.29.1
 * against the fake, most readily when a prompt is clicked before the bot has heard back from posting
 * it); the answer then waits for discord.js's 15 s timeout and retries, and the act's posts behind it.
 * So every interaction but the burst's waits until the bot has nothing left to post; the burst keeps
 * the case in, and counts an image not posted within a minute as late.
 */
async function outboxEmpty(store: Store): Promise<void> {
  // Three minutes: an answer stuck as above is given up by discord.js after four 15 s tries.
  await until(async () => (await store.outbox.pending()).length === 0, 3 * TIMEOUT, 'the outbox did not empty');
}

/** Answers the match's open prompts with their first choice until a player has a turn to take. */
async function answerPrompts(fake: FakeDiscord, store: Store, thread: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const row = await store.matches.byThread(thread);
    const snapshot = row ? (matchRecord(row).snapshot ?? undefined) : undefined;
    const prompt = snapshot ? (snapshot.stage === 'pregame' ? snapshot.pregame.prompt : snapshot.game.prompt) : null;
    if (!prompt) {
      const game = snapshot ? gameOf(snapshot) : null;
      if (game?.turn || game?.over) return;
      await sleep(20);
      continue;
    }
    await outboxEmpty(store);
    const message = await fake.waitFor(
      () =>
        fake
          .messages(thread)
          .filter((m) => components(m).length > 0 && m.mentions.includes(prompt.player))
          .at(-1),
      TIMEOUT,
    );
    const c = components(message)[0]!;
    const user = prompt.player;
    if (c.type === 3) await done(store, () => fake.select({ user, message: message.id, customId: c.custom_id, values: [c.options![0]!.value] }));
    else await done(store, () => fake.click({ user, message: message.id, customId: c.custom_id }));
    await until(async () => (await store.matches.byThread(thread))!.seq !== row!.seq, TIMEOUT, 'the match did not move on');
  }
}

/** The `/end` that ends the current player's turn with a unit that has not acted, or null once the match is over. */
async function endCommand(store: Store, thread: string): Promise<{ user: string; channel: string; name: string; options: { unit: string } } | null> {
  const game = gameOf((await snapshotIn(store, thread))!);
  if (!game || game.over || !game.turn) return null;
  const turn = game.turn;
  const unit = turn.unit ?? Object.values(game.units).find((u) => u.player === turn.player && !u.turnTaken && !u.dropped)?.id;
  return unit ? { user: turn.player, channel: thread, name: 'end', options: { unit } } : null;
}

/** Times when each thread next gets a map image, from one listener on the fake. */
class ImageClock {
  readonly #waiting = new Map<string, (at: number) => void>();
  constructor(fake: FakeDiscord) {
    fake.on('message-create', (m) => {
      if (!m.attachments.some((a) => a.contentType === 'image/png')) return;
      const resolve = this.#waiting.get(m.channelId);
      if (resolve) {
        this.#waiting.delete(m.channelId);
        resolve(performance.now());
      }
    });
  }
  /** When the thread's next image is posted; Infinity when none is within TIMEOUT (counted as late). */
  next(thread: string): Promise<number> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(thread);
        resolve(Infinity);
      }, TIMEOUT);
      this.#waiting.set(thread, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
  }
}

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

async function burst(fake: FakeDiscord, store: Store, clock: ImageClock, pid: number, threads: readonly string[]) {
  for (const thread of threads) await answerPrompts(fake, store, thread);
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

async function main(): Promise<void> {
  const fake = await startFakeDiscord({ heartbeatMs: 5000 });
  const dir = mkdtempSync(join(tmpdir(), 'sellsword-bench-'));
  const databasePath = join(dir, 'bench.db');
  let bot: BotProcess | undefined;
  const built = buildBot();
  const metricsPort = await freePort();
  // However this process ends (a timeout throws from a timer), the bot does not outlive it.
  process.on('exit', () => {
    bot?.child.kill('SIGKILL');
    built.remove();
  });
  try {
    // BENCH_BOT_NODE_ARGS: extra node options for the bot, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    bot = await startBotProcess(fake, {
      databasePath,
      built,
      env: { METRICS_PORT: String(metricsPort) },
      stderr: 'inherit',
      nodeArgs: (process.env.BENCH_BOT_NODE_ARGS ?? '').split(' ').filter(Boolean),
      timeoutMs: TIMEOUT,
    });
    const pid = bot.pid;
    const store = openStore(databasePath, { readonly: true, migrate: false });
    const [alice, bob] = ['alice', 'bob'].map((n) => fake.user(n)!.id) as [string, string];
    await done(store, () =>
      fake.command({
        user: alice,
        name: 'warband submit',
        options: { text: "Hrolf's Watch | valor | mill-crossing | valor-knight, valor-guard, valor-squire" },
      }),
    );
    await done(store, () =>
      fake.command({
        user: bob,
        name: 'warband submit',
        options: { text: 'Grave Host | havoc | mill-crossing | havoc-orc-warboss, havoc-ghoul, havoc-ghoul' },
      }),
    );

    const threads: string[] = [];
    const started = performance.now();
    for (let i = 0; i < MATCHES; i++) {
      await done(store, () =>
        fake.command({ user: alice, name: 'skirmish challenge', options: { opponent: bob, warband: "Hrolf's Watch", points: 60, map: 'mill-crossing' } }),
      );
      const thread = fake.threads(fake.channel.id).at(-1)!.id;
      await done(store, () => fake.command({ user: bob, channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } }));
      await answerPrompts(fake, store, thread);
      threads.push(thread);
      if (process.env.BENCH_DEBUG) console.error(`match ${i} set up`);
    }
    const setupSeconds = (performance.now() - started) / 1000;
    const clock = new ImageClock(fake);

    const runs: RunFigures[] = [];
    for (let r = 0; r < RUNS; r++) {
      const sequential = await oneAtATime(fake, store, clock, pid, threads);
      const burstThreads = threads.slice((r * BURST) % Math.max(1, threads.length - BURST + 1)).slice(0, BURST);
      const b = await burst(fake, store, clock, pid, burstThreads.length === BURST ? burstThreads : threads.slice(0, BURST));
      const load = loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
      runs.push({ ...sequential, ...b, load });
      console.error(
        `run ${r + 1}: ${sequential.acts} acts one at a time: p50 ${sequential.p50.toFixed(1)} ms, p99 ${sequential.p99.toFixed(1)} ms, main thread ${sequential.mainCpuMs.toFixed(1)} ms/act, process ${sequential.processCpuMs.toFixed(1)} ms/act, fake Discord ${sequential.fakeCpuMs.toFixed(1)} ms/act; ` +
          `burst of ${b.burstActs}: p50 ${b.burstP50.toFixed(0)} ms, p99 ${b.burstP99.toFixed(0)} ms, ${b.burstRate.toFixed(1)} acts/s, peak RSS ${b.burstPeakMb.toFixed(0)} MB, autocomplete ${b.autocompleteMs.map((x) => x.toFixed(0)).join('/')} ms; load ${load}`,
      );
    }
    const rss = statusField(pid, 'VmRSS');
    const open = (await store.matches.open()).length;
    await store.close();
    const autocomplete = sorted(runs.flatMap((r) => r.autocompleteMs));
    console.log('\nSellsword Table bot benchmark (real bot process, fake Discord on 127.0.0.1 in the benchmark process)\n');
    console.log(
      `set up ${MATCHES} matches through Discord in ${setupSeconds.toFixed(1)} s; ${RUNS} runs; load average at the end of each run: ${runs.map((r) => `[${r.load}]`).join(' ')}`,
    );
    console.log(
      `one turn-ending act at a time over ${MATCHES} matches (${runs.map((r) => r.acts).join(', ')} acts; images not posted within ${TIMEOUT / 1000} s: ${runs.map((r) => r.late).join(', ')}):`,
    );
    console.log(
      `  ${spread(
        'interaction → map image posted, p50',
        runs.map((r) => r.p50),
        ' ms',
        1,
        'none',
      )}`,
    );
    console.log(
      `  ${spread(
        'interaction → map image posted, p99',
        runs.map((r) => r.p99),
        ' ms',
        1,
        'p99 < 100 ms',
      )}`,
    );
    console.log(
      `  ${spread(
        'bot CPU on the main thread per turn-ending act',
        runs.map((r) => r.mainCpuMs),
        ' ms',
        1,
        '≤ 15 ms',
      )}`,
    );
    console.log(
      `  ${spread(
        'bot CPU in the whole process per turn-ending act (render workers included)',
        runs.map((r) => r.processCpuMs),
        ' ms',
        1,
        'none',
      )}`,
    );
    console.log(
      `  ${spread(
        'this process (the fake Discord, on the same cores) CPU per turn-ending act',
        runs.map((r) => r.fakeCpuMs),
        ' ms',
        1,
        'none',
      )}`,
    );
    console.log(
      `burst: ${BURST} matches end a turn at the same instant (images not posted within ${TIMEOUT / 1000} s: ${runs.map((r) => r.burstLate).join(', ')}):`,
    );
    console.log(
      `  ${spread(
        'time until the image is posted, p50',
        runs.map((r) => r.burstP50),
        ' ms',
        0,
        'none',
      )}`,
    );
    console.log(
      `  ${spread(
        'time until the image is posted, p99',
        runs.map((r) => r.burstP99),
        ' ms',
        0,
        'p99 < 3000 ms',
      )}`,
    );
    console.log(
      `  ${spread(
        'turn-ending acts per second (burst size / time to the last image)',
        runs.map((r) => r.burstRate),
        ' acts/s',
        1,
        '≥ 30 acts/s',
      )}`,
    );
    console.log(
      `  ${spread(
        `bot peak RSS during the burst (${runs[0]!.peakHow})`,
        runs.map((r) => r.burstPeakMb),
        ' MB',
        0,
        '< 500 MB',
      )}`,
    );
    const busy = (pick: (b: RunFigures['burstBusy']) => number) => runs.map((r) => `${Math.round(pick(r.burstBusy) * 100)} %`).join(', ');
    console.log(
      `  CPU during the burst, as a share of one core (run by run): bot main thread ${busy((b) => b.main)}; bot render workers and other threads ${busy((b) => b.others)}; fake Discord ${busy((b) => b.fake)}`,
    );
    if (autocomplete.length > 0)
      console.log(
        `  autocomplete answered during the bursts: median ${quantile(autocomplete, 0.5).toFixed(0)} ms, max ${autocomplete[autocomplete.length - 1]!.toFixed(0)} ms (${autocomplete.length} requests)`,
      );
    console.log(`bot process RSS with ${open} active matches: ${mb(rss).toFixed(0)} MB   target < 400 MB`);
    console.log(`  of which: ${await heapFigures(metricsPort)}; the rest is native (canvas, SQLite) and the render workers`);
  } finally {
    // A clean stop (a profiler writes its file then); killed if it takes more than 20 s.
    await bot?.stop(20_000);
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
