/**
 * `npm run bench` (the practice AI's part; alone: `npm run bench:ai`). Figures, not pass/fail:
 * - strength against random legal play (the self-play driver, src/bench/selfplay.ts: attacks a random
 *   visible target most of the time, else charges or closes on the nearest enemy, never replies and
 *   splits wounds by default) over BENCH_AI_GAMES games (default 200), half on each of two maps, the
 *   AI in each seat (and so with each faction) half the time (target ≥ 90 % won);
 * - against itself with the seats swapped: two AIs that differ only in their tie-break seed play each
 *   dealt game twice, once from each seat (about 50 % expected), with how often the first seat wins;
 * - decision time on one core on the 24×24 burning-village with 16 units, AI against AI, p50 and p99
 *   (target p99 < 200 ms).
 * Every game is a fresh random pair of warbands from the self-play driver, so results vary with them.
 */
import { chooseCommand as aiCommand, waitsOn, type AiOptions } from '../rulesets/sellsword/ai';
import { defaultContent } from '../content/load';
import { step } from '../rulesets/sellsword/engine';
import { seeded } from '../engine';
import type { GameState, PlayerId } from '../rulesets/sellsword/engine';
import { waitingUnits } from '../rulesets/sellsword/engine';
import { chooseCommand as driverCommand, Chooser, newGame } from './selfplay';

const content = defaultContent();
const GAMES = Number(process.env.BENCH_AI_GAMES ?? 200);
const MAPS = ['barrow-hill', 'mill-crossing'] as const;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;

type Seat = { kind: 'ai'; options: AiOptions } | { kind: 'random' };

/** Plays one game to the end with a seat per player; `timed` sees each AI decision's time. */
function play(state: GameState, seed: number, seats: Record<PlayerId, Seat>, timed?: (ms: number) => void): GameState {
  const choose = new Chooser(seeded(seed));
  for (let n = 0; !state.over && n < 20000; n++) {
    const player = waitsOn(state);
    if (player === null) {
      const r = step(state, { begin: true });
      if ('error' in r) throw new Error(r.error.message);
      state = r.state;
      continue;
    }
    const seat = seats[player]!;
    if (seat.kind === 'ai') {
      const t = performance.now();
      const command = aiCommand(state, player, seat.options);
      timed?.(performance.now() - t);
      if (command === null) throw new Error(`the AI had no command for ${player}`);
      const r = step(state, command, player);
      if ('error' in r) throw new Error(`the AI's command was refused: ${r.error.message}`);
      state = r.state;
      continue;
    }
    const r = step(state, driverCommand(state, choose));
    if (!('error' in r)) {
      state = r.state;
      continue;
    }
    // The driver guessed wrong (a path through a reply, say): it ends the turn instead, as self-play does.
    const unit = state.turn?.unit ?? (state.turn ? waitingUnits(state, state.turn.player)[0]?.id : undefined);
    const end = unit === undefined ? r : step(state, { end: unit });
    if ('error' in end) throw new Error(`the driver is stuck: ${end.error.message}`);
    state = end.state;
  }
  return state;
}

const progress = (what: string, n: number, of: number) => {
  if (process.stderr.isTTY) process.stderr.write(`\r${what} ${n}/${of}   `);
};

function againstRandom(): void {
  const byMap = new Map<string, { won: number; drawn: number; games: number; rounds: number }>();
  let won = 0;
  let drawn = 0;
  const start = performance.now();
  for (let i = 0; i < GAMES; i++) {
    const map = MAPS[i % MAPS.length]!;
    const seed = 1000 + i;
    const ai = Math.floor(i / MAPS.length) % 2 === 0 ? 'p1' : 'p2';
    const other = ai === 'p1' ? 'p2' : 'p1';
    const end = play(newGame(content, map, seed), seed, { [ai]: { kind: 'ai', options: { seed } }, [other]: { kind: 'random' } });
    const m = byMap.get(map) ?? { won: 0, drawn: 0, games: 0, rounds: 0 };
    m.games++;
    m.rounds += end.round;
    if (end.winner === ai) {
      won++;
      m.won++;
    } else if (end.winner === null) {
      drawn++;
      m.drawn++;
    }
    byMap.set(map, m);
    progress('against random', i + 1, GAMES);
  }
  if (process.stderr.isTTY) process.stderr.write('\r');
  console.log(`AI against random legal play: won ${won}/${GAMES} (${pct(won, GAMES)}), drawn ${drawn}, lost ${GAMES - won - drawn}   target ≥ 90 % won`);
  for (const [map, m] of byMap)
    console.log(`  ${map}: won ${m.won}/${m.games} (${pct(m.won, m.games)}), drawn ${m.drawn}, ${(m.rounds / m.games).toFixed(1)} rounds a game`);
  console.log(`  (${((performance.now() - start) / 1000).toFixed(0)} s)`);
}

function againstItself(): void {
  let aScore = 0;
  let firstSeat = 0;
  let drawn = 0;
  const start = performance.now();
  for (let i = 0; i < GAMES; i++) {
    const map = MAPS[Math.floor(i / 2) % MAPS.length]!;
    // Each dealt game (map, warbands, dice) twice: A in the first seat, then in the second.
    const seed = 5000 + Math.floor(i / 2);
    const aSeat = i % 2 === 0 ? 'p1' : 'p2';
    const bSeat = aSeat === 'p1' ? 'p2' : 'p1';
    const end = play(newGame(content, map, seed), seed, { [aSeat]: { kind: 'ai', options: { seed: 1 } }, [bSeat]: { kind: 'ai', options: { seed: 2 } } });
    if (end.winner === null) {
      drawn++;
      aScore += 0.5;
      firstSeat += 0.5;
    } else {
      if (end.winner === aSeat) aScore++;
      if (end.winner === 'p1') firstSeat++;
    }
    progress('against itself', i + 1, GAMES);
  }
  if (process.stderr.isTTY) process.stderr.write('\r');
  console.log(
    `AI against itself, seats swapped: AI A scored ${pct(aScore, GAMES)} over ${GAMES} games (a draw counts half; ${drawn} drawn)   expected about 50 %`,
  );
  console.log(`  the first seat (p1, Valor) scored ${pct(firstSeat, GAMES)}; ${((performance.now() - start) / 1000).toFixed(0)} s`);
}

function decisionTimes(samples: number): void {
  const times: number[] = [];
  for (let seed = 1; times.length < samples && seed < 200; seed++) {
    // Eight units a side: warbands of the cards cheap enough for eight to fit in 121 points.
    const state = newGame(content, 'burning-village', seed, 8);
    play(state, seed, { p1: { kind: 'ai', options: { seed: 1 } }, p2: { kind: 'ai', options: { seed: 2 } } }, (ms) => times.push(ms));
    progress('decision times', Math.min(times.length, samples), samples);
  }
  if (process.stderr.isTTY) process.stderr.write('\r');
  times.sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `AI decision time, 24×24 burning-village, 16 units, AI against AI: p50 ${ms(quantile(times, 0.5))}, p99 ${ms(quantile(times, 0.99))}, max ${ms(times[times.length - 1]!)} (${times.length} decisions)   target p99 < 200 ms`,
  );
}

console.log('\nSellsword Table practice AI benchmark (one core)\n');
decisionTimes(Number(process.env.BENCH_AI_DECISIONS ?? 2000));
againstRandom();
againstItself();
