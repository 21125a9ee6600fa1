import { describe, expect, it } from 'vitest';
import { fixed, fixedMismatch, pastDice, rollD20, rollDie, seeded, type Rng } from '../../src/engine/dice';

function rolls(rng: Rng, n: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let i = 0; i < n; i++) {
    const [v, next] = rollD20(rng);
    out.push(v);
    rng = next;
  }
  return out;
}

describe('dice', () => {
  it('pins the first rolls of seed 42, so a generator change is deliberate', () => {
    expect(rolls(seeded(42), 12)).toMatchInlineSnapshot(`
      [
        17,
        11,
        5,
        6,
        19,
        8,
        1,
        18,
        11,
        6,
        6,
        4,
      ]
    `);
  });

  it('the same seed and position give the same rolls (replay)', () => {
    let rng = seeded(7);
    for (let i = 0; i < 5; i++) rng = rollD20(rng)[1];
    const copy = JSON.parse(JSON.stringify(rng)) as Rng;
    expect(rolls(copy, 20)).toEqual(rolls(rng, 20));
  });

  it('every face comes up, and only faces 1-20, about equally often', () => {
    const counts = new Array(21).fill(0) as number[];
    let rng = seeded(123);
    for (let i = 0; i < 20000; i++) {
      const [v, next] = rollD20(rng);
      counts[v!]!++;
      rng = next;
    }
    expect(counts[0]).toBe(0);
    for (let f = 1; f <= 20; f++) expect(counts[f]).toBeGreaterThan(850);
  });

  it('fixed dice are used in order, and running out gives null without moving on', () => {
    const [a, r1] = rollD20(fixed([14, 3]));
    const [b, r2] = rollD20(r1);
    const [c, r3] = rollD20(r2);
    expect([a, b, c]).toEqual([14, 3, null]);
    expect(r3).toEqual(r2);
  });
});

/** The d20 as drawn before dice of any size: mulberry32, values at or above 4294967280 drawn again. */
function referenceD20(state: number): [number, number] {
  for (;;) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const value = (t ^ (t >>> 14)) >>> 0;
    if (value < 4294967280) return [(value % 20) + 1, state];
  }
}

describe('rollDie', () => {
  it('draws d20s exactly as the d20 always was, draw for draw: 100,000 dice from 100 seeds', () => {
    for (let seed = 0; seed < 100; seed++) {
      let rng: Rng = seeded(seed * 2654435761);
      let state = (seed * 2654435761) >>> 0;
      for (let i = 0; i < 1000; i++) {
        const [v, next] = rollDie(rng, 20);
        const [expected, nextState] = referenceD20(state);
        if (v !== expected || next.kind !== 'seeded' || next.state !== nextState)
          expect({ seed, i, v, next }).toEqual({ seed, i, v: expected, next: { kind: 'seeded', state: nextState } });
        rng = next;
        state = nextState;
      }
    }
  });

  it('rollD20 is rollDie with 20 sides, so Sellsword and a game of other dice share one stream', () => {
    let a: Rng = seeded(99);
    let b: Rng = seeded(99);
    for (let i = 0; i < 1000; i++) {
      const [x, na] = rollD20(a);
      const [y, nb] = rollDie(b, 20);
      expect(x).toBe(y);
      a = na;
      b = nb;
    }
    expect(a).toEqual(b);
  });

  it('gives every face of a d6, d8 and d10 about equally often, and no other', () => {
    for (const sides of [6, 8, 10]) {
      const counts = new Array(sides + 2).fill(0) as number[];
      let rng = seeded(sides);
      for (let i = 0; i < 1000 * sides; i++) {
        const [v, next] = rollDie(rng, sides);
        counts[v!]!++;
        rng = next;
      }
      expect(counts[0]).toBe(0);
      expect(counts[sides + 1]).toBe(0);
      for (let f = 1; f <= sides; f++) expect(counts[f], `d${sides} face ${f}`).toBeGreaterThan(850);
    }
  });

  it('draws a mix of sizes from one stream: one 32-bit value per die unless rejected', () => {
    // 2^32 is a multiple of 8 and of 2, so a d8 or a d2 never rejects: each takes the next value.
    let rng = seeded(5);
    const sizes = [6, 10, 8, 20, 2, 6];
    const drawn = sizes.map((d) => {
      const [v, next] = rollDie(rng, d);
      rng = next;
      return { d, v: v! };
    });
    for (const r of drawn) expect(r.v >= 1 && r.v <= r.d).toBe(true);
    // Stepping past the recorded dice (what apply does) lands where drawing them did.
    expect(pastDice(seeded(5), drawn)).toEqual(rng);
  });

  it('refuses a die of fewer than 2 sides as a programming error', () => {
    expect(() => rollDie(seeded(1), 1)).toThrow();
    expect(() => rollDie(seeded(1), 6.5)).toThrow();
  });

  it('takes sized fixed dice in order; a bare number is a d20, and another size is not drawn', () => {
    const list = fixed([{ d: 10, v: 7 }, 14, { d: 6, v: 2 }]);
    const [a, r1] = rollDie(list, 10);
    expect(a).toBe(7);
    expect(fixedMismatch(r1, 6)).toEqual({ d: 20, v: 14 });
    expect(rollDie(r1, 6)).toEqual([null, r1]);
    const [b, r2] = rollD20(r1);
    expect(b).toBe(14);
    expect(fixedMismatch(r2, 6)).toBeNull();
    const [c, r3] = rollDie(r2, 6);
    expect(c).toBe(2);
    expect(fixedMismatch(r3, 6)).toBeNull();
    expect(rollDie(r3, 6)).toEqual([null, r3]);
    expect(
      pastDice(list, [
        { d: 10, v: 7 },
        { d: 20, v: 14 },
      ]),
    ).toEqual(r2);
  });
});
