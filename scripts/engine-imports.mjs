/**
 * Points every import of the engines at their public APIs: the generic core's, src/engine/index.ts,
 * and Sellsword's, src/rulesets/sellsword/engine/index.ts (docs/rulesets.md §3, §5 step 5).
 * - Outside both folders, `from '../engine/state'` becomes an import of the index that holds the file.
 * - An import of the core's index that names Sellsword's exports is split: those names come from
 *   Sellsword's engine index, the rest stay with the core's.
 * - Inside Sellsword's engine, an import of a file that is the core's (`./board`) points at the core's
 *   file (`../../../engine/board`).
 * - In tests and scripts, a file path of a module that moved follows it (`src/engine/state` becomes
 *   `src/rulesets/sellsword/engine/state`); the indexes are split as above.
 * Idempotent; run it after merging work that imports engine files by their old place (`npm run layers`
 * and tsc name any it leaves).
 *
 * `node scripts/engine-imports.mjs` rewrites the files under src/, test/ and scripts/ and prints how
 * many it changed.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');
const CORE = join(SRC, 'engine');
const SELLSWORD = join(SRC, 'rulesets', 'sellsword', 'engine');

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'fixtures') continue;
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(tsx?|mts|mjs)$/.test(name)) yield path;
  }
}

/** The names an index exports (`a as b` exports b). */
function exportsOf(index) {
  const names = new Set();
  for (const [, list] of readFileSync(index, 'utf8').matchAll(/export (?:type )?\{([^}]*)\} from/g)) {
    for (const part of list.split(',')) {
      const name = part
        .trim()
        .replace(/^type /, '')
        .split(' as ')
        .pop()
        .trim();
      if (name) names.add(name);
    }
  }
  return names;
}

const coreNames = exportsOf(join(CORE, 'index.ts'));
const sellswordNames = exportsOf(join(SELLSWORD, 'index.ts'));
const has = (dir, base) => existsSync(join(dir, `${base}.ts`));

function spec(from, target) {
  const path = relative(dirname(from), target);
  return path.startsWith('.') ? path : `./${path}`;
}

/** The import statement(s) for `names` (as written) of `target`, split between the two indexes. */
function splitIndex(file, typeOnly, names) {
  const core = [];
  const sellsword = [];
  for (const written of names) {
    const name = written
      .replace(/^type /, '')
      .split(' as ')[0]
      .trim();
    (coreNames.has(name) || !sellswordNames.has(name) ? core : sellsword).push(written);
  }
  const kw = typeOnly ? 'type ' : '';
  const statement = (list, target) => `import ${kw}{ ${list.join(', ')} } from '${spec(file, target)}';`;
  return [...(core.length ? [statement(core, CORE)] : []), ...(sellsword.length ? [statement(sellsword, SELLSWORD)] : [])].join('\n');
}

/** Where an import of `target` (a resolved path without extension) should point from `file`, or null. */
function moved(file, target) {
  const inSellsword = file.startsWith(`${SELLSWORD}/`);
  const inCore = file.startsWith(`${CORE}/`);
  const base = target.split('/').pop();
  // Sellsword's engine importing a core file by its old neighbour's path.
  if (inSellsword && dirname(target) === SELLSWORD && !has(SELLSWORD, base) && has(CORE, base)) return join(CORE, base);
  // Anyone else importing a file that moved out of the core.
  if (dirname(target) === CORE && base !== 'index' && !has(CORE, base) && has(SELLSWORD, base)) {
    if (inCore) return null;
    return file.startsWith(SRC) && !file.startsWith(`${join(SRC, 'rulesets')}/`) ? SELLSWORD : join(SELLSWORD, base);
  }
  // src outside the engines importing a core file directly: through the core's index.
  if (dirname(target) === CORE && has(CORE, base) && file.startsWith(`${SRC}/`) && !inCore && !file.startsWith(`${join(SRC, 'rulesets')}/`)) return CORE;
  return null;
}

let changed = 0;
for (const dir of [SRC, join(ROOT, 'test'), join(ROOT, 'scripts')]) {
  for (const file of files(dir)) {
    const text = readFileSync(file, 'utf8');
    let next = text.replace(/(from |import\(|vi\.mock\()'(\.[^']*)'/g, (whole, head, path) => {
      const target = resolve(dirname(file), path).replace(/\.(ts|js)$/, '');
      const to = moved(file, target);
      return to ? `${head}'${spec(file, to)}'` : whole;
    });
    if (!file.startsWith(`${CORE}/`)) {
      next = next.replace(/import (type )?\{([^}]*)\} from '(\.[^']*)';/g, (whole, type, list, path) => {
        if (resolve(dirname(file), path) !== CORE) return whole;
        const names = list
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean);
        return splitIndex(file, Boolean(type), names);
      });
    }
    if (next !== text) {
      writeFileSync(file, next);
      changed++;
    }
  }
}
console.log(`${changed} file(s) now import the engines through their indexes (${relative(ROOT, CORE)}, ${relative(ROOT, SELLSWORD)}).`);
