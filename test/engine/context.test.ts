/**
 * The decision context's dice: a die of any size drawn from the state's stream, recorded by the event
 * that used it as `{ d, v }` pairs (or, for d20s only, bare numbers), and a fixed list that holds
 * another die than the rules roll refused as `wrong-die`.
 */
import { describe, expect, it } from 'vitest';
import { DecisionCtx } from '../../src/engine/context';
import { fixed, pastDice, rollDie, seeded, type Rng, type Roll } from '../../src/engine/dice';
import { Refusal } from '../../src/engine/errors';

interface Toy {
  readonly rng: Rng;
}
type ToyEvent = { readonly type: 'rolled'; readonly dice: readonly Roll[] } | { readonly type: 'd20s'; readonly rolls: readonly number[] };

// apply never rolls: it steps the generator past what the event recorded.
const step = (state: Toy, event: ToyEvent): Toy => ({
  rng: pastDice(state.rng, event.type === 'rolled' ? event.dice : event.rolls.map((v) => ({ d: 20, v }))),
});

const refusal = (f: () => unknown): { code: string; message: string } | null => {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof Refusal) return { ...e.error };
    throw e;
  }
};

describe('DecisionCtx dice', () => {
  it('draws dice of several sizes from the one stream, and hands the event them with their sizes', () => {
    const ctx = new DecisionCtx<Toy, ToyEvent>({ rng: seeded(11) }, step);
    const values = [ctx.roll(10), ctx.roll(6), ctx.roll(20)];
    const dice = ctx.dice();
    let rng: Rng = seeded(11);
    const expected = [10, 6, 20].map((d) => {
      const [v, next] = rollDie(rng, d);
      rng = next;
      return { d, v: v! };
    });
    expect(dice).toEqual(expected);
    expect(values).toEqual(expected.map((r) => r.v));
    ctx.emit({ type: 'rolled', dice });
    // The next draw continues where the recorded dice left the stream.
    expect(ctx.roll(8)).toBe(rollDie(rng, 8)[0]);
    expect(ctx.dice()).toHaveLength(1);
  });

  it('gives d20s as bare numbers, and refuses to give another die that way (its size would be lost)', () => {
    const ctx = new DecisionCtx<Toy, ToyEvent>({ rng: seeded(3) }, step);
    const a = ctx.roll(20);
    const b = ctx.roll(20);
    expect(ctx.rolls()).toEqual([a, b]);
    ctx.roll(6);
    expect(() => ctx.rolls()).toThrow(/d6/);
  });

  it('will not emit an event while drawn dice are unrecorded', () => {
    const ctx = new DecisionCtx<Toy, ToyEvent>({ rng: seeded(3) }, step);
    ctx.roll(6);
    expect(() => ctx.emit({ type: 'rolled', dice: [] })).toThrow(/not recorded/);
  });

  it('refuses a fixed list whose next die is another size as wrong-die, and an empty one as out-of-dice', () => {
    const ctx = new DecisionCtx<Toy, ToyEvent>({ rng: fixed([{ d: 10, v: 7 }, 12]) }, step);
    expect(refusal(() => ctx.roll(6))?.code).toBe('wrong-die');
    expect(ctx.roll(10)).toBe(7);
    expect(refusal(() => ctx.roll(6))).toEqual({ code: 'wrong-die', message: expect.stringMatching(/d6.*d20/) });
    expect(ctx.roll(20)).toBe(12);
    expect(refusal(() => ctx.roll(20))?.code).toBe('out-of-dice');
  });
});
