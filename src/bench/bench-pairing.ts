/**
 * `npm run bench` (pairing part; also `npm run bench:pairing`): pairing a Swiss round of 1,000 players, target < 1 s.
 * The league is 1,000 players after five rounds of random results (scores and repeats as a real
 * season has them); the figure is the pairing of round six, min/median/max over 5 runs.
 */
import { pairKey, pairSwiss, type SwissPlayer } from '../league/pairing';

const PLAYERS = Number(process.env.BENCH_LEAGUE_PLAYERS ?? 1_000);
const RUNS = 5;

let rng = 12345;
const random = () => {
  rng = (Math.imul(rng, 1664525) + 1013904223) >>> 0;
  return rng / 2 ** 32;
};

const players: SwissPlayer[] = Array.from({ length: PLAYERS }, (_, i) => ({ id: `player-${i}`, score: 0, rating: random() * 50, hadBye: false }));
const met = new Set<string>();
const byId = new Map(players.map((p) => [p.id, p]));
for (let round = 1; round <= 5; round++) {
  const pairs = pairSwiss(players, met);
  if (!pairs) throw new Error(`round ${round} could not be paired`);
  for (const { a, b } of pairs) {
    if (b === null) {
      byId.get(a)!.hadBye = true;
      byId.get(a)!.score += 3;
      continue;
    }
    met.add(pairKey(a, b));
    const r = random();
    if (r < 0.45) byId.get(a)!.score += 3;
    else if (r < 0.9) byId.get(b)!.score += 3;
    else {
      byId.get(a)!.score += 1;
      byId.get(b)!.score += 1;
    }
  }
}

const times: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const start = performance.now();
  const pairs = pairSwiss(players, met);
  times.push(performance.now() - start);
  if (!pairs) throw new Error('round 6 could not be paired');
}
times.sort((x, y) => x - y);
const ms = (t: number) => `${t.toFixed(1)} ms`;
console.log(
  `pairing: a Swiss round of ${PLAYERS} players (round 6, ${met.size} past pairings): min ${ms(times[0]!)}, median ${ms(times[Math.floor(RUNS / 2)]!)}, max ${ms(times[RUNS - 1]!)} (target < 1 s)`,
);
