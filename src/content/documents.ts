/**
 * Reading a folder of shipped documents (JSON or YAML) with a schema: every game's content loader
 * uses this, so a bad file is reported the same way, by file and path, and nothing is half-loaded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { z } from 'zod';
import { parseText } from '../formats/document';
import { parseWith, type Problem } from '../formats/problems';

const DOCUMENT = /\.(json|ya?ml)$/i;

/** The folder's documents in name order, each parsed with `schema`; problems are added to `problems`. */
export function loadFolder<S extends z.ZodType>(dir: string, schema: S, problems: Problem[]): { file: string; value: z.output<S> }[] {
  const out: { file: string; value: z.output<S> }[] = [];
  for (const name of readdirSync(dir)
    .filter((f) => DOCUMENT.test(f))
    .sort()) {
    const file = join(dir, name);
    const doc = parseText(readFileSync(file, 'utf8'), name);
    const parsed = doc.ok ? parseWith(schema, doc.value) : doc;
    const where = `${basename(dir)}/${name}`;
    if (parsed.ok) out.push({ file: where, value: parsed.value });
    else problems.push(...parsed.problems.map((p) => ({ path: p.path ? `${where}: ${p.path}` : where, message: p.message })));
  }
  return out;
}
