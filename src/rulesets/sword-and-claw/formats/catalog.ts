/**
 * Sword and Claw troop catalogs (docs/formats.md "Sword and Claw: catalog") and the index of the
 * catalogs a match or league uses. A catalog names its ruleset; a document without the key is Sellsword's.
 */
import { z } from 'zod';
import { idSchema, nameSchema, textSchema, whenValid } from '../../../formats/fields';
import { fail, ok, type Problem, type Result } from '../../../formats/problems';
import { rulesetKey } from './ruleset-key';
import { troopCardSchema, type TroopCard } from './troop-card';

export const troopCatalogSchema = z
  .strictObject({
    ruleset: rulesetKey,
    id: idSchema,
    name: nameSchema,
    /** Content written for this project to try the rules with, not taken from the rulebook. */
    sample: z.boolean().default(false),
    text: textSchema.optional(),
    troops: z.array(troopCardSchema).min(1).max(500),
  })
  .superRefine((catalog, ctx) => {
    const seen = new Map<string, number>();
    catalog.troops.forEach((t, i) => {
      const first = seen.get(t.id);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['troops', i, 'id'], message: `duplicate troop id "${t.id}" (also at troops[${first}])` });
      else seen.set(t.id, i);
    });
  }, whenValid);

export type TroopCatalog = z.output<typeof troopCatalogSchema>;

/** Troop cards by id across the catalogs in use. */
export type TroopIndex = ReadonlyMap<string, TroopCard>;

/** Merges validated catalogs; ids must be unique across all of them. */
export function indexTroops(catalogs: readonly TroopCatalog[]): Result<TroopIndex> {
  const troops = new Map<string, TroopCard>();
  const where = new Map<string, string>();
  const problems: Problem[] = [];
  for (const catalog of catalogs) {
    catalog.troops.forEach((card, i) => {
      const here = `${catalog.id}.troops[${i}]`;
      const first = where.get(card.id);
      if (first !== undefined) {
        problems.push({ path: `${here}.id`, message: `duplicate id "${card.id}" (also at ${first}); ids must be unique across the catalogs in use` });
        return;
      }
      where.set(card.id, here);
      troops.set(card.id, card);
    });
  }
  return problems.length > 0 ? fail(problems) : ok(troops);
}
