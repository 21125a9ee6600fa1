/**
 * `npm start`: runs the bundled bot (dist/start.js), building it first when dist/ is missing or older
 * than any source, so a fresh clone's `npm ci && npm start` just works. Production, with dev
 * dependencies left out, runs `npm run start:prod` (`--prod`: no build check) on a build made before.
 *
 * On Linux the bot runs with the malloc settings of malloc-settings.json. glibc, by default, raises
 * its threshold for serving a large block from its heap rather than a mapping of its own each time
 * such a mapping is freed, so the multi-megabyte buffers of a burst of pictures (canvas read-backs,
 * PNGs crossing from the render workers, upload bodies) settle inside the heap, which cannot give
 * memory back while a live block sits above the freed ones. A fixed threshold keeps those blocks in
 * mappings returned when freed, a low trim threshold returns the heap's free top, and two arenas
 * instead of eight per core keep the render workers' threads from each holding freed memory of their
 * own (`npm run bench:bot` prints the peak RSS of bursts in a row). glibc reads them only when a process starts, so the bot is started as a child
 * with them; its shard processes inherit them. The bot benchmark and tests start it the same way
 * (test/support/bot-process.ts).
 *
 * The bot also runs with the V8 flags of v8-flags.json, which V8 reads only when a process starts.
 * `--single-threaded-gc`: the garbage collector does its work on the thread that collects, not
 * spread over V8's helper threads as well. The render workers collect after every picture, and
 * helper threads split that work at a cost in CPU of their own (they hand work around and wait for
 * each other), which on a machine of few cores, all busy in a burst, cost more CPU than the pictures
 * themselves; helpers marking in the background also started full collections more often.
 * `npm run bench:bot` prints the process CPU per turn.
 *
 * A supervisor runs `node scripts/start.mjs --prod` itself, never through `npm run`: npm puts `sh -c`
 * between, which does not pass SIGTERM on. `node scripts/start.mjs --prod rest-proxy` runs the shared
 * REST proxy alone (docs/deploy.md "Two machines").
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from './build-state.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// Production (`--prod`) runs the build it was given, without looking at the source.
if (!process.argv.includes('--prod')) ensureBuilt(ROOT);
const START = join(ROOT, 'dist', 'start.js');
const malloc = JSON.parse(readFileSync(join(ROOT, 'scripts', 'malloc-settings.json'), 'utf8'));
const v8Flags = JSON.parse(readFileSync(join(ROOT, 'scripts', 'v8-flags.json'), 'utf8'));
const missing = v8Flags.filter((flag) => !process.execArgv.includes(flag));
const linux = process.platform === 'linux';
if (missing.length === 0 && (!linux || Object.keys(malloc).every((name) => process.env[name] !== undefined))) {
  await import(pathToFileURL(START).href);
} else {
  // An IPC channel, used for nothing else, tells the bot when this process is gone (even SIGKILLed),
  // so it stops itself rather than running on with no supervisor (src/bot/lifecycle.ts).
  const bot = spawn(process.execPath, [...process.execArgv, ...missing, START, ...process.argv.slice(2).filter((a) => a !== '--prod')], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: linux ? { ...malloc, ...process.env } : process.env,
  });
  // A supervisor's SIGTERM is passed on, each time: the bot starts one stop and notes the others, so a
  // SIGTERM to the whole process group (the bot has one of its own too) changes nothing. Ctrl+C
  // reaches the bot from the terminal by itself.
  process.on('SIGTERM', () => bot.kill('SIGTERM'));
  process.on('SIGINT', () => undefined);
  bot.once('exit', (code, signal) => process.exit(code ?? (signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 1)));
}
