/**
 * Validation problems as people read them: `units[3].mod: "valor-banner" needs …`. Every loader in
 * src/formats returns a Result built here, so a bad file is never half-loaded and never throws.
 */
import type { z } from 'zod';

export interface Problem {
  /** Where the bad value is, e.g. `units[3].mod`; empty for the whole document. */
  readonly path: string;
  readonly message: string;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: Problem[] };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(problems: Problem[]): Result<T> => ({ ok: false, problems });

export function pathToString(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** One line per problem, for chat replies and the CLI. */
export function formatProblems(problems: readonly Problem[]): string {
  return problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('\n');
}

/** A value as a problem message mentions it: `"abc"`, `7`, `a list`, `nothing`. */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

function bound(origin: string, limit: number | bigint, inclusive: boolean | undefined, big: boolean): string {
  const n = Number(limit);
  if (origin === 'array') return big ? `at most ${n} item${n === 1 ? '' : 's'}` : `at least ${n} item${n === 1 ? '' : 's'}`;
  if (origin === 'string') return big ? `at most ${n} characters` : n <= 1 ? 'not empty' : `at least ${n} characters`;
  if (big) return inclusive === false ? `below ${n}` : `at most ${n}`;
  return inclusive === false ? `above ${n}` : `at least ${n}`;
}

/** A problem whose path is still keys, so it can be nested under another path before printing. */
export interface KeyedProblem {
  readonly keys: PropertyKey[];
  readonly message: string;
}

/** Turns one zod issue into problems (unknown keys give one problem per key, with the key in the path). */
export function issueParts(issue: z.core.$ZodIssue): KeyedProblem[] {
  const at = (message: string): KeyedProblem[] => [{ keys: issue.path, message }];
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return at(`is missing (expected ${TYPE_WORDS[issue.expected] ?? issue.expected})`);
      return at(`expected ${TYPE_WORDS[issue.expected] ?? issue.expected}, got ${show(issue.input)}`);
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({ keys: [...issue.path, key], message: 'unknown key (not part of the format; check the spelling)' }));
    case 'invalid_value': {
      const expected = issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${issue.values.map((v) => String(v)).join(', ')}`;
      return at(issue.input === undefined ? `is missing (expected ${expected})` : `expected ${expected}; got ${show(issue.input)}`);
    }
    case 'too_small':
      return at(`must be ${bound(issue.origin, issue.minimum, issue.inclusive, false)}, got ${show(issue.input)}`);
    case 'too_big':
      return at(`must be ${bound(issue.origin, issue.maximum, issue.inclusive, true)}, got ${show(issue.input)}`);
    case 'invalid_union': {
      // Our schemas avoid bare unions (see unions.ts); report the closest branch if one slips through.
      const best = [...issue.errors].sort((a, b) => a.length - b.length)[0];
      if (!best || best.length === 0) return at(issue.message);
      return best.flatMap((i) => issueParts({ ...i, path: [...issue.path, ...i.path] }));
    }
    default:
      return at(issue.message);
  }
}

export function issueProblems(issue: z.core.$ZodIssue): Problem[] {
  return issueParts(issue).map((p) => ({ path: pathToString(p.keys), message: p.message }));
}

/** Parses with a schema and returns every problem at once. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): Result<z.output<S>> {
  const r = schema.safeParse(value, { reportInput: true });
  if (r.success) return ok(r.data);
  return fail(r.error.issues.flatMap(issueProblems));
}
