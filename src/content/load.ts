/**
 * Loads the shipped content (src/content/catalogs, src/content/maps). Everything is validated before
 * anything is returned: a bad file yields problems naming the file and path, never a partial load.
 */
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogSchema, indexCatalogs, type Catalog, type CatalogIndex } from '../rulesets/sellsword/formats/catalog';
import type { Gridmap } from '../formats/gridmap';
import { battlefieldSchema } from '../rulesets/sellsword/engine';
import { fail, ok, type Problem, type Result } from '../formats/problems';
import { loadFolder } from './documents';

export const CONTENT_DIR = fileURLToPath(new URL('.', import.meta.url));

export interface Content {
  readonly catalogs: readonly Catalog[];
  readonly index: CatalogIndex;
  readonly maps: ReadonlyMap<string, Gridmap>;
}

export function loadContent(dir: string = CONTENT_DIR): Result<Content> {
  const problems: Problem[] = [];
  const catalogs = loadFolder(join(dir, 'catalogs'), catalogSchema, problems);
  const maps = new Map<string, Gridmap>();
  for (const { file, value } of loadFolder(join(dir, 'maps'), battlefieldSchema, problems)) {
    const stem = basename(file, extname(file));
    if (value.id !== stem) problems.push({ path: `${file}: id`, message: `map id "${value.id}" should match its file name "${stem}"` });
    if (maps.has(value.id)) problems.push({ path: `${file}: id`, message: `duplicate map id "${value.id}"` });
    maps.set(value.id, value);
  }
  const index = indexCatalogs(catalogs.map((c) => c.value));
  if (!index.ok) problems.push(...index.problems);
  if (problems.length > 0 || !index.ok) return fail(problems);
  return ok({ catalogs: catalogs.map((c) => c.value), index: index.value, maps });
}

/**
 * The content with the catalogs of the JSON or YAML files in `dir` added (a rules scenario folder's
 * shared test cards: test/scenarios/catalog). Ids stay unique across all of them, as in a league.
 */
export function withCatalogFolder(content: Content, dir: string): Result<Content> {
  const problems: Problem[] = [];
  const extra = loadFolder(dir, catalogSchema, problems).map((c) => c.value);
  const catalogs = [...content.catalogs, ...extra];
  const index = indexCatalogs(catalogs);
  if (!index.ok) problems.push(...index.problems);
  if (problems.length > 0 || !index.ok) return fail(problems);
  return ok({ ...content, catalogs, index: index.value });
}

let cached: Content | undefined;

/** The default content, loaded once; throws if the shipped files are broken (the content check catches that first). */
export function defaultContent(): Content {
  if (cached) return cached;
  const r = loadContent();
  if (!r.ok) throw new Error(`the shipped content is invalid; run npm run content:check\n${r.problems.map((p) => `${p.path}: ${p.message}`).join('\n')}`);
  cached = r.value;
  return cached;
}
