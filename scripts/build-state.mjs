/**
 * Whether dist/ is up to date with the source, for `npm start` and `npm run TOOL` (scripts/start.mjs,
 * scripts/tool.mjs), which build first when it is not and esbuild is installed.
 *
 * dist/ is stale when any file under src/, or scripts/build.mjs, is newer than dist/BUILT, or when
 * package-lock.json's content differs from the one the build recorded in BUILT. The lock file is
 * compared by content, not by time: `npm prune --omit=dev` rewrites it unchanged after the build,
 * and must not make a production install look stale, with esbuild gone to rebuild it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The line of dist/BUILT that records the lock file the build was made with. */
const LOCK_LINE = 'package-lock.json sha256 ';

/** The newest modification time of a file under `path`. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** package-lock.json's digest (empty when there is none). */
export function lockDigest(root) {
  const lock = join(root, 'package-lock.json');
  return existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : '';
}

/** What dist/BUILT says: when the build was made, and the lock it was made with. */
export const builtText = (root) => `${new Date().toISOString()}\n${LOCK_LINE}${lockDigest(root)}\n`;

/** `missing` (no build), `stale` or `fresh`. */
export function buildState(root) {
  const built = join(root, 'dist', 'BUILT');
  if (!existsSync(built)) return 'missing';
  const builtAt = statSync(built).mtimeMs;
  if (Math.max(newest(join(root, 'src')), newest(join(root, 'scripts', 'build.mjs'))) > builtAt) return 'stale';
  const recorded = readFileSync(built, 'utf8')
    .split('\n')
    .find((line) => line.startsWith(LOCK_LINE));
  return recorded === `${LOCK_LINE}${lockDigest(root)}` ? 'fresh' : 'stale';
}

/**
 * Builds dist/ when it is missing or stale; when esbuild (a dev dependency) is not installed to do
 * it, stops the process with one sentence saying what to run.
 */
export function ensureBuilt(root) {
  const state = buildState(root);
  if (state === 'fresh') return;
  if (!existsSync(join(root, 'node_modules', 'esbuild'))) {
    console.error(
      state === 'stale'
        ? 'dist/ is older than the source, and esbuild (a dev dependency) is not installed to rebuild it; run `npm ci && npm run build`.'
        : 'There is no build in dist/, and esbuild (a dev dependency) is not installed to make one; run `npm ci && npm run build`.',
    );
    process.exit(1);
  }
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
