/**
 * d20s from a seeded generator whose position lives in the game state, or from a fixed
 * list (scenarios). The seed is minted by the bot when a match is created, never here.
 *
 * Generator: mulberry32, a small public-domain 32-bit generator; plenty for dice, and its whole
 * state is one number, so replaying a log reproduces every roll.
 */
export type Rng = { readonly kind: 'seeded'; readonly state: number } | { readonly kind: 'fixed'; readonly dice: readonly number[]; readonly used: number };

export const seeded = (seed: number): Rng => ({ kind: 'seeded', state: seed >>> 0 });
export const fixed = (dice: readonly number[]): Rng => ({ kind: 'fixed', dice, used: 0 });

function next32(state: number): [number, number] {
  const s = (state + 0x6d2b79f5) >>> 0;
  let t = s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [(t ^ (t >>> 14)) >>> 0, s];
}

/** Rolls a d20; null when a fixed list has run out. */
export function rollD20(rng: Rng): [number | null, Rng] {
  if (rng.kind === 'fixed') {
    const value = rng.dice[rng.used];
    return value === undefined ? [null, rng] : [value, { ...rng, used: rng.used + 1 }];
  }
  // Rejection sampling keeps every face equally likely (2^32 is not a multiple of 20).
  const limit = Math.floor(0x1_0000_0000 / 20) * 20;
  let state = rng.state;
  for (;;) {
    const [value, nextState] = next32(state);
    state = nextState;
    if (value < limit) return [(value % 20) + 1, { kind: 'seeded', state }];
  }
}

export function diceUsed(rng: Rng): { used: number; left: number } | null {
  return rng.kind === 'fixed' ? { used: rng.used, left: rng.dice.length - rng.used } : null;
}
