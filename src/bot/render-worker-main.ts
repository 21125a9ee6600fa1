/**
 * A render worker (render-pool.ts): draws the pictures of outbox bodies (maps, stat cards) from the
 * match as stored, with a read-only connection of its own to the bot's database, and hands back the
 * finished message with its PNGs moved, not copied, to the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { renderBodyNow, type DrawnBody, type Rendered } from '../commands/post-render';
import { openStore, troubleOf, type Store } from '../store';
import { isPostgresUrl, openPgStore } from '../store/open-pg';
import { releaseDrawingMemory } from '../render';
import { collectAll, collectWhenGrown, collectYoung, ownExternalBytes } from './collect';
import { nameThisThread, RENDER_THREAD } from './thread-name';

export interface RenderRequest {
  readonly id: number;
  readonly matchId: string;
  readonly body: DrawnBody;
  /** Tests only: die at once, as a crash in the middle of a picture would. */
  readonly crash?: boolean;
}

/** `collections`: the full collections this worker has run since it started (collect.ts), for the bot's metrics. */
export type RenderReply =
  | { readonly id: number; readonly collections: number; readonly ok: true; readonly rendered: Rendered }
  | {
      readonly id: number;
      readonly collections: number;
      readonly ok: false;
      /** `code`: the first error code down the cause chain (a database's, store/trouble.ts), so the main thread can tell an outage from a bug. */
      readonly error: { readonly name: string; readonly message: string; readonly stack?: string | undefined; readonly code?: string | undefined };
    };

export interface RenderWorkerData {
  readonly databasePath: string;
  /** This worker's own growth outside the heap that triggers a collection (collect.ts). */
  readonly rssSlackBytes: number;
}

const port = parentPort;
if (!port) throw new Error('render-worker-main.ts runs only as a worker thread (bot/render-pool.ts)');
const { databasePath, rssSlackBytes } = workerData as RenderWorkerData;
nameThisThread(RENDER_THREAD);
let store: Promise<Store> | null = null;

/** A second connection to the bot's database: a read-only SQLite one, or a one-connection PostgreSQL pool. */
const openReader = (location: string): Promise<Store> =>
  isPostgresUrl(location)
    ? openPgStore(location, { migrate: false, poolSize: 1 })
    : Promise.resolve(openStore(location, { readonly: true, migrate: false, busyMs: 2000 }));

/** This worker's own memory outside the heap, not the process's (collect.ts says why); RENDER_RSS_SLACK_MB tunes it. */
const collectIfGrown = collectWhenGrown(ownExternalBytes, rssSlackBytes);

/** A component builder (it has `toJSON`), as discord.js's isJSONEncodable tells, without loading discord.js here. */
const isJSONEncodable = (c: unknown): c is { toJSON(): unknown } =>
  typeof c === 'object' && c !== null && typeof (c as { toJSON?: unknown }).toJSON === 'function';

/**
 * The message ready to cross to the main thread: its PNGs each on an ArrayBuffer of its own (a PNG
 * that shares one is copied first), with the list of those buffers to move; its buttons and menus
 * (a prompt's) as their JSON, since a builder loses its class on the way.
 */
function movable(rendered: Rendered): { rendered: Rendered; transfer: ArrayBuffer[] } {
  if (rendered.to !== 'create') return { rendered, transfer: [] };
  const components = rendered.post.components?.map((c) => (isJSONEncodable(c) ? c.toJSON() : c));
  if (components) rendered = { ...rendered, post: { ...rendered.post, components } };
  if (!rendered.post.files) return { rendered, transfer: [] };
  const transfer: ArrayBuffer[] = [];
  const files = rendered.post.files.map((file) => {
    const own = file.png.byteOffset === 0 && file.png.byteLength === file.png.buffer.byteLength && !transfer.includes(file.png.buffer as ArrayBuffer);
    const png = own ? file.png : Buffer.from(file.png);
    transfer.push(png.buffer as ArrayBuffer);
    return { ...file, png };
  });
  return { rendered: { ...rendered, post: { ...rendered.post, files } }, transfer };
}

/**
 * The first `code` down an error's cause chain (drizzle wraps the driver's error). A connection that
 * node-postgres reports lost has no code: it is sent as 08006, PostgreSQL's connection_failure.
 */
function codeOf(error: Error): string | undefined {
  for (let e: unknown = error, depth = 0; depth < 5 && e instanceof Error; depth++, e = e.cause) if ('code' in e && e.code !== undefined) return String(e.code);
  return troubleOf(error) === 'unavailable' ? '08006' : undefined;
}

/**
 * How long a worker draws nothing before it lets go of what drawing keeps between pictures (pooled
 * canvases, board pictures, scanline buffers: tens of megabytes, render/release.ts). While pictures
 * keep coming they stay; a quiet bot gives the memory back, and its next picture makes them again.
 */
const IDLE_RELEASE_MS = 20_000;
let drawing = 0;
let idle: NodeJS.Timeout | null = null;

function releaseWhenIdle(): void {
  if (drawing > 0) return;
  idle ??= setTimeout(() => {
    idle = null;
    if (drawing > 0) return;
    releaseDrawingMemory();
    collectAll();
  }, IDLE_RELEASE_MS).unref();
  idle.refresh();
}

port.on('message', async (job: RenderRequest) => {
  if (job.crash) process.exit(70);
  drawing++;
  try {
    // Opened on the first job, so a worker started for a bot that never draws costs no connection.
    store ??= openReader(databasePath);
    const reader = await store;
    const row = await reader.matches.get(job.matchId);
    const { rendered, transfer } = movable(row ? await renderBodyNow(reader, row, job.body) : { to: 'skip', reason: 'the match no longer exists' });
    port.postMessage({ id: job.id, collections: collectIfGrown.count, ok: true, rendered } satisfies RenderReply, transfer);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    port.postMessage({
      id: job.id,
      collections: collectIfGrown.count,
      ok: false,
      error: { name: e.name, message: e.message, stack: e.stack, code: codeOf(e) },
    } satisfies RenderReply);
  }
  drawing--;
  // The job's read-backs are garbage now: freed young, they rarely add up to a full collection.
  collectYoung();
  collectIfGrown();
  releaseWhenIdle();
});
