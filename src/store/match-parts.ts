/**
 * A match row's shared parts, stored once (table `match_parts`) instead of in every row. A match's
 * setup and snapshot each carry the map and the cards and mods the warbands use, several times over
 * (the setup's candidate maps, its cards, its first game state; the snapshot's game), and most
 * matches use the same maps and cards. Before a row is written, every object under a key `map`, and
 * every entry of an object under `cards` or `mods` and then that object itself, is replaced by a
 * reference `{ "$part": <hash> }` to its JSON, keyed by a hash of that JSON; reading the row puts the
 * values back where the references were, so callers see the row as they wrote it (same keys, same
 * order). A row written before parts existed holds its values inline and reads as it is.
 *
 * Parts are never deleted: a reference, once written, always finds its part.
 */
import { createHash } from 'node:crypto';

/** Keys whose object value is stored as a part. */
const WHOLE = new Set(['map']);
/** Keys whose object's entries are parts, and then the object of their references too. */
const BY_ENTRY = new Set(['cards', 'mods']);

export const PART_REF = '$part';

type Ref = { readonly [PART_REF]: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const isRef = (v: unknown): v is Ref => isObject(v) && typeof v[PART_REF] === 'string' && Object.keys(v).length === 1;

/**
 * Parts seen by this process, by hash: their JSON and their value with its references resolved.
 * Content-addressed, so never stale; bounded, oldest out.
 */
const known = new Map<string, { json: string; value?: unknown }>();
const KNOWN_MAX = 2048;
/** The hash of objects already packed or read back, so an unchanged map or card is not hashed again. */
const hashOf = new WeakMap<object, string>();

function remember(hash: string, json: string, value?: unknown): void {
  known.delete(hash);
  known.set(hash, value === undefined ? { json } : { json, value });
  if (known.size > KNOWN_MAX) known.delete(known.keys().next().value!);
  if (isObject(value)) hashOf.set(value, hash);
}

/** A value as a reference to its part, the part added to `parts` (hash → JSON). */
function toRef(value: object, parts: Map<string, string>): Ref {
  let hash = hashOf.get(value);
  let json = hash === undefined ? undefined : known.get(hash)?.json;
  if (hash === undefined || json === undefined) {
    json = JSON.stringify(value);
    hash = createHash('sha256').update(json).digest('base64url').slice(0, 24);
    hashOf.set(value, hash);
    remember(hash, json);
  }
  parts.set(hash, json);
  return { [PART_REF]: hash };
}

function packValue(value: unknown, parts: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => packValue(v, parts));
  if (!isObject(value) || isRef(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (WHOLE.has(key) && isObject(v) && !isRef(v)) out[key] = toRef(v, parts);
    else if (BY_ENTRY.has(key) && isObject(v) && !isRef(v) && Object.keys(v).length > 0) {
      const entries: Record<string, unknown> = {};
      for (const [id, entry] of Object.entries(v)) entries[id] = isObject(entry) && !isRef(entry) ? toRef(entry, parts) : entry;
      const ref = toRef(entries, parts);
      // The caller's object stands for the same part, so the next write of it needs no hashing.
      hashOf.set(v, ref[PART_REF]);
      out[key] = ref;
    } else out[key] = packValue(v, parts);
  }
  return out;
}

/** `value` with its shared parts as references, and those parts (hash → JSON) to store. */
export function packParts(value: unknown): { value: unknown; parts: Map<string, string> } {
  const parts = new Map<string, string>();
  return { value: packValue(value, parts), parts };
}

function refsIn(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (isRef(value)) into.add(value[PART_REF]);
  else if (isObject(value)) for (const v of Object.values(value)) refsIn(v, into);
}

/**
 * Finds every part `values` reference (and the parts those reference), asking `fetch` for the ones
 * this process has not seen; fetch answers hash → JSON for those it has.
 */
function* wanted(values: readonly unknown[]): Generator<string[], void, ReadonlyMap<string, string>> {
  let refs = new Set<string>();
  for (const v of values) refsIn(v, refs);
  const seen = new Set<string>();
  while (refs.size > 0) {
    const missing = [...refs].filter((h) => !seen.has(h) && !known.has(h));
    for (const h of refs) seen.add(h);
    const fetched = missing.length > 0 ? yield missing : new Map<string, string>();
    const next = new Set<string>();
    for (const h of refs) {
      const json = known.get(h)?.json ?? fetched.get(h);
      if (json === undefined) throw new Error(`match_parts: the part ${h} a match row refers to is missing`);
      if (!known.has(h)) remember(h, json);
      refsIn(JSON.parse(json), next);
    }
    refs = new Set([...next].filter((h) => !seen.has(h)));
  }
}

function resolved(hash: string): unknown {
  const entry = known.get(hash)!;
  if (entry.value === undefined) remember(hash, entry.json, unpackValue(JSON.parse(entry.json)));
  return known.get(hash)!.value;
}

function unpackValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.some(hasRef) ? value.map(unpackValue) : value;
  if (isRef(value)) return resolved(value[PART_REF]);
  if (!isObject(value) || !hasRef(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = unpackValue(v);
  return out;
}

function hasRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasRef);
  if (isRef(value)) return true;
  return isObject(value) && Object.values(value).some(hasRef);
}

/** `values` with their references replaced by the parts; `fetch` reads parts this process has not seen (SQLite). */
export function unpackPartsSync(values: readonly unknown[], fetch: (hashes: string[]) => ReadonlyMap<string, string>): unknown[] {
  if (!values.some(hasRef)) return [...values];
  const steps = wanted(values);
  for (let step = steps.next(); !step.done; step = steps.next(fetch(step.value)));
  return values.map(unpackValue);
}

/** As unpackPartsSync, with an asynchronous `fetch` (PostgreSQL). */
export async function unpackParts(values: readonly unknown[], fetch: (hashes: string[]) => Promise<ReadonlyMap<string, string>>): Promise<unknown[]> {
  if (!values.some(hasRef)) return [...values];
  const steps = wanted(values);
  for (let step = steps.next(); !step.done; step = steps.next(await fetch(step.value)));
  return values.map(unpackValue);
}
