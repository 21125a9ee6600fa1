/**
 * The size of the syntax tree the yaml library's parser builds (with its own stack, never by
 * recursion) before its composer (which recurses once per level, and compares every key of a mapping
 * with every other) turns it into nodes. Measured here, the tree's depth is exactly how deep the
 * composer will go, whatever the text looked like to the pre-scan in yaml-nesting.ts, and its count
 * bounds the composer's work.
 */
import type { CST } from 'yaml';
import { MAX_VALUES } from './limits';
import type { ValueSize } from './value-size';

const isCollection = (t: CST.Token): t is CST.BlockMap | CST.BlockSequence | CST.FlowCollection =>
  t.type === 'block-map' || t.type === 'block-seq' || t.type === 'flow-collection';

/** Collections and the values in them; a mapping entry counts as its value, like a JSON object's. */
export function measureSyntaxTree(tokens: readonly CST.Token[]): ValueSize {
  let values = 0;
  let depth = 0;
  // The parser also yields comments and markers between documents; only documents hold values.
  const pending: [CST.Token | undefined, number][] = tokens.flatMap((t): [CST.Token | undefined, number][] => (t.type === 'document' ? [[t.value, 0]] : []));
  while (pending.length > 0) {
    const [token, level] = pending.pop()!;
    // Anything but a collection is one value: a scalar, an alias, or nothing (an empty entry is null).
    if (++values > MAX_VALUES) return { values: MAX_VALUES, depth, complete: false };
    if (token === undefined || !isCollection(token)) continue;
    const inner = level + 1;
    if (inner > depth) depth = inner;
    for (const item of token.items) {
      // Only spaces and a comma before a flow collection's end: no entry.
      if (!item.value && !item.key && !item.sep && item.start.every((t) => t.type !== 'seq-item-ind')) continue;
      // A plain key is a name, not a value; a collection as a key is still built, so it counts.
      if (item.key && isCollection(item.key)) pending.push([item.key, inner]);
      pending.push([item.value, inner]);
    }
  }
  return { values, depth, complete: true };
}
