/**
 * Unions with precise errors. A bare z.union reports every branch's failure at once, which buries the
 * real mistake; these pick the one branch the author meant and report only its problems.
 */
import { z } from 'zod';
import { issueParts } from './problems';

type Branches = Record<string, z.ZodType>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parses `value` with `schema` inside a transform, passing its problems on with readable messages. */
export function parseInside<S extends z.ZodType>(schema: S, value: unknown, ctx: z.core.$RefinementCtx<unknown>): z.output<S> {
  const r = schema.safeParse(value, { reportInput: true });
  if (r.success) return r.data;
  for (const part of r.error.issues.flatMap(issueParts)) ctx.addIssue({ code: 'custom', message: part.message, path: part.keys });
  return z.NEVER;
}

/**
 * An object told apart by the value of one key, e.g. traits by `trait`: an unknown value gets
 * "unknown trait "regen"; expected one of fly, ghostly, …".
 */
export function tagged<B extends Branches>(tag: string, what: string, branches: B) {
  const names = Object.keys(branches);
  return z.unknown().transform((value, ctx): z.output<B[keyof B]> => {
    if (!isRecord(value)) {
      ctx.addIssue({ code: 'custom', message: `expected ${what} (an object with "${tag}")` });
      return z.NEVER;
    }
    const key = value[tag];
    if (key === undefined) {
      ctx.addIssue({ code: 'custom', path: [tag], message: `is missing; expected one of ${names.join(', ')}` });
      return z.NEVER;
    }
    if (typeof key !== 'string' || !Object.hasOwn(branches, key)) {
      ctx.addIssue({
        code: 'custom',
        path: [tag],
        message: `unknown ${what} ${JSON.stringify(key)}; expected one of ${names.join(', ')}`,
      });
      return z.NEVER;
    }
    return parseInside(branches[key] as B[keyof B], value, ctx);
  });
}

/**
 * An object told apart by which key it has, e.g. an effect by `wound`, `status`, `push`…. Keys are
 * tried in the given order, so list the more specific first (a recurring status also has `wound`).
 */
export function keyed<B extends Branches>(what: string, branches: B) {
  const names = Object.keys(branches);
  return z.unknown().transform((value, ctx): z.output<B[keyof B]> => {
    if (!isRecord(value)) {
      ctx.addIssue({ code: 'custom', message: `expected ${what} (an object with one of ${names.join(', ')})` });
      return z.NEVER;
    }
    const key = names.find((k) => Object.hasOwn(value, k));
    if (key === undefined) {
      ctx.addIssue({ code: 'custom', message: `expected ${what}: an object with one of ${names.join(', ')}` });
      return z.NEVER;
    }
    return parseInside(branches[key] as B[keyof B], value, ctx);
  });
}
