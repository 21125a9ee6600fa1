/**
 * `npm run bench:scale`: the bot on a grown database, under a realistic load, against a fake Discord
 * that answers with Discord-like latency (50–150 ms a request, src/fakecord `latencyMs`). Every figure
 * is measured; none is extrapolated.
 *
 * 1. Seed: the bundled bot with SHARDS=2 (discord.js's ShardingManager, bot-process.ts) sets up one real
 *    match per guild (20 guilds, ten on each shard) through the fake, played to its first turn.
 * 2. Grow: with the bot stopped, one real match row is cloned with new ids, in one transaction, into
 *    10,000 open matches (with its players and pending deadlines) and 50,000 finished ones, spread over
 *    the guilds. (Their event logs are not cloned: start-up, the scheduler and /metrics never read
 *    them.)
 * 3. Start: the same shards again on the grown database. Printed: each shard online after the start
 *    (from its process's start to its "online" line), each shard's RSS idle (10 s after), and
 *    one /metrics scrape of each shard, each against its target.
 * 4. Drive: one player per guild plays turns in its match, all guilds at once, as a person plays
 *    them (bench-mix.ts: autocomplete for the unit, attack and target or square; an attack or a move;
 *    the prompts that follow answered; `/end`). Printed: the mix, turns and acts per second, latencies
 *    (p50/p99), each shard's peak RSS and CPU.
 *
 * The database is PostgreSQL, a throw-away local server (pg-server.ts, fsync on) that both shards share;
 * where no server binaries exist, or with BENCH_SCALE_BACKEND=sqlite, a shared SQLite file (WAL).
 * BENCH_SCALE_OPEN (10000), BENCH_SCALE_FINISHED (50000), BENCH_SCALE_GUILDS (20) and
 * BENCH_SCALE_TURNS (100, turns in all) shrink it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startFakeDiscord, type FakeDiscord } from '../fakecord';
import { type MatchRow, openStore, type Store } from '../store';
import { openPgStore } from '../store/open-pg';
import { pgServerMissing, startPgServer, stopQuietly, type PgServer } from '../../test/support/pg-server';
import {
  answerPrompts,
  childrenOf,
  done,
  HAVOC_WARBAND,
  ImageClock,
  mainThreadCpu,
  mb,
  processCpu,
  quantile,
  sleep,
  sorted,
  statusField,
  TICK,
  TIMEOUT,
  VALOR_WARBAND,
} from './bench-drive';
import { addFigures, noFigures, playTurn } from './bench-mix';
import { buildBot, startBotProcess, type BotProcess } from '../../test/support/bot-process';

const OPEN = Number(process.env.BENCH_SCALE_OPEN ?? 10_000);
const FINISHED = Number(process.env.BENCH_SCALE_FINISHED ?? 50_000);
const GUILDS = Math.max(2, Number(process.env.BENCH_SCALE_GUILDS ?? 20));
const TURNS = Number(process.env.BENCH_SCALE_TURNS ?? 100);
const SHARDS = 2;
const LATENCY = { min: 50, max: 150 };
const TARGETS = { onlineMs: 5000, idleRssMb: 300, scrapeMs: 100 };

/** Polls `check` until it is true. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 3 * TIMEOUT): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(25);
  }
}

/** Waits until a match has nothing left to post: its own outbox, not everyone's. */
const matchSettled = (store: Store, thread: string) => () =>
  until(async () => {
    const row = await store.matches.byThread(thread);
    return row !== undefined && (await store.outbox.pending(row.id)).length === 0;
  });

