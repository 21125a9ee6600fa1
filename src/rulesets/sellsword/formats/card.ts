/** Unit cards, their attacks, effects and traits (docs/formats.md "Unit card"). */
import { z } from 'zod';
import { checkUniqueIds, idSchema, whenValid, int, nameSchema, textSchema, uniqueList, wordSchema } from '../../../formats/fields';
import { show } from '../../../formats/problems';
import { keyed, parseInside, tagged } from '../../../formats/unions';
import {
  AUDIENCES,
  AURA_MODIFIERS,
  DEFENCES,
  EFFECT_LINKS,
  GAINS,
  INJURY_KINDS,
  type InjuryKind,
  MOD_USES,
  RECOVERY_STATS,
  SIZES,
  STATUSES,
  WOUND_TYPES,
  type TraitKind,
} from './vocabulary';

const woundType = z.enum(WOUND_TYPES);
const link = z.enum(EFFECT_LINKS).optional();
const count = int(0, 9);

/** Tokens a unit starts with; each defaults to 0. */
export const tokensSchema = z.strictObject({ react: count.default(0), blue: count.default(0), red: count.default(0) }).prefault({});

/** What an attack or act trait costs to use, beyond its acts. */
export const costSchema = z
  .strictObject({ react: count.optional(), blue: count.optional(), red: count.optional(), vigor: int(0, 100).optional() })
  .prefault({});

const woundEffect = z.strictObject({ wound: int(0, 100), type: woundType, link });

const statusEffect = z
  .strictObject({
    status: z.enum(STATUSES),
    recover: uniqueList(z.enum(RECOVERY_STATS), 'recovery stat').min(1).optional(),
    modifier: int(-10, 10).optional(),
    asterisk: z.boolean().optional(),
    wound: int(0, 100).optional(),
    type: woundType.optional(),
    link,
  })
  .superRefine((e, ctx) => {
    if (e.status === 'recurring') {
      if (e.wound === undefined) ctx.addIssue({ code: 'custom', path: ['wound'], message: 'a recurring status needs "wound" (wounds each turn)' });
      if (e.type === undefined) ctx.addIssue({ code: 'custom', path: ['type'], message: 'a recurring status needs a wound "type"' });
    } else {
      for (const key of ['wound', 'type'] as const) {
        if (e[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: `only a recurring status takes "${key}"` });
      }
    }
  }, whenValid);

const distance = int(1, 20);

/** One effect of an attack or act trait; told apart by its key. */
export const effectSchema = keyed('effect', {
  status: statusEffect,
  wound: woundEffect,
  push: z.strictObject({ push: distance, link }),
  pull: z.strictObject({ pull: distance, link }),
  move: z.strictObject({ move: distance, link }),
  recoil: z.strictObject({ recoil: distance, link }),
});

export const effectsSchema = z
  .array(effectSchema)
  .min(1)
  .superRefine((effects, ctx) => {
    // R21: THEN depends on the effect before it, so the first effect cannot be a THEN.
    if (effects[0]?.link === 'then') {
      ctx.addIssue({ code: 'custom', path: [0, 'link'], message: '"then" needs an effect before it; the first effect cannot be "then"' });
    }
  }, whenValid);

export const attackSchema = z
  .strictObject({
    id: idSchema,
    name: nameSchema,
    range: int(0, 40),
    acts: int(1, 3).default(1),
    cost: costSchema,
    slow: z.boolean().default(false),
    burst: int(1, 10).optional(),
    bonus: int(-20, 30),
    vs: z.enum(DEFENCES),
    effects: effectsSchema,
  })
  .superRefine((a, ctx) => {
    if (a.range < 1 && a.burst === undefined) {
      ctx.addIssue({ code: 'custom', path: ['range'], message: 'must be at least 1 (1 = adjacent); only a burst attack may have range 0' });
    }
  }, whenValid);

const rareBase = { id: idSchema.optional(), text: textSchema.optional() };
const bare = <T extends string>(trait: T) => z.strictObject({ trait: z.literal(trait) });
const woundTrait = <T extends string>(trait: T) => z.strictObject({ trait: z.literal(trait), wound: int(1, 100), type: woundType });
const signedMap = <K extends string>(keys: readonly K[]) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, int(-20, 20).optional()])) as Record<K, z.ZodOptional<z.ZodNumber>>);

const auraTrait = z.strictObject({
  trait: z.literal('aura'),
  name: nameSchema,
  ...rareBase,
  range: int(0, 40),
  who: z.enum(AUDIENCES),
  descriptor: wordSchema.optional(),
  modify: signedMap(AURA_MODIFIERS).refine((m) => Object.keys(m).length > 0, { ...whenValid, error: `needs at least one of ${AURA_MODIFIERS.join(', ')}` }),
});

const actTrait = z
  .strictObject({
    trait: z.literal('act'),
    name: nameSchema,
    id: idSchema,
    text: textSchema.optional(),
    cost: costSchema,
    range: int(0, 40).optional(),
    who: z.enum(AUDIENCES).optional(),
    descriptor: wordSchema.optional(),
    gain: z
      .strictObject(Object.fromEntries(GAINS.map((k) => [k, int(0, 100).optional()])) as Record<(typeof GAINS)[number], z.ZodOptional<z.ZodNumber>>)
      .optional(),
    effects: effectsSchema.optional(),
  })
  .superRefine((t, ctx) => {
    if (t.gain === undefined && t.effects === undefined) ctx.addIssue({ code: 'custom', message: 'an act trait needs "gain", "effects" or both' });
  }, whenValid);

