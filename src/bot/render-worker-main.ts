/**
 * A render worker (render-pool.ts): draws the pictures of outbox bodies (maps, stat cards) from the
 * match as stored, with a read-only connection of its own to the bot's database, and hands back the
 * finished message with its PNGs moved, not copied, to the main thread.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { picturePost, type PictureBody } from '../commands/post-pictures';
import type { Rendered } from '../commands/post-render';
import { openStore, type Store } from '../store';

export interface RenderRequest {
  readonly id: number;
  readonly matchId: string;
  readonly body: PictureBody;
  /** Tests only: die at once, as a crash in the middle of a picture would. */
  readonly crash?: boolean;
}

export type RenderReply =
  | { readonly id: number; readonly ok: true; readonly rendered: Rendered }
  | { readonly id: number; readonly ok: false; readonly error: { readonly name: string; readonly message: string; readonly stack?: string | undefined } };

export interface RenderWorkerData {
  readonly databasePath: string;
}

const port = parentPort;
if (!port) throw new Error('render-worker-main.ts runs only as a worker thread (bot/render-pool.ts)');
const { databasePath } = workerData as RenderWorkerData;
let store: Store | null = null;

/**
 * Pictures live outside the JavaScript heap: a canvas's pixels (several megabytes for a map or a
 * close-up) and its read-back are freed only when their small JavaScript objects are collected, and
 * V8, which sees only those objects, collects rarely. A stream of turns took the bot past 1 GB that
 * way. So the worker collects itself whenever the process has grown by RSS_SLACK since it last did
 * (a full collection of this small heap takes a few milliseconds, between jobs).
 */
const RSS_SLACK = Number(process.env.RENDER_RSS_SLACK_MB ?? 32) * 2 ** 20;
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
let settled = process.memoryUsage.rss();

function collectIfGrown(): void {
  if (process.memoryUsage.rss() - settled < RSS_SLACK) return;
  collect();
  // The native memory goes when the collected objects' finalizers run, on the next turn of the loop.
  setImmediate(() => (settled = process.memoryUsage.rss()));
}

/**
 * The message with its PNGs ready to move: each on an ArrayBuffer of its own (a PNG that shares one
 * is copied first), and the list of those buffers.
 */
function movable(rendered: Rendered): { rendered: Rendered; transfer: ArrayBuffer[] } {
  if (rendered.to !== 'create' || !rendered.post.files) return { rendered, transfer: [] };
  const transfer: ArrayBuffer[] = [];
  const files = rendered.post.files.map((file) => {
    const own = file.png.byteOffset === 0 && file.png.byteLength === file.png.buffer.byteLength && !transfer.includes(file.png.buffer as ArrayBuffer);
    const png = own ? file.png : Buffer.from(file.png);
    transfer.push(png.buffer as ArrayBuffer);
    return { ...file, png };
  });
  return { rendered: { ...rendered, post: { ...rendered.post, files } }, transfer };
}

port.on('message', async (job: RenderRequest) => {
  if (job.crash) process.exit(70);
  try {
    // Opened on the first job, so a worker started for a bot that never draws costs no connection.
    store ??= openStore(databasePath, { readonly: true, migrate: false, busyMs: 2000 });
    const row = await store.matches.get(job.matchId);
    const { rendered, transfer } = movable(
      row ? { to: 'create', post: await picturePost(store, row, job.body) } : { to: 'skip', reason: 'the match no longer exists' },
    );
    port.postMessage({ id: job.id, ok: true, rendered } satisfies RenderReply, transfer);
    collectIfGrown();
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    port.postMessage({ id: job.id, ok: false, error: { name: e.name, message: e.message, stack: e.stack } } satisfies RenderReply);
  }
});
