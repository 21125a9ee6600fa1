/**
 * The Dockerfile (docs/deploy.md "Packaging"). Images cannot be built or pulled on these machines, so
 * this test runs the Dockerfile's own steps in a clean copy: its build stage's COPY and RUN lines in
 * one temporary folder (`npm ci` is this checkout's node_modules linked in, `npm prune --omit=dev`
 * keeps only the packages the lock does not mark as dev; apt-get lines install system packages and
 * are skipped), its final stage's COPY --from lines into a second folder, and then its CMD there, with
 * its ENV, against the fake Discord. A step it does not know fails the test, so a changed Dockerfile
 * is run, not assumed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotProcess, V8_FLAGS } from '../support/bot-process';
import { SETTINGS } from '../../src/config';
import { startFakeDiscord, type FakeDiscord } from '../../src/fakecord';
import { openStore } from '../../src/store';
import { aMatch } from '../store/fixture';
import { productionPackages, ROOT } from '../e2e/prod-layout';
import { copyParts, envPairs, execForm, parseDockerfile, type Stage } from './dockerfile';

const stages = parseDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
const [build, image] = stages as [Stage, Stage];
const steps = (stage: Stage, keyword: string) => stage.steps.filter((s) => s.keyword === keyword).map((s) => s.args);
const env = Object.assign({}, ...steps(image, 'ENV').map(envPairs)) as Record<string, string>;

let dir: string;
let fake: FakeDiscord;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sellsword-docker-'));
  fake = await startFakeDiscord({ heartbeatMs: 1000 });
});
afterAll(async () => {
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A path inside the image, as a path in this test's folder for the stage (`/app` is the WORKDIR). */
const inside = (root: string, path: string) => join(root, path.startsWith('/app') ? path.slice('/app'.length) : path);

/** COPY into `root`: a folder source to the folder named, files into a destination ending in `/`. */
function copy(from: string, sources: readonly string[], dest: string, root: string): void {
  for (const source of sources) {
    const target = dest.endsWith('/') ? join(inside(root, dest), basename(source)) : inside(root, dest);
    cpSync(join(from, source.replace(/^\/app\/?/, '')), target, { recursive: true, verbatimSymlinks: true });
  }
}

/** The production node_modules `npm prune --omit=dev` leaves: links to this checkout's packages. */
function prunedModules(root: string): void {
  rmSync(join(root, 'node_modules'), { recursive: true, force: true });
  for (const name of productionPackages()) {
    const at = join(root, 'node_modules', name);
    mkdirSync(join(at, '..'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), at);
  }
}

function run(stage: Stage, root: string, buildRoot: string): string[] {
  const skipped: string[] = [];
  mkdirSync(root, { recursive: true });
  for (const { keyword, args } of stage.steps) {
    if (keyword === 'WORKDIR') expect(args).toBe('/app');
    else if (keyword === 'COPY') {
      const { from, sources, dest } = copyParts(args);
      copy(from === 'build' ? buildRoot : ROOT, sources, dest, root);
    } else if (keyword === 'RUN') {
      if (args.startsWith('apt-get ')) skipped.push(args);
      else if (args === 'npm ci') symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
      else if (args === 'npm run build') execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'pipe' });
      else if (args === 'npm prune --omit=dev') prunedModules(root);
      else if (args === 'mkdir -p /data && chown node:node /data') mkdirSync(join(dir, 'data'), { recursive: true });
      else throw new Error(`The test does not know how to run the Dockerfile's step RUN ${args}; teach it.`);
    }
  }
  return skipped;
}

describe('the Dockerfile', () => {
  it('has a build stage and an image that runs node directly, as a user that is not root, under tini', () => {
    expect(stages.map((s) => s.name)).toEqual(['build', undefined]);
    expect(image.from).toBe(build.from);
    const user = steps(image, 'USER').at(-1);
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(steps(image, 'RUN').some((r) => /apt-get install .*\btini\b/.test(r))).toBe(true);
    expect(execForm(steps(image, 'ENTRYPOINT').at(-1)!)).toEqual(['/usr/bin/tini', '--']);
    expect(execForm(steps(image, 'CMD').at(-1)!)).toEqual(['node', ...V8_FLAGS, 'dist/start.js']);
    // The steps the test maps to scripts are what package.json's scripts run.
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.build).toBe('node scripts/build.mjs');
  });

  it("sets glibc's malloc settings as npm start would, and only variables the bot reads", () => {
    const malloc = JSON.parse(readFileSync(join(ROOT, 'scripts', 'malloc-settings.json'), 'utf8')) as Record<string, string>;
    expect(env).toMatchObject(malloc);
    for (const name of Object.keys(env)) if (name !== 'NODE_ENV') expect(Object.keys(SETTINGS), name).toContain(name);
  });

  it('builds from its own steps in a clean copy, and the image it leaves comes online, answers its health check and runs the ops tools', async () => {
    const buildRoot = join(dir, 'build');
    const imageRoot = join(dir, 'image');
    run(build, buildRoot, buildRoot);
    run(image, imageRoot, buildRoot);
    const installed = readdirSync(join(imageRoot, 'node_modules'));
    for (const dev of ['tsx', 'esbuild', 'vitest', 'typescript']) expect(installed).not.toContain(dev);

    const command = execForm(steps(image, 'CMD').at(-1)!);
    const [node, script] = [command[0], command.at(-1)!];
    expect(node).toBe('node');
    const databasePath = inside(dir, env.DATABASE_PATH!);
    // METRICS_PORT 0: a fixed port could be taken on a shared machine; everything else as the image sets it.
    const bot = await startBotProcess(fake, { databasePath, built: { script: join(imageRoot, script), cwd: imageRoot }, env: { ...env, METRICS_PORT: '0' } });
    try {
      const health = /health: (http:\/\/127\.0\.0\.1:\d+)\/healthz/.exec(bot.output())?.[1];
      expect(health).toBeDefined();
      const check = steps(image, 'HEALTHCHECK').at(-1)!;
      const [, , code] = execForm(check.slice(check.indexOf('CMD ') + 4)) as [string, string, string];
      const healthy = spawnSync(process.execPath, ['-e', code.replace('http://127.0.0.1:9100', health!)], { timeout: 20_000 });
      expect(healthy.status).toBe(0);
    } finally {
      expect((await bot.stop()).code).toBe(0);
    }
    const store = openStore(databasePath);
    await store.matches.create(aMatch({ id: 'm1' }));
    await store.close();
    const { DATABASE_URL: _url, ...inherited } = process.env;
    const tool = spawnSync(process.execPath, ['dist/cli.js', 'db:check'], {
      cwd: imageRoot,
      env: { ...inherited, ...env, DATABASE_PATH: databasePath },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(tool.stdout.trim()).toBe(`The database at ${databasePath}: 1 matches, 0 events: every snapshot equals its rebuilt state.`);
  }, 120_000);
});
