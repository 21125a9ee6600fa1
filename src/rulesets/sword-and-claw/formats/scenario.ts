/**
 * Sword and Claw scenarios (docs/formats.md "Sword and Claw: scenario"): a table set up with fixed
 * dice of any size and the slice's orders played on it. The shape is checked here; whether each
 * step is legal is the rules' to say, step by step.
 */
import { z } from 'zod';
import { idSchema, int, squareSchema, uniqueList, whenValid } from '../../../formats/fields';
import { show } from '../../../formats/problems';
import { fixedDieSchema, playerIdSchema } from '../../../formats/scenario-parts';
import { normalizeSquare } from '../../../formats/squares';
import { keyed, parseInside } from '../../../formats/unions';
import { scMapSchema } from './map';
import { rulesetKey } from './ruleset-key';
import { troopCardSchema } from './troop-card';
import { ALTITUDES } from './vocabulary';

const EDGES = ['top', 'bottom', 'left', 'right'] as const;
const STEPS = ['deployment', 'movement', 'ranged', 'melee'] as const;

/** Where a troop is: a square (its top-left one for a Large or Huge troop), or "off" (not deployed yet). */
const placeSchema = z.unknown().transform((v, ctx): string => {
  if (v === 'off') return v;
  const square = typeof v === 'string' ? normalizeSquare(v) : null;
  if (square !== null) return square;
  ctx.addIssue({ code: 'custom', message: `expected a square like "C4", or "off" for a troop not deployed yet; got ${show(v)}` });
  return z.NEVER;
});

const unitSchema = z.strictObject({
  id: idSchema,
  troop: idSchema,
  player: playerIdSchema,
  at: placeSchema,
  /** Wounds already taken. */
  taken: int(0, 100).default(0),
  /** Conditions it already carries, one per effect (SC Conditions). */
  conditions: z
    .array(z.enum(['entangled', 'paralyzed', 'poisoned']))
    .max(20)
    .optional(),
  /** The attack it holds Readied from its side's last turn (SC Readied Actions). */
  readied: z.enum(['ranged', 'melee']).optional(),
  /** Its movement order of its side's last turn, when play starts in the other side's turn (Aim carries to a Readied shot, SC Ranged h). */
  moved: z.enum(['move', 'run', 'slide', 'charge', 'aim', 'reload']).optional(),
  /** A flyer's level (SC Flight); a troop with Flight is Landed when left out, one without may not have one. */
  altitude: z.enum(ALTITUDES).optional(),
});

/** A path (the squares entered in order) or a destination the rules find the path to. */
const routeShape = { path: z.array(squareSchema).min(1).max(80).optional(), to: squareSchema.optional() };
const oneRoute = (r: { path?: unknown; to?: unknown }) => (r.path === undefined) !== (r.to === undefined);
const ROUTE_HELP = { ...whenValid, error: 'give the squares moved through ("path") or the square to reach ("to"), one of them' };

/** The enemies a Move or a Charge tramples, in the order it meets them, each with the attack it tramples with ("trample": the rulebook's numbers) (SC Movement d). */
const trampleList = z
  .array(z.strictObject({ target: idSchema, with: idSchema }))
  .min(1)
  .max(10)
  .optional();

const moveStep = z
  .strictObject({
    move: idSchema,
    how: z.enum(['move', 'run', 'slide']).default('move'),
    ...routeShape,
    /** After a Slide: the move that follows it, which counts as running (SC Movement a). */
    then: z.strictObject(routeShape).refine(oneRoute, ROUTE_HELP).optional(),
    /** A flyer's new level, reached before it sets off (SC Flight "Changing Altitude"); with no route it only changes level. */
    altitude: z.enum(ALTITUDES).optional(),
    /** The enemies a Move tramples on its path, each with the attack it tramples with ("trample": the rulebook's numbers) (SC Movement d). */
    trample: trampleList,
  })
  .refine((s) => oneRoute(s) || (s.altitude !== undefined && s.path === undefined && s.to === undefined), ROUTE_HELP)
  .refine((s) => s.then === undefined || s.how === 'slide', { ...whenValid, path: ['then'], error: 'only a slide has a move after it ("then")' });

