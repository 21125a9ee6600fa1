/**
 * Dice from a seeded generator whose position lives in the game state, or from a fixed list
 * (scenarios). The seed is minted by the bot when a match is created, never here.
 *
 * Generator: mulberry32, a small public-domain 32-bit generator; plenty for dice, and its whole
 * state is one number, so replaying a log reproduces every roll. Every die, whatever its size, is
 * drawn from the one stream, so one seed and the log's record of which dice were rolled say every
 * value (match/dice-proof.ts checks a finished match that way).
 */

/** One die as a log records it: its number of sides and the face that came up. */
export interface Roll {
  readonly d: number;
  readonly v: number;
}

/** A fixed list's entry: a bare number is a d20 (the scenarios' long-standing form), a Roll any die. */
export type FixedDie = number | Roll;

export type Rng = { readonly kind: 'seeded'; readonly state: number } | { readonly kind: 'fixed'; readonly dice: readonly FixedDie[]; readonly used: number };

export const seeded = (seed: number): Rng => ({ kind: 'seeded', state: seed >>> 0 });
export const fixed = (dice: readonly FixedDie[]): Rng => ({ kind: 'fixed', dice, used: 0 });

function next32(state: number): [number, number] {
  const s = (state + 0x6d2b79f5) >>> 0;
  let t = s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [(t ^ (t >>> 14)) >>> 0, s];
}

const asRoll = (die: FixedDie): Roll => (typeof die === 'number' ? { d: 20, v: die } : die);

/**
 * Rolls a die of `sides` faces (2 or more, an integer). Null when a fixed list has run out, or when
 * its next entry is another size of die (`fixedMismatch` says which); the list does not move then.
 */
export function rollDie(rng: Rng, sides: number): [number | null, Rng] {
  if (!Number.isInteger(sides) || sides < 2 || sides > 0x1_0000_0000) throw new Error(`a die needs 2 or more sides, not ${sides}`);
  if (rng.kind === 'fixed') {
    const entry = rng.dice[rng.used];
    if (entry === undefined) return [null, rng];
    const roll = asRoll(entry);
    return roll.d === sides ? [roll.v, { ...rng, used: rng.used + 1 }] : [null, rng];
  }
  // Rejection sampling keeps every face equally likely: values at or above the largest multiple of
  // `sides` that fits in 2^32 are drawn again, so each face has the same count of 32-bit values.
  const limit = Math.floor(0x1_0000_0000 / sides) * sides;
  let state = rng.state;
  for (;;) {
    const [value, nextState] = next32(state);
    state = nextState;
    if (value < limit) return [(value % sides) + 1, { kind: 'seeded', state }];
  }
}

/** Rolls a d20; null when a fixed list has run out. */
export const rollD20 = (rng: Rng): [number | null, Rng] => rollDie(rng, 20);

/** The entry a fixed list holds where a die of `sides` is asked for, when it is another die; else null. */
export function fixedMismatch(rng: Rng, sides: number): Roll | null {
  if (rng.kind !== 'fixed') return null;
  const entry = rng.dice[rng.used];
  if (entry === undefined) return null;
  const roll = asRoll(entry);
  return roll.d === sides ? null : roll;
}

/** The generator after the dice an event recorded (apply never rolls: it steps past what was drawn). */
export function pastDice(rng: Rng, dice: readonly Roll[]): Rng {
  let next = rng;
  for (const die of dice) next = rollDie(next, die.d)[1];
  return next;
}

export function diceUsed(rng: Rng): { used: number; left: number } | null {
  return rng.kind === 'fixed' ? { used: rng.used, left: rng.dice.length - rng.used } : null;
}
