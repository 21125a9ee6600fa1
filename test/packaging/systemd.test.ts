/**
 * The systemd unit (deploy/systemd/sellsword.service, docs/deploy.md "Packaging"): systemd accepts it
 * (`systemd-analyze verify`, where systemd is installed; .ci/run installs it), it runs node directly,
 * stops the main process with SIGTERM and the rest only after the timeout, and restarts on failure.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../src/config';
import { ROOT } from '../e2e/prod-layout';
import { V8_FLAGS } from '../support/bot-process';

const UNIT = join(ROOT, 'deploy', 'systemd', 'sellsword.service');
const lines = readFileSync(UNIT, 'utf8')
  .split('\n')
  .filter((line) => /^[A-Za-z]+=/.test(line));
/** Every value of a key, in order. */
const values = (key: string) => lines.filter((line) => line.startsWith(`${key}=`)).map((line) => line.slice(key.length + 1));

const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
const hasAnalyze = analyze.status === 0;
if (!hasAnalyze) console.warn('Skipping `systemd-analyze verify` of deploy/systemd/sellsword.service: systemd-analyze is not installed (.ci/run installs it).');

describe('the systemd unit', () => {
  it.skipIf(!hasAnalyze)('passes systemd-analyze verify without a warning', () => {
    const verified = spawnSync('systemd-analyze', ['verify', UNIT], { encoding: 'utf8' });
    expect(verified.stderr.trim()).toBe('');
    expect(verified.status).toBe(0);
  });

  it('runs node directly, stops it with SIGTERM (KillMode=mixed), and restarts it on failure', () => {
    expect(values('ExecStart')).toEqual([['/usr/bin/node', ...V8_FLAGS, 'dist/start.js'].join(' ')]);
    expect(values('KillMode')).toEqual(['mixed']);
    expect(values('KillSignal')).toEqual(['SIGTERM']);
    expect(values('Restart')).toEqual(['on-failure']);
    expect(values('User')).not.toContain('root');
    // Longer than the bot's own drain deadline, so systemd's SIGKILL never cuts a drain short.
    expect(Number(values('TimeoutStopSec')[0])).toBeGreaterThanOrEqual(30);
  });

  it("sets glibc's malloc settings as npm start would, and only variables the bot reads", () => {
    const env = Object.fromEntries(
      values('Environment')
        .flatMap((value) => value.split(' '))
        .map((pair) => pair.split('=', 2) as [string, string]),
    );
    expect(env).toMatchObject(JSON.parse(readFileSync(join(ROOT, 'scripts', 'malloc-settings.json'), 'utf8')));
    for (const name of Object.keys(env)) if (name !== 'NODE_ENV') expect(Object.keys(SETTINGS), name).toContain(name);
  });
});
