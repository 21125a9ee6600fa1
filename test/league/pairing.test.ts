import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Pair, pairKey, pairRoundRobin, pairSwiss, roundRobinRounds, type SwissPlayer, swissRanking } from '../../src/league/pairing';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${String(i).padStart(3, '0')}`);

/** Everyone in `players` appears exactly once in `pairs`. */
function coversOnce(pairs: Pair[], players: string[]) {
  const seen = pairs.flatMap((p) => (p.b === null ? [p.a] : [p.a, p.b]));
  expect([...seen].sort()).toEqual([...players].sort());
}

describe('round-robin (circle method)', () => {
  it('meets everyone exactly once over n-1 rounds, each player once per round', () => {
    for (const n of [2, 3, 4, 5, 6, 7, 8, 11]) {
      const players = ids(n);
      const met = new Set<string>();
      const byes = new Map<string, number>();
      for (let r = 1; r <= roundRobinRounds(n); r++) {
        const pairs = pairRoundRobin(players, r);
        coversOnce(pairs, players);
        for (const p of pairs) {
          if (p.b === null) byes.set(p.a, (byes.get(p.a) ?? 0) + 1);
          else {
            expect(met.has(pairKey(p.a, p.b))).toBe(false);
            met.add(pairKey(p.a, p.b));
          }
        }
      }
      expect(met.size).toBe((n * (n - 1)) / 2);
      if (n % 2 === 1) expect([...byes.values()]).toEqual(players.map(() => 1));
      else expect(byes.size).toBe(0);
    }
  });

  it('puts the bye last', () => {
    const pairs = pairRoundRobin(ids(5), 2);
    expect(pairs.at(-1)?.b).toBeNull();
  });
});

describe('Swiss', () => {
  const player = (id: string, score: number, rating: number, hadBye = false): SwissPlayer => ({ id, score, rating, hadBye });

  it('ranks by score, then rating', () => {
    const r = swissRanking([player('a', 1, 5), player('b', 3, 0), player('c', 1, 9)]);
    expect(r.map((p) => p.id)).toEqual(['b', 'c', 'a']);
  });

  it('pairs neighbours within a score group', () => {
    const ps = [player('a', 3, 10), player('b', 3, 9), player('c', 0, 8), player('d', 0, 7)];
    expect(pairSwiss(ps, new Set())).toEqual([
      { a: 'a', b: 'b' },
      { a: 'c', b: 'd' },
    ]);
  });

  it('gives the bye to the lowest-ranked player without one', () => {
    const ps = [player('a', 3, 10), player('b', 3, 9), player('c', 0, 8), player('d', 0, 7, true), player('e', 0, 1, true)];
    const pairs = pairSwiss(ps, new Set())!;
    expect(pairs.at(-1)).toEqual({ a: 'c', b: null });
  });

  it('backtracks when the greedy choice forces a repeat', () => {
    // Greedy pairs a–b, then c–d have met: it must pair a–c (or a–d) and b with the other.
    const ps = [player('a', 3, 10), player('b', 3, 9), player('c', 0, 8), player('d', 0, 7)];
    const pairs = pairSwiss(ps, new Set([pairKey('c', 'd')]))!;
    expect(pairs).toEqual([
      { a: 'a', b: 'c' },
      { a: 'b', b: 'd' },
    ]);
  });

  it('answers null when only repeats are left', () => {
    const ps = [player('a', 0, 0), player('b', 0, 0)];
    expect(pairSwiss(ps, new Set([pairKey('a', 'b')]))).toBeNull();
  });

  it('over a season: no repeats, everyone paired once a round, at most one bye each (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 24 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 24, maxLength: 24 }),
        fc.integer(),
        (n, rounds, ratings, seed) => {
          const players = ids(n).map((id, i) => player(id, 0, ratings[i]!));
          const met = new Set<string>();
          let rng = seed >>> 0;
          const roll = () => {
            rng = (Math.imul(rng, 1664525) + 1013904223) >>> 0;
            return rng % 3;
          };
          for (let r = 0; r < Math.min(rounds, n - 1); r++) {
            const pairs = pairSwiss(players, met);
            if (!pairs) {
              // Only allowed when a perfect pairing without repeats truly may not exist: late rounds of
              // a small league. With at most n-1 rounds of Swiss that is possible, but never round 1.
              expect(r).toBeGreaterThan(0);
              return;
            }
            coversOnce(
              pairs,
              players.map((p) => p.id),
            );
            for (const p of pairs) {
              const pa = players.find((x) => x.id === p.a)!;
              if (p.b === null) {
                expect(pa.hadBye).toBe(false);
                pa.hadBye = true;
                pa.score += 3;
                continue;
              }
              const key = pairKey(p.a, p.b);
              expect(met.has(key)).toBe(false);
              met.add(key);
              const pb = players.find((x) => x.id === p.b)!;
              const outcome = roll();
              if (outcome === 0) pa.score += 3;
              else if (outcome === 1) pb.score += 3;
              else {
                pa.score += 1;
                pb.score += 1;
              }
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('pairs a round whenever a repeat-free pairing exists (property, against brute force)', () => {
    const exists = (left: string[], met: Set<string>): boolean => {
      if (left.length === 0) return true;
      const [x, ...rest] = left;
      return rest.some(
        (y, i) =>
          !met.has(pairKey(x!, y)) &&
          exists(
            rest.filter((_, j) => j !== i),
            met,
          ),
      );
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).map((h) => h * 2),
        fc.array(fc.tuple(fc.nat(7), fc.nat(7)), { maxLength: 20 }),
        (n, edges) => {
          const players = ids(n);
          const met = new Set(edges.filter(([x, y]) => x < n && y < n && x !== y).map(([x, y]) => pairKey(players[x]!, players[y]!)));
          const pairs = pairSwiss(
            players.map((id) => player(id, 0, 0)),
            met,
          );
          expect(pairs !== null).toBe(exists(players, met));
          if (pairs) for (const p of pairs) expect(met.has(pairKey(p.a, p.b!))).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
