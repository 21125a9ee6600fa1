/**
 * Which Chromium the browser tests drive, and how it is started.
 *
 * By default: the Chromium that the npm package `@sparticuz/chromium` ships brotli-compressed in its
 * `bin/chromium.br` (a chrome-headless-shell build that needs only glibc, expat, NSS and NSPR from the
 * system), unpacked once into a folder of its own under the temporary directory. So
 * `npm ci && npm test` needs no system Chromium, no apt and no download, and every machine runs the
 * same browser.
 * `CHROMIUM_PATH=/path/to/chromium` runs another one instead (for example to compare with Debian's).
 *
 * The unpacking is ours rather than the package's `executablePath()`, which writes straight to
 * `/tmp/chromium` and returns that path as soon as it exists: a second process (another vitest
 * worker or test run) could then start a half-written binary, and a copy of another version left
 * there by anything else would be taken as is. Here the folder is named after the package's version,
 * and each process writes its own temporary file, then hard-links it to the binary's name, which
 * fails if that name exists: the name only ever points at a complete file, and once there it is
 * never replaced. (Replacing it, even by an atomic rename, would break a Chromium that is running
 * from it: Chromium starts its GPU and renderer processes by executing its own file again.) Two
 * processes unpacking at once both end up with the first one's file.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, link, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { chromium, type BrowserContext } from 'playwright-core';

/** The environment variable that names a Chromium to use instead of the npm one. */
export const CHROMIUM_PATH_ENV = 'CHROMIUM_PATH';

/**
 * Command-line flags for every launch (Playwright adds headless mode and the profile folder). The
 * machines have no network beyond the package registries: nothing may try to reach Google's services.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox', // containers and CI run as root, where Chromium's sandbox cannot start
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const PACKAGE = '@sparticuz/chromium';

/** The package's folder and version, found through Node's resolution from this file. */
async function npmPackage(): Promise<{ root: string; version: string }> {
  let dir = dirname(createRequire(import.meta.url).resolve(PACKAGE));
  for (;;) {
    const manifest = await readFile(join(dir, 'package.json'), 'utf8').catch(() => null);
    if (manifest !== null) {
      const { name, version } = JSON.parse(manifest) as { name?: string; version?: string };
      if (name === PACKAGE && version) return { root: dir, version };
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Could not find ${PACKAGE}'s package.json above its entry point; run "npm ci".`);
    dir = parent;
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The folder that holds the unpacked binary: created private to this user, and refused when it
 * exists but belongs to someone else or others may write to it (so nobody else can plant a binary).
 */
async function privateFolder(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: 0o700 });
  const info = await lstat(path);
  const uid = process.getuid?.();
  if (!info.isDirectory() || (uid !== undefined && info.uid !== uid) || (info.mode & 0o022) !== 0) {
    throw new Error(`${path} is not a private folder of this user; remove it, or set ${CHROMIUM_PATH_ENV}.`);
  }
}

/** Unpacks the package's Chromium unless a complete copy of this version is already there. */
async function unpackNpmChromium(): Promise<string> {
  const { root, version } = await npmPackage();
  const source = join(root, 'bin', 'chromium.br');
  const folder = join(tmpdir(), `sellsword-chromium-${version}-${process.getuid?.() ?? 'user'}`);
  const binary = join(folder, 'chromium');
  await privateFolder(folder);
  // Only a hard link of a finished file ever creates `binary`, so if it is there it is whole.
  if (
    await stat(binary).then(
      (s) => s.isFile(),
      () => false,
    )
  )
    return binary;

  // Partial files of processes that died while unpacking.
  for (const name of await readdir(folder)) {
    const pid = /^chromium\.(\d+)\.[a-z0-9]+\.part$/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) await rm(join(folder, name), { force: true });
  }
  const part = join(folder, `chromium.${process.pid}.${Math.random().toString(36).slice(2, 10)}.part`);
  try {
    await pipeline(createReadStream(source), createBrotliDecompress({ chunkSize: 1 << 21 }), createWriteStream(part, { mode: 0o700 }));
    await chmod(part, 0o700);
    // Another process may have finished first: then its file stays and ours goes.
    await link(part, binary).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } catch (error) {
    throw new Error(`Could not unpack ${source} into ${folder}: ${(error as Error).message}`, { cause: error });
  } finally {
    await rm(part, { force: true });
  }
  return binary;
}

let npmChromium: Promise<string> | undefined;

/**
 * The Chromium executable to drive: `CHROMIUM_PATH` when set, otherwise the npm package's, unpacked
 * on first use (about two seconds) and reused afterwards.
 */
export async function chromiumPath(): Promise<string> {
  const override = process.env[CHROMIUM_PATH_ENV];
  if (override) {
    const ok = await stat(override).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!ok) throw new Error(`${CHROMIUM_PATH_ENV}=${override} is not a file. Unset it to use the Chromium from the npm package ${PACKAGE}.`);
    return override;
  }
  npmChromium ??= unpackNpmChromium().catch((error: unknown) => {
    npmChromium = undefined;
    throw error;
  });
  return npmChromium;
}

/** A headless Chromium with a fresh profile folder; `close()` ends it and removes the profile. */
export async function launchChromium(options: {
  viewport: { width: number; height: number };
}): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const executablePath = await chromiumPath();
  const profile = await mkdtemp(join(tmpdir(), 'sellsword-chromium-profile-'));
  try {
    const context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, viewport: options.viewport, args: [...CHROMIUM_ARGS] });
    return {
      context,
      close: async () => {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}
