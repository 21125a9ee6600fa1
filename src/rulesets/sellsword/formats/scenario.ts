/**
 * Scenarios (docs/formats.md "Scenario"): a table set up mid-game and steps played on it with fixed dice.
 * The schema checks the shape; whether each step is legal is the engine's to say, step by step.
 */
import { z } from 'zod';
import { injuryBoxSchema, unitCardSchema } from './card';
import { idSchema, int, squareSchema, uniqueList, whenValid } from '../../../formats/fields';
import { gridmapSchema } from '../../../formats/gridmap';
import { modCardSchema } from './mod';
import { show } from '../../../formats/problems';
import { fixedDieSchema, playerIdSchema } from '../../../formats/scenario-parts';
import { normalizeSquare } from '../../../formats/squares';
import { keyed, parseInside, tagged } from '../../../formats/unions';
import { RECOVERY_STATS, STATUSES, TOKENS, WOUND_TYPES } from './vocabulary';

export { playerIdSchema } from '../../../formats/scenario-parts';

const unitRef = idSchema;
const count = int(0, 9);

/** Where a unit starts: a square, or "reserve" (not entered yet, R5). */
const placeSchema = z.unknown().transform((v, ctx): string => {
  if (v === 'reserve') return v;
  const square = typeof v === 'string' ? normalizeSquare(v) : null;
  if (square !== null) return square;
  ctx.addIssue({ code: 'custom', message: `expected a square like "C4", or "reserve"; got ${show(v)}` });
  return z.NEVER;
});

/** A charge: true lets the engine choose the two steps; otherwise the two squares moved through (R23). */
const chargeSchema = z.unknown().transform((v, ctx): true | string[] => {
  if (v === true) return v;
  if (Array.isArray(v)) return parseInside(z.array(squareSchema).length(2), v, ctx);
  ctx.addIssue({ code: 'custom', message: `expected true (the engine picks the steps) or the 2 squares moved through, like ["D5", "D6"]; got ${show(v)}` });
  return z.NEVER;
});

/** A status a unit already has when the scenario starts. */
export const statusStateSchema = z.strictObject({
  status: z.enum(STATUSES),
  recover: z.enum(RECOVERY_STATS).optional(),
  modifier: int(-10, 10).optional(),
  source: unitRef.optional(),
  asterisk: z.boolean().optional(),
  wound: int(0, 100).optional(),
  type: z.enum(WOUND_TYPES).optional(),
});

export const scenarioUnitSchema = z.strictObject({
  id: unitRef,
  card: idSchema,
  mod: idSchema.optional(),
  player: playerIdSchema,
  at: placeSchema,
  vigor: int(0, 100).optional(),
  injuries: z.array(injuryBoxSchema).optional(),
  statuses: z.array(statusStateSchema).optional(),
  tokens: z.strictObject({ react: count.optional(), blue: count.optional(), red: count.optional() }).optional(),
  turnTaken: z.boolean().optional(),
  dropped: z.boolean().optional(),
});

const entrySchema = z.record(playerIdSchema, squareSchema);

const stepUnit = { unit: unitRef };
const squares = z.array(squareSchema).min(1);

const actStep = tagged('act', 'act', {
  move: z
    .strictObject({ act: z.literal('move'), ...stepUnit, path: squares.optional(), to: squareSchema.optional() })
    .refine((s) => (s.path === undefined) !== (s.to === undefined), { ...whenValid, error: 'a move takes either "path" or "to"' }),
  maneuver: z
    .strictObject({ act: z.literal('maneuver'), ...stepUnit, to: squareSchema.optional(), path: z.array(squareSchema).length(1).optional() })
    .refine((s) => (s.path === undefined) !== (s.to === undefined), { ...whenValid, error: 'a maneuver takes either "to" or a one-square "path"' }),
  attack: z
    .strictObject({
      act: z.literal('attack'),
      ...stepUnit,
      attack: idSchema,
      target: unitRef.optional(),
      origin: squareSchema.optional(),
      charge: chargeSchema.optional(),
      shove: squares.optional(),
    })
    .refine((s) => (s.target === undefined) !== (s.origin === undefined), {
      ...whenValid,
      error: 'an attack takes either a "target" unit or a burst "origin" square',
    }),
  rest: z.strictObject({ act: z.literal('rest'), ...stepUnit, token: z.enum(TOKENS).default('react') }),
  crow: z.strictObject({ act: z.literal('crow'), ...stepUnit }),
  trait: z.strictObject({ act: z.literal('trait'), ...stepUnit, trait: idSchema, target: unitRef.optional(), origin: squareSchema.optional() }),
});

