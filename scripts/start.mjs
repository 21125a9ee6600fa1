/**
 * `npm start`: runs the bundled bot (dist/start.js), building it first when dist/ is missing or older
 * than any source, so a fresh clone's `npm ci && npm start` just works. Production, with dev
 * dependencies left out, runs `npm run start:prod` (dist/start.js directly) on a build made before.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = join(ROOT, 'dist', 'BUILT');

/** The newest modification time of a file under `path`. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
const sourcesAt = Math.max(newest(join(ROOT, 'src')), newest(join(ROOT, 'package-lock.json')), newest(join(ROOT, 'scripts', 'build.mjs')));
if (builtAt < sourcesAt) {
  if (!existsSync(join(ROOT, 'node_modules', 'esbuild'))) {
    console.error(
      builtAt
        ? 'dist/ is older than the source, and esbuild (a dev dependency) is not installed to rebuild it; run `npm ci && npm run build`.'
        : 'There is no build in dist/, and esbuild (a dev dependency) is not installed to make one; run `npm ci && npm run build`.',
    );
    process.exit(1);
  }
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(join(ROOT, 'dist', 'start.js')).href);
