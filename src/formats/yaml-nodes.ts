/**
 * What a composed YAML document may hold before it is turned into plain values: each key once per
 * mapping, only the core schema's tags, and aliases that stay few, point back (never into
 * themselves) and do not expand the document past the limits. Aliases expand only in `toJS`, which
 * recurses, so an alias bomb (a few lines that repeat into billions of values) or a chain of aliases
 * nesting past the depth limit must be refused here, while the document is still its small tree.
 */
import { isAlias, isMap, isScalar, type Document, type Pair } from 'yaml';
import { aliasesExpand, MAX_ALIASES, MAX_DEPTH, MAX_VALUES, tooDeep, tooManyAliases, tooManyValues } from './limits';

/** The tags of plain values, lists and mappings. `!!binary`, `!!set`, `!js/function`, `!foo`… are not data this bot reads. */
const CORE_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'seq', 'map'].map((t) => `tag:yaml.org,2002:${t}`));

/** A tag as it is written in the file. */
const written = (tag: string): string =>
  tag.startsWith('tag:yaml.org,2002:') ? `!!${tag.slice('tag:yaml.org,2002:'.length)}` : tag.startsWith('!') ? tag : `!<${tag}>`;

interface Size {
  readonly values: number;
  readonly depth: number;
}

const SCALAR: Size = { values: 1, depth: 0 };

/** Problems with the document's nodes; `where` turns an offset into "line 3, column 7". */
export function yamlNodeProblems(doc: Document.Parsed, where: (offset: number) => string): string[] {
  const problems: string[] = [];
  const sizes = new Map<unknown, Size>();
  const open = new Set<unknown>();
  const anchors = new Map<string, unknown>();
  let aliases = 0;
  // Depth-first in document order, so an alias sees the anchors written before it, as YAML says;
  // a node is entered (its anchor recorded), then its children, then it is left and sized.
  const pending: { node: unknown; leaving: boolean }[] = [{ node: doc.contents, leaving: false }];
  while (pending.length > 0) {
    const { node, leaving } = pending.pop()!;
    if (node === null || node === undefined || sizes.has(node)) continue;
    const at = (): string => where((node as { range?: [number] }).range?.[0] ?? 0);
    if (isAlias(node)) {
      if (++aliases > MAX_ALIASES) return [tooManyAliases()];
      const target = anchors.get(node.source);
      if (target === undefined) return [`the alias *${node.source} at ${at()} has no anchor &${node.source} before it`];
      if (open.has(target)) return [`the alias *${node.source} at ${at()} is inside the value &${node.source} names, so it would repeat forever; remove it`];
      sizes.set(node, sizes.get(target) ?? SCALAR);
      continue;
    }
    if (!leaving) {
      const { tag, anchor } = node as { tag?: string; anchor?: string };
      if (tag !== undefined && !CORE_TAGS.has(tag)) {
        problems.push(
          `the tag ${written(tag)} at ${at()} is not allowed; only plain text, numbers, true/false, null, lists and mappings are read, so remove the tag`,
        );
      }
      if (anchor !== undefined) anchors.set(anchor, node);
      if (isMap(node)) problems.push(...repeatedKeys(node.items, where));
      if (isScalar(node)) {
        sizes.set(node, SCALAR);
        continue;
      }
      open.add(node);
      pending.push({ node, leaving: true });
      const children = childrenOf(node, true);
      for (let i = children.length - 1; i >= 0; i--) pending.push({ node: children[i], leaving: false });
      continue;
    }
    open.delete(node);
    let values = 1;
    let depth = 0;
    for (const child of childrenOf(node, false)) {
      const size = child === null || child === undefined ? SCALAR : (sizes.get(child) ?? SCALAR);
      values = Math.min(values + size.values, MAX_VALUES + 1);
      depth = Math.max(depth, size.depth);
    }
    sizes.set(node, { values, depth: depth + 1 });
  }
  // Sizes saturate at the value limit, so finishing the walk costs no more than the nodes written;
  // the whole document's depth is then the true one, not the first level found past the limit.
  const whole = doc.contents === null ? SCALAR : (sizes.get(doc.contents) ?? SCALAR);
  if (whole.values > MAX_VALUES) return [aliases > 0 ? aliasesExpand() : tooManyValues()];
  if (whole.depth > MAX_DEPTH) return [tooDeep(whole.depth)];
  return problems;
}

/**
 * A collection's items, or its keys and values, in document order. A plain key is a name rather than
 * a value (the count of a JSON document leaves keys out too), so sizing skips it; a list or an alias
 * used as a key still counts.
 */
function childrenOf(node: unknown, withPlainKeys: boolean): unknown[] {
  const items = (node as { items?: unknown[] }).items ?? [];
  if (!isMap(node)) return items;
  return (items as { key: unknown; value: unknown }[]).flatMap((p) => (withPlainKeys || (p.key !== null && !isScalar(p.key)) ? [p.key, p.value] : [p.value]));
}

/**
 * Keys written twice in one mapping, which would otherwise silently keep the last. The yaml library
 * can check this itself, but compares every key with every other: a mapping of 20,000 keys took
 * seconds. A set does it in one pass. Keys are compared as the object keys they become, so `1` and
 * `"1"` clash too.
 */
function repeatedKeys(pairs: readonly Pair<unknown, unknown>[], where: (offset: number) => string): string[] {
  const seen = new Map<string, number>();
  const problems: string[] = [];
  for (const { key } of pairs) {
    if (!isScalar(key) && key !== null) continue;
    const name = key === null || key.value === null ? '' : String(key.value);
    const offset = key?.range?.[0] ?? 0;
    const first = seen.get(name);
    if (first === undefined) seen.set(name, offset);
    else problems.push(`not valid YAML at ${where(offset)}: the key ${JSON.stringify(name)} is repeated (first at ${where(first)}); keys must be unique`);
  }
  return problems;
}
