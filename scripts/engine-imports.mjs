/**
 * Points every import of an engine module from outside src/engine at the engine's public API,
 * src/engine/index.ts: `from '../engine/state'` becomes `from '../engine'`. Idempotent; run it after
 * merging work that imports engine files directly (`npm run layers` names any it finds).
 *
 * `node scripts/engine-imports.mjs` rewrites the files under src/ and prints how many it changed.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');
const ENGINE = join(SRC, 'engine');

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.tsx?$/.test(name)) yield path;
  }
}

let changed = 0;
for (const file of files(SRC)) {
  if (file.startsWith(`${ENGINE}/`)) continue;
  const text = readFileSync(file, 'utf8');
  const next = text.replace(/from '((?:\.\.\/)+)engine\/[a-z0-9-]+'/g, (whole, up) => {
    // Only paths that really lead to src/engine (not some other folder named engine).
    const target = resolve(dirname(file), `${up}engine`);
    return target === ENGINE ? `from '${up}engine'` : whole;
  });
  if (next !== text) {
    writeFileSync(file, next);
    changed++;
  }
}
console.log(`${changed} file(s) now import the engine through src/engine/index.ts (${relative(ROOT, ENGINE)}).`);
