/**
 * The bot draws with glibc's malloc set as scripts/malloc-settings.json says (npm start sets it): with
 * glibc's own settings, every canvas read-back of a few megabytes is fresh memory the kernel maps and
 * zeroes, and freeing it costs as much again, so a picture costs several times as much. glibc reads
 * the settings only when a process starts: a benchmark that draws calls this first, and on Linux it
 * runs itself again with them and exits with that run's status.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MALLOC: Record<string, string> = JSON.parse(readFileSync(new URL('../../scripts/malloc-settings.json', import.meta.url), 'utf8'));

export function withBotMalloc(): void {
  if (process.platform !== 'linux' || Object.keys(MALLOC).every((name) => process.env[name] !== undefined)) return;
  const run = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...MALLOC, ...process.env } });
  process.exit(run.status ?? 1);
}
