/**
 * Names the calling thread as the operating system shows it (`top -H`, `ps -L`, /proc/<pid>/task/*
 * /comm), so that an operator, and `npm run bench:bot`, can tell a render worker's CPU from the main
 * thread's and from the pools' (libuv's, V8's): node names none of its threads. Linux only, through
 * /proc/thread-self; elsewhere, or where /proc cannot be written, the thread keeps its name.
 */
import { writeFileSync } from 'node:fs';

/** The name render workers give their threads (at most 15 characters, the kernel's limit). */
export const RENDER_THREAD = 'render-worker';

export function nameThisThread(name: string): void {
  if (process.platform !== 'linux') return;
  try {
    writeFileSync('/proc/thread-self/comm', name.slice(0, 15));
  } catch {
    // A read-only /proc (some sandboxes): the name is for people and benchmarks, never needed to run.
  }
}