/** A Prometheus text exposition as name{labels} → value. */
function parse(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

/** One /metrics scrape: its time (ms) and what it said. */
async function scrape(url: string): Promise<{ ms: number; metrics: Map<string, number> }> {
  const t = performance.now();
  const text = await (await fetch(`${url}/metrics`)).text();
  return { ms: performance.now() - t, metrics: parse(text) };
}

const verdict = (value: number, target: number) => (value < target ? 'met' : 'NOT met');
const ms = (x: number) => `${x.toFixed(0)} ms`;
const p = (xs: readonly number[], q: number) => (xs.length ? quantile(sorted(xs), q) : Number.NaN);

/** Sets up one match in a guild's channel, played to its first turn; its thread. */
async function setUpMatch(fake: FakeDiscord, store: Store, channel: string): Promise<string> {
  const challenge = { opponent: 'bob', warband: "Hrolf's Watch", points: 60, map: 'mill-crossing' };
  await done(
    store,
    () => fake.command({ user: 'alice', channel, name: 'skirmish challenge', options: challenge }),
    async () => undefined,
  );
  const thread = fake.threads(channel).at(-1)!.id;
  const settle = matchSettled(store, thread);
  await done(store, () => fake.command({ user: 'bob', channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } }), settle);
  await answerPrompts(fake, store, thread, settle);
  return thread;
}

/** The statements that clone match `source` into `count` rows with ids `prefix1…`, spread over `guilds`. */
function cloneStatements(source: string, prefix: string, count: number, guilds: readonly { id: string; channel: string }[], open: boolean): string[] {
  const q = (s: string) => `'${s.replaceAll("'", "''")}'`;
  const numbers = `n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})`;
  const places = `g(k, guild, channel) AS (VALUES ${guilds.map((g, k) => `(${k}, ${q(g.id)}, ${q(g.channel)})`).join(', ')})`;
  const id = `${q(prefix)} || n.i`;
  return [
    `WITH RECURSIVE ${numbers}, ${places}
     INSERT INTO matches (id, guild_id, channel_id, thread_id, status, players, terms, setup, snapshot, seq, winner, result, created_at, updated_at, ended_at)
     SELECT ${id}, g.guild, g.channel, ${q(`${prefix}t`)} || n.i, ${open ? 'm.status' : "'over'"}, m.players, m.terms, m.setup, m.snapshot, m.seq,
            m.winner, m.result, m.created_at, m.updated_at, ${open ? 'NULL' : 'm.updated_at'}
     FROM n JOIN g ON g.k = n.i % ${guilds.length} CROSS JOIN matches m WHERE m.id = ${q(source)}`,
    `WITH RECURSIVE ${numbers}
     INSERT INTO match_players (match_id, user_id, seat) SELECT ${id}, p.user_id, p.seat FROM n CROSS JOIN match_players p WHERE p.match_id = ${q(source)}`,
    ...(open
      ? [
          `WITH RECURSIVE ${numbers}
           INSERT INTO deadlines (match_id, due_at, kind, player, seq)
           SELECT ${id}, d.due_at, d.kind, d.player, d.seq FROM n CROSS JOIN deadlines d WHERE d.match_id = ${q(source)} AND d.done_at IS NULL`,
        ]
      : []),
  ];
}

/** Grows the database in one transaction; the seconds it took. */
async function grow(server: PgServer | null, databasePath: string, source: string, guilds: readonly { id: string; channel: string }[]): Promise<number> {
  const t = performance.now();
  const statements = [...cloneStatements(source, 'open', OPEN, guilds, true), ...cloneStatements(source, 'done', FINISHED, guilds, false)];
  if (server) {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      for (const s of statements) await client.query(s);
      await client.query('COMMIT');
      // As autovacuum would soon after such a load: the planner's figures for the grown tables.
      await client.query('ANALYZE');
    } finally {
      await client.end();
    }
  } else {
    const db = new Database(databasePath);
    try {
      db.transaction(() => {
        for (const s of statements) db.exec(s);
      })();
    } finally {
      db.close();
    }
  }
  return (performance.now() - t) / 1000;
}

/** When a process started, in seconds since boot (/proc's starttime, in clock ticks). */
function startedAt(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]) / TICK;
}

interface Run {
  bot: BotProcess;
  /** Each shard's time from its process's start to its "online" line (ms), by shard id. */
  online: Map<number, number>;
  urls: Map<number, string>;
  pids: number[];
}

