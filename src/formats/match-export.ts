/**
 * A whole match as one file (`/skirmish export`, docs/dice.md): who played, the setup as it was frozen
 * (warbands, cards, mods, maps, options), the dice commitment, and every event. Once the match is over
 * it also carries the dice's secret and seed, so `npm run verify` and `/skirmish verify` can check every
 * roll. The engine's own states inside `setup` are checked by replaying them, not by this schema.
 */
import { z } from 'zod';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 hexadecimal characters (a SHA-256)');

export const matchExportSchema = z.strictObject({
  format: z.literal('sellsword-match'),
  version: z.literal(1),
  match: z.string().min(1).max(64),
  status: z.enum(['challenged', 'setup', 'playing', 'over', 'declined', 'cancelled']),
  players: z.array(z.string().min(1)).min(2).max(4),
  names: z.record(z.string(), z.string()),
  winner: z.string().nullable(),
  dice: z
    .strictObject({
      commitment: sha256Hex,
      entropy: z.array(z.string().min(1).max(32)),
      /** Only once the match is over. */
      secret: sha256Hex.optional(),
      seed: z.number().int().min(0).max(0xffffffff).optional(),
    })
    .nullable(),
  /** The frozen setup; without its seed and first state until the match is over. */
  setup: z.looseObject({ players: z.array(z.string()), warbands: z.record(z.string(), z.unknown()), maps: z.array(z.unknown()) }).nullable(),
  events: z.array(
    z.strictObject({
      seq: z.number().int().positive(),
      event: z.strictObject({ stage: z.enum(['pregame', 'game']), event: z.looseObject({ type: z.string() }) }),
    }),
  ),
});

export type MatchExport = z.output<typeof matchExportSchema>;
