/**
 * `npm run build`: bundles the bot into dist/ with esbuild, so production runs `node dist/start.js`
 * with no TypeScript runner (tsx is a dev dependency and `npm ci --omit=dev` leaves it out).
 *
 * npm packages stay external: they are loaded from node_modules as installed (native addons such as
 * better-sqlite3 and @napi-rs/canvas cannot be bundled anyway). Only our own source is bundled, split
 * so that the sandbox and the fake Discord sit in chunks that load only when the sandbox runs.
 *
 * Our modules find their data files (migrations, content, the sandbox page) from `import.meta.url`.
 * Bundled, that would be the chunk's URL in dist/, so each module's `import.meta.url` is rewritten to
 * the URL of its own source file, computed from the chunk's (dist/ is flat, one level below the root).
 *
 * `node scripts/build.mjs [--outdir DIR]`: DIR's parent must hold this project's src/ (a link to it
 * will do), since the bundle finds its data files there.
 */
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { builtText } from './build-state.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--outdir');
const outdir = at >= 0 ? resolve(process.argv[at + 1] ?? '') : join(ROOT, 'dist');
if (!existsSync(join(dirname(outdir), 'src'))) {
  console.error(`The bundle in ${outdir} would look for its data files in ${join(dirname(outdir), 'src')}, which does not exist.`);
  process.exit(2);
}

/**
 * The entry points: the bot's start (which loads the sandbox only without a token), the render pool's
 * worker, and the ops tools (`node dist/cli.js db:check`, src/cli/tools.ts).
 */
const ENTRIES = { start: 'src/cli/start.ts', 'render-worker-main': 'src/bot/render-worker-main.ts', cli: 'src/cli/tools.ts' };

const sourceUrls = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url') && !text.includes('import.meta.chunkUrl')) return undefined;
      const fromDist = `../${relative(ROOT, args.path).split('\\').join('/')}`;
      // `import.meta.chunkUrl` (src/types/import-meta.d.ts) is the real one: the bundled file's own URL.
      const contents = text
        .replaceAll('import.meta.chunkUrl', '__CHUNK_URL__')
        .replaceAll('import.meta.url', `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`)
        .replaceAll('__CHUNK_URL__', 'import.meta.url');
      return { contents, loader: 'ts' };
    });
  },
};

const started = performance.now();
await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: ROOT,
  entryPoints: ENTRIES,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [sourceUrls],
});
// When this build was made and from which lock file; `npm start` rebuilds when either changed (build-state.mjs).
await writeFile(join(outdir, 'BUILT'), builtText(ROOT));
console.log(`Built ${relative(ROOT, outdir)}/ in ${Math.round(performance.now() - started)} ms.`);