const decision = z
  .strictObject({
    unit: unitRef.optional(),
    player: playerIdSchema.optional(),
    reply: idSchema.nullable().optional(),
    avoid: int(0, 200).optional(),
    injuries: z.array(injuryBoxSchema).optional(),
    order: uniqueList(playerIdSchema, 'player').optional(),
    reroll: z.boolean().optional(),
    recover: z.enum(STATUSES).nullable().optional(),
    recoil: squareSchema.optional(),
  })
  .refine((d) => d.unit !== undefined || d.player !== undefined, { ...whenValid, error: 'a decision names the "unit" or "player" deciding' });

export const stepSchema = keyed('step', {
  act: actStep,
  end: z.strictObject({ end: unitRef }),
  decide: z.strictObject({ decide: decision }),
});

export const scenarioOptionsSchema = z
  .strictObject({
    vpTarget: int(1, 10000).default(121),
    glancingBlow: z.boolean().default(true),
    roundLimit: int(1, 1000).nullable().default(null),
    pointCap: int(1, 10000).optional(),
    unitCap: int(1, 40).optional(),
    fantasy: int(0, 3).optional(),
  })
  .prefault({});

const mapRef = z.unknown().transform((v, ctx): string | z.output<typeof gridmapSchema> => {
  if (typeof v === 'string') {
    const r = idSchema.safeParse(v);
    if (r.success) return r.data;
    ctx.addIssue({ code: 'custom', message: `expected a map id like "mill-crossing" or an inline gridmap, got ${JSON.stringify(v)}` });
    return z.NEVER;
  }
  return parseInside(gridmapSchema, v, ctx);
});

export const scenarioSchema = z
  .strictObject({
    // Optional metadata for people: which rule a test checks and what it shows, and what the test
    // harness expects of the report (test/engine/scenarios.test.ts). The runner ignores all three.
    name: z.string().max(200).optional(),
    description: z.string().max(2000).optional(),
    expect: z.unknown().optional(),
    map: mapRef,
    cards: z.array(unitCardSchema).default([]),
    mods: z.array(modCardSchema).default([]),
    options: scenarioOptionsSchema,
    players: uniqueList(playerIdSchema, 'player').min(2).max(4),
    start: z.strictObject({ round: int(1, 1000).default(1), order: uniqueList(playerIdSchema, 'player'), entry: entrySchema.optional() }).optional(),
    entry: entrySchema.optional(),
    units: z.array(scenarioUnitSchema).min(1),
    dice: z.array(fixedDieSchema).optional(),
    seed: z.number().int().optional(),
    auto: z.boolean().default(false),
    steps: z.array(stepSchema).default([]),
  })
  .superRefine((s, ctx) => {
    const players = new Set(s.players);
    const ids = new Set<string>();
    s.units.forEach((u, i) => {
      if (ids.has(u.id)) ctx.addIssue({ code: 'custom', path: ['units', i, 'id'], message: `duplicate unit id "${u.id}"` });
      ids.add(u.id);
      if (!players.has(u.player))
        ctx.addIssue({ code: 'custom', path: ['units', i, 'player'], message: `"${u.player}" is not in players (${s.players.join(', ')})` });
    });
    if (s.start) {
      const order = s.start.order;
      if (order.length !== players.size || order.some((p) => !players.has(p))) {
        ctx.addIssue({ code: 'custom', path: ['start', 'order'], message: `must list each of the players (${s.players.join(', ')}) once` });
      }
    }
    if (s.dice !== undefined && s.seed !== undefined) ctx.addIssue({ code: 'custom', path: ['seed'], message: 'give "dice" or "seed", not both' });
    for (const [key, entry] of [
      ['entry', s.entry],
      ['start.entry', s.start?.entry],
    ] as const) {
      for (const p of Object.keys(entry ?? {})) {
        if (!players.has(p)) ctx.addIssue({ code: 'custom', path: [...key.split('.'), p], message: `"${p}" is not in players` });
      }
    }
  }, whenValid);

export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioUnit = z.output<typeof scenarioUnitSchema>;
export type Step = z.output<typeof stepSchema>;
export type StatusState = z.output<typeof statusStateSchema>;