async function startShards(fake: FakeDiscord, databasePath: string, server: PgServer | null, built: ReturnType<typeof buildBot>): Promise<Run> {
  const online = new Map<number, number>();
  const t0 = performance.now();
  let seen = '';
  const bot = await startBotProcess(fake, {
    databasePath,
    ...(server ? { databaseUrl: server.url } : {}),
    built,
    shards: SHARDS,
    guildId: null,
    env: { METRICS_PORT: '0', LOG_LEVEL: 'warn' },
    timeoutMs: 10 * TIMEOUT,
    onOutput: (text) => {
      seen += text;
      for (const m of seen.matchAll(/\(shard (\d+) of \d+\) is online as/g)) if (!online.has(Number(m[1]))) online.set(Number(m[1]), performance.now() - t0);
    },
  });
  // The manager reports its shards running once each is connected; their "online" lines (after resuming) may come later.
  await until(() => online.size >= SHARDS, 10 * TIMEOUT);
  // Each shard's time counts from its own process's start: the manager starts shard 1 once shard 0 is connected.
  const pids = childrenOf(bot.pid).sort((a, b) => a - b);
  const manager = startedAt(bot.pid);
  for (const [i, pid] of pids.entries()) {
    const id = i;
    if (online.has(id)) online.set(id, online.get(id)! - (startedAt(pid) - manager) * 1000);
  }
  const urls = new Map<number, string>();
  for (const m of bot.output().matchAll(/\(shard (\d+) of \d+\) is online as .*? Metrics: (http:\/\/[\w.:[\]]+)\/metrics/g)) urls.set(Number(m[1]), m[2]!);
  return { bot, online, urls, pids };
}

/** 1. One real match per guild, played through the fake; the largest one waiting on a turn is the source to clone. */
async function seed(fake: FakeDiscord, store: Store): Promise<{ threads: string[]; source: MatchRow }> {
  await done(
    store,
    () => fake.command({ user: 'alice', name: 'warband submit', options: { text: VALOR_WARBAND } }),
    async () => undefined,
  );
  await done(
    store,
    () => fake.command({ user: 'bob', name: 'warband submit', options: { text: HAVOC_WARBAND } }),
    async () => undefined,
  );
  const seeded = performance.now();
  const threads = (await Promise.all(fake.guilds().map((g) => setUpMatch(fake, store, g.channel.id).catch(() => null)))).filter((t): t is string => t !== null);
  console.log(`Seeded ${threads.length} matches (one per guild) through the fake in ${((performance.now() - seeded) / 1000).toFixed(0)} s.`);
  // The source: the largest of the played matches (one waiting on a turn, as most open matches are).
  const rows = (await Promise.all(threads.map((t) => store.matches.byThread(t)))).filter((r) => r?.status === 'playing');
  const source = rows.sort((a, b) => JSON.stringify(b).length - JSON.stringify(a).length)[0]!;
  return { threads, source };
}

interface Idle {
  readonly rss: number[];
  readonly scrapes: Map<number, number[]>;
  readonly openCounted: number[];
}

/** 3. The shards at rest on the grown database: RSS, five /metrics scrapes each, and the open matches they count. */
async function measureIdle(run: Run): Promise<Idle> {
  await sleep(10_000);
  const rss = run.pids.map((pid) => statusField(pid, 'VmRSS'));
  const scrapes = new Map<number, number[]>();
  for (const [id, url] of run.urls) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push((await scrape(url)).ms);
    scrapes.set(id, times);
  }
  const openCounted = await Promise.all([...run.urls.values()].map(async (u) => (await scrape(u)).metrics.get('sellsword_open_matches') ?? 0));
  return { rss, scrapes, openCounted };
}

