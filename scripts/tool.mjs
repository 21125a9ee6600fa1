/**
 * `npm run db:migrate`, `db:copy`, `db:check`, `verify` and `ratings:rebuild`: the ops tool of that
 * name from the build (dist/cli.js, src/cli/tools.ts), building it first when dist/ is missing or
 * stale and esbuild is installed (build-state.mjs). On a production install, with the dev
 * dependencies pruned, it runs the build it was given; `node dist/cli.js TOOL` is the same without npm.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from './build-state.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
ensureBuilt(ROOT);
// process.argv is `node scripts/tool.mjs TOOL ARGS…`, the shape dist/cli.js reads.
await import(pathToFileURL(join(ROOT, 'dist', 'cli.js')).href);
