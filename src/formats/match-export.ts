/**
 * A whole match as one file (`/skirmish export`, docs/dice.md): who played, the setup as it was frozen
 * (warbands, cards, mods, maps, options), the dice commitment, and every event. Once the match is over
 * it also carries the dice's secret and seed, so `npm run verify` and `/skirmish verify` can check every
 * roll. The engine's own states inside `setup` are checked by replaying them, not by this schema.
 *
 * Version 2 names the game and the version of its rules the match was played under (`ruleset`,
 * docs/rulesets.md §4); a version 1 file, written before games had names, is Sellsword's, version 1.
 * Readers take both.
 */
import { z } from 'zod';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 hexadecimal characters (a SHA-256)');

const exportBody = {
  format: z.literal('sellsword-match'),
  match: z.string().min(1).max(64),
  status: z.enum(['challenged', 'setup', 'playing', 'over', 'declined', 'cancelled']),
  players: z.array(z.string().min(1)).min(2).max(4),
  names: z.record(z.string(), z.string()),
  winner: z.string().nullable(),
  dice: z
    .strictObject({
      commitment: sha256Hex,
      entropy: z.array(z.string().min(1).max(32)),
      /** Whose numbers the entropy is: the accepts of a challenge, a league match's thread, a practice match's command. */
      from: z.enum(['challenge', 'pairing', 'practice']).optional(),
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
};

export const matchExportSchema = z.discriminatedUnion('version', [
  z.strictObject({ ...exportBody, version: z.literal(1) }),
  z.strictObject({
    ...exportBody,
    version: z.literal(2),
    ruleset: z.strictObject({ id: z.string().min(1).max(64), version: z.number().int().positive() }),
  }),
  // A game played at the table keeps its setup and events in its own shapes, checked by replaying them under its rules.
  z.strictObject({
    ...exportBody,
    version: z.literal(3),
    ruleset: z.strictObject({ id: z.string().min(1).max(64), version: z.number().int().positive() }),
    setup: z.looseObject({}).nullable(),
    events: z.array(z.strictObject({ seq: z.number().int().positive(), event: z.looseObject({ type: z.string() }) })),
  }),
]);

export type MatchExport = z.output<typeof matchExportSchema>;

/** A file of the default game (format versions 1 and 2), whose setup and events have the shapes above. */
export type DefaultMatchExport = Exclude<MatchExport, { version: 3 }>;

/** The game and rules' version an export was played under: a version 1 file's are Sellsword's first. */
export const exportRuleset = (doc: MatchExport): { readonly id: string; readonly version: number } =>
  doc.version === 1 ? { id: 'sellsword', version: 1 } : doc.ruleset;
