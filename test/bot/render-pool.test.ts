/**
 * The render pool's own rules, without a bot: a bounded queue, errors a worker reports
 * are the job's (the worker lives on), a worker that dies is replaced. The end-to-end tests
 * (test/e2e/render-pool.test.ts) show the pictures it draws reaching the thread.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { RenderPool, RenderPoolBusy, RenderWorkerCrashed } from '../../src/bot/render-pool';
import { RENDER_THREAD } from '../../src/bot/thread-name';

const pools: RenderPool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});

function pool(options: { maxQueue?: number } = {}): { pool: RenderPool; logged: string[] } {
  const logged: string[] = [];
  // No such database: every job fails in the worker, which reports it.
  const p = new RenderPool({ databasePath: '/nonexistent/sellsword.db', size: 1, log: (m) => void logged.push(m), ...options });
  pools.push(p);
  return { pool: p, logged };
}

describe('the render pool', () => {
  it('refuses a job at once when its queue is full', async () => {
    const { pool: p } = pool({ maxQueue: 1 });
    // A worker holds two jobs at once (one drawing while the other's pictures deflate).
    const first = p.render('m1', { kind: 'turn', seq: 1 }); // handed to the worker
    const second = p.render('m1', { kind: 'turn', seq: 2 }); // handed to the worker too
    const third = p.render('m1', { kind: 'turn', seq: 3 }); // waits
    await expect(p.render('m1', { kind: 'turn', seq: 4 })).rejects.toBeInstanceOf(RenderPoolBusy);
    await expect(first).rejects.toThrow();
    await expect(second).rejects.toThrow();
    await expect(third).rejects.toThrow();
  }, 30_000);

  it('fails a job with the error its worker reports, and keeps the worker', async () => {
    const { pool: p, logged } = pool();
    await expect(p.render('m1', { kind: 'opening' })).rejects.toThrow(/database|directory|open/i);
    await expect(p.render('m1', { kind: 'opening' })).rejects.toThrow(/database|directory|open/i);
    expect(p.restarts).toBe(0);
    expect(p.done).toBe(2);
    expect(logged).toEqual([]);
  }, 30_000);

  it('replaces a worker that dies, gives its job to the new one, and fails a job that kills two', async () => {
    const { pool: p, logged } = pool();
    p.crashNextJob();
    // Dies once, then the new worker takes the job (and reports the missing database).
    await expect(p.render('m1', { kind: 'turn', seq: 4 })).rejects.toThrow(/database|directory|open/i);
    expect(p.restarts).toBe(1);
    p.crashNextJob(2);
    await expect(p.render('m1', { kind: 'turn', seq: 5 })).rejects.toBeInstanceOf(RenderWorkerCrashed);
    expect(p.restarts).toBe(3);
    expect(logged.filter((m) => m.startsWith('a render worker stopped (exit code 70'))).toHaveLength(3);
    // And the pool goes on.
    await expect(p.render('m1', { kind: 'turn', seq: 6 })).rejects.toThrow(/database|directory|open/i);
  }, 60_000);

  // An operator's `top -H`, and bench:bot's split of a turn's CPU by thread, tell a render worker by its name.
  it.runIf(process.platform === 'linux')(
    'names its worker threads so the operating system shows them',
    async () => {
      const names = () => readdirSync('/proc/self/task').map((t) => readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim());
      const before = names().filter((n) => n === RENDER_THREAD).length;
      const { pool: p } = pool();
      await expect(p.render('m1', { kind: 'opening' })).rejects.toThrow();
      expect(names().filter((n) => n === RENDER_THREAD).length).toBe(before + 1);
    },
    30_000,
  );
});
