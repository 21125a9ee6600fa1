/** Field schemas shared by several formats, each with the message an author needs. */
import { z } from 'zod';
import { nameProblem } from './characters';
import { normalizeSquare } from './squares';

/**
 * Refinements that look across fields run only on a value whose shape already passed: zod runs them
 * after non-aborting issues too (a list too short, say), and they must never see a malformed value.
 */
export const whenValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/** Ids are lower-case kebab words: `valor-squire`, `grave-blast`. */
export const idSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'expected an id of lower-case letters, digits and dashes, like "valor-squire"' });

/** Descriptors and faction names are lower-case words. */
export const wordSchema = z.string().regex(/^[a-z][a-z-]*$/, { error: 'expected a lower-case word, like "undead"' });

/**
 * A name other players read: a warband's, a map's, a catalog's, a card's, a mod's, an attack's or a
 * trait's. One line of visible text; see characters.ts for what is refused and why.
 */
export const nameField = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .superRefine((name, ctx) => {
      const problem = nameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const nameSchema = nameField(80);
export const textSchema = z.string().max(1000);

export const int = (min: number, max: number) => z.number().int().min(min).max(max);

/** A square name, upper-cased on output. Whether it is on the map is checked with the map. */
export const squareSchema = z.string().transform((s, ctx) => {
  const name = normalizeSquare(s);
  if (name === null) {
    ctx.addIssue({ code: 'custom', message: `expected a square like "C4" (column letters, then row number), got ${JSON.stringify(s)}` });
    return z.NEVER;
  }
  return name;
});

/** A list without repeats, e.g. mod-use marks. */
export function uniqueList<T extends z.ZodType>(item: T, what: string) {
  return z.array(item).superRefine((list, ctx) => {
    const seen = new Set<unknown>();
    list.forEach((v, i) => {
      if (seen.has(v)) ctx.addIssue({ code: 'custom', path: [i], message: `${what} ${JSON.stringify(v)} is listed twice` });
      seen.add(v);
    });
  }, whenValid);
}

/** Flags repeated `id`s in a list of objects, pointing at the second one. */
export function checkUniqueIds(
  items: readonly { id: string }[],
  ctx: z.core.$RefinementCtx<unknown>,
  listPath: PropertyKey[],
  what: string,
  seen = new Map<string, string>(),
): void {
  items.forEach((item, i) => {
    const here = `${listPath.map(String).join('.')}[${i}]`;
    const first = seen.get(item.id);
    if (first !== undefined) {
      ctx.addIssue({ code: 'custom', path: [...listPath, i, 'id'], message: `duplicate ${what} id "${item.id}" (also at ${first})` });
    } else seen.set(item.id, here);
  });
}
