/**
 * `npm run bench` (bot part): drives the real bot, started by `src/cli/start.ts` in its own process
 * exactly as `npm start` does, through the project's fake Discord, and prints
 * - the time from an interaction (a turn-ending /end) to its map image being posted, p50 and p99
 *   (target p99 < 300 ms);
 * - the bot process's memory (RSS) with 200 active matches loaded (target < 400 MB).
 * The process is started by bot-process.ts, as the crash tests start it.
 * The fake Discord runs in this process, so its own memory (every posted image) is not counted.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gameOf } from '../commands/match-state';
import { matchRecord } from '../match/record';
import { startFakeDiscord, type FakeDiscord, type FakeMessage } from '../fakecord';
import { startBotProcess, type BotProcess } from './bot-process';
import { openStore } from '../store';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 200);
const TURNS = Number(process.env.BENCH_TURNS ?? 3);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const rssOf = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

async function settled(
  fake: FakeDiscord,
  run: () => Promise<{ response(ms?: number): Promise<unknown>; settled(o?: { quietMs?: number; timeoutMs?: number }): Promise<unknown> }>,
): Promise<void> {
  const out = await run();
  await out.response(10_000);
  await out.settled({ quietMs: 30, timeoutMs: 20_000 });
  void fake;
}

/** Waits until the thread has a message matching `test` among those after the first `since`. */
function waitForPost(fake: FakeDiscord, thread: string, since: number, test: (m: FakeMessage) => boolean, timeoutMs = 20_000): Promise<FakeMessage> {
  return fake.waitFor(() => fake.messages(thread).slice(since).find(test), timeoutMs);
}

const components = (m: FakeMessage) =>
  m.components.flatMap((row) => ('components' in row ? (row.components as { type: number; custom_id: string; options?: { value: string }[] }[]) : []));

async function answerPrompts(fake: FakeDiscord, store: ReturnType<typeof openStore>, thread: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const row = store.matches.byThread(thread);
    const snapshot = row ? matchRecord(row).snapshot : null;
    const prompt = snapshot ? (snapshot.stage === 'pregame' ? snapshot.pregame.prompt : snapshot.game.prompt) : null;
    if (!prompt) {
      if (snapshot && gameOf(snapshot)?.turn) return;
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    const message = await fake.waitFor(() =>
      fake
        .messages(thread)
        .filter((m) => components(m).length > 0 && m.mentions.includes(prompt.player))
        .at(-1),
    );
    const c = components(message)[0]!;
    const user = prompt.player;
    if (c.type === 3) await settled(fake, () => fake.select({ user, message: message.id, customId: c.custom_id, values: [c.options![0]!.value] }));
    else await settled(fake, () => fake.click({ user, message: message.id, customId: c.custom_id }));
    await fake.waitFor(() => store.matches.byThread(thread)!.seq !== row!.seq || undefined);
  }
}

async function main(): Promise<void> {
  const fake = await startFakeDiscord({ heartbeatMs: 5000 });
  const dir = mkdtempSync(join(tmpdir(), 'sellsword-bench-'));
  const databasePath = join(dir, 'bench.db');
  let bot: BotProcess | undefined;
  try {
    bot = await startBotProcess(fake, { databasePath, stderr: 'inherit' });
    const store = openStore(databasePath);
    const [alice, bob] = ['alice', 'bob'].map((n) => fake.user(n)!.id) as [string, string];
    await settled(fake, () =>
      fake.command({
        user: alice,
        name: 'warband submit',
        options: { text: "Hrolf's Watch | valor | mill-crossing | valor-knight, valor-guard, valor-squire" },
      }),
    );
    await settled(fake, () =>
      fake.command({
        user: bob,
        name: 'warband submit',
        options: { text: 'Grave Host | havoc | mill-crossing | havoc-orc-warboss, havoc-ghoul, havoc-ghoul' },
      }),
    );

    const threads: string[] = [];
    const started = performance.now();
    for (let i = 0; i < MATCHES; i++) {
      await settled(fake, () =>
        fake.command({ user: alice, name: 'skirmish challenge', options: { opponent: bob, warband: "Hrolf's Watch", points: 60, map: 'mill-crossing' } }),
      );
      const thread = fake.threads(fake.channel.id).at(-1)!.id;
      await settled(fake, () => fake.command({ user: bob, channel: thread, name: 'skirmish accept', options: { warband: 'Grave Host' } }));
      await answerPrompts(fake, store, thread);
      threads.push(thread);
      if (process.env.BENCH_DEBUG) console.error(`match ${i} set up`);
    }
    const setupSeconds = (performance.now() - started) / 1000;

    const latencies: number[] = [];
    for (let t = 0; t < TURNS; t++) {
      for (const thread of threads) {
        await answerPrompts(fake, store, thread);
        const game = gameOf(matchRecord(store.matches.byThread(thread)!).snapshot!)!;
        const turn = game.turn!;
        const unit = Object.values(game.units).find((u) => u.player === turn.player && !u.turnTaken && !u.dropped)!;
        const before = fake.messages(thread).length;
        const t0 = performance.now();
        await fake.command({ user: turn.player, channel: thread, name: 'end', options: { unit: unit.id } });
        await waitForPost(fake, thread, before, (m) => m.attachments.some((a) => a.contentType === 'image/png'));
        latencies.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    latencies.sort((a, b) => a - b);
    const rss = rssOf(bot.pid);
    const open = store.matches.open().length;
    store.close();
    console.log('\nSellsword Table bot benchmark (real bot process, fake Discord on 127.0.0.1)\n');
    console.log(`set up ${MATCHES} matches through Discord in ${setupSeconds.toFixed(1)} s (challenge, accept, setup prompts)`);
    console.log(
      `interaction → map image posted: p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms (${latencies.length} turns)   target p99 < 300 ms`,
    );
    console.log(`bot process RSS with ${open} active matches: ${(rss / 2 ** 20).toFixed(0)} MB   target < 400 MB`);
  } finally {
    await bot?.stop();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
