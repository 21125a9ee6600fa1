/**
 * Collecting garbage when memory outside the JavaScript heap has grown. Pictures live there: a
 * canvas's pixels and its read-back in a render worker, and on the main thread the PNGs that cross
 * from the workers and the upload bodies made from them (several hundred kilobytes a turn). Each is
 * freed only when its small JavaScript object is collected, and V8, which sees mostly those small
 * objects, collects rarely, so dead picture buffers pile up outside the heap for as long as no
 * collection runs (`npm run bench:bot` prints the burst's peak). So a thread that handles pictures asks
 * for a full collection whenever its measure has grown by `slackBytes` since it was lowest.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How long after a collection its memory is measured as given back (the test waits for it too). */
export const SETTLE_MS = 100;

type Gc = (options?: { type: 'minor' | 'major' }) => void;

let gc: Gc | undefined;

/** V8's gc(), made callable without starting node with --expose-gc. */
function fullCollection(): Gc {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as Gc;
  }
  return gc;
}

/**
 * A collection of the young generation alone (a scavenge), for a thread that has just finished a
 * picture. A picture's pixel read-backs are several megabytes each outside the heap, made and let go
 * within the job, so their small JavaScript objects are still young: a scavenge frees them for a
 * small share of a full collection's cost. Left to itself V8 collects them only with a full
 * collection, which it starts each time memory outside the heap has grown by its limit: every
 * few pictures. Call it between jobs.
 */
export function collectYoung(): void {
  fullCollection()({ type: 'minor' });
}

/** A full collection now, for a thread that has just let go of large buffers (render/release.ts). */
export function collectAll(): void {
  fullCollection()();
}

/**
 * Memory outside the JavaScript heap held by this thread's own objects: V8 counts it per isolate (a
 * worker thread has its own), so in a render worker it is the worker's read-backs, PNGs and zlib
 * buffers, and leaves out the main thread's upload bodies and the other workers' pictures. The
 * process's RSS holds them all, so a worker watching it would collect for every other thread's growth.
 */
export const ownExternalBytes = (): number => getHeapStatistics().external_memory;

/**
 * The old generation's allocation limit, in megabytes, that a render worker's heap starts with and
 * that V8 keeps as its floor. V8 counts memory allocated outside the heap since its last full
 * collection against that limit, and it starts an incremental marking of the whole heap once less
 * than the young generation's size is left. A render worker holds some tens of megabytes that stay
 * (the code and data of everything it loads), and each picture allocates several megabytes outside
 * the heap for a moment (its read-backs, the deflate's buffers): with the limit V8 sets itself, a
 * little above what stays, every picture or two started a marking of the whole heap, on the
 * worker's own thread (`--single-threaded-gc`), and the markings cost more CPU than the drawing
 * itself. With the floor, V8 marks when memory outside the heap has grown by its own trigger, and
 * `collectWhenGrown` when the worker's own memory has; the young collection after each picture
 * (`collectYoung`) frees the read-backs meanwhile. The heap that stays is well under the floor, so
 * the floor costs little memory: garbage is freed young.
 */
export const WORKER_OLD_SPACE_MB = 128;

/**
 * Gives every worker thread started after this call the old-generation floor above. V8 reads the
 * flag when it makes an isolate, so the threads already running (the main thread) keep their own
 * limits. Call it before starting a render worker.
 */
export function floorWorkerHeaps(): void {
  setFlagsFromString(`--initial-old-space-size=${WORKER_OLD_SPACE_MB}`);
}

export interface Collector {
  /** Collects now when the measure has grown by the slack from its lowest point since the last collection; cheap otherwise. */
  (): void;
  /** Full collections made so far. */
  readonly count: number;
}

/**
 * A collector for this thread. `measure` is what to watch, and must be what this thread holds, never
 * the process's RSS, which moves with every thread's memory: `ownExternalBytes` in a render worker, the
 * main thread's ArrayBuffers there (bot/start.ts says why not its external count). Call
 * it between jobs, never in the middle of one: the collection pauses the thread for a few milliseconds.
 * `collected` is told of each collection it runs (the bot counts them in its metrics).
 */
export function collectWhenGrown(measure: () => number, slackBytes: number, collected?: () => void): Collector {
  const collect = fullCollection();
  let settled = measure();
  let count = 0;
  let pending = false;
  const check = (): void => {
    if (pending) return;
    const now = measure();
    // Memory V8 freed on its own lowers the mark too, so growth is counted from the lowest point.
    settled = Math.min(settled, now);
    if (now - settled < slackBytes) return;
    collect();
    count++;
    collected?.();
    // The memory goes when the collected objects' finalizers have run and V8's sweeper, on a thread of
    // its own, has freed their ArrayBuffers' stores: measure a little later, and collect no more meanwhile.
    pending = true;
    setTimeout(() => {
      settled = measure();
      pending = false;
    }, SETTLE_MS).unref();
  };
  return Object.defineProperty(check, 'count', { get: () => count }) as Collector;
}
