/**
 * The render pool: worker threads that draw the outbox's pictures (maps, stat cards) so the main
 * thread keeps answering interactions and autocomplete while a burst of turn ends is drawn. One
 * worker per spare core (the main thread keeps one), each with its own read-only connection to the
 * bot's database (render-worker-main.ts), and a bounded queue in front of them.
 *
 * A worker that dies (a crash in native drawing code, running out of memory) is replaced at once, and
 * the jobs it held are given to the new worker; a job that kills a worker twice fails, and the outbox
 * tries its row again later (bot/outbox-worker.ts), so a picture is delayed, never lost.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DrawnBody, Rendered, Renderer } from '../commands/post-render';
import type { RenderReply, RenderRequest, RenderWorkerData } from './render-worker-main';
import { floorWorkerHeaps } from './collect';

export interface RenderPoolOptions {
  /** The bot's database file: the workers read matches from it. */
  readonly databasePath: string;
  /** Worker threads; default one per core but one, and at least one. */
  readonly size?: number;
  /** How far a worker's own memory outside the heap may grow before it asks for a collection (RENDER_RSS_SLACK_MB); 32 MB by default. */
  readonly rssSlackBytes?: number;
  /** Jobs that may wait for a worker; past it, `render` fails at once (the outbox tries again later). */
  readonly maxQueue?: number;
  /** Told how many full collections a worker has run since it last said (collect.ts), for the bot's metrics. */
  readonly collected?: (count: number) => void;
  readonly log: (message: string, error?: unknown) => void;
}

/** The default number of workers: the cores the main thread leaves, at least one. */
export const spareCores = (): number => Math.max(1, availableParallelism() - 1);

/** How many times a job is handed to a worker before a crash is its own failure. */
const TRIES = 2;

/**
 * Jobs a worker holds at once: while one job's PNGs deflate on zlib's threads (render/png.ts
 * encodePngAsync), the worker draws the next, so in a burst another core compresses as this one draws.
 */
const PER_WORKER = 2;

export class RenderPoolBusy extends Error {
  override readonly name = 'RenderPoolBusy';
}

export class RenderWorkerCrashed extends Error {
  override readonly name = 'RenderWorkerCrashed';
}

interface Job {
  readonly request: Omit<RenderRequest, 'crash'>;
  readonly resolve: (r: Rendered) => void;
  readonly reject: (e: Error) => void;
  tries: number;
}

interface Slot {
  worker: Worker;
  /** The jobs handed to this worker and not yet answered, at most PER_WORKER. */
  jobs: Job[];
  /** Why the worker died, when an uncaught error said so before it exited. */
  error: unknown;
  /** The full collections the worker had run when it last replied. */
  collections: number;
}

/**
 * From source, render-worker.mjs loads the worker's TypeScript through tsx. In the bundle (`npm run
 * build`, scripts/build.mjs) the worker is an entry of its own beside the chunk, and `chunkUrl` is the
 * chunk's own URL (the bundle's `import.meta.url` names each module's source file instead).
 */
const WORKER_URL = import.meta.chunkUrl ? new URL('./render-worker-main.js', import.meta.chunkUrl) : new URL('./render-worker.mjs', import.meta.url);

/** Rendered as it crossed from the worker: each PNG arrives as a plain Uint8Array. */
function revived(rendered: Rendered): Rendered {
  if (rendered.to !== 'create' || !rendered.post.files) return rendered;
  const files = rendered.post.files.map((f) => ({ ...f, png: Buffer.from(f.png.buffer, f.png.byteOffset, f.png.byteLength) }));
  return { ...rendered, post: { ...rendered.post, files } };
}

export class RenderPool implements Renderer {
  readonly size: number;
  readonly #options: RenderPoolOptions;
  readonly #maxQueue: number;
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;
  #crashes = 0;
  #restarts = 0;
  #done = 0;

  constructor(options: RenderPoolOptions) {
    this.#options = options;
    this.size = Math.max(1, options.size ?? spareCores());
    this.#maxQueue = options.maxQueue ?? 64;
    for (let i = 0; i < this.size; i++) this.#slots.push(this.#spawn());
  }

