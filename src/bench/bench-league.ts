/**
 * `npm run bench` (league part), on a database file as the bot keeps it: a league of 1,000
 * players and 10,000 results (two- to four-player, rated), then `/league standings` answered as the
 * bot answers it: the standings query (results grouped per player, ratings joined, ranked) and the
 * picture with its alt text. Target: p99 < 500 ms. Prints the figures; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { standingsMessage } from '../league/league-posts';
import { catchUp } from '../league/ratings';
import { standingsOf } from '../league/standings';
import { openStore, type NewResultPlayer } from '../store';

const PLAYERS = Number(process.env.BENCH_LEAGUE_PLAYERS ?? 1_000);
const RESULTS = Number(process.env.BENCH_LEAGUE_RESULTS ?? 10_000);
const RUNS = Number(process.env.BENCH_LEAGUE_RUNS ?? 50);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

// A fixed sequence, so every run builds the same league.
let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

const dir = mkdtempSync(join(tmpdir(), 'bench-league-'));
const store = openStore(join(dir, 'league.db'), { busyMs: 50 });
try {
  const league = 'league-channel';
  const built = performance.now();
  await store.transaction(async () => {
    await store.leagues.ensure('guild', league, 'Bench League');
    await store.leagueSettings.create(league);
    for (let p = 0; p < PLAYERS; p++) await store.players.upsert({ id: `p${p}`, name: `Player ${p}` });
    // Season 1 (id 1): the results count for it, as a season's results do.
    await store.seasons.create({ leagueId: league, pairing: 'swiss' });
    for (let r = 0; r < RESULTS; r++) {
      const size = r % 10 === 0 ? 2 + Math.floor(random() * 3) : 2;
      const seats = new Set<number>();
      while (seats.size < size) seats.add(Math.floor(random() * PLAYERS));
      const vp = [...seats].map(() => Math.floor(random() * 120));
      const best = Math.max(...vp);
      const sides: NewResultPlayer[] = [...seats].map((p, seat) => ({
        player: `p${p}`,
        seat,
        outcome: vp[seat] === best ? 'win' : 'loss',
        place: 1 + vp.filter((v) => v > vp[seat]!).length,
        warband: { name: 'Bench' },
        vpFor: vp[seat]!,
        vpAgainst: Math.max(...vp.filter((_, i) => i !== seat)),
      }));
      await store.results.record({
        leagueId: league,
        seasonId: 1,
        pairingId: null,
        matchId: null,
        way: 'played',
        winner: sides.find((s) => s.outcome === 'win')!.player,
        rounds: 4,
        duration: 86_400_000,
        ended: r,
        players: sides,
      });
    }
  });
  const buildMs = performance.now() - built;
  const rating = performance.now();
  await catchUp(store, league);
  const ratingMs = performance.now() - rating;

  const query: number[] = [];
  const picture: number[] = [];
  const total: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const table = await standingsOf(store, league);
    const t1 = performance.now();
    const message = standingsMessage(table);
    const t2 = performance.now();
    if (!message.files?.[0]?.png.length || table.rows.length !== PLAYERS) throw new Error('the standings came out wrong');
    query.push(t1 - t0);
    picture.push(t2 - t1);
    total.push(t2 - t0);
  }
  const line = (name: string, xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `  ${name.padEnd(26)} p50 ${quantile(s, 0.5).toFixed(1)} ms, p99 ${quantile(s, 0.99).toFixed(1)} ms, max ${s.at(-1)!.toFixed(1)} ms`;
  };
  const p99 = quantile(
    [...total].sort((a, b) => a - b),
    0.99,
  );
  console.log(`League standings (${PLAYERS} players, ${RESULTS} results, ${RUNS} runs; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}):`);
  console.log(`  building the league        ${(buildMs / 1000).toFixed(1)} s; rating every result ${(ratingMs / 1000).toFixed(2)} s`);
  console.log(line('standings query', query));
  console.log(line('picture and alt text', picture));
  console.log(line('/league standings in all', total));
  console.log(`  target p99 < 500 ms: ${p99 < 500 ? 'met' : 'NOT met'}`);
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
