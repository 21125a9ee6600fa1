/**
 * docs/deploy.md holds what a deployer needs (permissions, packaging, upgrade and rollback, the env
 * reference) and names only what exists: the files and tests it points at, and the ops tools it runs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/prod-layout';

const page = readFileSync(join(ROOT, 'docs', 'deploy.md'), 'utf8');

describe('docs/deploy.md', () => {
  it('has the sections a deployer needs', () => {
    const headings = [...page.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]);
    for (const heading of [
      'Permissions',
      'Ops tools',
      'Backups',
      'Packaging',
      'Upgrading and rolling back',
      'Backups with PostgreSQL',
      'Environment reference',
    ])
      expect(headings).toContain(heading);
  });

  it('names only files that exist', () => {
    const named = [...page.matchAll(/`((?:test|src|scripts|deploy|docs)\/[\w./-]+|Dockerfile|compose\.yaml)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(5);
    for (const path of new Set(named)) expect(existsSync(join(ROOT, path)), path).toBe(true);
  });

  it('runs only ops tools that dist/cli.js has', () => {
    const usage = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/tools.ts'], { cwd: ROOT, encoding: 'utf8' });
    expect(usage.status).toBe(2);
    const tools = /one of (.+)\.$/.exec(usage.stderr.trim())![1]!.split(', ');
    expect(tools).toEqual(expect.arrayContaining(['db:migrate', 'db:copy', 'db:check', 'verify', 'ratings:rebuild']));
    const run = [...page.matchAll(/node dist\/cli\.js ([\w:-]+)/g)].map((m) => m[1]!);
    expect(run.length).toBeGreaterThan(3);
    for (const tool of run) expect(tools).toContain(tool);
  }, 30_000);
});