  /** Workers replaced after dying. */
  get restarts(): number {
    return this.#restarts;
  }

  /** Jobs finished (drawn, or failed with an error the worker reported). */
  get done(): number {
    return this.#done;
  }

  /** Jobs waiting for a worker. */
  get waiting(): number {
    return this.#queue.length;
  }

  render(matchId: string, body: DrawnBody): Promise<Rendered> {
    if (this.#closed) return Promise.reject(new Error('the render pool is closed'));
    if (this.#queue.length >= this.#maxQueue)
      return Promise.reject(new RenderPoolBusy(`${this.#queue.length} pictures are waiting to be drawn; try again shortly`));
    return new Promise<Rendered>((resolve, reject) => {
      this.#queue.push({ request: { id: this.#nextId++, matchId, body }, resolve, reject, tries: 0 });
      this.#dispatch();
    });
  }

  /** Tests only: the workers that take the next `times` jobs die with them, as a crash while drawing would. */
  crashNextJob(times = 1): void {
    this.#crashes = times;
  }

  /** Stops the workers; jobs still waiting fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(new Error('the render pool is closed'));
    await Promise.all(this.#slots.map((s) => s.worker.terminate()));
  }

  #spawn(): Slot {
    // V8 reads the flag as it makes the worker's isolate.
    floorWorkerHeaps();
    const worker = new Worker(WORKER_URL, {
      workerData: { databasePath: this.#options.databasePath, rssSlackBytes: this.#options.rssSlackBytes ?? 32 * 2 ** 20 } satisfies RenderWorkerData,
    });
    // An idle pool must not keep the process alive; the bot's own handles do while it runs.
    worker.unref();
    const slot: Slot = { worker, jobs: [], error: null, collections: 0 };
    worker.on('message', (reply: RenderReply) => this.#finished(slot, reply));
    worker.on('error', (error) => (slot.error = error));
    worker.on('exit', (code) => this.#exited(slot, code));
    return slot;
  }

  #dispatch(): void {
    // The least busy worker first, so each takes a job before any takes a second.
    for (let held = 0; held < PER_WORKER; held++)
      for (const slot of this.#slots) {
        if (slot.jobs.length > held || this.#queue.length === 0) continue;
        const job = this.#queue.shift()!;
        slot.jobs.push(job);
        job.tries++;
        const crash = this.#crashes > 0;
        if (crash) this.#crashes--;
        slot.worker.postMessage({ ...job.request, ...(crash ? { crash } : {}) } satisfies RenderRequest);
      }
  }

  #finished(slot: Slot, reply: RenderReply): void {
    const at = slot.jobs.findIndex((j) => j.request.id === reply.id);
    if (at < 0) return;
    const job = slot.jobs.splice(at, 1)[0]!;
    this.#done++;
    if (reply.collections > slot.collections) this.#options.collected?.(reply.collections - slot.collections);
    slot.collections = reply.collections;
    if (reply.ok) job.resolve(revived(reply.rendered));
    else
      job.reject(
        Object.assign(new Error(reply.error.message), {
          name: reply.error.name,
          stack: reply.error.stack,
          ...(reply.error.code === undefined ? {} : { code: reply.error.code }),
        }),
      );
    this.#dispatch();
  }

  #exited(slot: Slot, code: number): void {
    if (this.#closed) return;
    const jobs = slot.jobs;
    this.#restarts++;
    const drawing = jobs.map((job) => `a ${job.request.body.kind} post for match ${job.request.matchId}`).join(' and ');
    this.#options.log(`a render worker stopped (exit code ${code}${drawing ? `, drawing ${drawing}` : ''}); starting another`, slot.error ?? undefined);
    const index = this.#slots.indexOf(slot);
    this.#slots[index] = this.#spawn();
    // Back to the front of the queue in their order; each counts the try it was on.
    for (const job of jobs.toReversed()) {
      if (job.tries < TRIES) this.#queue.unshift(job);
      else job.reject(new RenderWorkerCrashed(`the render worker died ${job.tries} times drawing this post`));
    }
    this.#dispatch();
  }
}
