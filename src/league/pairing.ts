/**
 * Pairing a league round, pure: no store, no clock, no randomness. The season code
 * (season-flow.ts) gathers the players, their scores, ratings, byes and past opponents, and stores
 * what this returns.
 *
 * - Round-robin by the circle method, for small leagues: every player meets every other once.
 * - Swiss by rating (the Monrad way of pairing neighbours), for larger ones: players ranked by score
 *   then rating, each paired with the highest-ranked opponent still free that they have not met, so
 *   pairs stay inside a score group and only float down when a group has an odd count or only repeat
 *   opponents. When the greedy choice would force a repeat, it backtracks.
 */

/** A pairing: two players, or one player with a bye (`b` null). */
export interface Pair {
  a: string;
  b: string | null;
}

export interface SwissPlayer {
  id: string;
  /** Match points so far (the league's; a win counts more than a draw). */
  score: number;
  /** The rating the ranking breaks ties by (the conservative ordinal). */
  rating: number;
  /** Whether the player already had a bye this season. */
  hadBye: boolean;
}

/** The key of an unordered pair of players, for "have these two met". */
export const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** Players ranked for Swiss: score, then rating, both high first; the id breaks ties so the order is total. */
export function swissRanking(players: readonly SwissPlayer[]): SwissPlayer[] {
  return [...players].sort((x, y) => y.score - x.score || y.rating - x.rating || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

/**
 * Pairs one Swiss round. `met` holds `pairKey`s of pairs that already played. Answers the pairs in
 * ranking order (the bye, if any, last), or null when no pairing without a repeat exists (or none
 * was found within the search budget, which only a league that has nearly played itself out reaches).
 */
export function pairSwiss(players: readonly SwissPlayer[], met: ReadonlySet<string>, budget = 200_000): Pair[] | null {
  const ranked = swissRanking(players);
  if (ranked.length < 2) return null;
  const ids = ranked.map((p) => p.id);
  if (ids.length % 2 === 0) {
    const pairs = pairRanked(ids, met, budget);
    return pairs;
  }
  // The bye goes to the lowest-ranked player who has not had one; if the others cannot then be
  // paired without a repeat, to the next lowest, and so on.
  for (let i = ranked.length - 1; i >= 0; i--) {
    if (ranked[i]!.hadBye) continue;
    const rest = ids.filter((_, j) => j !== i);
    const pairs = pairRanked(rest, met, budget);
    if (pairs) return [...pairs, { a: ids[i]!, b: null }];
  }
  return null;
}

/**
 * Pairs an even list of ids, ranked best first: the best unpaired player takes the best unpaired
 * opponent they have not met; depth-first search with backtracking when someone is left with only
 * repeats. `budget` bounds the steps, so a hopeless case answers null instead of running for ever.
 */
function pairRanked(ids: readonly string[], met: ReadonlySet<string>, budget: number): Pair[] | null {
  const n = ids.length;
  const used = new Uint8Array(n);
  const partner = new Int32Array(n).fill(-1);
  let steps = 0;
  const canMeet = (i: number, j: number) => !met.has(pairKey(ids[i]!, ids[j]!));
  const search = (from: number): boolean => {
    let i = from;
    while (i < n && used[i]) i++;
    if (i >= n) return true;
    used[i] = 1;
    for (let j = i + 1; j < n; j++) {
      if (used[j] || !canMeet(i, j)) continue;
      if (++steps > budget) break;
      used[j] = 1;
      partner[i] = j;
      if (search(i + 1)) return true;
      used[j] = 0;
    }
    used[i] = 0;
    partner[i] = -1;
    return false;
  };
  if (!search(0)) return null;
  const pairs: Pair[] = [];
  for (let i = 0; i < n; i++) if (partner[i]! >= 0) pairs.push({ a: ids[i]!, b: ids[partner[i]!]! });
  return pairs;
}

/**
 * Round `round` (1-based) of a round-robin among `ids` (in seeding order), by the circle method: the
 * first player stays, the others turn one place each round. An odd count gets a bye seat, so each
 * player sits out once. There are `roundRobinRounds(n)` rounds; after that the schedule repeats.
 */
export function pairRoundRobin(ids: readonly string[], round: number): Pair[] {
  const seats: (string | null)[] = [...ids];
  if (seats.length % 2 === 1) seats.push(null);
  const n = seats.length;
  if (n < 2) return [];
  const turn = (round - 1) % (n - 1);
  // Seat 0 stays; seats 1…n-1 rotate by `turn`.
  const at = (k: number) => (k === 0 ? seats[0]! : seats[1 + ((k - 1 + turn) % (n - 1))]!);
  const pairs: Pair[] = [];
  for (let k = 0; k < n / 2; k++) {
    const x = at(k);
    const y = at(n - 1 - k);
    if (x === null && y === null) continue;
    if (x === null) pairs.push({ a: y!, b: null });
    else if (y === null) pairs.push({ a: x, b: null });
    else pairs.push({ a: x, b: y });
  }
  // Byes last, as pairSwiss answers them.
  return [...pairs.filter((p) => p.b !== null), ...pairs.filter((p) => p.b === null)];
}

/** How many rounds a full round-robin of `n` players takes. */
export const roundRobinRounds = (n: number) => (n < 2 ? 0 : n % 2 === 0 ? n - 1 : n);

/** The default number of Swiss rounds: enough to separate a single winner (⌈log₂ n⌉), at least one. */
export const swissRounds = (n: number) => Math.max(1, Math.ceil(Math.log2(Math.max(2, n))));