export const scStepSchema = keyed('step', {
  deploy: z.strictObject({ deploy: idSchema, at: squareSchema, altitude: z.enum(ALTITUDES).optional() }),
  move: moveStep,
  attack: z.strictObject({
    attack: idSchema,
    with: idSchema,
    target: idSchema,
    turn: z.enum(['clockwise', 'counterclockwise']).optional(),
    squares: z.number().int().min(1).max(20).optional(),
  }),
  shoot: z.strictObject({ shoot: idSchema, with: idSchema, target: idSchema }),
  aim: z.strictObject({ aim: idSchema }),
  charge: z.strictObject({ charge: idSchema, target: idSchema, via: squareSchema.optional(), trample: trampleList }),
  reload: z.strictObject({ reload: idSchema }),
  opportunity: z.strictObject({ opportunity: idSchema, with: idSchema.nullable() }),
  ready: z.strictObject({ ready: idSchema }),
  readied: z.strictObject({ readied: idSchema, with: idSchema.nullable(), target: idSchema.optional() }),
  next: z.strictObject({ next: z.literal(true) }),
  concede: z.strictObject({ concede: playerIdSchema }),
});

/** A map id of the shipped content, or an inline map (its "ruleset" key may be left out there). */
const mapRef = z.unknown().transform((v, ctx): string | z.output<typeof scMapSchema> => {
  if (typeof v === 'string') return parseInside(idSchema, v, ctx);
  const inline = typeof v === 'object' && v !== null && !Array.isArray(v) ? { ruleset: 'sword-and-claw', ...v } : v;
  return parseInside(scMapSchema, inline, ctx);
});

export const scScenarioSchema = z
  .strictObject({
    ruleset: rulesetKey,
    name: z.string().max(200).optional(),
    description: z.string().max(2000).optional(),
    expect: z.unknown().optional(),
    map: mapRef,
    troops: z.array(troopCardSchema).default([]),
    players: uniqueList(playerIdSchema, 'player').length(2),
    attacker: playerIdSchema,
    /** The defender's edge (SC Set-up 5); the attackers have the opposite one. */
    defenderEdge: z.enum(EDGES).optional(),
    /** Where play stands: whose turn and which step; deployment unless said. */
    start: z.strictObject({ turn: playerIdSchema, step: z.enum(STEPS), round: int(1, 1000).default(1) }).optional(),
    units: z.array(unitSchema).min(1),
    dice: z.array(fixedDieSchema).optional(),
    seed: z.number().int().optional(),
    /** The battle's last round (ruling SC32). */
    roundLimit: int(1, 1000).optional(),
    auto: z.boolean().default(false),
    steps: z.array(scStepSchema).default([]),
  })
  .superRefine((s, ctx) => {
    const players = new Set(s.players);
    const issue = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const ids = new Set<string>();
    s.units.forEach((u, i) => {
      if (ids.has(u.id)) issue(['units', i, 'id'], `duplicate unit id "${u.id}"`);
      ids.add(u.id);
      if (!players.has(u.player)) issue(['units', i, 'player'], `"${u.player}" is not in players (${s.players.join(', ')})`);
    });
    if (!players.has(s.attacker)) issue(['attacker'], `"${s.attacker}" is not in players (${s.players.join(', ')})`);
    if (s.start && !players.has(s.start.turn)) issue(['start', 'turn'], `"${s.start.turn}" is not in players`);
    if (s.dice !== undefined && s.seed !== undefined) issue(['seed'], 'give "dice" or "seed", not both');
  }, whenValid);

export type ScScenario = z.output<typeof scScenarioSchema>;
export type ScStep = z.output<typeof scStepSchema>;
