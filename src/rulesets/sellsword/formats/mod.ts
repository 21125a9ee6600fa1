/** Mod cards (docs/formats.md "Mod card"): tokens, signed stat bonuses, attacks and traits added to a unit. */
import { z } from 'zod';
import { attackSchema, traitSchema } from './card';
import { checkUniqueIds, idSchema, whenValid, int, nameSchema, textSchema, uniqueList, wordSchema } from '../../../formats/fields';
import { CARD_STATS, MOD_USES, TOKENS } from './vocabulary';

const signed = int(-20, 20).default(0);

export const modCardSchema = z
  .strictObject({
    id: idSchema,
    name: nameSchema,
    faction: wordSchema,
    modUse: uniqueList(z.enum(MOD_USES), 'mod-use mark').default([]),
    cost: int(0, 200),
    tokens: z
      .strictObject(Object.fromEntries(TOKENS.map((t) => [t, int(0, 9).default(0)])) as Record<(typeof TOKENS)[number], z.ZodDefault<z.ZodNumber>>)
      .prefault({}),
    stats: z.strictObject(Object.fromEntries(CARD_STATS.map((s) => [s, signed])) as Record<(typeof CARD_STATS)[number], typeof signed>).prefault({}),
    attacks: z.array(attackSchema).default([]),
    traits: z.array(traitSchema).default([]),
    text: textSchema.optional(),
  })
  .superRefine((mod, ctx) => checkUniqueIds(mod.attacks, ctx, ['attacks'], 'attack'), whenValid);

export type ModCard = z.output<typeof modCardSchema>;