interface Driven {
  readonly figures: ReturnType<typeof noFigures>;
  readonly turns: number;
  readonly failed: number;
  /** Seconds the drive took. */
  readonly wall: number;
  /** Each shard's share of a core: its main thread, and its whole process. */
  readonly cpu: { main: number; all: number }[];
  readonly peaks: number[];
}

/** 4. Every played match's player takes turns at once, as people play them, while each shard's RSS and CPU are sampled. */
async function drive(fake: FakeDiscord, store: Store, run: Run, threads: readonly string[], idleRss: readonly number[]): Promise<Driven> {
  const images = new ImageClock(fake);
  const cpu0 = run.pids.map((pid) => ({ main: mainThreadCpu(pid), all: processCpu(pid) }));
  const peaks = [...idleRss];
  const pids = run.pids;
  const sampler = setInterval(() => pids.forEach((pid, i) => (peaks[i] = Math.max(peaks[i]!, statusField(pid, 'VmRSS')))), 100);
  const figures = noFigures();
  let turns = 0;
  let failed = 0;
  const perThread = Math.ceil(TURNS / Math.max(1, threads.length));
  const driveStart = performance.now();
  await Promise.all(
    threads.map(async (thread, k) => {
      let r = k + 1;
      const pick = (n: number) => (n === 0 ? 0 : (r = (r * 7919 + 13) % 104_729) % Math.min(n, 4));
      for (let i = 0; i < perThread; i++) {
        try {
          addFigures(figures, await playTurn(fake, store, thread, images, matchSettled(store, thread), pick));
          turns++;
        } catch {
          failed++;
        }
      }
    }),
  );
  const wall = (performance.now() - driveStart) / 1000;
  clearInterval(sampler);
  const cpu = run.pids.map((pid, i) => ({ main: (mainThreadCpu(pid) - cpu0[i]!.main) / wall, all: (processCpu(pid) - cpu0[i]!.all) / wall }));
  return { figures, turns, failed, wall, cpu, peaks };
}

/** The figures, each beside its target where it has one. */
function report(run: Run, server: PgServer | null, played: number, idle: Idle, driven: Driven): void {
  const { figures, turns, failed, wall, cpu, peaks } = driven;
  const backend = server ? 'PostgreSQL (a local server, fsync on) shared by both' : 'SQLite (WAL) shared by both';
  const ids = [...run.online.keys()].sort((a, b) => a - b);
  console.log('');
  console.log(
    `bench:scale — ${SHARDS} shards, ${backend}, ${cpus().length} cores, the fake Discord answering in ${LATENCY.min}–${LATENCY.max} ms; ` +
      `${OPEN.toLocaleString('en')} open and ${FINISHED.toLocaleString('en')} finished matches beside ${played} played (every figure measured)`,
  );
  console.log(`  open matches the shards count: ${idle.openCounted.join(' + ')}`);
  for (const id of ids) {
    const online = run.online.get(id)!;
    const rss = mb(idle.rss[ids.indexOf(id)] ?? 0);
    const times = idle.scrapes.get(id) ?? [];
    console.log(
      `  shard ${id}: online ${ms(online)} after the start (target < ${TARGETS.onlineMs / 1000} s: ${verdict(online, TARGETS.onlineMs)}); ` +
        `RSS idle ${rss.toFixed(0)} MB (target < ${TARGETS.idleRssMb} MB: ${verdict(rss, TARGETS.idleRssMb)}); ` +
        `one /metrics scrape ${ms(times[0] ?? Number.NaN)} (then ${times
          .slice(1)
          .map((t) => t.toFixed(0))
          .join(', ')} ms; target < ${TARGETS.scrapeMs} ms: ${verdict(times[0] ?? Infinity, TARGETS.scrapeMs)})`,
    );
  }
  console.log(`  (a shard's start counts from its own process's start, to 10 ms, until it says it is online: connected, resumed, the first tick done)`);
  console.log(
    `  driven: ${turns} turns by ${played} players at once in ${wall.toFixed(1)} s${failed ? ` (${failed} turns failed)` : ''}: ` +
      `${figures.autocomplete.length} autocompletes, ${figures.attacks} attacks, ${figures.moves} moves, ${figures.prompts} prompts answered, ${figures.endToMap.length} /end, ${figures.refused} refused or unanswered`,
  );
  const acts = figures.attacks + figures.moves + figures.prompts + figures.endToMap.length;
  console.log(`  ${(turns / wall).toFixed(2)} turns/s, ${(acts / wall).toFixed(1)} acts/s (attacks, moves, prompt answers and /end)`);
  console.log(
    `  autocomplete → suggestions p50 ${ms(p(figures.autocomplete, 0.5))} p99 ${ms(p(figures.autocomplete, 0.99))}; ` +
      `attack or move → answer p50 ${ms(p(figures.act, 0.5))} p99 ${ms(p(figures.act, 0.99))}; ` +
      `/end → map image p50 ${ms(p(figures.endToMap.filter(Number.isFinite), 0.5))} p99 ${ms(p(figures.endToMap.filter(Number.isFinite), 0.99))}` +
      `${figures.endToMap.some((x) => !Number.isFinite(x)) ? `, ${figures.endToMap.filter((x) => !Number.isFinite(x)).length} not within ${TIMEOUT / 1000} s` : ''}`,
  );
  for (const [i, id] of ids.entries())
    console.log(
      `  shard ${id}: RSS peak ${mb(peaks[i]!).toFixed(0)} MB while driven; CPU ${(cpu[i]!.main * 100).toFixed(0)}% of a core on the main thread, ${((cpu[i]!.all - cpu[i]!.main) * 100).toFixed(0)}% on the others`,
    );
  console.log(`  load average ${loadavg()[0]!.toFixed(2)} (other work on the machine counts in every figure)`);
}

