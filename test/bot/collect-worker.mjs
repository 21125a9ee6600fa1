// A worker thread for collect.test.ts: a collector watching what a render worker watches, which the
// test asks to check after the main thread or the worker itself has grown.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { collectWhenGrown, ownExternalBytes } = await import('../../src/bot/collect.ts');
const MB = 2 ** 20;
const collect = collectWhenGrown(ownExternalBytes, 16 * MB);
const held = [];
parentPort.on('message', (ask) => {
  // The worker's own pictures: buffers outside the heap, still held when the collector looks.
  if (ask === 'draw') for (let i = 0; i < 6; i++) held.push(Buffer.alloc(4 * MB, i + 1));
  collect();
  parentPort.postMessage(collect.count);
});
parentPort.postMessage(collect.count);
