/**
 * Verifiable dice (docs/dice.md): commit and reveal. When a challenge is made the bot mints a secret
 * and posts its SHA-256, the commitment. The match's seed is the SHA-256 of the secret together with
 * the ids Discord gives the accept interactions, which nobody knows in advance, so neither the bot's
 * operator nor a player can pick the dice outright (a bot running modified code could still refuse
 * the last accept until its seed suits it: docs/dice.md "Limits"). When the match ends the secret is revealed, and anyone can
 * recompute the seed, then every d20 of the match, and compare them with the rolls in the log.
 */
import { createHash } from 'node:crypto';
import { rollD20, seeded, type Rng } from '../engine';

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

/** Every roll a log records, in order: the `rolls` of each event that used dice. */
export function rollsOf(events: readonly { readonly seq: number; readonly event: unknown }[]): { seq: number; index: number; value: number }[] {
  const out: { seq: number; index: number; value: number }[] = [];
  for (const { seq, event } of events) {
    const inner = (event as { event?: { rolls?: unknown } }).event;
    const rolls = inner?.rolls;
    if (!Array.isArray(rolls)) continue;
    rolls.forEach((value, index) => out.push({ seq, index, value: value as number }));
  }
  return out;
}

export type DiceCheck = { readonly ok: true; readonly rolls: number } | { readonly ok: false; readonly problem: string };

/**
 * Checks a finished match's dice: the secret matches the commitment, the seed is the one the secret
 * and the entropy give, and each recorded roll is the next d20 of that seed's stream.
 */
export function checkDice(
  proof: DiceCommitment & { readonly secret: string; readonly seed: number },
  events: readonly { readonly seq: number; readonly event: unknown }[],
): DiceCheck {
  if (commitmentOf(proof.secret) !== proof.commitment)
    return { ok: false, problem: `the revealed secret does not match the commitment ${proof.commitment.slice(0, 12)}… posted before the match began` };
  const seed = seedFrom(proof.secret, proof.entropy);
  if (seed !== proof.seed) return { ok: false, problem: `the match was played with seed ${proof.seed}, but the secret and the accept ids give ${seed}` };
  let rng: Rng = seeded(seed);
  const rolls = rollsOf(events);
  for (const roll of rolls) {
    const [expected, next] = rollD20(rng);
    rng = next;
    if (roll.value !== expected)
      return { ok: false, problem: `event ${roll.seq} records roll ${roll.index + 1} as ${roll.value}, but the dice give ${expected} there` };
  }
  return { ok: true, rolls: rolls.length };
}
