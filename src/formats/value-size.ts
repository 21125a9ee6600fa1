/**
 * How many values a parsed document holds and how deeply it nests, counted without recursion: the
 * last check before the schemas (which do recurse) see the value.
 */
import { MAX_DEPTH, MAX_VALUES, tooDeep, tooManyValues } from './limits';

export interface ValueSize {
  /** Lists, objects and the scalars in them; object keys are not counted. */
  readonly values: number;
  /** Lists and objects inside one another: 0 for a lone scalar, 1 for `[]`. */
  readonly depth: number;
  /** False when counting stopped at MAX_VALUES: there are more, and perhaps deeper ones. */
  readonly complete: boolean;
}

export function measureValue(value: unknown): ValueSize {
  let values = 0;
  let depth = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [v, level] = pending.pop()!;
    // Stopping here also bounds the walk if a value ever contained itself.
    if (++values > MAX_VALUES) return { values: MAX_VALUES, depth, complete: false };
    if (typeof v !== 'object' || v === null) continue;
    const inner = level + 1;
    if (inner > depth) depth = inner;
    for (const child of Array.isArray(v) ? v : Object.values(v)) pending.push([child, inner]);
  }
  return { values, depth, complete: true };
}

/** The sentence refusing a value that is too big or too deep, or null when it is within the limits. */
export function valueProblem(size: ValueSize): string | null {
  if (!size.complete) return tooManyValues();
  if (size.depth > MAX_DEPTH) return tooDeep(size.depth);
  return null;
}
