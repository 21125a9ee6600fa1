/**
 * `npm run bench` (scheduler part), on a database file as the bot keeps it:
 * - 100,000 pending deadlines, 1,000 of them due: the time to find and claim the due ones in one
 *   tick (one UPDATE … RETURNING), target < 50 ms per tick;
 * - 1,000 matches with a prompt whose deadline has passed: the time for one tick to handle them all
 *   (each answered by the engine's default through the same path as a player's act, its posts and
 *   its next deadlines written), target < 5 s on one core.
 * The outbox is written but not delivered: delivery is the outbox worker's, measured by bench:bot.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Scheduler } from '../bot/scheduler';
import type { App } from '../commands/app';
import { HOUR } from '../clock/clock-terms';
import { beginMatch, gameOf, makeSetup, stepMatch, type MatchEvent, type MatchSetup, type MatchSnapshot } from '../match/match-state';
import { defaultContent } from '../content/load';
import { seeded } from '../engine';
import { pregameDefault } from '../rulesets/sellsword/engine';
import { openStore, type Store } from '../store';
import { Chooser, chooseCommand } from './selfplay';

const PENDING = Number(process.env.BENCH_DEADLINES ?? 100_000);
const DUE = Number(process.env.BENCH_DUE ?? 1_000);
const PROMPTS = Number(process.env.BENCH_PROMPTS ?? 1_000);
const content = defaultContent();
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const NOW = Date.UTC(2031, 0, 1);
const PLAYERS = ['111', '222'];

function appOn(store: Store): App {
  return {
    store,
    content,
    client: undefined as never,
    outbox: { hold: () => undefined, isHeld: () => false, release: () => undefined, kick: () => undefined },
    log: (m, e) => console.error(`${m}${e ? `: ${String(e)}` : ''}`),
    mintId: () => 'x',
    mintSecret: () => 'secret',
    now: () => NOW,
  };
}

async function claimTimes(dir: string): Promise<number[]> {
  const store = openStore(join(dir, 'claim.db'), { busyMs: 50 });
  try {
    const matches = 1000;
    await store.transaction(async () => {
      for (let m = 0; m < matches; m++)
        await store.matches.create({ id: `m${m}`, guildId: 'g', channelId: 'c', players: PLAYERS, terms: { points: 121, map: null, accepted: {} } });
      for (let i = 0; i < PENDING; i++) {
        // DUE of them fell due in the last day; the rest fall due over the next 30 days.
        const due = i < DUE ? NOW - 1 - Math.floor((i * 24 * HOUR) / DUE) : NOW + 1 + Math.floor(((i - DUE) * 30 * 24 * HOUR) / (PENDING - DUE));
        await store.deadlines.add({ matchId: `m${i % matches}`, due, kind: i % 3 === 0 ? 'turn' : 'reminder', player: PLAYERS[i % 2]!, seq: 1 });
      }
    });
    const times: number[] = [];
    for (let run = 0; run < 30; run++) {
      const t = performance.now();
      const claimed = await store.deadlines.claim(NOW, NOW + 10_000, 1000);
      times.push(performance.now() - t);
      if (claimed.length !== DUE) throw new Error(`claimed ${claimed.length}, expected ${DUE}`);
      // As if the tick that claimed them died: the next run claims them again.
      await store.deadlines.releaseClaims();
    }
    return times.sort((a, b) => a - b);
  } finally {
    await store.close();
  }
}

/** A match log from self-play that ends with a game prompt open: the kind of wait a timeout answers. */
function promptedMatch(seed: number): { setup: MatchSetup; events: MatchEvent[]; snapshot: MatchSnapshot } | null {
  const warband = (faction: string, cards: string[]) => ({ name: faction, faction, points: 121, units: cards.map((card) => ({ card })) });
  const setup = makeSetup(
    {
      seed,
      players: PLAYERS,
      names: { '111': 'Alice', '222': 'Bob' },
      warbands: {
        '111': warband('valor', ['valor-knight', 'valor-guard', 'valor-squire']),
        '222': warband('havoc', ['havoc-orc-warboss', 'havoc-ghoul', 'havoc-ghoul']),
      },
      maps: [{ id: 'mill-crossing', map: content.maps.get('mill-crossing') as never }],
      options: { vpTarget: 121, glancingBlow: true, roundLimit: null },
    },
    content,
  );
  if ('code' in setup) throw new Error(setup.message);
  const begun = beginMatch(setup);
  if (!begun.ok) throw new Error(begun.error.message);
  let full = setup;
  let snapshot = begun.snapshot;
  const events = [...begun.events];
  const choose = new Chooser(seeded(seed));
  for (let i = 0; i < 600; i++) {
    const game = gameOf(snapshot);
    if (game?.over) return null;
    if (game?.prompt && i > 20) return { setup: full, events, snapshot };
    const command = snapshot.stage === 'pregame' ? { pregame: pregameDefault(snapshot.pregame.prompt!) } : { game: chooseCommand(game!, choose) };
    let stepped = stepMatch(full, snapshot, command, undefined, events.length);
    if (!stepped.ok && game?.turn) {
      const unit = game.turn.unit ?? Object.values(game.units).find((u) => u.player === game.turn!.player && !u.turnTaken && !u.dropped)!.id;
      stepped = stepMatch(full, snapshot, { game: { end: unit } }, undefined, events.length);
    }
    if (!stepped.ok) return null;
    if (stepped.start) full = { ...full, start: stepped.start };
    events.push(...stepped.events);
    snapshot = stepped.snapshot;
  }
  return null;
}

