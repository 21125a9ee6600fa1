/**
 * A production install in a temporary folder: the project's run-time files, a node_modules holding
 * only the packages package-lock.json does not mark as dev (linked from this checkout's), and a build
 * in dist/ made by this checkout's esbuild, as `npm ci && npm run build && npm prune --omit=dev` would
 * leave it. Loading tsx, esbuild or any other dev dependency fails there.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface LockPackage {
  readonly dev?: boolean;
}

/** The top-level packages `npm ci --omit=dev` installs: every package in the lock not marked dev (nested ones live inside them). */
export function productionPackages(): string[] {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockPackage> };
  return Object.entries(lock.packages)
    .filter(([path, pkg]) => path.startsWith('node_modules/') && !path.slice('node_modules/'.length).includes('node_modules/') && !pkg.dev)
    .map(([path]) => path.slice('node_modules/'.length));
}

/** The scripts a production install runs (`npm run start:prod`, `npm run db:check`…), copied so they find the folder as their root. */
const RUN_TIME_SCRIPTS = ['start.mjs', 'tool.mjs', 'build-state.mjs', 'malloc-settings.json', 'v8-flags.json'];

/** Lays the install out in a new temporary folder and returns it. */
export function productionInstall(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const name of ['src', 'migrations', 'migrations-pg']) symlinkSync(join(ROOT, name), join(dir, name));
  for (const name of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, name), join(dir, name));
  mkdirSync(join(dir, 'scripts'));
  for (const name of RUN_TIME_SCRIPTS) copyFileSync(join(ROOT, 'scripts', name), join(dir, 'scripts', name));
  for (const name of productionPackages()) {
    const at = join(dir, 'node_modules', name);
    mkdirSync(join(at, '..'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), at);
  }
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--outdir', join(dir, 'dist')], { stdio: 'pipe' });
  return dir;
}
