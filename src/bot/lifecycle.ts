/**
 * How a process of the bot stops (docs/deploy.md "Stopping"): the sandbox, an unsharded bot, a shard
 * and the sharding manager all stop through here.
 *
 * - SIGTERM and SIGINT start one drain; any further signal is noted and changes nothing, so a
 *   supervisor that signals the whole process group and then the main process (or a wrapper that
 *   passes its own signal on) never cuts a drain short.
 * - A process started with an IPC channel (a shard by its manager, the bot by scripts/start.mjs) treats
 *   the channel closing as the same signal: its parent is gone, and nothing else would stop it.
 * - The drain has a deadline. Past it, `atDeadline` runs (it releases the database leases, so the next
 *   start is not refused) and the process exits 1; a clean drain exits 0.
 */

export interface StopOptions {
  /** The clean stop: finish what is in flight, deliver what is waiting, release the leases. */
  readonly drain: () => Promise<void>;
  /** Run once the deadline has passed with the drain unfinished: release the leases, nothing slow. */
  readonly atDeadline: () => Promise<void>;
  readonly deadlineMs: number;
  /** Called once, with what started the stop, before the drain begins. */
  readonly starting?: (reason: StopReason) => void;
  readonly say: (line: string) => void;
  /** What stops the process (process.exit by default). */
  readonly exit?: (code: number) => void;
}

/** What starts a stop: a signal, or the parent process closing its IPC channel. */
export type StopReason = NodeJS.Signals | 'parent gone';

export interface Stopping {
  /** Starts the stop (again: no effect); resolves when the process is about to exit. */
  begin(reason: StopReason): Promise<void>;
}

/** The most `atDeadline` may take before the process exits anyway. */
const LAST_STEP_MS = 2000;

export function stopOnSignals(options: StopOptions): Stopping {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping: Promise<void> | null = null;
  const begin = (reason: StopReason): Promise<void> => {
    if (stopping) {
      options.say(`${reason === 'parent gone' ? 'The parent process is gone' : `${reason} received`} while stopping; the stop already under way goes on.`);
      return stopping;
    }
    let finished = false;
    options.starting?.(reason);
    const deadline = new Promise<number>((resolve) => {
      setTimeout(() => {
        if (finished) return;
        options.say(`Not stopped within ${options.deadlineMs} ms; releasing the database leases and exiting.`);
        const cut = new Promise<void>((r) => setTimeout(r, LAST_STEP_MS).unref());
        const last = options
          .atDeadline()
          .catch((error: unknown) => options.say(`Releasing the database leases failed: ${error instanceof Error ? error.message : String(error)}`));
        void Promise.race([last, cut]).then(() => resolve(1));
      }, options.deadlineMs).unref();
    });
    const drained = options.drain().then(
      () => 0,
      (error: unknown) => {
        options.say(`The stop failed: ${error instanceof Error ? error.message : String(error)}`);
        return 1;
      },
    );
    stopping = Promise.race([drained, deadline]).then((code) => {
      finished = true;
      exit(code);
    });
    return stopping;
  };
  process.on('SIGTERM', () => void begin('SIGTERM'));
  process.on('SIGINT', () => void begin('SIGINT'));
  if (process.send) process.on('disconnect', () => void begin('parent gone'));
  return { begin };
}

/**
 * A child whose parent is gone cannot send it anything; discord.js's shard client still tries to
 * (it reports every gateway disconnect), and Node raises a failed send with no callback as an
 * 'error' on the process, which would crash it mid-drain. Those are dropped; any other error is not.
 */
export function ignoreClosedChannel(): void {
  process.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_IPC_CHANNEL_CLOSED') return;
    throw error;
  });
}