async function handleTime(dir: string): Promise<{ ms: number; cpuMs: number; handled: number; kinds: Record<string, number>; bytes: number }> {
  const store = openStore(join(dir, 'prompts.db'), { busyMs: 50 });
  try {
    const logs: NonNullable<ReturnType<typeof promptedMatch>>[] = [];
    for (let seed = 1; logs.length < 25 && seed < 500; seed++) {
      const log = promptedMatch(seed);
      if (log) logs.push(log);
    }
    const kinds: Record<string, number> = {};
    let bytes = 0;
    await store.transaction(async () => {
      for (let m = 0; m < PROMPTS; m++) {
        const log = logs[m % logs.length]!;
        const id = `p${m}`;
        await store.matches.create({ id, guildId: 'g', channelId: 'c', threadId: `t${m}`, players: PLAYERS, terms: { points: 121, map: null, accepted: {} } });
        const done = await store.matches.act(id, 0, () => ({ ok: true, events: log.events, snapshot: log.snapshot, status: 'playing', setup: log.setup }));
        if (!done.ok) throw new Error('could not store a match');
        const prompt = gameOf(log.snapshot)!.prompt!;
        kinds[prompt.kind] = (kinds[prompt.kind] ?? 0) + 1;
        if (m === 0) bytes = JSON.stringify(log.snapshot).length;
        await store.deadlines.add({ matchId: id, due: NOW - HOUR, kind: 'prompt', player: prompt.player, seq: done.row.seq });
      }
    });
    const scheduler = new Scheduler(appOn(store), { tickMs: 10_000 });
    const t = performance.now();
    const cpu = process.cpuUsage();
    const report = await scheduler.tick();
    const ms = performance.now() - t;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    if (report.handled.filter((h) => h.did === 'default').length !== PROMPTS)
      throw new Error(`handled ${report.handled.length} of ${PROMPTS}: ${JSON.stringify(report.handled.slice(0, 3))}`);
    return { ms, cpuMs, handled: report.handled.length, kinds, bytes };
  } finally {
    await store.close();
  }
}

console.log(
  `\nSellsword Table scheduler benchmark (one core, a database file in WAL mode; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)\n`,
);
const dir = mkdtempSync(join(tmpdir(), 'sellsword-bench-scheduler-'));
try {
  const claims = await claimTimes(dir);
  console.log(
    `find and claim the due deadlines, ${PENDING.toLocaleString('en')} pending, ${DUE.toLocaleString('en')} due: p50 ${quantile(claims, 0.5).toFixed(1)} ms, max ${claims.at(-1)!.toFixed(1)} ms per tick (${claims.length} ticks)   target < 50 ms`,
  );
  const handled = await handleTime(dir);
  console.log(
    `handle ${handled.handled.toLocaleString('en')} due prompts (${Object.entries(handled.kinds)
      .map(([k, n]) => `${n} ${k}`)
      .join(
        ', ',
      )}; snapshots of ${Math.round(handled.bytes / 1024)} KB) in one tick: ${(handled.ms / 1000).toFixed(2)} s, ${(handled.ms / handled.handled).toFixed(2)} ms each; CPU time ${(handled.cpuMs / 1000).toFixed(2)} s (what one core spent, whatever else the machine ran)   target < 5 s`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
