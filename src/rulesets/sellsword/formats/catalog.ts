/** Catalogs (docs/formats.md "Catalog") and the merged index of the catalogs a league uses. */
import { z } from 'zod';
import { unitCardSchema, type UnitCard } from './card';
import { checkUniqueIds, idSchema, nameSchema, whenValid } from '../../../formats/fields';
import { modCardSchema, type ModCard } from './mod';
import { fail, ok, type Problem, type Result } from '../../../formats/problems';

export const catalogSchema = z
  .strictObject({
    id: idSchema,
    name: nameSchema,
    units: z.array(unitCardSchema).default([]),
    mods: z.array(modCardSchema).default([]),
  })
  .superRefine((catalog, ctx) => {
    // Cards and mods share one id space: a warband line names either.
    const seen = new Map<string, string>();
    checkUniqueIds(catalog.units, ctx, ['units'], 'card', seen);
    checkUniqueIds(catalog.mods, ctx, ['mods'], 'card', seen);
  }, whenValid);

export type Catalog = z.output<typeof catalogSchema>;

/** The cards and mods of every catalog a league uses, by id. */
export interface CatalogIndex {
  readonly units: ReadonlyMap<string, UnitCard>;
  readonly mods: ReadonlyMap<string, ModCard>;
}

/** Merges validated catalogs; ids must be unique across all of them. */
export function indexCatalogs(catalogs: readonly Catalog[]): Result<CatalogIndex> {
  const units = new Map<string, UnitCard>();
  const mods = new Map<string, ModCard>();
  const where = new Map<string, string>();
  const problems: Problem[] = [];
  for (const catalog of catalogs) {
    const entries: [string, UnitCard | ModCard, 'units' | 'mods', number][] = [
      ...catalog.units.map((u, i): [string, UnitCard, 'units', number] => [u.id, u, 'units', i]),
      ...catalog.mods.map((m, i): [string, ModCard, 'mods', number] => [m.id, m, 'mods', i]),
    ];
    for (const [id, card, list, i] of entries) {
      const here = `${catalog.id}.${list}[${i}]`;
      const first = where.get(id);
      if (first !== undefined) {
        problems.push({ path: `${here}.id`, message: `duplicate id "${id}" (also at ${first}); ids must be unique across a league's catalogs` });
        continue;
      }
      where.set(id, here);
      if (list === 'units') units.set(id, card as UnitCard);
      else mods.set(id, card as ModCard);
    }
  }
  return problems.length ? fail(problems) : ok({ units, mods });
}