async function main(): Promise<void> {
  const fake = await startFakeDiscord({
    heartbeatMs: 5000,
    shards: SHARDS,
    guilds: Array.from({ length: GUILDS - 1 }, (_, i) => ({ name: `Guild ${i + 2}` })),
    latencyMs: LATENCY,
  });
  const dir = mkdtempSync(join(tmpdir(), 'sellsword-scale-'));
  const databasePath = join(dir, 'scale.db');
  const wantPg = (process.env.BENCH_SCALE_BACKEND ?? 'postgres') === 'postgres';
  const missing = wantPg ? pgServerMissing() : null;
  if (missing) console.log(`PostgreSQL not run (${missing}); the shards share a SQLite file instead.`);
  let server: PgServer | null = null;
  let run: Run | undefined;
  let built: ReturnType<typeof buildBot> | undefined;
  // Whatever fails from here on, nothing outlives this process.
  process.on('exit', () => {
    run?.bot.child.kill('SIGKILL');
    for (const pid of run?.pids ?? []) {
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
  const openReader = async (): Promise<Store> =>
    server ? openPgStore(server.url, { migrate: false, poolSize: 4 }) : openStore(databasePath, { readonly: true, migrate: false });

  run = await startShards(fake, databasePath, server, built);
  let store = await openReader();
  const { threads, source } = await seed(fake, store);
  await store.close();
  await run.bot.stop(30_000);

  // 2. Grow.
  const places = fake.guilds().map((g) => ({ id: g.id, channel: g.channel.id }));
  const growSeconds = await grow(server, databasePath, source.id, places);
  console.log(
    `Grew the database by ${OPEN.toLocaleString('en')} open and ${FINISHED.toLocaleString('en')} finished matches (match ${source.id}, ${(JSON.stringify(source).length / 1024).toFixed(0)} KB as JSON, cloned) in ${growSeconds.toFixed(0)} s.`,
  );

  run = await startShards(fake, databasePath, server, built);
  store = await openReader();
  const idle = await measureIdle(run);
  const driven = await drive(fake, store, run, threads, idle.rss);
  report(run, server, threads.length, idle, driven);

  await store.close();
  await run.bot.stop(30_000);
  await fake.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