const ruleTrait = z
  .strictObject({
    trait: z.literal('rule'),
    name: nameSchema.default('Card rule'),
    ...rareBase,
    maxSameAct: int(1, 9).optional(),
    acts: int(1, 9).optional(),
  })
  .superRefine((t, ctx) => {
    if (t.maxSameAct === undefined && t.acts === undefined) ctx.addIssue({ code: 'custom', message: 'a rule trait needs "maxSameAct", "acts" or both' });
  }, whenValid);

const restTrait = z.strictObject({
  trait: z.literal('rest'),
  name: nameSchema.default('Rest'),
  ...rareBase,
  token: z.enum(['blue', 'red']),
  acts: int(1, 3).default(1),
});

export const traitSchema = tagged('trait', 'trait', {
  fly: bare('fly'),
  ghostly: bare('ghostly'),
  invisible: bare('invisible'),
  'see-invisible': bare('see-invisible'),
  shield: bare('shield'),
  stealthy: bare('stealthy'),
  toughness: bare('toughness'),
  warleader: z.strictObject({ trait: z.literal('warleader'), dice: int(1, 5) }),
  immune: woundTrait('immune'),
  vulnerable: woundTrait('vulnerable'),
  aura: auraTrait,
  act: actTrait,
  rule: ruleTrait,
  rest: restTrait,
  // Every trait of the vocabulary has a schema, and nothing else does.
} satisfies Record<TraitKind, z.ZodType>);

/** An injury box: one of the three kinds, or a trait box that disables an attack or trait when marked. */
const traitBox = z.strictObject({ trait: idSchema });
export const injuryBoxSchema = z.unknown().transform((v, ctx): InjuryKind | z.output<typeof traitBox> => {
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) return parseInside(traitBox, v, ctx);
  if (typeof v === 'string' && (INJURY_KINDS as readonly string[]).includes(v)) return v as InjuryKind;
  ctx.addIssue({ code: 'custom', message: `expected one of ${INJURY_KINDS.join(', ')}, or { "trait": "<attack or trait id>" }; got ${show(v)}` });
  return z.NEVER;
});

/** Move may be written "F6" for a flyer (docs/formats.md); stored as { move: 6, fly: true }. */
const moveSchema = z.unknown().transform((v, ctx): { move: number; fly: boolean } => {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 20) return { move: v, fly: false };
  const m = typeof v === 'string' ? /^[Ff]([0-9]{1,2})$/.exec(v.trim()) : null;
  if (m && Number(m[1]) <= 20) return { move: Number(m[1]), fly: true };
  ctx.addIssue({ code: 'custom', message: `expected a whole number 0–20, or "F6" style for a flyer; got ${JSON.stringify(v)}` });
  return z.NEVER;
});

const stat = int(0, 30);
export const statsSchema = z
  .strictObject({
    agility: stat,
    brawn: stat,
    spirit: stat,
    wits: stat,
    move: moveSchema,
    armor: int(0, 40),
    vigor: int(0, 100),
    fly: z.boolean().optional(),
  })
  .transform(({ move, fly, ...rest }) => ({ ...rest, move: move.move, fly: move.fly || fly === true }));

export const unitCardSchema = z
  .strictObject({
    id: idSchema,
    name: nameSchema,
    faction: wordSchema,
    descriptors: uniqueList(wordSchema, 'descriptor').default([]),
    quality: int(0, 20),
    size: z.enum(SIZES),
    cost: int(0, 500),
    fantasy: int(0, 3).default(0),
    modUse: uniqueList(z.enum(MOD_USES), 'mod-use mark').default([]),
    stats: statsSchema,
    tokens: tokensSchema,
    injuries: z.array(injuryBoxSchema).min(1),
    attacks: z.array(attackSchema).default([]),
    traits: z.array(traitSchema).default([]),
    text: textSchema.optional(),
  })
  .superRefine((card, ctx) => {
    const seen = new Map<string, string>();
    checkUniqueIds(card.attacks, ctx, ['attacks'], 'attack', seen);
    const traitIds = card.traits.flatMap((t, i) => ('id' in t && t.id !== undefined ? [{ id: t.id, i }] : []));
    for (const { id, i } of traitIds) {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['traits', i, 'id'], message: `duplicate id "${id}" (also at ${seen.get(id)})` });
      else seen.set(id, `traits[${i}]`);
    }
    card.injuries.forEach((box, i) => {
      if (typeof box === 'object' && !seen.has(box.trait)) {
        const known = [...seen.keys()];
        ctx.addIssue({
          code: 'custom',
          path: ['injuries', i, 'trait'],
          message: `"${box.trait}" is not an attack or trait id on this card${known.length ? ` (ids: ${known.join(', ')})` : ''}`,
        });
      }
    });
  }, whenValid);

export type Effect = z.output<typeof effectSchema>;
export type Attack = z.output<typeof attackSchema>;
export type Trait = z.output<typeof traitSchema>;
export type InjuryBox = z.output<typeof injuryBoxSchema>;
export type UnitCard = z.output<typeof unitCardSchema>;
export type Stats = z.output<typeof statsSchema>;
export type Cost = z.output<typeof costSchema>;
