/**
 * `npm run bench`: the engine's speed figures, printed next to their targets (issue: rules engine).
 * - full random self-play games per second, two 121-point warbands on a 20×20 map, as min / median /
 *   max over three runs of 6 s (target: median ≥ 100/s); on a shared machine one run says little;
 * - decide() time per command on a 24×24 map with 16 units, p50 and p99 (target p99 < 0.5 ms);
 * - rebuilding the state from a 1,000-event log (target < 10 ms);
 * - which of a side's units can act (canAct, asked as autocomplete's unit lists ask it) with 8 units a
 *   side, per list, p50 and p99, beside the same answer read from legalActs (the autocomplete target,
 *   ≤ 3 ms a request, is for the whole request; this is its engine part).
 * Figures, not pass/fail: speed targets do not belong in timed tests.
 */
import { defaultContent } from '../content/load';
import { type ActKind, canAct, decide, legalActs } from '../rulesets/sellsword/engine';
import type { GameState } from '../rulesets/sellsword/engine';
import { replay } from '../rulesets/sellsword/engine';
import type { GameEvent } from '../rulesets/sellsword/engine';
import { chooseCommand, Chooser, newGame, playGame } from './selfplay';
import { seeded } from '../engine';
import { apply } from '../rulesets/sellsword/engine';

const content = defaultContent();
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(3)} ms`;

function gamesPerSecond(map: string, seconds: number): { rate: number; games: number; events: number } {
  const start = performance.now();
  let games = 0;
  let events = 0;
  while (performance.now() - start < seconds * 1000) {
    const played = playGame(newGame(content, map, 1000 + games), 1000 + games);
    events += played.events.length;
    games++;
  }
  return { rate: games / ((performance.now() - start) / 1000), games, events };
}

/** Times decide() alone for each command of self-play games with 16 units on the map. */
function decideTimes(map: string, samples: number): number[] {
  const times: number[] = [];
  for (let seed = 1; times.length < samples; seed++) {
    let state = newGame(content, map, seed);
    const choose = new Chooser(seeded(seed));
    while (!state.over && times.length < samples) {
      const command = chooseCommand(state, choose);
      const t = performance.now();
      const r = decide(state, command);
      times.push(performance.now() - t);
      if ('error' in r) {
        const end = decide(state, {
          end: state.turn?.unit ?? Object.values(state.units).find((u) => u.player === state.turn?.player && !u.turnTaken && !u.dropped)!.id,
        });
        if ('error' in end) break;
        for (const e of end.events) state = apply(state, e);
      } else for (const e of r.events) state = apply(state, e);
    }
  }
  return times.sort((a, b) => a - b);
}

function rebuildTime(): { ms: number; events: number } {
  const start = newGame(content, 'burning-village', 7);
  const played = playGame(start, 7);
  let events: GameEvent[] = played.events;
  for (let seed = 8; events.length < 1000; seed++) {
    const longer = playGame(start, seed).events;
    if (longer.length > events.length) events = longer;
  }
  const log = events.slice(0, 1000);
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    replay(start, log);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: quantile(times, 0.5), events: log.length };
}

/**
 * Times one unit list: each of the turn player's units asked of canAct (or read from legalActs), for
 * /move, /attack and any act, on states of 8-unit self-play. Each list is asked of a fresh copy of the
 * state, as the first keystroke of a move number is: the path searches cached per state do not carry over.
 */
function unitListTimes(samples: number): { canAct: number[]; legal: number[] } {
  const states: GameState[] = [];
  const maps = [...content.maps.keys()];
  for (let seed = 1; states.length < samples; seed++) {
    let n = 0;
    playGame(newGame(content, maps[seed % maps.length]!, seed, 8), seed, 400, (s) => {
      if (n++ % 5 === 0 && s.turn && !s.prompt && states.length < samples) states.push(s);
    });
  }
  const lists: (ReadonlySet<ActKind> | undefined)[] = [new Set<ActKind>(['move']), new Set<ActKind>(['attack']), undefined];
  const out = { canAct: [] as number[], legal: [] as number[] };
  for (const state of states) {
    const mine = Object.keys(state.units).filter((id) => state.units[id]!.player === state.turn!.player);
    for (const kinds of lists) {
      let t = performance.now();
      const copy = { ...state };
      const listed = mine.filter((id) => canAct(copy, id, kinds));
      out.canAct.push(performance.now() - t);
      t = performance.now();
      const legal = legalActs({ ...state });
      const fromLegal = mine.filter((id) =>
        legal.some((c) => ('act' in c ? c.unit === id && (!kinds || kinds.has(c.act)) : 'end' in c && c.end === id && !kinds)),
      );
      out.legal.push(performance.now() - t);
      if (listed.join() !== fromLegal.join()) throw new Error(`canAct and legalActs disagree: ${listed.join()} against ${fromLegal.join()}`);
    }
  }
  out.canAct.sort((a, b) => a - b);
  out.legal.sort((a, b) => a - b);
  return out;
}

console.log('Sellsword Table engine benchmark (one core)\n');
const runs = [0, 1, 2].map(() => gamesPerSecond('barrow-hill', 6));
const rates = runs.map((r) => r.rate).sort((a, b) => a - b);
const played = runs.reduce((n, r) => n + r.games, 0);
const events = runs.reduce((n, r) => n + r.events, 0);
console.log(
  `self-play games, 20×20 barrow-hill, 3 runs of 6 s: min ${rates[0]!.toFixed(1)}, median ${rates[1]!.toFixed(1)}, max ${rates[2]!.toFixed(1)} games/s (${played} games, ${Math.round(events / played)} events/game)   target median ≥ 100 games/s`,
);
const times = decideTimes('burning-village', 3000);
console.log(
  `decide() per command, 24×24 burning-village, 16 units: p50 ${ms(quantile(times, 0.5))}, p99 ${ms(quantile(times, 0.99))} (${times.length} commands)   target p99 < 0.5 ms`,
);
const rebuild = rebuildTime();
console.log(`rebuild state from a ${rebuild.events}-event log: ${ms(rebuild.ms)} (median of 30)   target < 10 ms`);
const lists = unitListTimes(300);
console.log(
  `units that can act (canAct per unit), 8 units a side, /move, /attack and any-act lists on fresh states: p50 ${ms(quantile(lists.canAct, 0.5))}, p99 ${ms(quantile(lists.canAct, 0.99))} per list (${lists.canAct.length} lists); read from legalActs: p50 ${ms(quantile(lists.legal, 0.5))}, p99 ${ms(quantile(lists.legal, 0.99))}   target (a whole request) ≤ 3 ms`,
);
