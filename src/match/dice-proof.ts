/**
 * Verifiable dice (docs/dice.md): commit and reveal. When a challenge is made the bot mints a secret
 * and posts its SHA-256, the commitment. The match's seed is the SHA-256 of the secret together with
 * the ids Discord gives the accept interactions, which nobody knows in advance, so neither the bot's
 * operator nor a player can pick the dice outright (a bot running modified code could still refuse
 * the last accept until its seed suits it: docs/dice.md "Limits"). When the match ends the secret is revealed, and anyone can
 * recompute the seed, then every die of the match, and compare them with the rolls in the log.
 */
import { createHash } from 'node:crypto';
import { rollDie, seeded, type Rng, type Roll } from '../engine';

/** The public half, known from the start: the commitment and the entropy gathered so far. */
export interface DiceCommitment {
  readonly commitment: string;
  /** The accept interactions' ids, in the order the players accepted. */
  readonly entropy: readonly string[];
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export const commitmentOf = (secret: string): string => sha256(secret).toString('hex');

/** The match's seed: the first 32 bits of SHA-256(secret, then each accept id on its own line). */
export const seedFrom = (secret: string, entropy: readonly string[]): number => sha256([secret, ...entropy].join('\n')).readUInt32BE(0);

/** The dice one stored log entry recorded, in order, each with its size: a ruleset's `diceOf`. */
export type DiceOf = (event: unknown) => readonly Roll[];

/** Sellsword's record: the `rolls` of an event that used dice, every one a d20. */
export const d20RollsOf: DiceOf = (event) => {
  const rolls = (event as { event?: { rolls?: unknown } }).event?.rolls;
  return Array.isArray(rolls) ? rolls.map((v) => ({ d: 20, v: v as number })) : [];
};

/** Every die a log records, in order. */
export function rollsOf(
  events: readonly { readonly seq: number; readonly event: unknown }[],
  diceOf: DiceOf = d20RollsOf,
): { seq: number; index: number; roll: Roll }[] {
  const out: { seq: number; index: number; roll: Roll }[] = [];
  for (const { seq, event } of events) diceOf(event).forEach((roll, index) => out.push({ seq, index, roll }));
  return out;
}

export type DiceCheck = { readonly ok: true; readonly rolls: number } | { readonly ok: false; readonly problem: string };

/**
 * Checks a finished match's dice: the secret matches the commitment, the seed is the one the secret
 * and the entropy give, and each recorded die is the next die of its size from that seed's stream.
 * `diceOf` reads what each event recorded (the match's ruleset knows its events' shape).
 */
export function checkDice(
  proof: DiceCommitment & { readonly secret: string; readonly seed: number },
  events: readonly { readonly seq: number; readonly event: unknown }[],
  diceOf: DiceOf = d20RollsOf,
): DiceCheck {
  if (commitmentOf(proof.secret) !== proof.commitment)
    return { ok: false, problem: `the revealed secret does not match the commitment ${proof.commitment.slice(0, 12)}… posted before the match began` };
  const seed = seedFrom(proof.secret, proof.entropy);
  if (seed !== proof.seed)
    return { ok: false, problem: `the match was played with seed ${proof.seed}, but the secret and the recorded numbers Discord gave make ${seed}` };
  let rng: Rng = seeded(seed);
  const rolls = rollsOf(events, diceOf);
  for (const { seq, index, roll } of rolls) {
    if (!Number.isInteger(roll.d) || roll.d < 2 || roll.d > 0x1_0000_0000)
      return { ok: false, problem: `event ${seq} records roll ${index + 1} on a die of ${roll.d} sides` };
    const [expected, next] = rollDie(rng, roll.d);
    rng = next;
    // A d20's words are the ones the log has always been checked with; another die is named.
    const die = roll.d === 20 ? '' : ` (a d${roll.d})`;
    if (roll.v !== expected) return { ok: false, problem: `event ${seq} records roll ${index + 1}${die} as ${roll.v}, but the dice give ${expected} there` };
  }
  return { ok: true, rolls: rolls.length };
}
