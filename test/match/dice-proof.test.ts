import { describe, expect, it } from 'vitest';
import { rollD20, rollDie, seeded, type Rng, type Roll } from '../../src/engine/dice';
import { checkDice, commitmentOf, seedFrom } from '../../src/match/dice-proof';

const secret = 'a'.repeat(64);
const entropy = ['1574520085953904640', '1574520085953904999'];

/** A log whose rolls are the seed's first dice, three to an event. */
function honestLog(seed: number, events = 4) {
  let rng: Rng = seeded(seed);
  return Array.from({ length: events }, (_, i) => {
    const rolls: number[] = [];
    for (let k = 0; k < 3; k++) {
      const [value, next] = rollD20(rng);
      rolls.push(value!);
      rng = next;
    }
    return { seq: i + 1, event: { stage: 'game', event: { type: 'rolled', rolls } } };
  });
}

describe('verifiable dice (commit and reveal)', () => {
  const seed = seedFrom(secret, entropy);
  const proof = { commitment: commitmentOf(secret), entropy, secret, seed };

  it('pins the commitment and the seed: SHA-256 of the secret, and of the secret with the accept ids', () => {
    expect(commitmentOf(secret)).toBe('ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb');
    expect(seed).toBe(seedFrom(secret, [...entropy]));
    expect(seed).not.toBe(seedFrom(secret, [entropy[1]!, entropy[0]!]));
  });

  it('passes an honest log', () => {
    expect(checkDice(proof, honestLog(seed))).toEqual({ ok: true, rolls: 12 });
  });

  it('names the first bad roll when one is edited', () => {
    const log = honestLog(seed);
    const rolls = (log[2]!.event.event as { rolls: number[] }).rolls;
    const was = rolls[1]!;
    rolls[1] = (was % 20) + 1;
    expect(checkDice(proof, log)).toEqual({ ok: false, problem: `event 3 records roll 2 as ${rolls[1]}, but the dice give ${was} there` });
  });

  it('fails when the secret does not match the commitment, or the seed does not come from it', () => {
    expect(checkDice({ ...proof, secret: 'b'.repeat(64) }, honestLog(seed)).ok).toBe(false);
    expect(checkDice({ ...proof, seed: seed ^ 1 }, honestLog(seed ^ 1))).toMatchObject({
      ok: false,
      problem: expect.stringContaining('the secret and the recorded numbers Discord gave make'),
    });
  });
});

describe('verifiable dice of several sizes', () => {
  const seed = seedFrom(secret, entropy);
  const proof = { commitment: commitmentOf(secret), entropy, secret, seed };
  /** A game whose events record `dice: { d, v }[]`, read by its own diceOf. */
  const diceOf = (event: unknown) => ((event as { dice?: Roll[] }).dice ?? []) as Roll[];
  const sizedLog = () => {
    let rng: Rng = seeded(seed);
    return [[10, 6], [], [8, 6, 6, 20]].map((sizes, i) => ({
      seq: i + 1,
      event: {
        type: 'x',
        dice: sizes.map((d) => {
          const [v, next] = rollDie(rng, d);
          rng = next;
          return { d, v: v! };
        }),
      },
    }));
  };

  it('re-draws each recorded die at its own size', () => {
    expect(checkDice(proof, sizedLog(), diceOf)).toEqual({ ok: true, rolls: 6 });
  });

  it('names an edited die with its size', () => {
    const log = sizedLog();
    const die = log[2]!.event.dice[1]!;
    const edited = { d: 6, v: (die.v % 6) + 1 };
    log[2]!.event.dice[1] = edited;
    expect(checkDice(proof, log, diceOf)).toEqual({ ok: false, problem: `event 3 records roll 2 (a d6) as ${edited.v}, but the dice give ${die.v} there` });
  });

  it('fails a die recorded at another size, though its face fits both', () => {
    const log = sizedLog();
    const die = log[0]!.event.dice[1]!;
    log[0]!.event.dice[1] = { d: 8, v: die.v };
    expect(checkDice(proof, log, diceOf).ok).toBe(false);
  });
});
