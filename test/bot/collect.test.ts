import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { collectWhenGrown, SETTLE_MS } from '../../src/bot/collect';

const MB = 2 ** 20;

describe('collecting when pictures pile up outside the heap (bot/collect.ts)', () => {
  it('collects only once the measure has grown by the slack, then measures afresh after the finalizers ran', async () => {
    let measured = 100 * MB;
    const collect = collectWhenGrown(() => measured, 32 * MB);
    measured += 31 * MB;
    collect();
    expect(collect.count).toBe(0);
    measured += 2 * MB;
    collect();
    expect(collect.count).toBe(1);
    // Asked again before the memory has been given back: no second collection.
    collect();
    expect(collect.count).toBe(1);
    // The collection freed most of it; the next one waits for another 32 MB from there.
    measured = 110 * MB;
    await sleep(SETTLE_MS + 20);
    measured = 141 * MB;
    collect();
    expect(collect.count).toBe(1);
    measured = 143 * MB;
    collect();
    expect(collect.count).toBe(2);
  });

  it('counts pictures moved from a worker, as the main thread measures them, and frees them once unreachable', async () => {
    // What the main thread watches (bot/start.ts): its ArrayBuffers alone would not count buffers moved from a worker.
    const external = () => process.memoryUsage().external;
    const baseline = external();
    // A render worker's PNGs: made there, moved here (not copied), then posted and dropped.
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       const pngs = Array.from({ length: 8 }, (_, i) => new Uint8Array(4 * 2 ** 20).fill(i));
       parentPort.postMessage(pngs, pngs.map((p) => p.buffer));`,
      { eval: true },
    );
    // Kept only here (not as a promise's value, which the awaiting function could hold on to).
    let posted: Uint8Array[] | null = null;
    await new Promise<void>((resolve) =>
      worker.once('message', (pngs: Uint8Array[]) => {
        posted = pngs;
        resolve();
      }),
    );
    await worker.terminate();
    const before = external();
    expect(before - baseline).toBeGreaterThanOrEqual(30 * MB);
    const collect = collectWhenGrown(external, 16 * MB);
    // (No expect() on the buffers themselves: the assertion would keep a reference to them.)
    if ((posted as Uint8Array[] | null)?.length !== 8) throw new Error('the worker sent no pictures');
    posted = null;
    // The message's delivery lets go of it once the event loop has turned.
    await sleep(10);
    collectWhenGrown(external, 0)();
    const freed = async () => {
      // V8's sweeper frees the stores on a thread of its own: give it time on a busy machine.
      for (let i = 0; i < 50 && external() > before - 16 * MB; i++) await sleep(20);
      return external() <= before - 16 * MB;
    };
    // A collection that meets V8's own marking already under way leaves what that marking had found alive to the next one.
    if (!(await freed())) collectWhenGrown(external, 0)();
    expect(await freed()).toBe(true);
    // Nothing grew since: the collector that watches the slack has nothing to do.
    collect();
    expect(collect.count).toBe(0);
  });
});
