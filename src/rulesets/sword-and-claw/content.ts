/**
 * Sword and Claw's shipped content (./content): troop catalogs, sample armies and maps, loaded and
 * checked as a whole. What is sample content (written for this project, not the rulebook's) says so
 * with `"sample": true`.
 */
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFolder } from '../../content/documents';
import { fail, ok, type Problem, type Result } from '../../formats/problems';
import { checkArmy } from './army-check';
import { armySchema, type Army } from './formats/army';
import { indexTroops, troopCatalogSchema, type TroopCatalog, type TroopIndex } from './formats/catalog';
import { scMapSchema, type ScMap } from './formats/map';

export const SC_CONTENT_DIR = fileURLToPath(new URL('./content', import.meta.url));

export interface ScContent {
  readonly catalogs: readonly TroopCatalog[];
  readonly troops: TroopIndex;
  /** Sample armies by file name. */
  readonly armies: ReadonlyMap<string, Army>;
  readonly maps: ReadonlyMap<string, ScMap>;
}

const stem = (file: string) => basename(file, extname(file));

export function loadScContent(dir: string = SC_CONTENT_DIR): Result<ScContent> {
  const problems: Problem[] = [];
  const catalogs = loadFolder(join(dir, 'catalogs'), troopCatalogSchema, problems).map((c) => c.value);
  const maps = new Map<string, ScMap>();
  for (const { file, value } of loadFolder(join(dir, 'maps'), scMapSchema, problems)) {
    if (value.id !== stem(file)) problems.push({ path: `${file}: id`, message: `map id "${value.id}" should match its file name "${stem(file)}"` });
    maps.set(value.id, value);
  }
  const index = indexTroops(catalogs);
  if (!index.ok) return fail([...problems, ...index.problems]);
  const armies = new Map<string, Army>();
  for (const { file, value } of loadFolder(join(dir, 'armies'), armySchema, problems)) {
    // A shipped army is legal at the default point total, so it can be played as it stands.
    for (const p of checkArmy(value, index.value).problems) problems.push({ path: `${file}: ${p.path}`, message: p.message });
    armies.set(stem(file), value);
  }
  return problems.length > 0 ? fail(problems) : ok({ catalogs, troops: index.value, armies, maps });
}

let shipped: ScContent | null = null;

/** The shipped content, loaded once; the content check checks it, so a problem here is a bug. */
export function scShipped(): ScContent {
  if (!shipped) {
    const loaded = loadScContent();
    if (!loaded.ok) throw new Error(`Sword and Claw's shipped content does not load: ${loaded.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
    shipped = loaded.value;
  }
  return shipped;
}
